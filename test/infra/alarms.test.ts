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
