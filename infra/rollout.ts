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
 * minutes, then all of it, and moves it back if either of the function's two canary alarms fires in
 * that time: errors (Lambda's own, a crash or a timeout, plus the ERROR lines it logged: an API
 * function's 5xx answer is a handled error Lambda does not count) and p99 duration, both of the new
 * version alone. The alarms gate
 * deployments only and notify nobody: a failed canary fails the `cdk deploy` that started it, and the
 * stack-wide alarms (ServerErrorRate, LatencyP99, …) page for what happens outside a deployment.
 */
export class Rollout extends Construct {
  /** every canary alarm, for the dashboard */
  readonly alarms: Alarm[] = [];

  constructor(
    scope: Construct,
    id: string,
    props: { stage: string; application: ILambdaApplication; functions: ApiFunction[] },
  ) {
    super(scope, id);
    const { application } = props;
    // One role for the functions of this stack: its inline policy names each of their aliases, and a
    // role's inline policies may hold 10,240 characters.
    const role = this.deploymentRole(props.functions);
    for (const fn of props.functions) {
      const scope = new Construct(this, fn.node.id);
      const alarms = [
        this.errorsAlarm(scope, props.stage, fn),
        this.latencyAlarm(scope, props.stage, fn),
      ];
      this.alarms.push(...alarms);
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

  /** The new version's p99 duration above the API's target (an API function) or half the timeout (a background one), 2 minutes of 3. */
  private latencyAlarm(scope: Construct, stage: string, fn: ApiFunction): Alarm {
    const threshold = fn.background
      ? (fn.timeout?.toMilliseconds() ?? FUNCTION_TIMEOUT_MS) / 2
      : API_FUNCTION_P99_MS;
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
