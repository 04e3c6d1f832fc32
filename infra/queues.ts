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
  Validations.of(queue).acknowledge({ id: 'AwsSolutions::AwsSolutions-SQS3', reason: 'This is a dead-letter queue: nothing is redriven from it automatically.' });
  return queue;
}
