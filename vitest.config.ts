import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Handlers log at INFO in production; tests keep the output readable. The log-leak test raises it.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN' },
    // Every test file fails if a key's plaintext or hash, or a webhook secret, reaches the log output;
    // a passing test's log lines are not printed (TEST_LOGS=all prints them).
    // Projects extend this config: its setup file runs once per file, in both.
    setupFiles: ['test/helpers/log-output.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['aws-sdk-client-mock-vitest/extend'],
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          // A test here synthesizes the whole app (1.5–5.5 s on a developer's two cores); on a slower CI
          // machine the 5 s default failed one that synthesizes both stages. These assert templates, not speed.
          testTimeout: 60_000,
          // A file's set-up synthesizes the app once for its tests (the release check's prod and dev
          // records): seconds when quiet, a minute and more at load 8, where the 10 s default failed.
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [
            'test/integration/**/*.test.ts',
            'test/contract/**/*.test.ts',
            'clients/typescript/test/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts'],
          // Every in-process request comes from 127.0.0.1; the per-IP limit (500/min) is tested on its
          // own with a low API_RATE_LIMIT_MAX, and would otherwise throttle busy suites.
          env: { API_RATE_LIMIT_MAX: '1000000' },
          // Generous: these assert behaviour, not speed (that is the bench's), on two cores shared with
          // DynamoDB Local and the other files; a 17–25 s test in one CI run took over 30 s in the next.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
