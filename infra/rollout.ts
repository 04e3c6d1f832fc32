import { Duration, Stack, Validations } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import {
  type ILambdaApplication,
  LambdaDeploymentConfig,
  LambdaDeploymentGroup,
} from 'aws-cdk-lib/aws-codedeploy';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_MS } from '../lib/config.js';
import { type ApiFunction, LIVE_ALIAS } from './api-function.js';
import { RUNBOOK } from './alarms.js';
import { codeRelease } from './release-id.js';
import { ANSWER_COUNTS_MESSAGE } from '../lib/observability/answer-counts.js';

/** How a deployment moves each function's `live` alias to its new version (`-c rollout=…`). */
export const ROLLOUTS = ['canary', 'all-at-once'] as const;
export type RolloutKind = (typeof ROLLOUTS)[number];

/** The runbook section every canary alarm points at (docs/operations.md, `## Rollbacks`). */
export const ROLLBACK_SECTION = 'rollbacks';
/** An API function's p99 duration above this during a canary rolls it back: the API's own p99 target (LatencyP99). */
export const API_FUNCTION_P99_MS = 1_000;
const NAMESPACE = 'HiringApi';

/**
 * Canary rollouts: CodeDeploy moves each function's `live` alias to the new version 10% first, for 5
 * minutes, then all of it, and moves it back if one of its canary alarms fires in that time. Every
 * alarm counts the code being deployed and none of the code it replaces. The API functions share one
 * pair (apiCanaryAlarms), on the lines of the release being deployed: every log line names its code
 * release (RELEASE_ID, infra/release-id.ts), and each API function's log group feeds two metrics by
 * release, its ERROR lines and its slow answers. Each background function has its own pair on its new
 * version (Lambda's ExecutedVersion and the `function_version` of its lines): errors (Lambda's own, a
 * crash or a timeout, plus the ERROR lines it logged) and p99 duration. The alarms gate deployments
 * only and notify nobody: a failed canary fails the `cdk deploy` that started it, and the stack-wide
 * alarms (ServerErrorRate, LatencyP99, …) page for what happens outside a deployment.
 *
 * Why the API functions share a pair: an alarm is billed per metric it reads ($0.10 a month), and a
 * pair on one function's new version reads three (its version's errors, its ERROR lines, its
 * duration), $0.30 a month a function, over $10 for the API's three dozen: a third of what an idle
 * production stage cost (docs/benchmarks.md). A pair per route group would read the same metrics
 * (each function's new version is its own dimension). The release is one dimension for every
 * function, so the shared pair reads two metrics, and like a per-version pair it sees only the new
 * code: a rollback during an incident, whose new code is the previous release, is not stopped by the
 * failing release's errors. What it gives up: a crash outside the handler or a timeout logs no line of
 * the release (Lambda's own metrics have no release), which ServerErrorRate and LatencyP99 page for.
 */
export class Rollout extends Construct {
  /** every canary alarm, for the dashboard */
  readonly alarms: Alarm[] = [];

