import { isAppFunction } from '../helpers/templates.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../infra/app.js';
import { FUNCTION_METADATA_KEY } from '../../infra/api-function.js';
import { CANARY } from '../../infra/rollout.js';
import { ANSWER_COUNTS_MESSAGE } from '../../lib/observability/answer-counts.js';
import {
  CANARY_RULE,
  canaryAnswersPerMinute,
  canaryOddsTable,
  PER_MINUTE_RULE,
  rollbackOdds,
} from '../../scripts/capacity/canary-odds.js';
import { appTemplate, type CfnTemplate } from '../../scripts/local/stack-template.js';

/**
 * The alarms of prod as CloudWatch will evaluate them: each dimension must name something the service
 * emits metrics under, and none may hold the data stack by an export (which would lock what it watches).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const ENV = { account: '123456789012', region: 'eu-west-1' };

function prodAssembly() {
  const { context } = JSON.parse(readFileSync(join(ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const created = createApp({ ...context, stage: 'prod', 'aws:cdk:bundling-stacks': [] }, ENV);
  return { created, assembly: created.app.synth() };
}
const { created, assembly } = prodAssembly();
const prod = appTemplate(assembly, [created.data.stackName, created.stack.stackName]);

/**
 * A value as CloudFormation gives it, each resource named by its logical id (the name CloudFormation
 * generates from it), following what `Ref` and `Fn::GetAtt` return for each type: a rule on a custom
 * bus is `<bus>|<rule>` by Ref, and `arn:…:rule/<bus>/<rule>` by its Arn.
 */
function deployed(template: CfnTemplate) {
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== 'object') return value;
    const [[name, argument] = []] = Object.entries(value);
    if (name === 'Ref') {
      const id = argument as string;
      if (id.startsWith('AWS::')) return `pseudo:${id}`;
      const resource = template.Resources[id];
      if (resource?.Type === 'AWS::Events::Rule' && resource.Properties?.EventBusName)
        return `${String(resolve(resource.Properties.EventBusName))}|${id}`;
      return id;
    }
    if (name === 'Fn::GetAtt') {
      const [id, attribute] = argument as [string, string];
      const resource = template.Resources[id];
      if (resource?.Type === 'AWS::Events::Rule' && attribute === 'Arn')
        return `arn:aws:events:${ENV.region}:${ENV.account}:rule/${String(resolve(resource.Properties?.EventBusName ?? 'default'))}/${id}`;
      return attribute === 'QueueName' ? id : `${id}.${attribute}`;
    }
    if (name === 'Fn::Split') {
      const [separator, text] = argument as [string, unknown];
      return String(resolve(text)).split(separator);
    }
    if (name === 'Fn::Select') {
      const [index, list] = argument as [number | string, unknown];
      return (resolve(list) as unknown[])[Number(index)];
    }
    if (name === 'Fn::Join') {
      const [separator, parts] = argument as [string, unknown[]];
      return parts.map((part) => String(resolve(part))).join(separator);
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
  };
  return resolve;
}

type Dimension = { Name: string; Value: unknown };
function dimensionsOf(alarm: Record<string, unknown>): Dimension[] {
  const metrics =
    (alarm.Metrics as { MetricStat?: { Metric: { Dimensions?: Dimension[] } } }[]) ?? [];
  return [
    ...((alarm.Dimensions as Dimension[] | undefined) ?? []),
    ...metrics.flatMap((metric) => metric.MetricStat?.Metric.Dimensions ?? []),
  ];
}

