import { batchHandler } from '../../lib/composition/batch-handler.js';
import { sharedDb } from '../../lib/db/client.js';
import { logger } from '../../lib/observability/logger.js';
import type { DeliveryMessage } from '../../lib/webhooks/queue.js';
import { sharedDeliveryQueue } from '../../lib/webhooks/sqs-queue.js';
import { work } from '../../lib/webhooks/worker.js';

/**
 * The delivery queue's worker: the messages of a batch are delivered concurrently, each on its own
 * (a message whose processing fails is reported and comes back after the visibility timeout).
 */
export const handler = batchHandler('sqs', () => async (record) => {
  const message = JSON.parse(record.body) as DeliveryMessage;
  const outcome = await work(sharedDb(), message, record.messageId, {
    queue: sharedDeliveryQueue(),
  });
  logger.info('Webhook delivery', {
    messageId: record.messageId,
    kind: message.kind,
    tenantId: message.tenantId,
    webhookId: message.webhookId,
    outcome,
  });
});