  constructor(
    scope: Construct,
    id: string,
    props: {
      stage: string;
      application: ILambdaApplication;
      functions: ApiFunction[];
      /** the pair every API function's deployment watches (apiCanaryAlarms) */
      apiAlarms: Alarm[];
    },
  ) {
    super(scope, id);
    const { application } = props;
    // One role for the functions of this stack: its inline policy names each of their aliases, and a
    // role's inline policies may hold 10,240 characters.
    const role = this.deploymentRole(props.functions);
    for (const fn of props.functions) {
      const scope = new Construct(this, fn.node.id);
      if (!fn.background) releaseMetricFilters(scope, fn);
      const alarms = fn.background
        ? [this.errorsAlarm(scope, props.stage, fn), this.latencyAlarm(scope, props.stage, fn)]
        : props.apiAlarms;
      if (fn.background) this.alarms.push(...alarms);
      // The alarms watch the new version before the alias starts moving to it.
      fn.live.node.addDependency(...alarms);
      new LambdaDeploymentGroup(scope, 'Deployment', {
        application,
        alias: fn.live,
        deploymentConfig: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
        alarms,
        // Without policy updates: the construct would otherwise attach AWS's managed policy, whose
        // UpdateAlias covers every function of the account.
        role: role.withoutPolicyUpdates(),
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
    }
  }

  /**
   * Crashes and timeouts (Lambda's Errors) plus the ERROR lines logged, in a minute, of the version
   * being deployed only: the one the alias is moving to, so the old version's errors roll nothing back.
   */
  private errorsAlarm(scope: Construct, stage: string, fn: ApiFunction): Alarm {
    new MetricFilter(scope, 'ErrorLogLines', {
      logGroup: fn.logGroup,
      metricNamespace: NAMESPACE,
      metricName: 'ErrorLogLines',
      metricValue: '1',
      // The logger's lines carry both (lib/observability/logger.ts); requiring them keeps the dimensions whole.
      filterPattern: FilterPattern.all(
        FilterPattern.stringValue('$.level', '=', 'ERROR'),
        FilterPattern.exists('$.function_name'),
        FilterPattern.exists('$.function_version'),
      ),
      dimensions: { FunctionName: '$.function_name', ExecutedVersion: '$.function_version' },
    });
    const minute = Duration.minutes(1);
    return new Alarm(scope, 'Errors', {
      alarmName: canaryAlarmName(stage, fn, 'Errors'),
      alarmDescription: `${fn.node.id}, the version being deployed: a crash, a timeout or an ERROR line (a 5xx answer) in a minute. CodeDeploy then moves the alias back. Runbook: ${RUNBOOK}#${ROLLBACK_SECTION}`,
      metric: new MathExpression({
        expression: 'FILL(crashes, 0) + FILL(errorLines, 0)',
        usingMetrics: {
          crashes: newVersionMetric(fn, 'Errors', 'Sum'),
          errorLines: new Metric({
            namespace: NAMESPACE,
            metricName: 'ErrorLogLines',
            dimensionsMap: {
              FunctionName: fn.functionName,
              ExecutedVersion: fn.currentVersion.version,
            },
            statistic: 'Sum',
            period: minute,
          }),
        },
        period: minute,
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** The new version's p99 duration above half its timeout, 2 minutes of 3. */
  private latencyAlarm(scope: Construct, stage: string, fn: ApiFunction): Alarm {
    const threshold = (fn.timeout?.toMilliseconds() ?? FUNCTION_TIMEOUT_MS) / 2;
    return new Alarm(scope, 'Latency', {
      alarmName: canaryAlarmName(stage, fn, 'Latency'),
      alarmDescription: `${fn.node.id}, the version being deployed: p99 duration above ${threshold} ms in 2 of 3 minutes. CodeDeploy then moves the alias back. Runbook: ${RUNBOOK}#${ROLLBACK_SECTION}`,
      metric: newVersionMetric(fn, 'Duration', 'p99'),
      threshold,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** CodeDeploy's role: read the alarms, move these functions' aliases, nothing else. */
  private deploymentRole(functions: ApiFunction[]): Role {
    // The alias ARNs spelled from the functions': a reference to the aliases themselves would make each
    // alias depend on this role, which its deployment group, which the alias's update policy, depends on.
    const aliases = functions.flatMap((fn) => [fn.functionArn, `${fn.functionArn}:${LIVE_ALIAS}`]);
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
      description: `Hiring API (${Stack.of(this).stackName}): CodeDeploy shifts the functions' live aliases`,
      inlinePolicies: {
        rollout: new PolicyDocument({
          statements: [
            new PolicyStatement({
              actions: [
                'lambda:GetAlias',
                'lambda:UpdateAlias',
                'lambda:GetProvisionedConcurrencyConfig',
              ],
              resources: aliases,
            }),
            new PolicyStatement({ actions: ['cloudwatch:DescribeAlarms'], resources: ['*'] }),
          ],
        }),
      },
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        "cloudwatch:DescribeAlarms on every alarm, as AWS's own CodeDeploy role for Lambda grants it (CodeDeploy reads the canary alarms' states with it): it reads alarm configurations and states, no data, and changes nothing.",
    });
    return role;
  }
}

/**
 * A release is rolled back on what its users see: the share of its answers that are 500s (a fault of
 * the service; a 503 is DynamoDB's, and any release meets it), and the share that are slower than the
 * API's p99 target. Each over a minute, in 2 of 3 minutes, and only once a minute has enough answers
 * to tell: a healthy release at busy traffic (a 0.1% of transient 503s, the odd 500) never crosses
 * them, and a release answering 2% 500s does within its canary (test/infra/alarms.test.ts evaluates
 * the alarms' own expressions).
 */
export const CANARY = {
  /** the share of 500s, in percent, that rolls back */
  failedPercent: 1,
  /** 500s a minute below which a minute is no evidence (a single bad request) */
  leastFailed: 2,
  /** the share of slow answers, in percent, that rolls back (the API's p99 target) */
  slowPercent: 1,
  /** answers a minute below which a minute says nothing of a p99 */
  leastAnswers: 100,
} as const;

/** The release's answer counts (lib/observability/answer-counts.ts logs them, with the release). */
const RELEASE_METRICS = {
  answers: 'ReleaseAnswers',
  failed: 'ReleaseFailedAnswers',
  slow: 'ReleaseSlowAnswers',
} as const;

/**
 * An API function's log group counted by release: the counts its instances log (`Answers` lines).
 * Metric filters cost nothing; the metrics exist only while lines come.
 */
function releaseMetricFilters(scope: Construct, fn: ApiFunction): void {
  for (const [field, metricName] of [
    ['answers', RELEASE_METRICS.answers],
    ['failed', RELEASE_METRICS.failed],
    ['slow', RELEASE_METRICS.slow],
  ] as const)
    new MetricFilter(scope, metricName, {
      logGroup: fn.logGroup,
      metricNamespace: NAMESPACE,
      metricName,
      metricValue: `$.${field}`,
      filterPattern: FilterPattern.all(
        FilterPattern.stringValue('$.message', '=', ANSWER_COUNTS_MESSAGE),
        FilterPattern.exists('$.release'),
      ),
      dimensions: { release: '$.release' },
    });
}

/** The canary pair of every API function's deployment, on the answers of the release being deployed (codeRelease). */
export function apiCanaryAlarms(scope: Construct, stage: string): Alarm[] {
  const metric = (metricName: string) =>
    new Metric({
      namespace: NAMESPACE,
      metricName,
      dimensionsMap: { release: codeRelease() },
      statistic: 'Sum',
      period: Duration.minutes(1),
    });
  const counts = {
    a: metric(RELEASE_METRICS.answers),
    f: metric(RELEASE_METRICS.failed),
    s: metric(RELEASE_METRICS.slow),
  };
  const shared = {
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  };
  return [
    new Alarm(scope, 'CanaryApiErrors', {
      alarmName: `HiringApi-${stage}-Canary-Api-Errors`,
      alarmDescription: `${CANARY.failedPercent}% or more of the answers of the release being deployed are 500s (at least ${CANARY.leastFailed} in the minute), in 2 minutes of 3; 503s are not counted. CodeDeploy then moves the aliases back. Runbook: ${RUNBOOK}#${ROLLBACK_SECTION}`,
      metric: new MathExpression({
        expression: `IF(FILL(f, 0) >= ${CANARY.leastFailed} AND FILL(a, 0) > 0, 100 * FILL(f, 0) / FILL(a, 0), 0)`,
        usingMetrics: { a: counts.a, f: counts.f },
        period: Duration.minutes(1),
        label: 'Share of 500s (%)',
      }),
      threshold: CANARY.failedPercent,
      ...shared,
    }),
    new Alarm(scope, 'CanaryApiLatency', {
      alarmName: `HiringApi-${stage}-Canary-Api-Latency`,
      alarmDescription: `${CANARY.slowPercent}% or more of the answers of the release being deployed slower than ${API_FUNCTION_P99_MS} ms (a p99 past the target; at least ${CANARY.leastAnswers} answers in the minute), in 2 minutes of 3. CodeDeploy then moves the aliases back. Runbook: ${RUNBOOK}#${ROLLBACK_SECTION}`,
      metric: new MathExpression({
        expression: `IF(FILL(a, 0) >= ${CANARY.leastAnswers}, 100 * FILL(s, 0) / FILL(a, 0), 0)`,
        usingMetrics: { a: counts.a, s: counts.s },
        period: Duration.minutes(1),
        label: 'Share of slow answers (%)',
      }),
      threshold: CANARY.slowPercent,
      ...shared,
    }),
  ];
}

/**
 * A Lambda metric of the invocations through the alias that ran the version this deployment publishes
 * (Lambda's FunctionName + Resource + ExecutedVersion dimensions).
 */
function newVersionMetric(
  fn: ApiFunction,
  metricName: 'Errors' | 'Duration',
  statistic: string,
): Metric {
  return new Metric({
    namespace: 'AWS/Lambda',
    metricName,
    dimensionsMap: {
      FunctionName: fn.functionName,
      Resource: `${fn.functionName}:${LIVE_ALIAS}`,
      ExecutedVersion: fn.currentVersion.version,
    },
    statistic,
    period: Duration.minutes(1),
  });
}

/** `HiringApi-<stage>-Canary-<Function>-<Errors|Latency>`: one per function and signal. */
export function canaryAlarmName(
  stage: string,
  fn: Construct,
  signal: 'Errors' | 'Latency',
): string {
  return `HiringApi-${stage}-Canary-${fn.node.id}-${signal}`;
}
