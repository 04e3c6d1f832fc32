import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fullDiff, ResourceImpact } from '@aws-cdk/cloudformation-diff';
import { FUNCTION_METADATA_KEY } from '../../infra/api-function.js';
import { RELEASED_STAGE } from '../../infra/released.js';
import type { AssemblyLike, CfnTemplate } from './stack-template.js';

/**
 * What a release leaves deployed that the next deployment must not break, read from the synthesized
 * stacks of a stage (`npm run release` records it in docs/stacks.released.json, and `npm run
 * release:check`, part of `npm test`, compares the current app with it): CloudFormation refuses, or
 * does harm, where the compatibility check of the API cannot see.
 * - an export another stack imports cannot be removed or changed ("cannot be deleted as it is in
 *   use"): `cdk deploy --all` updates the data stack first, so the whole release stops there;
 * - a stateful resource (the table, keys, secrets, queues, log groups, the bus, the topic) replaced or
 *   renamed loses what it holds;
 * - a route key that moves to another stack is refused while the old stack still holds it ("already
 *   exists");
 * - a function that moves to another stack is created anew and goes live at once, without its canary;
 * - an index changed in place is refused ("Cannot update GSI's properties other than Provisioned
 *   Throughput"), and so is a table whose indexes would project more than 100 attributes;
 * - a resource named by the template (an alarm, the dashboard, the web ACL…) created under a new
 *   logical id or in another stack is created before the old one is deleted ("already exists"), and
 *   one replaced under the same name is refused.
 */
export { RELEASED_STACKS, RELEASED_STAGE } from '../../infra/released.js';

/** The resource types whose replacement loses data or what clients hold (a key's ciphertexts, a secret). */
export const STATEFUL_TYPES = [
  'AWS::DynamoDB::GlobalTable',
  'AWS::DynamoDB::Table',
  'AWS::KMS::Key',
  'AWS::SecretsManager::Secret',
  'AWS::SQS::Queue',
  'AWS::Logs::LogGroup',
  'AWS::Events::EventBus',
  'AWS::SNS::Topic',
] as const;

export interface StackRecord {
  /** each export: the stack that makes it, its value, and the stacks that import it */
  exports: Record<string, { stack: string; value: unknown; importedBy: string[] }>;
  /** each stateful resource by logical id: the template it is in, and its definition */
  stateful: Record<string, { stack: string; type: string; properties: unknown }>;
  /** each route key: the template it is in (a nested stack: `<stack>/<nested stack's logical id>`) */
  routes: Record<string, string>;
  /** each function by name: the template it is in */
  functions: Record<string, string>;
  /**
   * each output another stack reads by a weak reference (Fn::GetStackOutput, `<stack>:<output>`), with
   * the stacks that read it (a record made before weak references has none)
   */
  weakReads?: Record<string, string[]>;
  /** every output of every top-level stack, `<stack>:<output>` */
  outputs?: string[];
  /**
   * each resource the template names itself (NAMED_TYPES), by `<type> <name>`: where it is, and the
   * properties whose change replaces it (a record made before this has none)
   */
  named?: Record<string, { stack: string; logicalId: string; replacing: Record<string, unknown> }>;
}

/**
 * The resource types the app names itself, with the property that names each and those whose change
 * replaces it (CloudFormation's "Update requires: Replacement"). A name that changes with its
 * construct's id (a function's, CDK-generated) cannot collide and is not here.
 */
export const NAMED_TYPES: Record<string, { name: string; replacing: readonly string[] }> = {
  'AWS::CloudWatch::Alarm': { name: 'AlarmName', replacing: [] },
  'AWS::CloudWatch::Dashboard': { name: 'DashboardName', replacing: [] },
  'AWS::CloudWatch::InsightRule': { name: 'RuleName', replacing: [] },
  'AWS::SSM::Parameter': { name: 'Name', replacing: [] },
  'AWS::WAFv2::WebACL': { name: 'Name', replacing: ['Scope'] },
  'AWS::CodeDeploy::Application': { name: 'ApplicationName', replacing: ['ComputePlatform'] },
  'AWS::ApiGatewayV2::DomainName': { name: 'DomainName', replacing: [] },
};

/** DynamoDB's most projected attributes over all of a table's secondary indexes (INCLUDE's NonKeyAttributes, each counted). */
export const MAX_PROJECTED_ATTRIBUTES = 100;

