import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../infra/app.js';
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
 * A metric-math alarm as CloudWatch evaluates it, minute by minute: its expression over each minute's
 * counts (what the release's `Answers` lines sum to), compared with its threshold, in M of N minutes;
 * a minute without data is not breaching (treatMissingData). Reads the synthesized alarm itself, so
 * the test holds what deploys.
 */
function canaryVerdict(alarmName: string, minutes: Record<string, number>[]): 'ALARM' | 'OK' {
  const alarm = Object.values(prod.Resources).find(
    (resource) =>
      resource.Type === 'AWS::CloudWatch::Alarm' && resource.Properties?.AlarmName === alarmName,
  )?.Properties as {
    Metrics: { Id: string; Expression?: string; ReturnData?: boolean }[];
    Threshold: number;
    ComparisonOperator: string;
    EvaluationPeriods: number;
    DatapointsToAlarm: number;
  };
  const expression = alarm.Metrics.find((metric) => metric.Expression)?.Expression as string;
  // The expression's functions, as JavaScript: FILL(x, 0), IF(c, a, b), AND.
  const js = expression
    .replace(/FILL\((\w+), 0\)/g, '($1 ?? 0)')
    .replace(/\bAND\b/g, '&&')
    .replace(/^IF\((.*), (.*), (.*)\)$/, '(($1) ? ($2) : ($3))');
  const ids = alarm.Metrics.filter((metric) => !metric.Expression).map((metric) => metric.Id);
  const value = new Function(...ids, `return ${js};`) as (...counts: unknown[]) => number;
  const breaching = minutes.map((counts) => {
    if (ids.every((id) => counts[id] === undefined)) return false;
    const result = value(...ids.map((id) => counts[id]));
    return alarm.ComparisonOperator === 'GreaterThanOrEqualToThreshold'
      ? result >= alarm.Threshold
      : result > alarm.Threshold;
  });
  for (let end = alarm.EvaluationPeriods; end <= breaching.length; end++)
    if (
      breaching.slice(end - alarm.EvaluationPeriods, end).filter(Boolean).length >=
      alarm.DatapointsToAlarm
    )
      return 'ALARM';
  return 'OK';
}

describe('a release’s canary, judged on what users see', () => {
  const errors = 'HiringApi-prod-Canary-Api-Errors';
  const latency = 'HiringApi-prod-Canary-Api-Latency';
  /** Five minutes of a canary's 10% at busy traffic (500 requests a second: 3,000 answers a minute). */
  const busy = (counts: (minute: number) => { f?: number; s?: number }) =>
    Array.from({ length: 5 }, (_, minute) => ({ a: 3_000, f: 0, s: 0, ...counts(minute) }));

  it('lets a healthy release through: 0.1% transient 503s (not counted), the odd 500, a cold start', () => {
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
    // Little traffic is no evidence either way.
    expect(
      canaryVerdict(errors, [
        { a: 20, f: 1 },
        { a: 15, f: 1 },
        { a: 10, f: 1 },
      ]),
    ).toBe('OK');
    expect(
      canaryVerdict(latency, [
        { a: 50, s: 40 },
        { a: 60, s: 50 },
        { a: 40, s: 30 },
      ]),
    ).toBe('OK');
  });

  it('rolls back a release answering 2% 500s, or 2% of its answers slower than the target, within its 5 minutes', () => {
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
  });
});
