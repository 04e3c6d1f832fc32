import { afterEach, describe, expect, it, vi } from 'vitest';

/** The lines `log` writes, parsed, from a logger module loaded with `env`. */
async function linesOf(
  env: Record<string, string>,
  log: (logger: typeof import('../../lib/observability/logger.js').logger) => void,
) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { logger } = await import('../../lib/observability/logger.js');
  const lines: string[] = [];
  const [stdout, stderr] = [process.stdout.write, process.stderr.write];
  process.stdout.write = process.stderr.write = ((text: string) =>
    lines.push(text) > 0) as typeof process.stdout.write;
  try {
    log(logger);
  } finally {
    [process.stdout.write, process.stderr.write] = [stdout, stderr];
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the logger (lib/observability/logger.ts)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('names the function version that wrote each line, so a canary counts only its new version’s errors', async () => {
    const lines = await linesOf({ AWS_LAMBDA_FUNCTION_VERSION: '42' }, (logger) => {
      logger.error('Request failed');
      logger.warn('Another');
    });
    expect(lines.map((line) => [line.level, line.function_version])).toEqual([
      ['ERROR', '42'],
      ['WARN', '42'],
    ]);
  });

  it('names the code release on each line, so the API’s canary counts only the release being deployed', async () => {
    const lines = await linesOf({ RELEASE_ID: '3f9a1c07d2b84e65' }, (logger) => {
      logger.error('Request failed');
      logger.warn('Slow or failed answer');
    });
    expect(lines.map((line) => line.release)).toEqual(['3f9a1c07d2b84e65', '3f9a1c07d2b84e65']);
  });

  it('writes no version outside Lambda', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_VERSION', undefined as unknown as string);
    const [line] = await linesOf({}, (logger) => logger.error('Request failed'));
    expect(line).not.toHaveProperty('function_version');
  });
});

describe('local log lines', () => {
  it('carry only their own invocation’s context when functions run at the same time in one process, as each does in Lambda', async () => {
    vi.resetModules();
    const { logger } = await import('../../lib/observability/logger.js');
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // An API function that appends its caller's keys, and a background one that logs meanwhile.
    vi.doMock('../../functions/whoami/handler.ts', () => ({
      handler: async () => {
        logger.appendKeys({ tenantId: 'tenant-api', keyId: 'key-api', route: 'whoami' });
        await pause(40);
        logger.warn('api line');
        return { statusCode: 200 };
      },
    }));
    vi.doMock('../../functions/webhook-worker/handler.ts', () => ({
      handler: async () => {
        await pause(20);
        logger.warn('worker line');
        return { batchItemFailures: [] };
      },
    }));
    const { lambdaContext, loadHandler } = await import('../../scripts/local/handlers.js');
    const [api, worker] = [await loadHandler('whoami'), await loadHandler('webhook-worker')];
    const lines: string[] = [];
    const [stdout, stderr] = [process.stdout.write, process.stderr.write];
    process.stdout.write = process.stderr.write = ((text: string) =>
      lines.push(text) > 0) as typeof process.stdout.write;
    try {
      await Promise.all([
        api({}, lambdaContext('whoami', 'request-api')),
        worker({}, lambdaContext('webhook-worker', 'request-worker')),
      ]);
    } finally {
      [process.stdout.write, process.stderr.write] = [stdout, stderr];
      vi.doUnmock('../../functions/whoami/handler.ts');
      vi.doUnmock('../../functions/webhook-worker/handler.ts');
    }
    const byMessage = Object.fromEntries(
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .map((line) => [line.message, line]),
    );

    expect(byMessage['api line']).toMatchObject({
      tenantId: 'tenant-api',
      keyId: 'key-api',
      route: 'whoami',
    });
    expect(byMessage['worker line']).toBeDefined();
    expect(
      Object.keys(byMessage['worker line'] ?? {}).filter((key) =>
        ['tenantId', 'keyId', 'route'].includes(key),
      ),
    ).toEqual([]);
  });
});
