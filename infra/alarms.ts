import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** Fires on the first occurrence in a period: for what should never happen at all. */
export function anyOccurrenceAlarm(
  scope: Construct,
  id: string,
  description: string,
  metric: IMetric,
): Alarm {
  return new Alarm(scope, id, {
    alarmDescription: description,
    metric,
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** Fires when a queue that should stay empty (a dead-letter queue) holds a message. */
export function notEmptyAlarm(
  scope: Construct,
  id: string,
  description: string,
  queue: IQueue,
): Alarm {
  return anyOccurrenceAlarm(
    scope,
    id,
    description,
    queue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(1),
      statistic: 'Maximum',
    }),
  );
}