describe('alarms that can fire (prod)', () => {
  it('gives every alarm dimension a name the service emits its metrics under: no `|`, a rule by its own name', () => {
    const resolve = deployed(prod);
    const namesOf = (type: string) =>
      Object.entries(prod.Resources)
        .filter(([, resource]) => resource.Type === type)
        .map(([id]) => id);
    const emitted: Record<string, string[]> = {
      RuleName: namesOf('AWS::Events::Rule'),
      EventBusName: namesOf('AWS::Events::EventBus'),
      QueueName: namesOf('AWS::SQS::Queue'),
      FunctionName: namesOf('AWS::Lambda::Function'),
      TableName: namesOf('AWS::DynamoDB::GlobalTable'),
      ApiId: namesOf('AWS::ApiGatewayV2::Api'),
    };
    const seen = new Set<string>();

    for (const [id, alarm] of Object.entries(prod.Resources).filter(
      ([, resource]) => resource.Type === 'AWS::CloudWatch::Alarm',
    )) {
      for (const dimension of dimensionsOf(alarm.Properties ?? {})) {
        const value = String(resolve(dimension.Value));
        expect(value, `${id} ${dimension.Name}`).not.toContain('|');
        const names = emitted[dimension.Name];
        if (names) expect(names, `${id} ${dimension.Name}`).toContain(value);
        seen.add(dimension.Name);
      }
    }
    // The check reached the dimensions it is about.
    expect([...seen]).toEqual(expect.arrayContaining(['RuleName', 'EventBusName', 'QueueName']));
  });

  it('keeps every alarm and the dashboard of the API stack off the data stack’s exports (weak references or names)', () => {
    const imports: string[] = [];
    // Each template of the API stack, with which of its parameters its parent fills from an import.
    const walk = (template: CfnTemplate, importedParameters: Set<string>, path: string) => {
      const importing = (value: unknown): boolean => {
        if (Array.isArray(value)) return value.some(importing);
        if (!value || typeof value !== 'object') return false;
        const entries = Object.entries(value);
        const [[name, argument] = []] = entries;
        if (entries.length === 1 && name === 'Fn::ImportValue') return true;
        if (entries.length === 1 && name === 'Ref' && importedParameters.has(argument as string))
          return true;
        return entries.some(([, inner]) => importing(inner));
      };
      for (const [id, resource] of Object.entries(template.Resources)) {
        if (resource.Type === 'AWS::CloudFormation::Stack') {
          const child = JSON.parse(
            readFileSync(
              join(assembly.directory, resource.Metadata?.['aws:asset:path'] as string),
              'utf8',
            ),
          ) as CfnTemplate;
          const parameters = Object.entries(
            (resource.Properties?.Parameters as Record<string, unknown> | undefined) ?? {},
          ).filter(([, value]) => importing(value));
          walk(child, new Set(parameters.map(([name]) => name)), `${path}/${id}`);
        }
        if (
          (resource.Type === 'AWS::CloudWatch::Alarm' ||
            resource.Type === 'AWS::CloudWatch::Dashboard') &&
          importing(resource.Properties)
        )
          imports.push(`${path}/${id}`);
      }
    };
    walk(
      assembly.getStackByName(created.stack.stackName).template as CfnTemplate,
      new Set(),
      created.stack.stackName,
    );

    expect(imports).toEqual([]);
    // The dashboard still graphs the data stack's queues and table, by weak references.
    const dashboard = Object.values(prod.Resources).find(
      (resource) => resource.Type === 'AWS::CloudWatch::Dashboard',
    );
    const body = JSON.stringify(deployed(prod)(dashboard?.Properties?.DashboardBody));
    for (const queue of ['ProductEventsQueue', 'WebhooksQueue', 'WebhooksStreamFailures'])
      expect(body).toMatch(new RegExp(`"QueueName\\\\",\\\\"${queue}`));
  });
});

