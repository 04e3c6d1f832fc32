import { Duration, ReferenceStrength, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  type CfnAlarm,
  ComparisonOperator,
  type IMetric,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EDGE_BYPASS_REASON, STREAM_REFUSAL_DIMENSION } from '../lib/config.js';
import { SERVICE_NAME } from '../lib/observability/logger.js';

/** Where the runbook lives; each alarm names its section (docs/operations.md, one `### <name>` per alarm). */
export const RUNBOOK = 'docs/operations.md';

/** The DynamoDB operations the service sends, for its throttle and error metrics (an alarm's math may hold at most 10 metrics). */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

/**
 * A value of the data stack, read by a weak reference (Fn::GetStackOutput, not an export): for alarm
 * actions and graphs, which must not lock what they watch the way an import does (CloudFormation
 * refuses to change an export in use). `attribute` is the resource's own (a Cfn resource's `ref` or
 * `attr…`). Left stale until the next deployment of the reading stack, which a retained topic, table
 * or queue never makes.
 */
export function weakReference(attribute: string): string {
  return Stack.consumeReference(attribute, ReferenceStrength.WEAK);
}

/**
 * The authorizer's refusals of what did not come through CloudFront (lib/auth/authorize.ts, reason
 * bypassed-edge): the HTTP API's requests, or the event stream's upgrades, which it counts under a
 * dimension of their own (a metric is its whole set of dimensions: neither counts the other's).
 */
export function edgeBypassRefusals(of: 'requests' | 'upgrades', period: Duration): Metric {
  return new Metric({
    namespace: 'HiringApi',
    metricName: 'ApiKeyRefused',
    dimensionsMap: {
      ...(of === 'upgrades'
        ? { [STREAM_REFUSAL_DIMENSION.name]: STREAM_REFUSAL_DIMENSION.value }
        : {}),
      service: SERVICE_NAME,
      reason: EDGE_BYPASS_REASON,
    },
    statistic: 'Sum',
    period,
  });
}

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

/** Fires when `metric` stays above `threshold` for `periods` periods in a row. */
export function sustainedAboveAlarm(
  scope: Construct,
  id: string,
  description: string,
  metric: IMetric,
  threshold: number,
  periods: number,
): Alarm {
  return new Alarm(scope, id, {
    alarmDescription: description,
    metric,
    threshold,
    evaluationPeriods: periods,
    datapointsToAlarm: periods,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
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

/** Fires when the oldest message of `queue` has waited more than `seconds` for 5 minutes running. */
export function backlogAlarm(
  scope: Construct,
  id: string,
  description: string,
  queue: IQueue,
  seconds: number,
): Alarm {
  return sustainedAboveAlarm(
    scope,
    id,
    description,
    queue.metricApproximateAgeOfOldestMessage({
      statistic: 'Maximum',
      period: Duration.minutes(1),
    }),
    seconds,
    5,
  );
}

/** An alarm's name in the runbook: its construct path below the stack, without the `Alarm` suffix (`ProductEvents/DeadLettersAlarm` → `ProductEventsDeadLetters`). */
export function runbookName(path: string[]): string {
  return path
    .filter((part) => part !== 'Operations')
    .join('')
    .replace(/Alarm$/, '');
}

/**
 * Names every alarm of `stack` (its nested stacks too) but `except`: `<prefix>-<Name>`, and points its
 * description at the runbook section that says what to do (`### <Name>` in docs/operations.md).
 * Returns the names given, so that a dashboard in another stack can show them without a reference.
 */
export function nameAlarms(stack: Stack, prefix: string, except: readonly Alarm[] = []): string[] {
  const names: string[] = [];
  for (const alarm of stack.node
    .findAll()
    .filter((node): node is Alarm => node instanceof Alarm && !except.includes(node))) {
    // Its path below the stacks: a nested stack (infra/stack.ts) is where it lives, not what it is.
    const name = runbookName(
      alarm.node.scopes.filter((scope) => !(scope instanceof Stack)).map((scope) => scope.node.id),
    );
    const cfn = alarm.node.defaultChild as CfnAlarm;
    cfn.alarmName = `${prefix}-${name}`;
    cfn.alarmDescription = `${cfn.alarmDescription ?? ''} Runbook: ${RUNBOOK}#${name.toLowerCase()}`;
    names.push(cfn.alarmName);
  }
  return names;
}
