import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { sharedDb } from '../../lib/db/client.js';
import { logger } from '../../lib/observability/logger.js';
import type { DeliveryMessage } from '../../lib/webhooks/queue.js';
import { sharedDeliveryQueue } from '../../lib/webhooks/sqs-queue.js';
import { work } from '../../lib/webhooks/worker.js';

const processor = new BatchProcessor(EventType.SQS);

/**
 * The delivery queue's worker: the messages of a batch are delivered concurrently, each on its own
 * (a message whose processing fails is reported and comes back after the visibility timeout).
 */
export const handler = middy<SQSEvent, SQSBatchResponse, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event, context) =>
    processPartialResponse(
      event,
      async (record: SQSRecord) => {
        const message = JSON.parse(record.body) as DeliveryMessage;
        const outcome = await work(sharedDb(), message, record.messageId, { queue: sharedDeliveryQueue() });
        logger.info('Webhook delivery', { messageId: record.messageId, kind: message.kind, tenantId: message.tenantId, webhookId: message.webhookId, outcome });
      },
      processor,
      { context },
    ),
  );
