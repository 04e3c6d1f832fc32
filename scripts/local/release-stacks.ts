import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fullDiff, ResourceImpact } from '@aws-cdk/cloudformation-diff';
import { FUNCTION_METADATA_KEY } from '../../infra/api-function.js';
import { RELEASED_STAGE } from '../../infra/released.js';
import { QUOTAS, reservableConcurrency } from '../capacity/quotas.js';
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
 * - a resource named by the template (an alarm, the dashboard, the web ACL, a route's key or a
 *   stage's name on its API, a function given a name…) created under a new logical id or in another
 *   stack is created before the old one is deleted ("already exists"), and one replaced under the
 *   same name is refused;
 * - functions reserving more concurrency than the account can give (Lambda keeps 100 unreserved),
 *   counting during the update both what the release reserved and what this one does;
 * - a stack's termination protection, or the table's deletion protection, turned off.
 * The first deploy of a stage (`-c firstDeploy=true`, docs/operations.md, "Before the first production
 * deploy") is checked as the runbook runs it (firstDeployProblems): created from nothing, then the
 * deploy after it over it, which ends protected.
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
  /** each top-level stack's termination protection (a record made before this has none) */
  terminationProtection?: Record<string, boolean>;
  /** each function that reserves concurrency, by `<template> <logical id>`: how much (a record made before this has none) */
  reservedConcurrency?: Record<string, number>;
}

/** What no stack holds yet: the account before the first deploy. */
export const NOTHING_DEPLOYED: StackRecord = {
  exports: {},
  stateful: {},
  routes: {},
  functions: {},
  weakReads: {},
  outputs: [],
  named: {},
  terminationProtection: {},
  reservedConcurrency: {},
};

/**
 * The resource types the app names itself, with the property that names each and those whose change
 * replaces it (CloudFormation's "Update requires: Replacement"). A name that changes with its
 * construct's id (a function's, CDK-generated) cannot collide and is not here; a function given a
 * FunctionName can. `scope`: the property naming what the name is unique in (a route's key and a
 * stage's name, in their API); `way`: the way around a move, where renaming is not.
 */
export const NAMED_TYPES: Record<
  string,
  { name: string; replacing: readonly string[]; scope?: string; way?: string }
> = {
  'AWS::CloudWatch::Alarm': { name: 'AlarmName', replacing: [] },
  'AWS::CloudWatch::Dashboard': { name: 'DashboardName', replacing: [] },
  'AWS::CloudWatch::InsightRule': { name: 'RuleName', replacing: [] },
  'AWS::SSM::Parameter': { name: 'Name', replacing: [] },
  'AWS::WAFv2::WebACL': { name: 'Name', replacing: ['Scope'] },
  'AWS::CodeDeploy::Application': { name: 'ApplicationName', replacing: ['ComputePlatform'] },
  'AWS::ApiGatewayV2::DomainName': { name: 'DomainName', replacing: [] },
  // API Gateway answers 409 ("Route with key … already exists"): the key is the API's contract.
  'AWS::ApiGatewayV2::Route': {
    name: 'RouteKey',
    replacing: [],
    scope: 'ApiId',
    way: 'keep its logical id (overrideLogicalId), or remove the route in one release and add it in the next',
  },
  // A second stage of that name on the API ("Stage already exists"); its name is in the stage's URL.
  'AWS::ApiGatewayV2::Stage': {
    name: 'StageName',
    replacing: [],
    scope: 'ApiId',
    way: 'keep its logical id (overrideLogicalId): a stage under another name is another URL',
  },
  'AWS::Lambda::Function': { name: 'FunctionName', replacing: [] },
};

/** DynamoDB's most global secondary indexes on a table made with them at once (an update adds one). */
export const MAX_INDEXES_AT_CREATION = 20;

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

/**
 * Every template of the app, by place: each top-level stack's (with its termination protection), and
 * each nested stack's under `<stack>/<id>` (with its parent and the parameters the parent gives it).
 * Held in memory, so that a test can change a template before it is recorded (stackRecordOf).
 */
export type StackTemplates = Map<
  string,
  {
    template: CfnTemplate;
    stack: string;
    terminationProtection?: boolean;
    parent?: { place: string; parameters: Record<string, unknown> };
  }
>;

export function stackTemplatesOf(assembly: AssemblyLike): StackTemplates {
  const all: StackTemplates = new Map();
  const collect = (
    place: string,
    stack: string,
    template: CfnTemplate,
    extra: {
      terminationProtection?: boolean;
      parent?: { place: string; parameters: Record<string, unknown> };
    },
  ) => {
    all.set(place, { template, stack, ...extra });
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const file = resource.Metadata?.['aws:asset:path'] as string | undefined;
      if (!file) throw new Error(`Nested stack ${logicalId} has no aws:asset:path metadata`);
      const child = JSON.parse(readFileSync(join(assembly.directory, file), 'utf8')) as CfnTemplate;
      const parameters = (resource.Properties?.Parameters ?? {}) as Record<string, unknown>;
      collect(`${stack}/${logicalId}`, stack, child, { parent: { place, parameters } });
    }
  };
  for (const { stackName, template, terminationProtection } of assembly.stacks)
    collect(stackName, stackName, template as CfnTemplate, {
      terminationProtection: terminationProtection === true,
    });
  return all;
}

