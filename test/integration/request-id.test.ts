import { afterEach, describe, expect, it } from 'vitest';
import { logger } from '../../lib/observability/logger.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();

/** The JSON log lines written while `run` runs. */
async function logLinesOf(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((text: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(String(text));
    return (write as (...args: unknown[]) => boolean).call(process.stdout, text, ...rest);
  }) as typeof process.stdout.write;
  try {
    await run();
  } finally {
    process.stdout.write = write;
  }
  return lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('Request-Id', () => {
  afterEach(() => logger.setLogLevel('WARN'));

  it('is on every answer, success or error, one id per request, and on the log lines of that request', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const answers = [
      await callApi('GET', '/whoami', { key }),
      await callApi('GET', '/jds?limit=0', { key }),
      await callApi('GET', '/whoami'),
      await callApi('POST', '/keys', { key, body: { name: 'x', scopes: ['read'] } }),
      await callApi('GET', '/no-such-route', { key }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 401, 403, 404]);
    const ids = answers.map((answer) => answer.headers['request-id']);
    for (const id of ids) expect(id).toMatch(/^[\x21-\x7e]{8,128}$/);
    expect(new Set(ids).size).toBe(ids.length);

    logger.setLogLevel('INFO');
    let refused: Awaited<ReturnType<typeof callApi>> | undefined;
    const lines = await logLinesOf(async () => {
      refused = await callApi('GET', '/jds/no-such-jd', { key });
    });
    expect(refused?.status).toBe(404);
    const id = refused?.headers['request-id'];
    expect(lines.filter((line) => line.message === 'Request refused')).toEqual([
      expect.objectContaining({ requestId: id, statusCode: 404 }),
    ]);
  });
});
