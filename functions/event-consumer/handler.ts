import { batchHandler } from '../../lib/composition/batch-handler.js';
import { sharedDb } from '../../lib/db/client.js';
import { consumeMessage } from '../../lib/composition/product-events/consume.js';
import { sharedDeadLetters } from '../../lib/composition/product-events/dead-letters.js';

/**
 * The product-events queue's consumer: each message applied on its own, concurrently with the rest of
 * its batch, failures reported per message, each message's DynamoDB calls its own (DynamoDB bills
 * items, not calls).
 */
export const handler = batchHandler(
  'sqs',
  () => (record) =>
    consumeMessage(sharedDb(), sharedDeadLetters(), { id: record.messageId, body: record.body }),
);
