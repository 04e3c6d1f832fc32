import { batchHandler } from '../../lib/batch-handler.js';
import { sharedDb } from '../../lib/db/client.js';
import { Dispatcher, dispatchRecord } from '../../lib/webhooks/dispatch.js';
import { sharedDeliveryQueue } from '../../lib/webhooks/sqs-queue.js';

/**
 * The table's stream, filtered by the event source mapping to new events and webhook requests: each
 * becomes its delivery messages. A failed record is reported, and the stream retries from it.
 */
export const handler = batchHandler('stream', () => {
  const dispatcher = new Dispatcher(sharedDb(), sharedDeliveryQueue());
  return (record) => dispatchRecord(dispatcher, record);
});
