import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  CfnAlarm,
  CfnInsightRule,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IAlarmAction,
  type IMetric,
  LogQueryWidget,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Operation, type TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { anyOccurrenceAlarm } from './alarms.js';
import type { ApiFunction } from './api-function.js';
import type { ProductEventsIngest } from './product-events.js';
import type { WebhookDelivery } from './webhooks.js';

/** Where the runbook lives; each alarm names its section (docs/operations.md, one `### <name>` per alarm). */
export const RUNBOOK = 'docs/operations.md';
const NAMESPACE = 'HiringApi';

/** The most alarms one alarm status widget may show (CloudWatch's limit). */
export const ALARMS_PER_WIDGET = 100;

/** Alarm status widgets showing `alarms`, as many as it takes at ALARMS_PER_WIDGET each. */
function alarmWidgets(title: string, alarms: Alarm[], height: number): AlarmStatusWidget[] {
  const widgets: AlarmStatusWidget[] = [];
  for (let start = 0; start < alarms.length; start += ALARMS_PER_WIDGET) {
    const part = alarms.length > ALARMS_PER_WIDGET ? ` (${widgets.length + 1})` : '';
    widgets.push(
      new AlarmStatusWidget({
        title: `${title}${part}`,
        alarms: alarms.slice(start, start + ALARMS_PER_WIDGET),
        width: 24,
        height,
      }),
    );
  }
  return widgets;
}

export interface OperationsProps {
  stage: string;
  api: HttpApi;
  accessLogs: ILogGroup;
  table: TableV2;
  authorizer: ApiFunction;
  /** every function of the stack, by its folder under functions/ */
  functions: Record<string, ApiFunction>;
  productEvents: ProductEventsIngest;
  webhooks: WebhookDelivery;
  alarmAction: IAlarmAction;
  /** the alarms CodeDeploy watches during a canary (infra/rollout.ts), named there; none when rollouts are all at once */
  canaryAlarms: Alarm[];
  /** the edge's web ACL, when the API is behind it (its metrics are in us-east-1) */
  webAclName?: string;
}

/**
 * What the infra team looks at and is told: the alarms still missing (a backlog behind each queue and
 * the stream, crashes of the background functions, endpoints being disabled), every alarm of the stack
 * named and pointing at its runbook section, one dashboard, and Contributor Insights rules that name
 * the tenants, keys and endpoints behind a spike without a metric per tenant.
 */
