import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { traceAwsCalls } from '../observability/trace.js';
import { type DeliveryQueue, delaySecondsOf } from './queue.js';
import { requiredEnv } from '../config.js';
import { processWide } from '../process-wide.js';

/** SQS takes at most 10 messages per SendMessageBatch. */
const BATCH = 10;

/** The delivery queue in AWS (DELIVERY_QUEUE_URL): a failed entry fails the call, so nothing is lost silently. */
export function sqsDeliveryQueue(
  queueUrl: string,
  client = traceAwsCalls(new SQSClient({})),
): DeliveryQueue {
  return {
    async send(entries) {
      for (let i = 0; i < entries.length; i += BATCH) {
        const batch = entries.slice(i, i + BATCH);
        const { Failed } = await client.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: batch.map(({ message, delayMs }, index) => ({
              Id: String(index),
              MessageBody: JSON.stringify(message),
              DelaySeconds: delaySecondsOf(delayMs),
            })),
          }),
        );
        if (Failed?.length)
          throw new Error(
            `SQS refused ${Failed.length} delivery message(s): ${Failed.map((failure) => failure.Message ?? failure.Code).join('; ')}`,
          );
      }
    },
  };
}

/** The process-wide queue; the local tools replace it with an in-process one. */
const deliveryQueue = /* @__PURE__ */ processWide(() =>
  sqsDeliveryQueue(requiredEnv('DELIVERY_QUEUE_URL')),
);
export const sharedDeliveryQueue = () => deliveryQueue.get();
export const setSharedDeliveryQueue = (replacement: DeliveryQueue | undefined) =>
  deliveryQueue.set(replacement);