interface IndexDefinition {
  IndexName: string;
  KeySchema: unknown;
  Projection: { ProjectionType?: string; NonKeyAttributes?: string[] };
}

const indexesOf = (properties: unknown): IndexDefinition[] =>
  (properties as { GlobalSecondaryIndexes?: IndexDefinition[] }).GlobalSecondaryIndexes ?? [];

/** An index's definition as CloudFormation compares it: its keys, and what it projects in any order. */
const indexShape = (index: IndexDefinition) =>
  JSON.stringify({
    keys: index.KeySchema,
    type: index.Projection.ProjectionType,
    attributes: [...(index.Projection.NonKeyAttributes ?? [])].sort(),
  });

/** What a table's indexes project together, counted as DynamoDB counts them. */
export function projectedAttributes(properties: unknown): number {
  return indexesOf(properties).reduce(
    (total, index) => total + (index.Projection.NonKeyAttributes?.length ?? 0),
    0,
  );
}

/** Every template of the app: each top-level stack's, and each nested stack's under `<stack>/<id>`. */
function templatesOf(
  assembly: AssemblyLike,
): Map<string, { template: CfnTemplate; stack: string }> {
  const all = new Map<string, { template: CfnTemplate; stack: string }>();
  const collect = (place: string, stack: string, template: CfnTemplate) => {
    all.set(place, { template, stack });
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const file = resource.Metadata?.['aws:asset:path'] as string | undefined;
      if (!file) throw new Error(`Nested stack ${logicalId} has no aws:asset:path metadata`);
      const child = JSON.parse(readFileSync(join(assembly.directory, file), 'utf8')) as CfnTemplate;
      collect(`${stack}/${logicalId}`, stack, child);
    }
  };
  for (const { stackName, template } of assembly.stacks)
    collect(stackName, stackName, template as CfnTemplate);
  return all;
}

/** The names a value imports (`Fn::ImportValue` of a literal name), anywhere in it. */
function importsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const inner of value) importsIn(inner, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Fn::ImportValue' && typeof inner === 'string') found.add(inner);
      else importsIn(inner, found);
    }
  }
  return found;
}

/** The outputs a value reads by weak reference (`Fn::GetStackOutput`), as `<stack>:<output>`. */
function weakReadsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const inner of value) weakReadsIn(inner, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const read = inner as { StackName?: unknown; OutputName?: unknown };
      if (
        key === 'Fn::GetStackOutput' &&
        typeof read.StackName === 'string' &&
        typeof read.OutputName === 'string'
      )
        found.add(`${read.StackName}:${read.OutputName}`);
      else weakReadsIn(inner, found);
    }
  }
  return found;
}

/** What the stacks of a synthesized app hold that a later release must keep. */
export function stackRecordOf(assembly: AssemblyLike): StackRecord {
  const record: StackRecord = {
    exports: {},
    stateful: {},
    routes: {},
    functions: {},
    weakReads: {},
    outputs: [],
    named: {},
  };
  for (const { stackName, template } of assembly.stacks)
    for (const output of Object.keys((template as CfnTemplate).Outputs ?? {}))
      record.outputs?.push(`${stackName}:${output}`);
  record.outputs?.sort();
  const templates = templatesOf(assembly);
  for (const [place, { template, stack }] of templates) {
    for (const output of Object.values(template.Outputs ?? {}))
      if (output.Export)
        record.exports[output.Export.Name] = { stack, value: output.Value, importedBy: [] };
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      if ((STATEFUL_TYPES as readonly string[]).includes(resource.Type))
        record.stateful[logicalId] = {
          stack: place,
          type: resource.Type,
          properties: resource.Properties ?? {},
        };
      if (resource.Type === 'AWS::ApiGatewayV2::Route')
        record.routes[String(resource.Properties?.RouteKey)] = place;
      const naming = NAMED_TYPES[resource.Type];
      const name = naming && resource.Properties?.[naming.name];
      // Only a literal name: one made of references changes with what it refers to.
      if (naming && typeof name === 'string')
        (record.named ??= {})[`${resource.Type} ${name}`] = {
          stack: place,
          logicalId,
          replacing: Object.fromEntries(
            naming.replacing.map((property) => [property, resource.Properties?.[property] ?? null]),
          ),
        };
      // Each function is marked with its name (infra/api-function.ts): CloudFormation names it.
      const functionName = resource.Metadata?.[FUNCTION_METADATA_KEY];
      if (resource.Type === 'AWS::Lambda::Function' && typeof functionName === 'string')
        record.functions[functionName] = place;
    }
  }
  for (const [, { template, stack }] of templates) {
    for (const name of importsIn(template)) {
      record.exports[name] ??= { stack: '(outside the app)', value: null, importedBy: [] };
      record.exports[name].importedBy.push(stack);
    }
    for (const read of weakReadsIn(template)) {
      const readers = (record.weakReads ??= {});
      readers[read] = [...new Set([...(readers[read] ?? []), stack])].sort();
    }
  }
  for (const entry of Object.values(record.exports))
    entry.importedBy = [...new Set(entry.importedBy)].sort();
  return record;
}

