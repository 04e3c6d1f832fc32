import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { sharedDb } from '../../lib/db/client.js';
import { logger } from '../../lib/observability/logger.js';
import { Dispatcher, dispatchRecord } from '../../lib/webhooks/dispatch.js';
import { sharedDeliveryQueue } from '../../lib/webhooks/sqs-queue.js';

const processor = new BatchProcessor(EventType.DynamoDBStreams);

/**
 * The table's stream, filtered by the event source mapping to new events and webhook requests: each
 * becomes its delivery messages. A failed record is reported, and the stream retries from it.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event, context) => {
    const dispatcher = new Dispatcher(sharedDb(), sharedDeliveryQueue());
    return processPartialResponse(
      event,
      async (record: DynamoDBRecord) => {
        await dispatchRecord(dispatcher, record);
      },
      processor,
      { context },
    );
  });
