import { afterEach, describe, expect, it, vi } from 'vitest';

/** The lines `log` writes, parsed, from a logger module loaded with `env`. */
async function linesOf(env: Record<string, string>, log: (logger: typeof import('../../lib/observability/logger.js').logger) => void) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { logger } = await import('../../lib/observability/logger.js');
  const lines: string[] = [];
  const [stdout, stderr] = [process.stdout.write, process.stderr.write];
  process.stdout.write = process.stderr.write = ((text: string) => lines.push(text) > 0) as typeof process.stdout.write;
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

  it('writes no version outside Lambda', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_VERSION', undefined as unknown as string);
    const [line] = await linesOf({}, (logger) => logger.error('Request failed'));
    expect(line).not.toHaveProperty('function_version');
  });
});
