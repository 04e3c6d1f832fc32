import { batchHandler } from '../../lib/composition/batch-handler.js';
import { sharedDb } from '../../lib/db/client.js';
import { sharedStreamOutput } from '../../lib/composition/event-stream.js';
import { Dispatcher, dispatchRecord } from '../../lib/composition/dispatcher.js';
import { sharedDeliveryQueue } from '../../lib/webhooks/sqs-queue.js';

/**
 * The table's stream, filtered by the event source mapping to new events and webhook requests: each
 * becomes its delivery messages, and new events go to the event stream's subscribed connections. A
 * failed record is reported, and the stream retries from it.
 */
export const handler = batchHandler('stream', () => {
  const dispatcher = new Dispatcher(sharedDb(), sharedDeliveryQueue(), sharedStreamOutput());
  return (record) => dispatchRecord(dispatcher, record);
});
