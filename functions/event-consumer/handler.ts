import { batchHandler } from '../../lib/batch-handler.js';
import { sharedDb } from '../../lib/db/client.js';
import { consumeMessage } from '../../lib/product-events/consume.js';
import { sharedDeadLetters } from '../../lib/product-events/dead-letters.js';

/**
 * The product-events queue's consumer: each message applied on its own, concurrently with the rest of
 * its batch, failures reported per message. Its DynamoDB calls are not grouped: measured as Lambda runs
 * it (batches of 10, a modeled round trip), group commit saved calls but not time, and DynamoDB bills
 * items, not calls (docs/benchmarks.md, "Group commit in the consumer").
 */
export const handler = batchHandler(
  'sqs',
  () => (record) =>
    consumeMessage(sharedDb(), sharedDeadLetters(), { id: record.messageId, body: record.body }),
);
