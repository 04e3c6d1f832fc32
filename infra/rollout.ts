import { type CfnResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
import { FUNCTION_TIMEOUT_MS, REFUSAL_MESSAGE } from '../lib/config.js';
import { type ApiFunction, FUNCTION_METADATA_KEY, LIVE_ALIAS } from './api-function.js';
import { RUNBOOK } from './alarms.js';
import { codeRelease } from './release-id.js';
import { ANSWER_COUNTS_MESSAGE } from '../lib/observability/answer-counts.js';
import { AUTHORIZER_FUNCTION } from '../lib/composition/routes.js';
import { STREAM_FUNCTION } from '../lib/functions.js';

/** How a deployment moves each function's `live` alias to its new version (`-c rollout=…`). */
export const ROLLOUTS = ['canary', 'all-at-once'] as const;
export type RolloutKind = (typeof ROLLOUTS)[number];

/** The runbook section every canary alarm points at (docs/operations.md, `## Rollbacks`). */
export const ROLLBACK_SECTION = 'rollbacks';
/** An API function's p99 duration above this during a canary rolls it back: the API's own p99 target (LatencyP99). */
export const API_FUNCTION_P99_MS = 1_000;
const NAMESPACE = 'HiringApi';

/**
 * Canary rollouts: CodeDeploy moves each function's `live` alias to the new version 10% first, for
 * CANARY.minutes, then all of it, and moves it back if one of its canary alarms fires in that time.
 * Each function is judged by what its failure breaks (judgedBy), and every alarm counts the code
 * being deployed and none of the code it replaces:
 * - the functions that answer the HTTP API (its routes, `$default`) share one pair (apiCanaryAlarms),
 *   on the answers of the release being deployed: every log line names its code release (RELEASE_ID,
 *   infra/release-id.ts), each of these functions counts its answers in `Answers` lines
 *   (lib/observability/answer-counts.ts), and its log group feeds three metrics by release from them;
 * - the authorizer answers no request itself: when it throws, times out or answers what API Gateway
 *   cannot read, API Gateway answers 500 before any route runs, and no `Answers` line counts it. It is
 *   judged by its new version's errors (Lambda's Errors by ExecutedVersion), by the API's own 5xx (what
 *   every tenant then gets), by the share of requests its new version refuses next to the old one's,
 *   and by its new version's p99;
 * - the event stream's function and the background ones by their new version's own failures
 *   (Lambda's ExecutedVersion and the `function_version` of their lines): Lambda's errors (a crash or a
 *   timeout) plus the ERROR lines it logged (an upgrade answered 5xx, a subscribe that failed, a batch
 *   item that failed: none of them a Lambda error), and p99 duration.
 * The alarms gate deployments only and notify nobody: a failed canary fails the `cdk deploy` that
 * started it, and the stack-wide alarms (ServerErrorRate, LatencyP99, …) page for what happens outside
 * a deployment. test/infra/alarms.test.ts holds every deployment group to an alarm its own function's
 * failure moves.
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
      /** the pair every function that answers the HTTP API watches (apiCanaryAlarms) */
      apiAlarms: Alarm[];
      /** the HTTP API, when the authorizer it lets requests in by is one of `functions` */
      api?: IHttpApi;
    },
  ) {
    super(scope, id);
    const { application, stage } = props;
    // One role for the functions of this stack: its inline policy names each of their aliases, and a
    // role's inline policies may hold 10,240 characters.
    const role = this.deploymentRole(props.functions);
    for (const fn of props.functions) {
      const judged = judgedBy(fn);
      const scope = new Construct(this, canaryLabel(fn));
      let alarms: Alarm[];
      if (judged === 'answers') {
        releaseMetricFilters(scope, fn);
        alarms = props.apiAlarms;
      } else {
        alarms =
          judged === 'authorizer'
            ? this.authorizerAlarms(scope, stage, fn, props.api)
            : [this.errorsAlarm(scope, stage, fn), this.latencyAlarm(scope, stage, fn)];
        this.alarms.push(...alarms);
      }
      // The alarms watch the new version before the alias starts moving to it.
      fn.live.node.addDependency(...alarms);
      new LambdaDeploymentGroup(scope, 'Deployment', {
        application,
        alias: fn.live,
        deploymentConfig: CANARY_DEPLOYMENT,
        alarms,
        // Without policy updates: the construct would otherwise attach AWS's managed policy, whose
        // UpdateAlias covers every function of the account.
        role: role.withoutPolicyUpdates(),
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
    }
  }

  /**
   * The authorizer's: what its failure breaks is every request, answered API Gateway's 500 (or, if it
   * lets none in, refused) before any route runs.
   */
  private authorizerAlarms(
    scope: Construct,
    stage: string,
    fn: ApiFunction,
    api: IHttpApi | undefined,
  ): Alarm[] {
    if (!api)
      throw new Error(`${fn.node.path}: the authorizer's rollout needs the HTTP API it guards`);
    const window = Duration.minutes(CANARY.windowMinutes);
    const minute = Duration.minutes(1);
    const runbook = `CodeDeploy then moves the alias back. Runbook: ${RUNBOOK}#${ROLLBACK_SECTION}`;
    const invocations = newVersionMetric(fn, 'Invocations', 'Sum', window);
    // Its refusals ('API key refused', lib/auth/authorize.ts), of its new version and of every version.
    const refusals = (dimensions: Record<string, string>) =>
      new MetricFilter(
        scope,
        `RefusedLines${Object.keys(dimensions).length > 0 ? 'ByVersion' : ''}`,
        {
          logGroup: fn.logGroup,
          metricNamespace: NAMESPACE,
          metricName: AUTHORIZER_REFUSALS,
          metricValue: '1',
          filterPattern: FilterPattern.all(
            FilterPattern.stringValue('$.message', '=', REFUSAL_MESSAGE),
            FilterPattern.exists('$.function_version'),
          ),
          ...(Object.keys(dimensions).length > 0 ? { dimensions } : {}),
        },
      );
    refusals({ ExecutedVersion: '$.function_version' });
    refusals({});
    const refused = (dimensionsMap: Record<string, string>) =>
      new Metric({
        namespace: NAMESPACE,
        metricName: AUTHORIZER_REFUSALS,
        dimensionsMap,
        statistic: 'Sum',
        period: window,
      });
    const gateway = (metricName: '5xx' | 'Count') =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: api.apiId, Stage: HTTP_STAGE },
        statistic: 'Sum',
        period: minute,
      });
    const share = (part: string, whole: string) => `100 * FILL(${part}, 0) / FILL(${whole}, 0)`;
    return [
      new Alarm(scope, 'Errors', {
        alarmName: canaryAlarmName(stage, fn, 'Errors'),
        alarmDescription: `${fn.node.id}, the version being deployed: ${CANARY.failedPercent}% or more of its invocations failed (thrown, timed out: API Gateway answers those requests 500), at least ${CANARY.leastFailed}, in the last ${CANARY.windowMinutes} minutes. ${runbook}`,
        metric: new MathExpression({
          expression: `IF(FILL(e, 0) >= ${CANARY.leastFailed} AND FILL(n, 0) > 0, ${share('e', 'n')}, 0)`,
          usingMetrics: { e: newVersionMetric(fn, 'Errors', 'Sum', window), n: invocations },
          period: window,
          label: 'Share of failed invocations (%)',
        }),
        threshold: CANARY.failedPercent,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      new Alarm(scope, 'ServerErrors', {
        alarmName: canaryAlarmName(stage, fn, 'ServerErrors'),
        alarmDescription: `The HTTP API's own 5xx (API Gateway's metric of its stage, which counts the 500 of an authorizer that failed or answered what it cannot read): ${CANARY.apiFailedPercent}% or more of its requests (at least ${CANARY.apiLeastFailed} in the minute), in 2 minutes of 3, and under ${CANARY.apiMostFailedPercent}% (past that, the code being replaced is failing: no canary's 10% fails half of the requests). ${runbook}`,
        metric: new MathExpression({
          expression: `IF(FILL(e, 0) >= ${CANARY.apiLeastFailed} AND FILL(c, 0) > 0 AND ${share('e', 'c')} < ${CANARY.apiMostFailedPercent}, ${share('e', 'c')}, 0)`,
          usingMetrics: { e: gateway('5xx'), c: gateway('Count') },
          period: minute,
          label: "Share of the API's 5xx (%)",
        }),
        threshold: CANARY.apiFailedPercent,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      new Alarm(scope, 'Refusals', {
        alarmName: canaryAlarmName(stage, fn, 'Refusals'),
        alarmDescription: `${fn.node.id}, the version being deployed: it refuses ${CANARY.refusedPoints} points more of its requests (a share) than the version it replaces does, over the last ${CANARY.windowMinutes} minutes, once it has had ${CANARY.leastAuthorizations} requests and refused ${CANARY.leastRefused} (an authorizer that lets no key in fails no request: it refuses them all). ${runbook}`,
        metric: new MathExpression({
          expression: `IF(FILL(n, 0) >= ${CANARY.leastAuthorizations} AND FILL(rn, 0) >= ${CANARY.leastRefused} AND FILL(na, 0) > FILL(n, 0), ${share('rn', 'n')} - 100 * (FILL(ra, 0) - FILL(rn, 0)) / (FILL(na, 0) - FILL(n, 0)), 0)`,
          usingMetrics: {
            rn: refused({ ExecutedVersion: fn.currentVersion.version }),
            ra: refused({}),
            n: invocations,
            na: aliasMetric(fn, 'Invocations', window),
          },
          period: window,
          label: 'Refused by the new version, less by the old (points)',
        }),
        threshold: CANARY.refusedPoints,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      this.latencyAlarm(scope, stage, fn),
    ];
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
      alarmDescription: `${canaryLabel(fn)}, the version being deployed: a crash, a timeout or an ERROR line (an upgrade answered 5xx, a subscribe or a batch item that failed) in a minute. CodeDeploy then moves the alias back. Runbook: ${RUNBOOK}#${ROLLBACK_SECTION}`,
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
      alarmDescription: `${canaryLabel(fn)}, the version being deployed: p99 duration above ${threshold} ms in 2 of 3 minutes. CodeDeploy then moves the alias back. Runbook: ${RUNBOOK}#${ROLLBACK_SECTION}`,
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
 * API's p99 target.
 *
 * The 500s are summed over the canary, not judged a minute at a time: at low traffic a minute holds
 * too few answers to tell (10 tenants give the canary's 10% some 35 answers a minute, and a release
 * failing 2% of them has 2 of its 500s in a minute about one minute in seven). So the canary lasts 15
 * minutes, and the alarm sums the last 15 minutes each minute (CloudWatch's sliding window): over
 * the canary so far, 4 or more 500s that are 1% or more of the release's answers roll it back. At
 * 10 tenants that catches 2% 500s 97 times in 100 (5%: every time), and rolls back a healthy release
 * (0.1% 500s) 7 times in 10,000; the rule before (a minute at a time, at least 2 500s, 2 minutes of
 * 3, 5 minutes) caught 2% 13 times in 100 (scripts/capacity/canary-odds.ts computes the odds;
 * docs/operations.md has them).
 * At busy traffic the share decides: the odd 500 among 3,000 answers a minute never crosses it, and
 * 2% does within a minute or two (test/infra/alarms.test.ts evaluates the alarms' own expressions).
 * Slowness stays per minute (2 of 3), and only once a minute has enough answers to tell: a minute of
 * cold starts is one minute.
 */
export const CANARY = {
  /** minutes CodeDeploy keeps the new version at 10% (CANARY_DEPLOYMENT) */
  minutes: 15,
  /** minutes the failures are summed over, each minute: the canary's */
  windowMinutes: 15,
  /** the share of 500s, in percent, that rolls back */
  failedPercent: 1,
  /** 500s in the window below which it is no evidence (a few bad requests) */
  leastFailed: 4,
  /** the share of slow answers, in percent, that rolls back (the API's p99 target) */
  slowPercent: 1,
  /** answers a minute below which a minute says nothing of a p99 */
  leastAnswers: 100,
  /**
   * The authorizer's: the share of the API's 5xx, in percent, that rolls it back, a minute at a time
   * (2 of 3): half of what a new version failing every request gives at 10%.
   */
  apiFailedPercent: 5,
  /** 5xx a minute below which a minute is no evidence */
  apiLeastFailed: 5,
  /** a share past which the code being replaced is failing: no canary's 10% fails half of the requests */
  apiMostFailedPercent: 50,
  /** points by which the new version's share of refusals may pass the old one's, in the window */
  refusedPoints: 30,
  /** requests of the new version, and refusals, in the window below which its share is no evidence */
  leastAuthorizations: 50,
  leastRefused: 10,
} as const;

/** CodeDeploy's canary: 10% for CANARY.minutes, then all of it. */
const CANARY_DEPLOYMENT = LambdaDeploymentConfig.CANARY_10PERCENT_15MINUTES;

/** The HTTP API's one stage (infra/stack.ts), by which API Gateway's metrics name it. */
const HTTP_STAGE = '$default';
/** The authorizer's refusals, counted from its lines. */
const AUTHORIZER_REFUSALS = 'AuthorizerRefusals';

/**
 * How a function's canary is judged: by the answers of its release (it answers the HTTP API and
 * counts them), as the authorizer (it answers none: its failure is every request's 500 or refusal),
 * or by its new version's own failures (the event stream's function, whose answers no release line
 * counts, and the background functions).
 */
function judgedBy(fn: ApiFunction): 'answers' | 'authorizer' | 'own' {
  const source = (fn.node.defaultChild as CfnResource).getMetadata(FUNCTION_METADATA_KEY) as string;
  if (source === AUTHORIZER_FUNCTION) return 'authorizer';
  return fn.background || source === STREAM_FUNCTION ? 'own' : 'answers';
}

/** The name a function's canary alarms give it: its construct's id (the event stream's, for its `Function`). */
function canaryLabel(fn: ApiFunction): string {
  return fn.node.id === 'Function' && fn.node.scope ? fn.node.scope.node.id : fn.node.id;
}

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
  const window = Duration.minutes(CANARY.windowMinutes);
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
      alarmDescription: `${CANARY.failedPercent}% or more of the answers of the release being deployed are 500s, at least ${CANARY.leastFailed} of them, in the last ${CANARY.windowMinutes} minutes (the canary so far); 503s are not counted. CodeDeploy then moves the aliases back. Runbook: ${RUNBOOK}#${ROLLBACK_SECTION}`,
      metric: new MathExpression({
        expression: `IF(FILL(f, 0) >= ${CANARY.leastFailed} AND FILL(a, 0) > 0, 100 * FILL(f, 0) / FILL(a, 0), 0)`,
        usingMetrics: { a: counts.a, f: counts.f },
        period: window,
        label: 'Share of 500s (%)',
      }),
      threshold: CANARY.failedPercent,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
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
  metricName: 'Errors' | 'Duration' | 'Invocations',
  statistic: string,
  period = Duration.minutes(1),
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
    period,
  });
}

/** A Lambda metric of every invocation through the alias, whichever version ran it. */
function aliasMetric(fn: ApiFunction, metricName: 'Invocations', period: Duration): Metric {
  return new Metric({
    namespace: 'AWS/Lambda',
    metricName,
    dimensionsMap: { FunctionName: fn.functionName, Resource: `${fn.functionName}:${LIVE_ALIAS}` },
    statistic: 'Sum',
    period,
  });
}

/** `HiringApi-<stage>-Canary-<Function>-<Signal>`: one per function and signal. */
export function canaryAlarmName(
  stage: string,
  fn: ApiFunction,
  signal: 'Errors' | 'Latency' | 'ServerErrors' | 'Refusals',
): string {
  return `HiringApi-${stage}-Canary-${canaryLabel(fn)}-${signal}`;
}
