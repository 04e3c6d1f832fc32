import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../infra/app.js';
import { type ServedRoute, servedRoutes } from '../../infra/stack.js';
import { ALARMS_PER_WIDGET } from '../../infra/operations.js';
import { PROD_CONTEXT, PROD_ENV } from '../helpers/stages.js';

/**
 * CloudFormation's quotas on one template (nested ones included), and IAM's on a role's inline
 * policies. Every template of today's app stays within 60% of each; the app with three times today's
 * routes, within each.
 */
const QUOTAS = {
  resources: 500,
  outputs: 200,
  parameters: 200,
  mappings: 200,
  templateBytes: 1_000_000,
  inlinePolicyCharacters: 10_240,
};

interface Measured {
  template: string;
  resources: number;
  outputs: number;
  parameters: number;
  mappings: number;
  templateBytes: number;
  /** the largest of a role's inline policies together, as IAM counts them (no whitespace), intrinsics as 100-character ARNs */
  inlinePolicyCharacters: number;
  /** CloudWatch alarms in the template */
  alarms: number;
  /** how many alarms each alarm status widget of its dashboards shows */
  alarmWidgets: number[];
}

/** A reference as IAM sees it once CloudFormation has resolved it: an ARN of about 100 characters. */
function rendered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rendered);
  if (value && typeof value === 'object') {
    const [key] = Object.keys(value);
    if (key === 'Ref' || key?.startsWith('Fn::')) return 'x'.repeat(100);
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, rendered(inner)]),
    );
  }
  return value;
}

/** How many alarms each alarm status widget of a dashboard body shows (its tokens read as text). */
function alarmWidgetSizes(body: unknown): number[] {
  const parts = (body as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join']?.[1] ?? [body];
  const text = parts.map((part) => (typeof part === 'string' ? part : 'token')).join('');
  const widgets = (JSON.parse(text) as { widgets: { properties: { alarms?: unknown[] } }[] })
    .widgets;
  return widgets.flatMap((widget) =>
    widget.properties.alarms ? [widget.properties.alarms.length] : [],
  );
}

/** Every template of the app (top-level and nested), measured. */
function measure(routes?: readonly ServedRoute[]): Measured[] {
  const assembly = createApp(PROD_CONTEXT, PROD_ENV, routes ? { routes } : {}).app.synth();
  return readdirSync(assembly.directory)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => {
      const text = readFileSync(join(assembly.directory, file), 'utf8');
      const template = JSON.parse(text) as {
        Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
        Outputs?: object;
        Parameters?: object;
        Mappings?: object;
      };
      const policies = new Map<string, number>();
      for (const [id, resource] of Object.entries(template.Resources)) {
        const documents =
          resource.Type === 'AWS::IAM::Role'
            ? (
                (resource.Properties?.Policies as { PolicyDocument: unknown }[] | undefined) ?? []
              ).map((policy) => [id, policy.PolicyDocument] as const)
            : resource.Type === 'AWS::IAM::Policy'
              ? ((resource.Properties?.Roles as { Ref: string }[] | undefined) ?? []).map(
                  (role) => [role.Ref, resource.Properties?.PolicyDocument] as const,
                )
              : [];
        for (const [role, document] of documents)
          policies.set(role, (policies.get(role) ?? 0) + JSON.stringify(rendered(document)).length);
      }
      return {
        template: file,
        resources: Object.keys(template.Resources).length,
        outputs: Object.keys(template.Outputs ?? {}).length,
        parameters: Object.keys(template.Parameters ?? {}).length,
        mappings: Object.keys(template.Mappings ?? {}).length,
        templateBytes: Buffer.byteLength(JSON.stringify(template)),
        inlinePolicyCharacters: Math.max(0, ...policies.values()),
        alarms: Object.values(template.Resources).filter(
          (resource) => resource.Type === 'AWS::CloudWatch::Alarm',
        ).length,
        alarmWidgets: Object.values(template.Resources)
          .filter((resource) => resource.Type === 'AWS::CloudWatch::Dashboard')
          .flatMap((dashboard) => alarmWidgetSizes(dashboard.Properties?.DashboardBody)),
      };
    });
}

