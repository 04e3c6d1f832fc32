import { SendMessageCommand, SQSClient, StartMessageMoveTaskCommand } from '@aws-sdk/client-sqs';
import { traceAwsCalls } from '../../observability/trace.js';
import type { DeadLetters } from './consume.js';
import { requiredEnv } from '../../config.js';
import { processWide } from '../../process-wide.js';

/**
 * The product-events dead-letter queue (DEAD_LETTER_QUEUE_URL): a message that can never be applied
 * is sent there with the reason as a message attribute, for an operator to read, fix and redrive
 * (`npm run admin -- redrive`).
 */
export function sqsDeadLetters(
  queueUrl: string,
  client = traceAwsCalls(new SQSClient({})),
): DeadLetters {
  return {
    async send(message, reason) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: message.body,
          MessageAttributes: {
            rejectionReason: { DataType: 'String', StringValue: reason.slice(0, 1000) },
            originalMessageId: { DataType: 'String', StringValue: message.id },
          },
        }),
      );
    },
  };
}

/** The process-wide sink; the local tools replace it with one that collects. */
const deadLetters = /* @__PURE__ */ processWide(() =>
  sqsDeadLetters(requiredEnv('DEAD_LETTER_QUEUE_URL')),
);
export const sharedDeadLetters = () => deadLetters.get();
export const setSharedDeadLetters = (replacement: DeadLetters | undefined) =>
  deadLetters.set(replacement);

/**
 * Moves every message of the dead-letter queue back to the queue it came from (after the cause of the
 * rejections is fixed): SQS's own message move task. Returns the task's handle.
 */
export async function redriveDeadLetters(
  deadLetterQueueArn: string,
  client = new SQSClient({}),
): Promise<string | undefined> {
  const { TaskHandle } = await client.send(
    new StartMessageMoveTaskCommand({ SourceArn: deadLetterQueueArn }),
  );
  return TaskHandle;
}
