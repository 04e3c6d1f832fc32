import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Handlers log at INFO in production; tests keep the output readable. The log-leak test raises it.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/infra/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['aws-sdk-client-mock-vitest/extend'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
