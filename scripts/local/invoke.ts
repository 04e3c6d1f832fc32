import { randomUUID } from 'node:crypto';
import { CALLED_RESOURCES } from '../../infra/api-function.js';
import type { Db } from '../../lib/db/client.js';
import { setSharedDb } from '../../lib/db/client.js';
import { setSharedDeadLetters } from '../../lib/composition/product-events/dead-letters.js';
import { setSharedDeliveryQueue } from '../../lib/webhooks/sqs-queue.js';
import { checkQueueSend, withDeployedPermissions } from './aws.js';
import { lambdaContext, loadHandler } from './handlers.js';

/**
 * One function run as `sam local invoke` runs it: its handler, with `event`, against `db` under the
 * function's deployed IAM. What it sends to a queue is checked against its permissions and reported
 * through `report` instead of sent (the local stack's queues are not running). Returns its result.
 */
export async function invokeFunction(
  db: Db,
  functionName: string,
  event: unknown,
  report: (line: string) => void,
): Promise<unknown> {
  setSharedDb(await withDeployedPermissions(db));
  setSharedDeliveryQueue({
    send: async (entries) => {
      checkQueueSend(CALLED_RESOURCES.deliveryQueue);
      for (const { message, delayMs } of entries)
        report(
          `would queue for delivery (in ${Math.round(delayMs / 1000)} s): ${JSON.stringify(message)}`,
        );
    },
  });
  setSharedDeadLetters({
    send: async (message, reason) => {
      checkQueueSend(CALLED_RESOURCES.productEventsDeadLetters);
      report(`would send message ${message.id} to the dead-letter queue: ${reason}`);
    },
  });
  try {
    const handler = await loadHandler(functionName);
    return await handler(event, lambdaContext(functionName, randomUUID()));
  } finally {
    setSharedDb(undefined);
    setSharedDeliveryQueue(undefined);
    setSharedDeadLetters(undefined);
  }
}