describe('alarms that notify (prod)', () => {
  it('names every alarm that notifies the topic as the topic’s policy and key let publish (HiringApi*-prod-*)', () => {
    const resolve = deployed(prod);
    const policy = Object.values(prod.Resources).find(
      (resource) => resource.Type === 'AWS::SNS::TopicPolicy',
    );
    const statement = (
      resolve(policy?.Properties?.PolicyDocument) as {
        Statement: { Condition?: { ArnLike?: Record<string, string> } }[];
      }
    ).Statement.find((candidate) => candidate.Condition?.ArnLike);
    const pattern = String(statement?.Condition?.ArnLike?.['aws:SourceArn']).replace(
      'pseudo:AWS::Partition',
      'aws',
    );
    const matches = new RegExp(
      `^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
    );
    const notifying = Object.values(prod.Resources).filter(
      (resource) =>
        resource.Type === 'AWS::CloudWatch::Alarm' &&
        ((resource.Properties?.AlarmActions as unknown[] | undefined) ?? []).length > 0,
    );

    expect(notifying.length).toBeGreaterThan(10);
    for (const alarm of notifying)
      expect(
        `arn:aws:cloudwatch:${ENV.region}:${ENV.account}:alarm:${String(alarm.Properties?.AlarmName)}`,
      ).toMatch(matches);
  });
});

/**
 * A metric-math alarm as CloudWatch evaluates it, minute by minute: each datapoint its metrics' sums
 * over its period (a sliding window: each minute, the last period's minutes; a minute before the first
 * has no data), its expression over them compared with its threshold, in M of N datapoints; a
 * datapoint without data is not breaching (treatMissingData). Reads the synthesized alarm itself, so
 * the test holds what deploys.
 */
function canaryVerdict(alarmName: string, minutes: Record<string, number>[]): 'ALARM' | 'OK' {
  const alarm = Object.values(prod.Resources).find(
    (resource) =>
      resource.Type === 'AWS::CloudWatch::Alarm' && resource.Properties?.AlarmName === alarmName,
  )?.Properties as {
    Metrics: { Id: string; Expression?: string; MetricStat?: { Period: number } }[];
    Threshold: number;
    ComparisonOperator: string;
    EvaluationPeriods: number;
    DatapointsToAlarm?: number;
  };
  const expression = alarm.Metrics.find((metric) => metric.Expression)?.Expression as string;
  // The expression's functions, as JavaScript: FILL(x, 0), IF(c, a, b), AND.
  const js = expression
    .replace(/FILL\((\w+), 0\)/g, '($1 ?? 0)')
    .replace(/\bAND\b/g, '&&')
    .replace(/^IF\((.*), (.*), (.*)\)$/, '(($1) ? ($2) : ($3))');
  const stats = alarm.Metrics.filter((metric) => !metric.Expression);
  const ids = stats.map((metric) => metric.Id);
  const window = (stats[0]?.MetricStat?.Period ?? 60) / 60;
  const value = new Function(...ids, `return ${js};`) as (...counts: unknown[]) => number;
  const sums = (end: number) =>
    ids.map((id) => {
      const seen = minutes
        .slice(Math.max(0, end - window + 1), end + 1)
        .map((counts) => counts[id])
        .filter((count) => count !== undefined);
      return seen.length > 0 ? seen.reduce((sum, count) => sum + count, 0) : undefined;
    });
  const breaching = (end: number) => {
    if (end < 0) return false;
    const counts = sums(end);
    if (counts.every((count) => count === undefined)) return false;
    const result = value(...counts);
    return alarm.ComparisonOperator === 'GreaterThanOrEqualToThreshold'
      ? result >= alarm.Threshold
      : result > alarm.Threshold;
  };
  for (let end = 0; end < minutes.length; end++) {
    const datapoints = Array.from({ length: alarm.EvaluationPeriods }, (_, back) =>
      breaching(end - back * window),
    );
    if (datapoints.filter(Boolean).length >= (alarm.DatapointsToAlarm ?? alarm.EvaluationPeriods))
      return 'ALARM';
  }
  return 'OK';
}

describe('a release’s canary, judged on what users see', () => {
  const errors = 'HiringApi-prod-Canary-Api-Errors';
  const latency = 'HiringApi-prod-Canary-Api-Latency';
  /** A canary's 10% for its 15 minutes at busy traffic (500 requests a second: 3,000 answers a minute). */
  const busy = (counts: (minute: number) => { f?: number; s?: number }) =>
    Array.from({ length: CANARY.minutes }, (_, minute) => ({
      a: 3_000,
      f: 0,
      s: 0,
      ...counts(minute),
    }));
  /** The same at 10 tenants: some 35 answers a minute. */
  const quiet = (failed: (minute: number) => number) =>
    Array.from({ length: CANARY.minutes }, (_, minute) => ({ a: 35, f: failed(minute) }));

  it('lets a healthy release through: 0.1% transient 503s (not counted), the odd 500, a cold start, a few 500s at low traffic', () => {
    // 503s are answers, not failures: 0.1% of 3,000 is 3 a minute, none of them a 500.
    expect(
      canaryVerdict(
        errors,
        busy(() => ({})),
      ),
    ).toBe('OK');
    expect(
      canaryVerdict(
        errors,
        busy((minute) => ({ f: minute === 2 ? 5 : 1 })),
      ),
    ).toBe('OK');
    // A minute of slow cold starts is one minute of three.
    expect(
      canaryVerdict(
        latency,
        busy((minute) => ({ s: minute === 0 ? 300 : 10 })),
      ),
    ).toBe('OK');
    // At low traffic three 500s in the canary are no evidence, however close together.
    expect(
      canaryVerdict(
        errors,
        quiet((minute) => (minute < 3 ? 1 : 0)),
      ),
    ).toBe('OK');
    expect(
      canaryVerdict(
        errors,
        quiet((minute) => (minute % 5 === 0 ? 1 : 0)),
      ),
    ).toBe('OK');
    expect(
      canaryVerdict(latency, [
        { a: 50, s: 40 },
        { a: 60, s: 50 },
        { a: 40, s: 30 },
      ]),
    ).toBe('OK');
  });

  it('rolls back a release answering 2% 500s, or 2% of its answers slower than the target, within its canary, at low traffic too', () => {
    expect(
      canaryVerdict(
        errors,
        busy(() => ({ f: 60 })),
      ),
    ).toBe('ALARM');
    expect(
      canaryVerdict(
        latency,
        busy(() => ({ s: 60 })),
      ),
    ).toBe('ALARM');
    // At quieter traffic too (150 answers a minute): 2% is 3 a minute.
    expect(
      canaryVerdict(errors, [
        { a: 150, f: 3 },
        { a: 150, f: 3 },
        { a: 150, f: 3 },
      ]),
    ).toBe('ALARM');
    // At 10 tenants, 2% of 35 answers a minute: a 500 every minute and a half or so, never 2 in a
    // minute (which the rule of a minute at a time, 2 of 3, needed), summed over the canary.
    expect(
      canaryVerdict(
        errors,
        quiet((minute) => (minute % 2 === 0 ? 1 : 0)),
      ),
    ).toBe('ALARM');
    // A release failing every answer: in its first minutes.
    expect(canaryVerdict(errors, quiet(() => 35).slice(0, 1))).toBe('ALARM');
  });
});

describe('the authorizer’s canary, judged on every request it lets in', () => {
  const serverErrors = 'HiringApi-prod-Canary-Authorizer-ServerErrors';
  const refusals = 'HiringApi-prod-Canary-Authorizer-Refusals';
  const authorizerErrors = 'HiringApi-prod-Canary-Authorizer-Errors';
  /** 10 tenants: 345 requests a minute, the canary's 10% of them through the new version. */
  const minutes = (count: number, minute: (at: number) => Record<string, number>) =>
    Array.from({ length: count }, (_, at) => minute(at));

  it('rolls back a new version that throws on every request, answers API Gateway cannot read, or refuses every key', () => {
    // Thrown: its invocations are Lambda errors.
    expect(
      canaryVerdict(
        authorizerErrors,
        minutes(2, () => ({ n: 35, e: 35 })),
      ),
    ).toBe('ALARM');
    // Answered what API Gateway cannot read (no Lambda error): the API's 500s, 10% of its requests.
    expect(
      canaryVerdict(
        serverErrors,
        minutes(3, () => ({ c: 345, e: 36 })),
      ),
    ).toBe('ALARM');
    // Let no key in: its 35 requests a minute all refused, the old version refusing 1 in 20.
    expect(
      canaryVerdict(
        refusals,
        minutes(3, () => ({ n: 35, rn: 35, na: 345, ra: 35 + 16 })),
      ),
    ).toBe('ALARM');
  });

  it('lets a healthy one through, and a rollback made while the code it replaces fails every request', () => {
    expect(
      canaryVerdict(
        authorizerErrors,
        minutes(15, (at) => ({ n: 35, e: at === 4 ? 1 : 0 })),
      ),
    ).toBe('OK');
    // The odd 5xx, and a minute of DynamoDB's 503s.
    expect(
      canaryVerdict(
        serverErrors,
        minutes(15, (at) => ({ c: 345, e: at === 7 ? 30 : 2 })),
      ),
    ).toBe('OK');
    // The code being replaced answers 500 to everything: 90% of the API's requests fail, the new version's do not.
    expect(
      canaryVerdict(
        serverErrors,
        minutes(15, () => ({ c: 345, e: 311 })),
      ),
    ).toBe('OK');
    // Both versions refuse a fifth of their requests (a client with a revoked key): no difference.
    expect(
      canaryVerdict(
        refusals,
        minutes(15, () => ({ n: 35, rn: 7, na: 345, ra: 69 })),
      ),
    ).toBe('OK');
  });
});

/**
 * The functions (folders under functions/) whose code counts its answers: esbuild keeps
 * lib/observability/answer-counts.ts in a bundle only when something in it calls countAnswer.
 */
async function countingAnswers(folders: readonly string[]): Promise<Set<string>> {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: folders.map((folder) => `functions/${folder}/handler.ts`),
    outdir: 'counted',
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return new Set(
    Object.values(metafile.outputs)
      .filter(
        (output) => (output.inputs['lib/observability/answer-counts.ts']?.bytesInOutput ?? 0) > 0,
      )
      .map((output) => /^functions\/([^/]+)\//.exec(output.entryPoint ?? '')?.[1] ?? ''),
  );
}

type Resource = CfnTemplate['Resources'][string];
type AlarmMetric = { Namespace: string; MetricName: string; Dimensions?: Dimension[] };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What is wrong with each deployment group's alarms in `template`: each group moves one function's
 * alias, and must roll it back on what that function's failure moves, not on another's.
 * - Every alarm reads a metric of its function: Lambda's of it, one its log group feeds, or API
 *   Gateway's of an API it authorizes or answers.
 * - The authorizer of an HTTP API fails as the API's 500s (a throw, a timeout, an answer API Gateway
 *   cannot read): it is held to its new version's Lambda errors and to that API's 5xx.
 * - A function that answers an API turns its failures into answers (an upgrade answered 503 is no
 *   Lambda error): it is held to its release's failed answers (its code counts them: countAnswer is in
 *   its bundle) or to its new version's ERROR lines.
 * - A function fed by an event source reports a failed item (no Lambda error) and crashes on a batch:
 *   it is held to both its new version's Lambda errors and its ERROR lines.
 */
function canaryProblems(template: CfnTemplate, counting: Set<string>): string[] {
  const resources = Object.entries(template.Resources);
  const ofType = (type: string) => resources.filter(([, resource]) => resource.Type === type);
  const refersTo = (value: unknown, id: string) =>
    JSON.stringify(value).includes(`{"Ref":"${id}"}`);
  const filters = ofType('AWS::Logs::MetricFilter').map(([, filter]) => filter.Properties ?? {});
  const problems: string[] = [];
  for (const [groupId] of ofType('AWS::CodeDeploy::DeploymentGroup')) {
    const [aliasId, alias] = (resources.find(
      ([, resource]) =>
        resource.Type === 'AWS::Lambda::Alias' &&
        same(
          (
            resource.UpdatePolicy as {
              CodeDeployLambdaAliasUpdate?: { DeploymentGroupName?: unknown };
            }
          )?.CodeDeployLambdaAliasUpdate?.DeploymentGroupName,
          { Ref: groupId },
        ),
    ) ?? []) as [string?, Resource?];
    if (!aliasId || !alias) {
      problems.push(`${groupId}: moves no alias`);
      continue;
    }
    const fnId = (alias.Properties?.FunctionName as { Ref: string }).Ref;
    const fn = template.Resources[fnId] as Resource;
    const name = `${String(fn.Metadata?.[FUNCTION_METADATA_KEY])} (${groupId})`;
    const version = alias.Properties?.FunctionVersion;
    const logGroup = (fn.Properties?.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup;
    const feeding = (metric: AlarmMetric) =>
      filters.filter((filter) => {
        const [transform] = filter.MetricTransformations as {
          MetricNamespace: string;
          MetricName: string;
        }[];
        return (
          same(filter.LogGroupName, logGroup) &&
          transform?.MetricNamespace === metric.Namespace &&
          transform.MetricName === metric.MetricName
        );
      });
    const apisOf = (type: string, uri: string) =>
      ofType(type)
        .filter(([, resource]) => refersTo(resource.Properties?.[uri], aliasId))
        .map(([, resource]) => (resource.Properties?.ApiId as { Ref: string }).Ref);
    const authorized = apisOf('AWS::ApiGatewayV2::Authorizer', 'AuthorizerUri');
    const answered = apisOf('AWS::ApiGatewayV2::Integration', 'IntegrationUri');
    const httpApis = authorized.filter(
      (api) => template.Resources[api]?.Properties?.ProtocolType === 'HTTP',
    );
    const dimension = (metric: AlarmMetric, key: string) =>
      metric.Dimensions?.find((candidate) => candidate.Name === key)?.Value;
    const isLambdaErrors = (metric: AlarmMetric) =>
      metric.Namespace === 'AWS/Lambda' &&
      metric.MetricName === 'Errors' &&
      same(dimension(metric, 'FunctionName'), { Ref: fnId }) &&
      same(dimension(metric, 'ExecutedVersion'), version);
    const isErrorLines = (metric: AlarmMetric) =>
      same(dimension(metric, 'ExecutedVersion'), version) &&
      feeding(metric).some((filter) => String(filter.FilterPattern).includes('$.level = "ERROR"'));
    const isFailedAnswers = (metric: AlarmMetric) =>
      counting.has(String(fn.Metadata?.[FUNCTION_METADATA_KEY])) &&
      feeding(metric).some(
        (filter) =>
          String(filter.FilterPattern).includes(`"${ANSWER_COUNTS_MESSAGE}"`) &&
          (filter.MetricTransformations as { MetricValue: string }[])[0]?.MetricValue ===
            '$.failed',
      );
    const isApiFailures = (metric: AlarmMetric, api: string) =>
      metric.Namespace === 'AWS/ApiGateway' &&
      metric.MetricName === '5xx' &&
      same(dimension(metric, 'ApiId'), { Ref: api });
    const isOwn = (metric: AlarmMetric) =>
      (metric.Namespace === 'AWS/Lambda' &&
        same(dimension(metric, 'FunctionName'), { Ref: fnId })) ||
      feeding(metric).length > 0 ||
      (metric.Namespace === 'AWS/ApiGateway' &&
        [...authorized, ...answered].some((api) => same(dimension(metric, 'ApiId'), { Ref: api })));

    const alarms = (
      (
        template.Resources[groupId]?.Properties?.AlarmConfiguration as
          { Alarms?: { Name: { Ref: string } }[] } | undefined
      )?.Alarms ?? []
    ).map(({ Name }) => [Name.Ref, template.Resources[Name.Ref]?.Properties ?? {}] as const);
    const metricsOf = (alarm: Record<string, unknown>): AlarmMetric[] =>
      alarm.MetricName
        ? [alarm as unknown as AlarmMetric]
        : ((alarm.Metrics as { MetricStat?: { Metric: AlarmMetric } }[] | undefined) ?? []).flatMap(
            (metric) => (metric.MetricStat ? [metric.MetricStat.Metric] : []),
          );
    const metrics = alarms.flatMap(([, alarm]) => metricsOf(alarm));
    if (alarms.length === 0) problems.push(`${name}: no alarm rolls it back`);
    for (const [alarmId, alarm] of alarms)
      if (!metricsOf(alarm).some(isOwn)) problems.push(`${name}: ${alarmId} watches nothing of it`);
    const held = (what: string, test: (metric: AlarmMetric) => boolean) => {
      if (!metrics.some(test)) problems.push(`${name}: no alarm on ${what}`);
    };
    if (httpApis.length > 0) {
      held('its new version’s Lambda errors', isLambdaErrors);
      for (const api of httpApis)
        held(`the 5xx of ${api}, which it authorizes`, (metric) => isApiFailures(metric, api));
    } else if (answered.length > 0)
      held(
        'its failed answers (counted by its code) or its new version’s ERROR lines',
        (metric) => isFailedAnswers(metric) || isErrorLines(metric),
      );
    else {
      held('its new version’s Lambda errors', isLambdaErrors);
      held('its new version’s ERROR lines (a failed batch item)', isErrorLines);
    }
  }
  return problems;
}

describe('every canary judged by what its own function’s failure moves (prod)', () => {
  const functions = Object.values(prod.Resources).filter(isAppFunction);
  const counted = countingAnswers([
    ...new Set(functions.map((fn) => String(fn.Metadata?.[FUNCTION_METADATA_KEY]))),
  ]);

  it('holds each CodeDeploy deployment group to alarms of its own function, one its failure moves: the authorizer to the API’s 5xx and its errors, the event stream to its ERROR lines, a route to its failed answers', async () => {
    const counting = await counted;
    expect(
      Object.values(prod.Resources).filter(
        (resource) => resource.Type === 'AWS::CodeDeploy::DeploymentGroup',
      ),
    ).toHaveLength(functions.length);
    // The check reads the bundles: every route's code counts its answers, the authorizer's does not.
    expect(counting.has('not-found') && counting.has('list-jds')).toBe(true);
    expect(counting.has('authorizer') || counting.has('event-stream')).toBe(false);

    expect(canaryProblems(prod, counting)).toEqual([]);
  });

  it('fails a function that writes no line its alarms read, and one added without an alarm', async () => {
    const counting = await counted;
    const broken = structuredClone(prod);
    const groups = Object.entries(broken.Resources).filter(
      ([, resource]) => resource.Type === 'AWS::CodeDeploy::DeploymentGroup',
    );
    const apiPair = groups
      .map(([, group]) => group.Properties?.AlarmConfiguration)
      .find((configuration) => JSON.stringify(configuration).includes('CanaryApiErrors'));
    const groupOf = (folder: string) =>
      groups.find(([, group]) => {
        const alias = Object.values(broken.Resources).find((resource) =>
          same(
            (
              resource.UpdatePolicy as {
                CodeDeployLambdaAliasUpdate?: { DeploymentGroupName?: unknown };
              }
            )?.CodeDeployLambdaAliasUpdate?.DeploymentGroupName,
            { Ref: groups.find(([, candidate]) => candidate === group)?.[0] },
          ),
        );
        const fnId = (alias?.Properties?.FunctionName as { Ref: string } | undefined)?.Ref ?? '';
        return broken.Resources[fnId]?.Metadata?.[FUNCTION_METADATA_KEY] === folder;
      })?.[1] as Resource;
    // The authorizer and the event stream on the API's pair, as before: their code writes no `Answers` line.
    for (const folder of ['authorizer', 'event-stream'])
      (groupOf(folder).Properties as Record<string, unknown>).AlarmConfiguration = apiPair;
    // A background function's group without its alarms.
    (groupOf('webhook-worker').Properties as Record<string, unknown>).AlarmConfiguration = {
      Enabled: true,
      Alarms: [],
    };

    const problems = canaryProblems(broken, counting);
    expect(problems.filter((problem) => problem.startsWith('authorizer '))).toEqual(
      expect.arrayContaining([
        expect.stringContaining('no alarm on its new version’s Lambda errors'),
        expect.stringMatching(/no alarm on the 5xx of Api\w+, which it authorizes/),
      ]),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^event-stream .*no alarm on its failed answers/),
        expect.stringMatching(/^webhook-worker .*no alarm rolls it back/),
      ]),
    );
  });
});

describe('the odds of a canary at low traffic (scripts/capacity/canary-odds.ts)', () => {
  it('computes them for the rule that deploys: the alarm’s window, its least 500s and share, the canary’s length', () => {
    const alarm = Object.values(prod.Resources).find(
      (resource) => resource.Properties?.AlarmName === 'HiringApi-prod-Canary-Api-Errors',
    )?.Properties as {
      Metrics: { Expression?: string; MetricStat?: { Period: number } }[];
      Threshold: number;
      EvaluationPeriods: number;
    };
    expect(alarm.Metrics.find((metric) => metric.MetricStat)?.MetricStat?.Period).toBe(
      CANARY_RULE.windowMinutes * 60,
    );
    expect(alarm.EvaluationPeriods).toBe(CANARY_RULE.evaluationPeriods);
    expect(alarm.Threshold).toBe(CANARY_RULE.failedPercent);
    expect(alarm.Metrics.find((metric) => metric.Expression)?.Expression).toContain(
      `>= ${CANARY_RULE.leastFailed} `,
    );
    const configs = new Set(
      Object.values(prod.Resources)
        .filter((resource) => resource.Type === 'AWS::CodeDeploy::DeploymentGroup')
        .map((group) => group.Properties?.DeploymentConfigName),
    );
    expect([...configs]).toEqual([
      `CodeDeployDefault.LambdaCanary10Percent${CANARY_RULE.minutes}Minutes`,
    ]);
  });

  it('at 10 tenants: 2% 500s caught 97 times in 100 (13 before), 5% always (74 before), a healthy release rolled back under 1 in 1,000; a seeded simulation through the alarm agrees', () => {
    const answers = canaryAnswersPerMinute(10);
    expect(answers).toBeCloseTo(34.5, 1);
    const odds = (rule: typeof CANARY_RULE, share: number) => rollbackOdds(rule, answers, share);
    expect(odds(PER_MINUTE_RULE, 0.02)).toBeCloseTo(0.127, 3);
    expect(odds(PER_MINUTE_RULE, 0.05)).toBeCloseTo(0.739, 3);
    expect(odds(CANARY_RULE, 0.02)).toBeGreaterThan(0.97);
    expect(odds(CANARY_RULE, 0.05)).toBeGreaterThan(0.9999);
    expect(odds(CANARY_RULE, 0.001)).toBeLessThan(0.001);
    expect(odds(CANARY_RULE, 0.002)).toBeLessThan(0.01);

    // The same odds, sampled: 2,000 canaries of Poisson 500s (a fixed seed), each judged by the
    // synthesized alarm's own expression and window.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const poisson = (mean: number) => {
      let k = 0;
      for (let p = random(); p > Math.exp(-mean); p *= random()) k++;
      return k;
    };
    for (const share of [0.02, 0.05]) {
      let caught = 0;
      for (let canary = 0; canary < 2_000; canary++) {
        const minutes = Array.from({ length: CANARY.minutes }, () => ({
          a: answers,
          f: poisson(answers * share),
        }));
        if (canaryVerdict('HiringApi-prod-Canary-Api-Errors', minutes) === 'ALARM') caught++;
      }
      expect(Math.abs(caught / 2_000 - odds(CANARY_RULE, share)), String(share)).toBeLessThan(
        0.015,
      );
    }
  });

  it('is what the runbook shows', () => {
    const runbook = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
    expect(runbook.includes(canaryOddsTable()), canaryOddsTable()).toBe(true);
  });
});