/**
 * What a reference in the template at `place` stands for, the same wherever it is read: a nested
 * stack's parameter followed to the value its parent gives, a `Ref` as `<place>:<logical id>`.
 */
function referenceOf(templates: StackTemplates, place: string, value: unknown): string {
  let [at, current] = [place, value];
  for (;;) {
    const ref = (current as { Ref?: unknown } | null)?.Ref;
    const entry = templates.get(at);
    if (
      typeof ref === 'string' &&
      entry?.parent &&
      entry.template.Parameters?.[ref] !== undefined &&
      Object.hasOwn(entry.parent.parameters, ref)
    ) {
      current = entry.parent.parameters[ref];
      at = entry.parent.place;
      continue;
    }
    return typeof ref === 'string' ? `${at}:${ref}` : JSON.stringify(current);
  }
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

/** What the stacks of a synthesized app (or its templates, stackTemplatesOf) hold that a later release must keep. */
export function stackRecordOf(source: AssemblyLike | StackTemplates): StackRecord {
  const record: StackRecord = structuredClone(NOTHING_DEPLOYED);
  const templates = source instanceof Map ? source : stackTemplatesOf(source);
  for (const [place, { template, parent, terminationProtection }] of templates) {
    if (parent) continue;
    for (const output of Object.keys(template.Outputs ?? {}))
      record.outputs?.push(`${place}:${output}`);
    (record.terminationProtection ??= {})[place] = terminationProtection === true;
  }
  record.outputs?.sort();
  record.terminationProtection = Object.fromEntries(
    Object.entries(record.terminationProtection ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
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
      // Only a literal name: one made of references changes with what it refers to. A name unique in
      // something (its API) is keyed by that too: the same key on another API is another route.
      const scope = naming?.scope
        ? ` ${referenceOf(templates, place, resource.Properties?.[naming.scope])}`
        : '';
      if (naming && typeof name === 'string')
        (record.named ??= {})[`${resource.Type}${scope} ${name}`] = {
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
      const reserved = resource.Properties?.ReservedConcurrentExecutions;
      if (resource.Type === 'AWS::Lambda::Function' && typeof reserved === 'number')
        (record.reservedConcurrency ??= {})[`${place} ${logicalId}`] = reserved;
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

/** Whether a table's definition turns its deletion protection on (a global table's, on each replica). */
function deletionProtected(properties: unknown): boolean {
  const table = properties as {
    DeletionProtectionEnabled?: boolean;
    Replicas?: { DeletionProtectionEnabled?: boolean }[];
  };
  return table.Replicas
    ? table.Replicas.length > 0 &&
        table.Replicas.every((replica) => replica.DeletionProtectionEnabled === true)
    : table.DeletionProtectionEnabled === true;
}

const TABLE_TYPES = ['AWS::DynamoDB::GlobalTable', 'AWS::DynamoDB::Table'];

/** Why a table's indexes, as defined in `properties`, are more than DynamoDB holds. */
function projectionProblems(logicalId: string, entry: StackRecord['stateful'][string]): string[] {
  const projected = projectedAttributes(entry.properties);
  if (projected <= MAX_PROJECTED_ATTRIBUTES) return [];
  return [
    `${entry.type} ${logicalId} (${entry.stack}) would project ${projected} attributes over its indexes (${indexesOf(
      entry.properties,
    )
      .map((index) => `${index.IndexName} ${index.Projection.NonKeyAttributes?.length ?? 0}`)
      .join(
        ', ',
      )}): DynamoDB allows ${MAX_PROJECTED_ATTRIBUTES}, retiring indexes included; retire one first, one a release (docs/operations.md, "Releases")`,
  ];
}

/**
 * Why the functions' reservations are more than the account can give: during the update both the
 * released reservation of a function and its new one may hold (CloudFormation updates nested stacks
 * side by side, and deletes a removed function only after the rest is done), so the most of the two
 * for each function counts.
 */
function concurrencyProblems(released: StackRecord, current: StackRecord): string[] {
  const was = released.reservedConcurrency ?? {};
  const now = current.reservedConcurrency ?? {};
  const reservable = reservableConcurrency();
  const total = (reservations: Record<string, number>) =>
    Object.values(reservations).reduce((sum, value) => sum + value, 0);
  const during = [...new Set([...Object.keys(was), ...Object.keys(now)])].reduce(
    (sum, id) => sum + Math.max(was[id] ?? 0, now[id] ?? 0),
    0,
  );
  const account = QUOTAS.lambdaConcurrency.value;
  const floor = QUOTAS.lambdaUnreservedFloor.value;
  const refused = `Lambda refuses a reservation that leaves less than ${floor} unreserved ("decreases account's UnreservedConcurrentExecution below its minimum value of [${floor}]"), so CloudFormation fails the deploy`;
  const listed = Object.entries(now)
    .map(([id, value]) => `${id.split(' ').at(-1)} ${value}`)
    .join(', ');
  if (total(now) > reservable)
    return [
      `the functions reserve ${total(now).toLocaleString('en-US')} of the account's ${account.toLocaleString('en-US')} concurrent executions (${listed}): ${refused}; reserve at most ${reservable.toLocaleString('en-US')} in all, or raise the account's concurrency first (Service Quotas) and QUOTAS.lambdaConcurrency with it (scripts/capacity/quotas.ts; docs/operations.md, "Capacity")`,
    ];
  if (during > reservable)
    return [
      `the functions would reserve ${during.toLocaleString('en-US')} of the account's ${account.toLocaleString('en-US')} concurrent executions during the update (${total(was).toLocaleString('en-US')} released, ${total(now).toLocaleString('en-US')} after: a reservation moved or raised before another is lowered): ${refused}; lower the one in a release, raise the other in the next`,
    ];
  return [];
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
    problems.push(...projectionProblems(logicalId, now));
    if (
      TABLE_TYPES.includes(was.type) &&
      deletionProtected(was.properties) &&
      !deletionProtected(now.properties)
    )
      problems.push(
        `${was.type} ${logicalId} (${was.stack}) would lose its deletion protection (-c firstDeploy=true is for a stage's first deploy only): deploy without it`,
      );
    const impact = diff.resources.changes[logicalId]?.changeImpact;
    if (impact === ResourceImpact.WILL_REPLACE || impact === ResourceImpact.MAY_REPLACE)
      problems.push(
        `${was.type} ${logicalId} (${was.stack}) would be replaced (${impact}): a stateful resource loses what it holds`,
      );
  }
  // A table made by this deploy: DynamoDB creates it with all its indexes at once, up to 20.
  for (const [logicalId, now] of Object.entries(current.stateful)) {
    if (released.stateful[logicalId] || !TABLE_TYPES.includes(now.type)) continue;
    const indexes = indexesOf(now.properties).length;
    if (indexes > MAX_INDEXES_AT_CREATION)
      problems.push(
        `${now.type} ${logicalId} (${now.stack}) would be created with ${indexes} indexes: DynamoDB takes ${MAX_INDEXES_AT_CREATION} at most`,
      );
    problems.push(...projectionProblems(logicalId, now));
  }
  problems.push(...concurrencyProblems(released, current));
  for (const [stack, protectedBefore] of Object.entries(released.terminationProtection ?? {}))
    if (protectedBefore && current.terminationProtection?.[stack] === false)
      problems.push(
        `stack ${stack} would lose its termination protection (-c firstDeploy=true is for a stage's first deploy only): deploy without it`,
      );
  // A resource the template names: created under its new logical id or stack before the old one is
  // deleted, so its name is taken; replaced in place under the same name, refused.
  for (const [key, was] of Object.entries(released.named ?? {})) {
    const now = current.named?.[key];
    if (!now) continue;
    const type = key.split(' ')[0] as string;
    // A route key in another stack: the route check below names it.
    if (type === 'AWS::ApiGatewayV2::Route' && now.stack !== was.stack) continue;
    if (now.stack !== was.stack || now.logicalId !== was.logicalId)
      problems.push(
        `${key} moves from ${was.stack} ${was.logicalId} to ${now.stack} ${now.logicalId}: CloudFormation creates the new one before it deletes the old, whose name it still holds ("already exists"); ${NAMED_TYPES[type]?.way ?? 'rename it in the same release, or move it in two'} (docs/operations.md, "Releases")`,
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

/**
 * Why the runbook's first deploy of a stage (docs/operations.md, "Before the first production deploy")
 * would not end deployed and protected: `first` (`-c firstDeploy=true`) created on an account that
 * holds nothing, then `then` (the same without it) deployed over it, which must leave every stack
 * termination-protected and every table protected from deletion.
 */
export function firstDeployProblems(first: StackRecord, then: StackRecord): string[] {
  const unprotected = [
    ...Object.entries(then.terminationProtection ?? {})
      .filter(([, on]) => !on)
      .map(([stack]) => `stack ${stack} without termination protection`),
    ...Object.entries(then.stateful)
      .filter(
        ([, entry]) => TABLE_TYPES.includes(entry.type) && !deletionProtected(entry.properties),
      )
      .map(
        ([logicalId, entry]) =>
          `${entry.type} ${logicalId} (${entry.stack}) without deletion protection`,
      ),
  ];
  return [
    ...releaseProblems(NOTHING_DEPLOYED, first).map(
      (problem) =>
        `the first deploy (-c firstDeploy=true, on an account holding nothing): ${problem}`,
    ),
    ...releaseProblems(first, then).map(
      (problem) => `the deploy after the first (without firstDeploy): ${problem}`,
    ),
    ...unprotected.map(
      (what) =>
        `the deploy after the first (without firstDeploy) leaves ${what}: the runbook's sequence would end unprotected`,
    ),
  ];
}

/** The templates of the current app, synthesized for RELEASED_STAGE from cdk.json (functions not bundled), with `context` over it. */
export async function currentStackTemplates(
  context: Record<string, unknown> = {},
): Promise<StackTemplates> {
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
    return stackTemplatesOf(assembly);
  } finally {
    await rm(assembly.directory, { recursive: true, force: true });
  }
}

/** The record of the current app (currentStackTemplates). */
export async function currentStackRecord(
  context: Record<string, unknown> = {},
): Promise<StackRecord> {
  return stackRecordOf(await currentStackTemplates(context));
}
