import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption, type QueueProps } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** The webhook worker's timeout: the delivery queue's visibility is six of it (infra/data.ts). */
export const WORKER_TIMEOUT_SECONDS = 60;

/**
 * A queue as every queue of the service is: encrypted, reachable over TLS only, messages kept 14 days,
 * and kept as the stage keeps its data (`removalPolicy`) when it leaves the template.
 */
export function encryptedQueue(
  scope: Construct,
  id: string,
  props: QueueProps & { removalPolicy: RemovalPolicy },
): Queue {
  return new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    ...props,
  });
}

/**
 * A queue's event source has no failure destination to configure (Lambda offers one only for streams
 * and Kafka): the queue's redrive policy is where a message that keeps failing goes.
 */
export function acknowledgeQueueEventSource(fn: Construct): void {
  const mapping = fn.node.children.find((child) => child.node.id.startsWith('SqsEventSource:'));
  if (!mapping) throw new Error(`${fn.node.path} has no queue event source`);
  Validations.of(mapping).acknowledge({
    id: 'Serverless::Serverless-LambdaEventSourceMappingDestination',
    reason:
      "Lambda supports an on-failure destination only for stream and Kafka sources; a queue's failures go to its dead-letter queue through the redrive policy.",
  });
}