export class Operations extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const { productEvents, webhooks } = props;
    const minute = Duration.minutes(1);
    const fiveMinutes = Duration.minutes(5);
    const workerLogs = webhooks.worker.logGroup;

    // Deliveries by outcome, from the worker's own log line per message: no code emits a metric.
    const deliveryMetric = (name: string, outcomes: string[]) => {
      new MetricFilter(this, `${name}Filter`, {
        logGroup: workerLogs,
        metricNamespace: NAMESPACE,
        metricName: name,
        metricValue: '1',
        filterPattern: FilterPattern.all(
          FilterPattern.stringValue('$.message', '=', 'Webhook delivery'),
          FilterPattern.any(
            ...outcomes.map((outcome) => FilterPattern.stringValue('$.outcome', '=', outcome)),
          ),
        ),
      });
      return new Metric({
        namespace: NAMESPACE,
        metricName: name,
        statistic: 'Sum',
        period: fiveMinutes,
      });
    };
    const delivered = deliveryMetric('WebhookDeliveriesSucceeded', ['delivered']);
    const failed = deliveryMetric('WebhookDeliveriesFailed', [
      'failed',
      'retry scheduled',
      'disabled',
    ]);
    const disabled = deliveryMetric('WebhookEndpointsDisabled', ['disabled']);

    const above = (
      alarmId: string,
      description: string,
      metric: IMetric,
      threshold: number,
      periods: number,
    ) =>
      new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: periods,
        datapointsToAlarm: periods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    const added = [
      above(
        'DispatcherIteratorAgeAlarm',
        'The webhook dispatcher is more than 1 minute behind the table stream for 5 minutes (deliveries are late; the stream keeps 24 hours)',
        webhooks.dispatcher.metric('IteratorAge', { statistic: 'Maximum', period: minute }),
        60_000,
        5,
      ),
      above(
        'ProductEventsBacklogAlarm',
        "The oldest product event has waited more than 5 minutes for 5 minutes (the product's changes are not being applied)",
        productEvents.queue.metricApproximateAgeOfOldestMessage({
          statistic: 'Maximum',
          period: minute,
        }),
        300,
        5,
      ),
      above(
        'DeliveryBacklogAlarm',
        'The oldest webhook delivery message has waited more than 30 minutes for 5 minutes (a retry waits at most 15 minutes in the queue)',
        webhooks.queue.metricApproximateAgeOfOldestMessage({
          statistic: 'Maximum',
          period: minute,
        }),
        1_800,
        5,
      ),
      anyOccurrenceAlarm(
        this,
        'ConsumerErrorsAlarm',
        'The product-events consumer crashed (a whole batch goes back to the queue)',
        productEvents.consumer.metricErrors({ period: fiveMinutes }),
      ),
      anyOccurrenceAlarm(
        this,
        'WorkerErrorsAlarm',
        'The webhook worker crashed (a whole batch goes back to the queue)',
        webhooks.worker.metricErrors({ period: fiveMinutes }),
      ),
      anyOccurrenceAlarm(
        this,
        'WebhookEndpointsDisabledAlarm',
        "A tenant's webhook endpoint was disabled (410 Gone, or 5 days of failures)",
        disabled,
      ),
    ];
    for (const alarm of added) alarm.addAlarmAction(props.alarmAction);
    this.nameAlarms(props.stage, props.canaryAlarms);

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `HiringApi-${props.stage}`,
      defaultInterval: Duration.hours(3),
    });
    const graph = (title: string, left: IMetric[], width = 8) =>
      new GraphWidget({ title, left, width, height: 6 });
    const api = props.api;
    const alarms = Stack.of(this)
      .node.findAll()
      .filter((node): node is Alarm => node instanceof Alarm && !props.canaryAlarms.includes(node));
    this.dashboard.addWidgets(...alarmWidgets('Alarms', alarms, 3));
    this.dashboard.addWidgets(
      ...alarmWidgets(
        'Canary alarms (a deployment rolls back when one fires)',
        props.canaryAlarms,
        6,
      ),
    );
    this.dashboard.addWidgets(
      graph('Requests, 4xx, 5xx', [
        api.metricCount({ period: minute }),
        api.metricClientError({ period: minute }),
        api.metricServerError({ period: minute }),
      ]),
      graph('Latency p50 / p99 (ms)', [
        api.metricLatency({ period: minute, statistic: 'p50' }),
        api.metricLatency({ period: minute, statistic: 'p99' }),
      ]),
      graph('Authorizer: errors, throttles, duration p99', [
        props.authorizer.metricErrors({ period: minute }),
        props.authorizer.metricThrottles({ period: minute }),
        props.authorizer.metricDuration({ period: minute, statistic: 'p99' }),
      ]),
    );
    this.dashboard.addWidgets(
      new LogQueryWidget({
        title: 'Per route: requests, 4xx, 429, 5xx, latency p50 / p99 (ms)',
        logGroupNames: [props.accessLogs.logGroupName],
        queryLines: [
          'stats count(*) as requests, sum(status >= 400 and status < 500) as `4xx`, sum(status = 429) as `429`, sum(status >= 500) as `5xx`, pct(latencyMs, 50) as p50, pct(latencyMs, 99) as p99 by routeKey',
          'sort requests desc',
        ],
        width: 24,
        height: 6,
      }),
    );
    const operations = [
      Operation.GET_ITEM,
      Operation.BATCH_GET_ITEM,
      Operation.QUERY,
      Operation.PUT_ITEM,
      Operation.UPDATE_ITEM,
      Operation.TRANSACT_WRITE_ITEMS,
    ];
    this.dashboard.addWidgets(
      graph('DynamoDB consumed capacity', [
        props.table.metricConsumedReadCapacityUnits({ period: minute }),
        props.table.metricConsumedWriteCapacityUnits({ period: minute }),
      ]),
      // One math expression per graph: the two would share their metrics' ids.
      graph('DynamoDB throttled requests', [
        props.table.metricThrottledRequestsForOperations({ period: minute, operations }),
      ]),
      graph('DynamoDB system errors', [
        props.table.metricSystemErrorsForOperations({ period: minute, operations }),
      ]),
    );
    this.dashboard.addWidgets(
      graph('Product events: queue depth, oldest (s), consumer errors', [
        productEvents.queue.metricApproximateNumberOfMessagesVisible({ period: minute }),
        productEvents.queue.metricApproximateAgeOfOldestMessage({ period: minute }),
        productEvents.consumer.metricErrors({ period: minute }),
      ]),
    );
    this.dashboard.addWidgets(
      graph('Dispatcher iterator age (ms)', [
        webhooks.dispatcher.metric('IteratorAge', { statistic: 'Maximum', period: minute }),
      ]),
      graph('Deliveries: queue depth, oldest (s)', [
        webhooks.queue.metricApproximateNumberOfMessagesVisible({ period: minute }),
        webhooks.queue.metricApproximateAgeOfOldestMessage({ period: minute }),
      ]),
      graph('Deliveries: succeeded vs failed, endpoints disabled', [delivered, failed, disabled]),
    );
    this.dashboard.addWidgets(
      graph(
        'Dead-letter queues (messages)',
        [productEvents.deadLetterQueue, webhooks.deadLetterQueue, webhooks.streamFailures].map(
          (queue) =>
            queue.metricApproximateNumberOfMessagesVisible({
              period: minute,
              statistic: 'Maximum',
            }),
        ),
        24,
      ),
    );
    if (props.webAclName) {
      const waf = (metricName: string) =>
        new Metric({
          namespace: 'AWS/WAFV2',
          metricName,
          dimensionsMap: { WebACL: props.webAclName as string, Rule: 'ALL' },
          region: 'us-east-1',
          statistic: 'Sum',
          period: minute,
        });
      this.dashboard.addWidgets(
        graph(
          'Edge (WAF): allowed vs blocked requests',
          [waf('AllowedRequests'), waf('BlockedRequests')],
          24,
        ),
      );
    }
    const region = Stack.of(this).region;
    new CfnOutput(Stack.of(this), 'DashboardUrl', {
      value: `https://${region}.console.aws.amazon.com/cloudwatch/home?region=${region}#dashboards:name=${this.dashboard.dashboardName}`,
      description: 'The operations dashboard',
    });

    // "Which tenant is causing this": the top contributors, from the logs the stack already writes.
    const rule = (name: string, logGroup: ILogGroup, keys: string[], filters: object[] = []) =>
      new CfnInsightRule(this, name, {
        ruleName: `HiringApi-${props.stage}-${name}`,
        ruleState: 'ENABLED',
        ruleBody: JSON.stringify({
          Schema: { Name: 'CloudWatchLogRule', Version: 1 },
          LogGroupNames: [logGroup.logGroupName],
          LogFormat: 'JSON',
          Contribution: { Keys: keys, Filters: filters },
          AggregateOn: 'Count',
        }),
      });
    rule('TopTenantsByRequests', props.accessLogs, ['$.tenantId']);
    rule('TopKeysByRequests', props.accessLogs, ['$.tenantId', '$.keyId']);
    rule(
      'TopKeysBy429',
      props.accessLogs,
      ['$.tenantId', '$.keyId', '$.clientIp'],
      [{ Match: '$.status', In: [429] }],
    );
    rule(
      'TopTenantsBy5xx',
      props.accessLogs,
      ['$.tenantId', '$.routeKey'],
      [{ Match: '$.status', GreaterThan: 499 }],
    );
    rule(
      'TopEndpointsByFailedDeliveries',
      workerLogs,
      ['$.tenantId', '$.webhookId'],
      [
        { Match: '$.message', In: ['Webhook delivery'] },
        { Match: '$.outcome', In: ['failed', 'retry scheduled', 'disabled'] },
      ],
    );
  }

  /**
   * Every alarm of the stack gets a name (`HiringApi-<stage>-<Name>`) and, in its description, the
   * runbook section that says what to do (`### <Name>` in docs/operations.md).
   */
  private nameAlarms(stage: string, canaryAlarms: Alarm[]): void {
    const stack = Stack.of(this);
    for (const alarm of stack.node
      .findAll()
      .filter((node): node is Alarm => node instanceof Alarm && !canaryAlarms.includes(node))) {
      // Its path below the stacks: a nested stack (infra/stack.ts) is where it lives, not what it is.
      const name = runbookName(
        alarm.node.scopes
          .filter((scope) => !(scope instanceof Stack))
          .map((scope) => scope.node.id),
      );
      const cfn = alarm.node.defaultChild as CfnAlarm;
      cfn.alarmName = `HiringApi-${stage}-${name}`;
      cfn.alarmDescription = `${cfn.alarmDescription ?? ''} Runbook: ${RUNBOOK}#${name.toLowerCase()}`;
    }
  }
}

/** An alarm's name in the runbook: its construct path below the stack, without the `Alarm` suffix (`ProductEvents/DeadLettersAlarm` → `ProductEventsDeadLetters`). */
export function runbookName(path: string[]): string {
  return path
    .filter((part) => part !== 'Operations')
    .join('')
    .replace(/Alarm$/, '');
}