/** The indexes a table's new definition adds or removes (`+name`, `-name`). */
function indexChanges(was: unknown, now: unknown): string[] {
  const names = (properties: unknown) =>
    new Set(
      (
        (properties as { GlobalSecondaryIndexes?: { IndexName: string }[] })
          .GlobalSecondaryIndexes ?? []
      ).map((index) => index.IndexName),
    );
  const [before, after] = [names(was), names(now)];
  return [
    ...[...after].filter((name) => !before.has(name)).map((name) => `+${name}`),
    ...[...before].filter((name) => !after.has(name)).map((name) => `-${name}`),
  ];
}

/** Why deploying `current` over what `released` left would fail or lose something (docs/operations.md). */
export function releaseProblems(released: StackRecord, current: StackRecord): string[] {
  const problems: string[] = [];
  for (const [name, was] of Object.entries(released.exports)) {
    const importers = was.importedBy.filter((stack) => stack !== was.stack);
    if (importers.length === 0) continue;
    const now = current.exports[name];
    // A table's stream ARN changes with its view type, though the expression exporting it does not.
    const [streamOf, attribute] =
      (was.value as { 'Fn::GetAtt'?: [string, string] } | null)?.['Fn::GetAtt'] ?? [];
    if (now && attribute === 'StreamArn' && streamOf && current.stateful[streamOf]) {
      const spec = (record: StackRecord) =>
        JSON.stringify(
          (record.stateful[streamOf]?.properties as { StreamSpecification?: unknown } | undefined)
            ?.StreamSpecification,
        );
      if (spec(released) !== spec(current))
        problems.push(
          `export ${name} (${streamOf}'s stream ARN) changes with its stream's view type while ${importers.join(', ')} imports it: DynamoDB ends the stream and starts another; take the consumer off it first (docs/operations.md, "Changing the table's stream view type")`,
        );
    }
    if (!now)
      problems.push(
        `export ${name} removed while ${importers.join(', ')} imports it: keep it exported one more release (exportValue), then drop it (docs/operations.md, "Releases")`,
      );
    else if (JSON.stringify(now.value) !== JSON.stringify(was.value))
      problems.push(
        `export ${name} changed while ${importers.join(', ')} imports it: export the new value under a new name, move the importers to it, and drop the old one a release later`,
      );
  }
  // An output read by weak reference is not locked by CloudFormation: gone, it would fail the next
  // deployment, or a rollback, of the stack that read it.
  for (const [output, readers] of Object.entries(released.weakReads ?? {})) {
    const [stack] = output.split(':');
    const others = readers.filter((reader) => reader !== stack);
    // A stack the app no longer has is not deployed (nor deleted) by it: its outputs stay.
    const stackStays = current.outputs?.some((name) => name.startsWith(`${stack}:`));
    if (others.length > 0 && stackStays && !current.outputs?.includes(output))
      problems.push(
        `output ${output} removed while ${others.join(', ')} read it by a weak reference: keep it one more release (the stack that reads it deploys after, and a rollback reads it again), then drop it`,
      );
  }
  for (const [logicalId, was] of Object.entries(released.stateful)) {
    const now = current.stateful[logicalId];
    // A function's log group leaves with its function (a route removed): prod keeps it, with its logs.
    if (!now && was.type === 'AWS::Logs::LogGroup') continue;
    if (!now || now.stack !== was.stack) {
      problems.push(
        `${was.type} ${logicalId} (${was.stack}) is gone${now ? ` to ${now.stack}` : ''}: a stateful resource renamed or moved is replaced, and loses what it holds`,
      );
      continue;
    }
    const diff = fullDiff(
      { Resources: { [logicalId]: { Type: was.type, Properties: was.properties } } },
      { Resources: { [logicalId]: { Type: now.type, Properties: now.properties } } },
    );
    const changedIndexes = indexChanges(was.properties, now.properties);
    if (changedIndexes.length > 1)
      problems.push(
        `${was.type} ${logicalId} (${was.stack}) would add or remove ${changedIndexes.length} indexes at once (${changedIndexes.join(', ')}): DynamoDB takes one per update, so CloudFormation fails; one index a release (docs/data-model.md, "Changing an index")`,
      );
    // An index keeps its name only with its keys and projection: CloudFormation changes no other.
    const before = new Map(indexesOf(was.properties).map((index) => [index.IndexName, index]));
    for (const index of indexesOf(now.properties)) {
      const old = before.get(index.IndexName);
      if (old && indexShape(old) !== indexShape(index))
        problems.push(
          `${was.type} ${logicalId} (${was.stack}) changes index ${index.IndexName} in place (its keys or projection): CloudFormation refuses ("Cannot update GSI's properties other than Provisioned Throughput"); add the new definition under a new name, and retire the old one a release later (docs/operations.md, "Releases")`,
        );
    }
    const projected = projectedAttributes(now.properties);
    if (projected > MAX_PROJECTED_ATTRIBUTES)
      problems.push(
        `${was.type} ${logicalId} (${was.stack}) would project ${projected} attributes over its indexes (${indexesOf(
          now.properties,
        )
          .map((index) => `${index.IndexName} ${index.Projection.NonKeyAttributes?.length ?? 0}`)
          .join(
            ', ',
          )}): DynamoDB allows ${MAX_PROJECTED_ATTRIBUTES}, retiring indexes included; retire one first, one a release (docs/operations.md, "Releases")`,
      );
    const impact = diff.resources.changes[logicalId]?.changeImpact;
    if (impact === ResourceImpact.WILL_REPLACE || impact === ResourceImpact.MAY_REPLACE)
      problems.push(
        `${was.type} ${logicalId} (${was.stack}) would be replaced (${impact}): a stateful resource loses what it holds`,
      );
  }
  // A resource the template names: created under its new logical id or stack before the old one is
  // deleted, so its name is taken; replaced in place under the same name, refused.
  for (const [key, was] of Object.entries(released.named ?? {})) {
    const now = current.named?.[key];
    if (!now) continue;
    if (now.stack !== was.stack || now.logicalId !== was.logicalId)
      problems.push(
        `${key} moves from ${was.stack} ${was.logicalId} to ${now.stack} ${now.logicalId}: CloudFormation creates the new one before it deletes the old, whose name it still holds ("already exists"); rename it in the same release, or move it in two (docs/operations.md, "Releases")`,
      );
    else if (JSON.stringify(now.replacing) !== JSON.stringify(was.replacing))
      problems.push(
        `${key} (${was.stack} ${was.logicalId}) would be replaced under the same name (${Object.keys(was.replacing).join(', ')} changed): CloudFormation refuses to replace a resource it must name; give it a new name with the change`,
      );
  }
  for (const [kind, released_, current_, why] of [
    [
      'route',
      released.routes,
      current.routes,
      'API Gateway refuses the route in its new stack while the old one still holds it: remove it in one release, add it in the next (or refactor the stacks)',
    ],
    [
      'function',
      released.functions,
      current.functions,
      'it would be created anew and go live at once, without its canary: move it in two releases, or refactor the stacks',
    ],
  ] as const) {
    for (const [name, was] of Object.entries(released_)) {
      const now = current_[name];
      if (now !== undefined && now !== was)
        problems.push(`${kind} ${name} moves from ${was} to ${now}: ${why}`);
    }
  }
  return problems;
}

/** The record of the current app, synthesized for RELEASED_STAGE from cdk.json (functions not bundled), with `context` over it. */
export async function currentStackRecord(
  context: Record<string, unknown> = {},
): Promise<StackRecord> {
  const { createApp } = await import('../../infra/app.js');
  const cdk = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'cdk.json'), 'utf8'),
  ) as { context?: Record<string, unknown> };
  const created = createApp({
    ...cdk.context,
    stage: RELEASED_STAGE,
    'aws:cdk:bundling-stacks': [],
    ...context,
  });
  const assembly = created.app.synth();
  try {
    return stackRecordOf(assembly);
  } finally {
    await rm(assembly.directory, { recursive: true, force: true });
  }
}
