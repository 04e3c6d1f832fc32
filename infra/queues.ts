import { Duration, Validations } from 'aws-cdk-lib';
import type { IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption, type QueueProps } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { notEmptyAlarm } from './alarms.js';

/** A queue as every queue of the stack is: encrypted, reachable over TLS only, messages kept 14 days. */
export function encryptedQueue(scope: Construct, id: string, props: QueueProps = {}): Queue {
  return new Queue(scope, id, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14), ...props });
}

/**
 * A queue that should stay empty (a dead-letter queue, a stream's failures), with an alarm (`alarmId`)
 * that fires when it holds a message. Created in `scope` itself, so the resources keep their ids.
 */
export function deadLetterQueue(scope: Construct, id: string, alarm: { id: string; description: string; action: IAlarmAction }): Queue {
  const queue = encryptedQueue(scope, id);
  notEmptyAlarm(scope, alarm.id, alarm.description, queue).addAlarmAction(alarm.action);
  const reason = 'This is a dead-letter queue: nothing is redriven from it automatically.';
  Validations.of(queue).acknowledge({ id: 'AwsSolutions::AwsSolutions-SQS3', reason }, { id: 'Serverless::Serverless-SQSRedrivePolicy', reason });
  return queue;
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
    reason: "Lambda supports an on-failure destination only for stream and Kafka sources; a queue's failures go to its dead-letter queue through the redrive policy.",
  });
}
