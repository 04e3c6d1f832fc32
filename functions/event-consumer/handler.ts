import { batchHandler } from '../../lib/batch-handler.js';
import { sharedDb } from '../../lib/db/client.js';
import { withGroupedCalls } from '../../lib/db/grouped-calls.js';
import { consumeMessage } from '../../lib/product-events/consume.js';
import { sharedDeadLetters } from '../../lib/product-events/dead-letters.js';

/**
 * The product-events queue's consumer: each message applied on its own, failures reported per message.
 * The batch's messages are applied concurrently, their DynamoDB calls sent in groups.
 */
export const handler = batchHandler('sqs', () => (record) => consumeMessage(withGroupedCalls(sharedDb()), sharedDeadLetters(), { id: record.messageId, body: record.body }));