/** Today's routes three times over, each copy in its own route's group (`/jds/copy2/{jdId}`), as new endpoints would land. */
function tripled(): ServedRoute[] {
  return [0, 1, 2].flatMap((copy) =>
    servedRoutes().map(({ id, route, access }) => {
      if (copy === 0) return { id, route, access };
      const [, group, ...rest] = route.path.split('/');
      return {
        id: `${id}Copy${copy}`,
        route: { ...route, path: ['', group, `copy${copy}`, ...rest].join('/') },
        access,
      };
    }),
  );
}

const within = (measured: Measured[], share: number) =>
  measured.flatMap((template) =>
    (Object.keys(QUOTAS) as (keyof typeof QUOTAS)[])
      .filter((quota) => template[quota] > QUOTAS[quota] * share)
      .map((quota) => `${template.template}: ${quota} ${template[quota]} of ${QUOTAS[quota]}`),
  );

describe('room to grow', () => {
  it('keeps every template of today’s app within 60% of every CloudFormation quota, and each role’s inline policies within 60% of IAM’s', () => {
    const measured = measure();

    expect(measured.length).toBeGreaterThan(5);
    expect(within(measured, 0.6)).toEqual([]);
  });

  it('would still synthesize within every quota with three times today’s endpoints', () => {
    const routes = tripled();
    const measured = measure(routes);

    expect(routes.length).toBe(servedRoutes().length * 3);
    expect(measured.reduce((sum, template) => sum + template.resources, 0)).toBeGreaterThan(1000);
    expect(within(measured, 1)).toEqual([]);
    // Every alarm is on the dashboard, and no alarm status widget holds more than CloudWatch shows.
    const shown = measured.flatMap((template) => template.alarmWidgets);
    expect(Math.max(...shown)).toBeLessThanOrEqual(ALARMS_PER_WIDGET);
    expect(shown.reduce((sum, count) => sum + count, 0)).toBe(
      measured.reduce((sum, template) => sum + template.alarms, 0),
    );
  });
});

describe('what the service keeps', () => {
  /** Their logical ids: a change of one is a new resource for CloudFormation (an empty table, a new key that cannot open the old secrets). */
  const STATEFUL = {
    TableCD117FA1: 'AWS::DynamoDB::GlobalTable',
    CursorSecretABAE1358: 'AWS::SecretsManager::Secret',
    WebhookSecretsKey5C1E05FC: 'AWS::KMS::Key',
    OriginVerifySecret1DED2FB3: 'AWS::SecretsManager::Secret',
    AlarmTopicD01E77F9: 'AWS::SNS::Topic',
    ProductEventsQueueA903B809: 'AWS::SQS::Queue',
    ProductEventsDeadLetterQueueC9136669: 'AWS::SQS::Queue',
    WebhooksQueueCBC86013: 'AWS::SQS::Queue',
    WebhooksDeadLetterQueue1C65998B: 'AWS::SQS::Queue',
    WebhooksStreamFailures483EBBE6: 'AWS::SQS::Queue',
  };

  it('lives in the data stack under fixed logical ids, kept in prod when removed (but not when its first create fails), destroyed with dev', () => {
    const templateOf = (stage: string) => {
      const created = createApp(
        stage === 'prod' ? PROD_CONTEXT : { stage, 'aws:cdk:bundling-stacks': [] },
        PROD_ENV,
      );
      return created.app.synth().getStackByName(created.data.stackName).template as {
        Resources: Record<string, { Type: string; DeletionPolicy?: string }>;
      };
    };
    const [prod, dev] = [templateOf('prod'), templateOf('dev')];

    for (const [id, type] of Object.entries(STATEFUL)) {
      expect([id, prod.Resources[id]?.Type, prod.Resources[id]?.DeletionPolicy]).toEqual([
        id,
        type,
        'RetainExceptOnCreate',
      ]);
      if (dev.Resources[id])
        expect([id, dev.Resources[id]?.DeletionPolicy]).toEqual([id, 'Delete']);
    }
  });
});
