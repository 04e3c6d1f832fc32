import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  CfnInsightRule,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IAlarmAction,
  type IMetric,
  LogQueryWidget,
  MathExpression,
  Metric,
  type MetricOptions,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { CfnQueue, Queue } from 'aws-cdk-lib/aws-sqs';
import { type CfnGlobalTable, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  anyOccurrenceAlarm,
  edgeBypassRefusals,
  nameAlarms,
  sustainedAboveAlarm,
  TABLE_OPERATIONS,
  weakReference,
} from './alarms.js';
import type { ApiFunction } from './api-function.js';
import type { ProductEventsIngest } from './product-events.js';
import type { WebhookDelivery } from './webhooks.js';

const NAMESPACE = 'HiringApi';

/** The most alarms one alarm status widget may show (CloudWatch's limit). */
export const ALARMS_PER_WIDGET = 100;

/** Alarm status widgets showing `alarms`, as many as it takes at ALARMS_PER_WIDGET each. */
function alarmWidgets(title: string, alarms: IAlarm[], height: number): AlarmStatusWidget[] {
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

/** A metric of a queue of the data stack, by a weak reference to its name. */
function queueMetric(queue: Queue, metricName: string, options: MetricOptions): Metric {
  return new Metric({
    namespace: 'AWS/SQS',
    metricName,
    dimensionsMap: {
      QueueName: weakReference((queue.node.defaultChild as CfnQueue).attrQueueName),
    },
    statistic: 'Average',
    ...options,
  });
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
  /** the data stack's alarms, by name (infra/data.ts) */
  dataAlarmNames: readonly string[];
  /** the edge's web ACL, when the API is behind it (its metrics are in us-east-1) */
  webAclName?: string;
  /** the API's answers and those slower than its p99 target, long-polls left out (infra/stack.ts) */
  answers: { answers: Metric; slow: Metric };
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
    const deliveries = this.deliveryMetrics(props.webhooks.worker.logGroup);
    this.addAlarms(props, deliveries.disabled);
    this.dashboard = this.addDashboard(props, deliveries);
    this.addContributorInsights(props);
  }

  /** Deliveries by outcome, from the worker's own log line per message: no code emits a metric. */
  private deliveryMetrics(workerLogs: ILogGroup): {
    delivered: Metric;
    failed: Metric;
    disabled: Metric;
  } {
    const fiveMinutes = Duration.minutes(5);
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
    return { delivered, failed, disabled };
  }

  /** The alarms still missing next to what they watch, then every alarm of the stack named. */
  private addAlarms(props: OperationsProps, disabled: Metric): void {
    const { productEvents, webhooks } = props;
    const minute = Duration.minutes(1);
    const fiveMinutes = Duration.minutes(5);
    const added = [
      sustainedAboveAlarm(
        this,
        'DispatcherIteratorAgeAlarm',
        'The webhook dispatcher is more than 1 minute behind the table stream for 5 minutes (deliveries are late; the stream keeps 24 hours)',
        webhooks.dispatcher.metric('IteratorAge', { statistic: 'Maximum', period: minute }),
        60_000,
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
    const stack = Stack.of(this);
    nameAlarms(stack, `HiringApi-${props.stage}`, props.canaryAlarms);
  }

  /** One dashboard: every alarm's state, then the graphs an alarm's runbook section points at. */
  private addDashboard(
    props: OperationsProps,
    { delivered, failed, disabled }: { delivered: Metric; failed: Metric; disabled: Metric },
  ): Dashboard {
    const { productEvents, webhooks } = props;
    const minute = Duration.minutes(1);
    const stack = Stack.of(this);
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `HiringApi-${props.stage}`,
      defaultInterval: Duration.hours(3),
    });
    const graph = (title: string, left: IMetric[], width = 8) =>
      new GraphWidget({ title, left, width, height: 6 });
    const api = props.api;
    // The data stack's alarms by the name it gave them: a reference would be an export of it.
    const alarms: IAlarm[] = [
      ...stack.node
        .findAll()
        .filter(
          (node): node is Alarm => node instanceof Alarm && !props.canaryAlarms.includes(node),
        ),
      ...props.dataAlarmNames.map((name) => Alarm.fromAlarmName(this, name, name)),
    ];
    dashboard.addWidgets(...alarmWidgets('Alarms', alarms, 3));
    dashboard.addWidgets(
      ...alarmWidgets(
        'Canary alarms (a deployment rolls back when one fires)',
        props.canaryAlarms,
        6,
      ),
    );
    dashboard.addWidgets(
      graph('Requests, 4xx, 5xx', [
        api.metricCount({ period: minute }),
        api.metricClientError({ period: minute }),
        api.metricServerError({ period: minute }),
      ]),
      graph('Answers slower than the p99 target (%, long-polls left out)', [
        new MathExpression({
          expression: 'IF(answers > 0, 100 * FILL(slow, 0) / answers, 0)',
          usingMetrics: {
            answers: props.answers.answers.with({ period: minute }),
            slow: props.answers.slow.with({ period: minute }),
          },
          period: minute,
          label: 'slower than the target (%)',
        }),
      ]),
      graph('API Gateway latency p50 / p99 (ms; a long-poll lasts its wait)', [
        api.metricLatency({ period: minute, statistic: 'p50' }),
        api.metricLatency({ period: minute, statistic: 'p99' }),
      ]),
      graph('Authorizer: errors, throttles, duration p99', [
        props.authorizer.metricErrors({ period: minute }),
        props.authorizer.metricThrottles({ period: minute }),
        props.authorizer.metricDuration({ period: minute, statistic: 'p99' }),
      ]),
    );
    dashboard.addWidgets(
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
    // The data stack's table by a weak reference to its name, as the queues.
    const table = TableV2.fromTableName(
      this,
      'GraphedTable',
      weakReference((props.table.node.defaultChild as CfnGlobalTable).ref),
    );
    dashboard.addWidgets(
      graph('DynamoDB consumed capacity', [
        table.metricConsumedReadCapacityUnits({ period: minute }),
        table.metricConsumedWriteCapacityUnits({ period: minute }),
      ]),
      // One math expression per graph: the two would share their metrics' ids.
      graph('DynamoDB throttled requests', [
        table.metricThrottledRequestsForOperations({
          period: minute,
          operations: TABLE_OPERATIONS,
        }),
      ]),
      graph('DynamoDB system errors', [
        table.metricSystemErrorsForOperations({ period: minute, operations: TABLE_OPERATIONS }),
      ]),
    );
    dashboard.addWidgets(
      graph('Product events: queue depth, oldest (s), consumer errors', [
        queueMetric(productEvents.queue, 'ApproximateNumberOfMessagesVisible', { period: minute }),
        queueMetric(productEvents.queue, 'ApproximateAgeOfOldestMessage', { period: minute }),
        productEvents.consumer.metricErrors({ period: minute }),
      ]),
    );
    dashboard.addWidgets(
      graph('Dispatcher iterator age (ms)', [
        webhooks.dispatcher.metric('IteratorAge', { statistic: 'Maximum', period: minute }),
      ]),
      graph('Deliveries: queue depth, oldest (s)', [
        queueMetric(webhooks.queue, 'ApproximateNumberOfMessagesVisible', { period: minute }),
        queueMetric(webhooks.queue, 'ApproximateAgeOfOldestMessage', { period: minute }),
      ]),
      graph('Deliveries: succeeded vs failed, endpoints disabled', [delivered, failed, disabled]),
    );
    dashboard.addWidgets(
      graph(
        'Dead-letter queues (messages)',
        [productEvents.deadLetterQueue, webhooks.deadLetterQueue, webhooks.streamFailures].map(
          (queue) =>
            queueMetric(queue, 'ApproximateNumberOfMessagesVisible', {
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
      dashboard.addWidgets(
        graph(
          'Edge (WAF): allowed vs blocked requests',
          [waf('AllowedRequests'), waf('BlockedRequests')],
          16,
        ),
        // The EdgeBypassRefusals alarm reads the first; the second, upgrades sent to the stream's
        // origin domain itself, is no integrator being refused (docs/operations.md).
        graph('Refused as not through CloudFront', [
          edgeBypassRefusals('requests', minute).with({ label: 'HTTP API requests' }),
          edgeBypassRefusals('upgrades', minute).with({ label: 'event stream upgrades' }),
        ]),
      );
    }
    const region = Stack.of(this).region;
    new CfnOutput(Stack.of(this), 'DashboardUrl', {
      value: `https://${region}.console.aws.amazon.com/cloudwatch/home?region=${region}#dashboards:name=${dashboard.dashboardName}`,
      description: 'The operations dashboard',
    });
    return dashboard;
  }

  /** "Which tenant is causing this": the top contributors, from the logs the stack already writes. */
  private addContributorInsights(props: OperationsProps): void {
    const workerLogs = props.webhooks.worker.logGroup;
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
    // A standing rule for the questions an alarm asks (a spike, 5xx, failing deliveries); which key or
    // address sends the 429s is a Logs Insights query on the access log when it is asked
    // (docs/operations.md): a rule costs $0.50 a month whether or not anyone looks.
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
}
