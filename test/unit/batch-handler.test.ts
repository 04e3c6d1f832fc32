import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchHandler } from '../../lib/batch-handler.js';
import { TransientError } from '../../lib/errors.js';
import { logger } from '../../lib/observability/logger.js';

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

describe('a background function’s batch (lib/batch-handler.ts)', () => {
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
    });
    expect(warnings).toHaveBeenCalledExactlyOnceWith('Batch item failed', {
      error: expect.objectContaining({ message: 'DynamoDB is busy' }),
    });
  });
});
