import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchHandler, SLOW_RECORD_MS } from '../../lib/composition/batch-handler.js';
import { TransientError } from '../../lib/errors.js';
import { logger } from '../../lib/observability/logger.js';
import { traced } from '../../lib/observability/trace.js';

const context = {
  functionName: 'webhook-worker',
  functionVersion: '7',
  awsRequestId: 'request-1',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:webhook-worker:live',
  memoryLimitInMB: '512',
  getRemainingTimeInMillis: () => 60_000,
} as unknown as Context;

const record = (messageId: string, body: string) =>
  ({ messageId, body, eventSource: 'aws:sqs', attributes: {} }) as unknown as SQSRecord;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a background function’s batch (lib/composition/batch-handler.ts)', () => {
  it('logs an item that fails as an ERROR line, the line its canary counts (a reported item is no Lambda error), a transient fault as a warning, and reports both', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const handler = batchHandler('sqs', () => async (item) => {
      if (item.body === 'bug') throw new Error('A bug');
      if (item.body === 'busy') throw new TransientError('DynamoDB is busy');
    });

    const response = await handler(
      { Records: [record('1', 'fine'), record('2', 'bug'), record('3', 'busy')] } as SQSEvent,
      context,
    );

    expect(response).toEqual({
      batchItemFailures: [{ itemIdentifier: '2' }, { itemIdentifier: '3' }],
    });
    expect(errors).toHaveBeenCalledExactlyOnceWith('Batch item failed', {
      error: expect.objectContaining({ message: 'A bug' }),
      durationMs: expect.any(Number),
      calls: [],
    });
    expect(warnings).toHaveBeenCalledExactlyOnceWith('Batch item failed', {
      error: expect.objectContaining({ message: 'DynamoDB is busy' }),
      durationMs: expect.any(Number),
      calls: [],
    });
  });

  it('logs a failed or slow item with its own calls and their times, in place of an X-Ray trace, and nothing for the others', async () => {
    const warnings = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const call = (name: string, ms: number, fails = false) =>
      traced(
        name,
        () =>
          new Promise((resolve, reject) =>
            setTimeout(() => (fails ? reject(new Error(`${name} failed`)) : resolve(name)), ms),
          ),
        (_result, error) => ({
          namespace: 'aws',
          aws: { operation: name },
          ...(error ? { outcome: 'fault' as const } : {}),
        }),
      );
    // The three run at once: each line names only its own record's calls.
    const handler = batchHandler('sqs', () => async (item) => {
      if (item.body === 'fine') await call('GetItem', 5);
      if (item.body === 'slow') await call('Query', SLOW_RECORD_MS + 50);
      if (item.body === 'bug') {
        await call('GetItem', 5);
        await call('TransactWriteItems', 5, true);
      }
    });

    await handler(
      { Records: [record('1', 'fine'), record('2', 'slow'), record('3', 'bug')] } as SQSEvent,
      context,
    );

    expect(warnings).toHaveBeenCalledExactlyOnceWith('Slow batch item', {
      durationMs: expect.any(Number),
      calls: [
        { name: 'Query', operation: 'Query', startMs: expect.any(Number), ms: expect.any(Number) },
      ],
    });
    expect(
      (warnings.mock.calls[0]?.[1] as { durationMs: number }).durationMs,
    ).toBeGreaterThanOrEqual(SLOW_RECORD_MS);
    expect(errors).toHaveBeenCalledExactlyOnceWith('Batch item failed', {
      error: expect.objectContaining({ message: 'TransactWriteItems failed' }),
      durationMs: expect.any(Number),
      calls: [
        {
          name: 'GetItem',
          operation: 'GetItem',
          startMs: expect.any(Number),
          ms: expect.any(Number),
        },
        {
          name: 'TransactWriteItems',
          operation: 'TransactWriteItems',
          startMs: expect.any(Number),
          ms: expect.any(Number),
          outcome: 'fault',
        },
      ],
    });
  });
});
