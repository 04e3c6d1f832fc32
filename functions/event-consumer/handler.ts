import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { sharedDb } from '../../lib/db/client.js';
import { withGroupedCalls } from '../../lib/db/grouped-calls.js';
import { logger } from '../../lib/observability/logger.js';
import { consumeMessage } from '../../lib/product-events/consume.js';
import { sharedDeadLetters } from '../../lib/product-events/dead-letters.js';

const processor = new BatchProcessor(EventType.SQS);

/**
 * The product-events queue's consumer: each message applied on its own, failures reported per message.
 * The batch's messages are applied concurrently, their DynamoDB calls sent in groups.
 */
export const handler = middy<SQSEvent, SQSBatchResponse, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event, context) =>
    processPartialResponse(event, (record: SQSRecord) => consumeMessage(withGroupedCalls(sharedDb()), sharedDeadLetters(), { id: record.messageId, body: record.body }), processor, {
      context,
    }),
  );
