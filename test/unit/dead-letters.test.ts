import 'aws-sdk-client-mock-vitest/extend';
import { SendMessageCommand, SQSClient, StartMessageMoveTaskCommand } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../lib/db/client.js';
import { consumeMessage } from '../../lib/composition/product-events/consume.js';
import {
  redriveDeadLetters,
  sqsDeadLetters,
} from '../../lib/composition/product-events/dead-letters.js';

const sqs = mockClient(SQSClient);
const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/product-events-dlq';
// Never reached: every message below is refused before any DynamoDB call.
const db = createDb({ endpoint: 'http://127.0.0.1:1', tableName: 'unit' });

beforeEach(() => sqs.reset());
afterAll(() => sqs.restore());

const invalid = {
  id: 'm-1',
  body: JSON.stringify({
    source: 'hiring.product',
    'detail-type': 'jd.upserted',
    detail: { id: 'e-1' },
  }),
};

describe('the product-events dead-letter queue', () => {
  it('receives a message that can never be applied, unchanged, with the reason and the original message id as attributes', async () => {
    sqs.on(SendMessageCommand).resolves({ MessageId: 'dlq-1' });

    const outcome = await consumeMessage(db, sqsDeadLetters(QUEUE_URL, new SQSClient({})), invalid);

    expect(outcome).toMatchObject({
      outcome: 'rejected',
      reason: expect.stringContaining('tenantId: is required'),
    });
    expect(sqs).toHaveReceivedCommandWith(SendMessageCommand, {
      QueueUrl: QUEUE_URL,
      MessageBody: invalid.body,
      MessageAttributes: {
        rejectionReason: {
          DataType: 'String',
          StringValue: expect.stringContaining('tenantId: is required'),
        },
        originalMessageId: { DataType: 'String', StringValue: 'm-1' },
      },
    });
  });

  it('keeps the message on the queue (throws, so SQS redelivers it) when the dead-letter queue cannot take it', async () => {
    sqs.on(SendMessageCommand).rejects(
      Object.assign(new Error('Service unavailable'), {
        name: 'ServiceUnavailable',
        $fault: 'server',
      }),
    );

    await expect(
      consumeMessage(db, sqsDeadLetters(QUEUE_URL, new SQSClient({})), invalid),
    ).rejects.toThrow('Service unavailable');
  });

  it('redrive starts SQS’s message move task from the dead-letter queue back to its source queue', async () => {
    sqs.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 'task-1' });
    const arn = 'arn:aws:sqs:eu-west-1:123456789012:product-events-dlq';

    expect(await redriveDeadLetters(arn, new SQSClient({}))).toBe('task-1');
    expect(sqs).toHaveReceivedCommandWith(StartMessageMoveTaskCommand, { SourceArn: arn });
  });
});

describe('events that can never succeed go to the dead-letter queue at once', () => {
  const message = (detail: unknown) => ({
    id: 'm-9',
    body: JSON.stringify({ source: 'hiring.product', 'detail-type': 'resume.upserted', detail }),
  });
  const resume = (metadata: unknown) => ({
    id: 'e-9',
    tenantId: 'acme',
    occurredAt: '2026-11-01T00:00:00Z',
    version: 1,
    data: { id: 'r-1', fileName: 'cv.pdf', metadata },
  });
  const dead: string[] = [];
  const deadLetters = { send: async (_message: unknown, reason: string) => void dead.push(reason) };

  it('rejects JSON nested 5,000 levels deep (240 KB, inside EventBridge’s 256 KB) with the reason, without overflowing the stack', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const body = `{"source":"hiring.product","detail-type":"resume.upserted","detail":{"id":"e-9","tenantId":"acme","occurredAt":"2026-11-01T00:00:00Z","version":1,"data":{"id":"r-1","fileName":"cv.pdf","metadata":{"x":${deep}}}}}`;
    dead.length = 0;

    const outcome = await consumeMessage(db, deadLetters, { id: 'm-9', body });

    expect(outcome).toEqual({
      outcome: 'rejected',
      reason: 'the message nests 5004 levels deep: at most 32 are accepted',
    });
    expect(dead).toEqual([outcome.outcome === 'rejected' ? outcome.reason : '']);
  });

  it('rejects an event whose write DynamoDB refuses as invalid (ValidationException), instead of retrying it', async () => {
    const ddb = mockClient(DynamoDBDocumentClient);
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).rejects(
      Object.assign(new Error('Nesting Levels have exceeded supported limits'), {
        name: 'ValidationException',
        $fault: 'client',
      }),
    );
    dead.length = 0;
    try {
      const outcome = await consumeMessage(db, deadLetters, message(resume({ a: { b: 1 } })));

      expect(outcome).toEqual({
        outcome: 'rejected',
        reason: 'DynamoDB refused the write: Nesting Levels have exceeded supported limits',
      });
      expect(dead).toHaveLength(1);
    } finally {
      ddb.restore();
    }
  });
});
