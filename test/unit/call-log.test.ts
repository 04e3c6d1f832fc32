import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, sharedDb, setSharedDb } from '../../lib/db/client.js';
import { apiHandler, SLOW_ANSWER_MS } from '../../lib/composition/api-handler.js';
import { ROUTES } from '../../lib/composition/routes.js';
import { listJdsQuery } from '../../lib/jds/requests.js';
import { proxyEvent } from '../../scripts/local/events.js';
import { lambdaContext } from '../../scripts/local/handlers.js';
import { heldOpen } from '../../lib/observability/trace.js';
import { allScopesContext } from '../helpers/invoke.js';

/**
 * The API functions' trace is their log (X-Ray does not sample them: infra/api-function.ts): an answer
 * that is a 5xx or slow is logged with the AWS calls it made, each with its operation, start, time and
 * outcome; any other answer logs no such line.
 */
beforeAll(() => {
  // Nothing listens on port 1: every DynamoDB call fails as a network fault would.
  setSharedDb(createDb({ endpoint: 'http://127.0.0.1:1', tableName: 'unit' }));
});
afterAll(() => setSharedDb(undefined));

const emptyPage = {
  kind: 'page' as const,
  data: [],
  pagination: { page: 1, limit: 20, total: 0, pages: 0, hasMore: false },
};

/** Calls `handler` as API Gateway would; returns its status. */
async function invoke(handler: ReturnType<typeof apiHandler<'listJds'>>, requestId: string) {
  const reply = (await handler(
    proxyEvent(
      { method: 'GET', rawPath: '/api/v1/jds', headers: {} },
      ROUTES.listJds,
      {},
      allScopesContext,
      requestId,
    ),
    lambdaContext('list-jds', requestId),
  )) as { statusCode: number };
  return reply.statusCode;
}

/**
 * What `run` returns, and the "Slow or failed answer" lines logged meanwhile: by request id, or all
 * (the logger's keys are the process's, so invocations run at once in one process may swap them;
 * Lambda runs one at a time).
 */
async function withLines<T>(run: () => Promise<T>) {
  // Powertools writes WARN lines to stderr, the others to stdout.
  const written = [vi.spyOn(process.stdout, 'write'), vi.spyOn(process.stderr, 'write')];
  try {
    const result = await run();
    const lines = written
      .flatMap((spy) => spy.mock.calls)
      .flatMap(([chunk]) => String(chunk).split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.message === 'Slow or failed answer');
    return {
      result,
      lines,
      linesOf: (requestId: string) => lines.filter((entry) => entry.requestId === requestId),
    };
  } finally {
    for (const spy of written) spy.mockRestore();
  }
}

describe('the log-based trace of the API functions', () => {
  it('logs a failed answer with each AWS call it made, its operation, time and outcome', async () => {
    const handler = apiHandler('listJds', { query: listJdsQuery }, async () => {
      await sharedDb().client.send(
        new GetCommand({ TableName: 'unit', Key: { pk: 'TENANT#t', sk: 'JD#j' } }),
      );
      return emptyPage;
    });

    const { result: status, linesOf } = await withLines(() => invoke(handler, 'r-failed'));
    const lines = linesOf('r-failed');

    expect(status).toBeGreaterThanOrEqual(500);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'WARN',
        statusCode: status,
        durationMs: expect.any(Number),
        calls: [
          {
            name: 'DynamoDB',
            operation: 'GetItem',
            startMs: expect.any(Number),
            ms: expect.any(Number),
            outcome: 'fault',
          },
        ],
      }),
    ]);
  });

  it('logs a slow answer, and nothing of a fast one; answers running at once keep their calls apart', async () => {
    const slow = apiHandler('listJds', { query: listJdsQuery }, async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS + 50));
      return emptyPage;
    });
    const failing = apiHandler('listJds', { query: listJdsQuery }, async () => {
      await sharedDb().client.send(
        new GetCommand({ TableName: 'unit', Key: { pk: 'TENANT#t', sk: 'JD#j' } }),
      );
      return emptyPage;
    });
    const fast = apiHandler('listJds', { query: listJdsQuery }, async () => emptyPage);

    const { result: statuses, lines } = await withLines(() =>
      Promise.all([invoke(slow, 'r-slow'), invoke(failing, 'r-failing'), invoke(fast, 'r-fast')]),
    );

    // Two lines: the slow answer's (a 200, no call) and the failed one's (its call alone).
    expect(statuses[0]).toBe(200);
    expect(statuses[2]).toBe(200);
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.statusCode === 200)).toMatchObject({
      durationMs: expect.toSatisfy((ms: number) => ms >= SLOW_ANSWER_MS),
      calls: [],
    });
    expect(lines.find((line) => line.statusCode !== 200)).toMatchObject({
      calls: [expect.objectContaining({ operation: 'GetItem' })],
    });
  });

  it('does not count a request held open on purpose (a long-poll) as slow, only its own work', async () => {
    const held = apiHandler('listJds', { query: listJdsQuery }, async () => {
      await heldOpen(() => new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS + 50)));
      return emptyPage;
    });
    const heldThenSlow = apiHandler('listJds', { query: listJdsQuery }, async () => {
      await heldOpen(() => new Promise((resolve) => setTimeout(resolve, 100)));
      await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS + 50));
      return emptyPage;
    });
    const { lines } = await withLines(async () => {
      await invoke(held, 'r-held');
      await invoke(heldThenSlow, 'r-held-then-slow');
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      statusCode: 200,
      // The 100 ms held open is counted (a timer can end a millisecond early by the wall clock).
      waitedMs: expect.toSatisfy((ms: number) => ms >= 90 && ms < SLOW_ANSWER_MS),
    });
  });
});
