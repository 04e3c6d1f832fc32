import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  currentStackRecord,
  currentStackTemplates,
  firstDeployProblems,
  MAX_PROJECTED_ATTRIBUTES,
  NOTHING_DEPLOYED,
  projectedAttributes,
  RELEASED_STACKS,
  releaseProblems,
  stackRecordOf,
  type StackRecord,
  type StackTemplates,
} from '../../scripts/local/release-stacks.js';
import type { CfnTemplate } from '../../scripts/local/stack-template.js';
import { STREAM_MESSAGES } from '../../lib/composition/event-stream.js';

/**
 * The release check (npm run release:check, in npm test): each change CloudFormation would refuse, or
 * that would replace what holds data, seeded into a copy of the current app's record, is named; the
 * app as it is deploys over the last release recorded.
 */
let templates: StackTemplates;
let current: StackRecord;
beforeAll(async () => {
  templates = await currentStackTemplates();
  current = stackRecordOf(templates);
});

/** The current record, changed by `edit`. */
const edited = (edit: (record: StackRecord) => void): StackRecord => {
  const copy = structuredClone(current);
  edit(copy);
  return copy;
};

/** The record of the current app's templates, changed by `edit` before they are recorded. */
const fromTemplates = (edit: (changed: StackTemplates) => void): StackRecord => {
  const copy = structuredClone(templates);
  edit(copy);
  return stackRecordOf(copy);
};

type Resource = CfnTemplate['Resources'][string];

/** The one resource of `templates` that `matches`: where it is, its logical id, and it. */
const resourceIn = (
  changed: StackTemplates,
  matches: (resource: Resource) => boolean,
): { place: string; logicalId: string; resource: Resource; all: Record<string, Resource> } => {
  const found = [...changed].flatMap(([place, { template }]) =>
    Object.entries(template.Resources)
      .filter(([, resource]) => matches(resource))
      .map(([logicalId, resource]) => ({
        place,
        logicalId,
        resource,
        all: template.Resources,
      })),
  );
  if (found.length !== 1) throw new Error(`${found.length} resources match, not one`);
  return found[0] as ReturnType<typeof resourceIn>;
};

/** The resource moved to a new logical id in its template (what a construct renamed or moved does). */
const movedToNewId = (found: ReturnType<typeof resourceIn>) => {
  found.all[`${found.logicalId}Moved`] = found.resource;
  delete found.all[found.logicalId];
};

const fn = (name: string) => (resource: Resource) =>
  resource.Type === 'AWS::Lambda::Function' && resource.Metadata?.['hiring:function'] === name;

/** An export another stack imports (the API stack imports the data stack's). */
const importedExport = () => {
  const found = Object.entries(current.exports).find(([, entry]) =>
    entry.importedBy.some((stack) => stack !== entry.stack),
  );
  if (!found) throw new Error('No stack imports another stack’s export');
  return found[0];
};

const logicalIdOf = (type: string) => {
  const found = Object.entries(current.stateful).find(([, entry]) => entry.type === type);
  if (!found) throw new Error(`No ${type}`);
  return found[0];
};

describe('the release check', () => {
  it('records every stack’s exports with their importers, stateful resources, routes and functions', () => {
    expect(Object.keys(current.routes).length).toBeGreaterThan(30);
    expect(Object.keys(current.functions).length).toBeGreaterThan(30);
    expect(Object.values(current.stateful).map((entry) => entry.type)).toEqual(
      expect.arrayContaining([
        'AWS::DynamoDB::GlobalTable',
        'AWS::KMS::Key',
        'AWS::SecretsManager::Secret',
        'AWS::SQS::Queue',
        'AWS::Logs::LogGroup',
      ]),
    );
    expect(importedExport()).toEqual(expect.any(String));
  });

  it('finds nothing between a release and itself', () => {
    expect(releaseProblems(current, structuredClone(current))).toEqual([]);
  });

  it('lets the current app deploy over the last release recorded', () => {
    expect(existsSync(RELEASED_STACKS)).toBe(true);
    const released = JSON.parse(readFileSync(RELEASED_STACKS, 'utf8')) as StackRecord;
    expect(releaseProblems(released, current)).toEqual([]);
  });

  it('refuses an export removed, or changed, while another stack imports it', () => {
    const name = importedExport();

    const removed = releaseProblems(
      current,
      edited((record) => delete record.exports[name]),
    );
    const changed = releaseProblems(
      current,
      edited((record) => {
        (record.exports[name] as { value: unknown }).value = { Ref: 'SomethingElse' };
      }),
    );

    expect(removed).toEqual([expect.stringContaining(`export ${name} removed while`)]);
    expect(changed).toEqual([expect.stringContaining(`export ${name} changed while`)]);
  });

  it('refuses a stateful resource replaced (a new key schema), renamed or moved', () => {
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable');
    const queue = logicalIdOf('AWS::SQS::Queue');

    const replaced = releaseProblems(
      current,
      edited((record) => {
        const properties = record.stateful[table]?.properties as {
          KeySchema: { AttributeName: string }[];
        };
        (properties.KeySchema[0] as { AttributeName: string }).AttributeName = 'id';
      }),
    );
    const renamed = releaseProblems(
      current,
      edited((record) => {
        record.stateful[`${queue}Renamed`] = record.stateful[
          queue
        ] as StackRecord['stateful'][string];
        delete record.stateful[queue];
      }),
    );

    expect(replaced).toEqual([expect.stringMatching(new RegExp(`${table} .* would be replaced`))]);
    expect(renamed).toEqual([expect.stringMatching(new RegExp(`${queue} .* is gone`))]);
  });

  it('refuses a table update that adds or removes more than one index (DynamoDB takes one at a time)', () => {
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable');
    const withIndexes = (extra: string[]) =>
      edited((record) => {
        const properties = record.stateful[table]?.properties as {
          GlobalSecondaryIndexes: { IndexName: string }[];
        };
        const [first] = properties.GlobalSecondaryIndexes;
        // Projecting nothing more: the projected total is another check's.
        properties.GlobalSecondaryIndexes.push(
          ...extra.map(
            (name) =>
              ({
                ...(first as object),
                IndexName: name,
                Projection: { ProjectionType: 'KEYS_ONLY' },
              }) as { IndexName: string },
          ),
        );
      });

    expect(releaseProblems(current, withIndexes(['one-more']))).toEqual([]);
    expect(releaseProblems(current, withIndexes(['one-more', 'and-another']))).toEqual([
      expect.stringContaining('would add or remove 2 indexes at once (+one-more, +and-another)'),
    ]);
  });

  it('refuses an index changed in place: its projection, its projection type or its keys under the same name', () => {
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable');
    type Index = {
      IndexName: string;
      KeySchema: { AttributeName: string; KeyType: string }[];
      Projection: { ProjectionType: string; NonKeyAttributes?: string[] };
    };
    const withIndex = (name: string, change: (index: Index) => void) =>
      edited((record) => {
        const properties = record.stateful[table]?.properties as {
          GlobalSecondaryIndexes: Index[];
        };
        const index = properties.GlobalSecondaryIndexes.find((found) => found.IndexName === name);
        if (!index) throw new Error(`No index ${name}`);
        change(index);
      });
    const indexNames = (
      (current.stateful[table]?.properties as { GlobalSecondaryIndexes: Index[] })
        .GlobalSecondaryIndexes ?? []
    ).map((index) => index.IndexName);
    const projecting = indexNames.find((name) => name.startsWith('list-'));
    const sorted = indexNames.find((name) => name.startsWith('matches-'));

    const moreProjected = withIndex(projecting as string, (index) =>
      index.Projection.NonKeyAttributes?.push('team'),
    );
    const everything = withIndex(sorted as string, (index) => {
      index.Projection = { ProjectionType: 'ALL' };
    });
    const otherKeys = withIndex(sorted as string, (index) => {
      (index.KeySchema[1] as { AttributeName: string }).AttributeName = 'gsi9sk';
    });
    const reordered = withIndex(projecting as string, (index) =>
      index.Projection.NonKeyAttributes?.reverse(),
    );

    for (const [changed, name] of [
      [moreProjected, projecting],
      [everything, sorted],
      [otherKeys, sorted],
    ] as const)
      expect(releaseProblems(current, changed)).toEqual([
        expect.stringContaining(`changes index ${name} in place`),
      ]);
    // The same attributes in another order are the same projection.
    expect(releaseProblems(current, reordered)).toEqual([]);
  });

  it('refuses an index added past DynamoDB’s 100 projected attributes, retiring indexes included; a retired one first makes room', () => {
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable');
    type Index = { IndexName: string; Projection: { NonKeyAttributes?: string[] } };
    const indexes = (record: StackRecord) =>
      (record.stateful[table]?.properties as { GlobalSecondaryIndexes: Index[] })
        .GlobalSecondaryIndexes;
    const named = (record: StackRecord, name: string) =>
      indexes(record).find((index) => index.IndexName === name) as Index;
    const copied = (source: Index, name: string, without?: string) => ({
      ...structuredClone(source),
      IndexName: name,
      Projection: {
        ...source.Projection,
        NonKeyAttributes: (source.Projection.NonKeyAttributes ?? []).filter(
          (attribute) => attribute !== without,
        ),
      },
    });
    // A table still carrying the four indexes the list and match views once replaced (48 projected
    // attributes: what the released table held before they went).
    const carrying = edited((record) => {
      indexes(record).push(
        copied(named(record, 'list-v2'), 'list', 'externalId'),
        copied(named(record, 'list-v2'), 'status', 'externalId'),
        copied(named(record, 'list-v2'), 'status-v2'),
        copied(named(record, 'matches-v3'), 'matches-v2', 'lastReview'),
      );
    });
    // What the recipe for a listed resume field adds: list-v2's projection and one more, beside it.
    const successor = (from: StackRecord) => {
      const next = structuredClone(from);
      const source = named(from, 'list-v2');
      indexes(next).push({
        ...copied(source, 'list-v3'),
        Projection: {
          ...source.Projection,
          NonKeyAttributes: [...(source.Projection.NonKeyAttributes ?? []), 'team'],
        },
      });
      return next;
    };
    const withoutRetired = structuredClone(carrying);
    const carried = indexes(withoutRetired);
    carried.splice(
      carried.findIndex((index) => index.IndexName === 'list'),
      1,
    );

    expect(projectedAttributes(carrying.stateful[table]?.properties)).toBeLessThanOrEqual(
      MAX_PROJECTED_ATTRIBUTES,
    );
    expect(releaseProblems(carrying, successor(carrying))).toEqual([
      expect.stringMatching(/would project 10\d attributes over its indexes .*list-v3 15/),
    ]);
    // The way around: retire an index in one release, add the successor in the next.
    expect(releaseProblems(carrying, withoutRetired)).toEqual([]);
    expect(releaseProblems(withoutRetired, successor(withoutRetired))).toEqual([]);
    // The table as released now carries none, and has room for the successor at once.
    expect(releaseProblems(current, successor(current))).toEqual([]);
  });

  it('refuses a resource the template names moved to another logical id or stack, or replaced under its name; renamed, it goes', () => {
    const named = current.named ?? {};
    const keyOf = (type: string) => {
      const key = Object.keys(named).find((found) => found.startsWith(`${type} `));
      if (!key) throw new Error(`Nothing named of ${type}`);
      return key;
    };
    const types = [
      'AWS::SSM::Parameter',
      'AWS::WAFv2::WebACL',
      'AWS::ApiGatewayV2::DomainName',
      'AWS::CodeDeploy::Application',
      'AWS::CloudWatch::Alarm',
      'AWS::CloudWatch::InsightRule',
      'AWS::CloudWatch::Dashboard',
    ];
    const alarm = keyOf('AWS::CloudWatch::Alarm');

    for (const type of types) {
      const key = keyOf(type);
      const movedId = edited((record) => {
        (record.named?.[key] as { logicalId: string }).logicalId += 'Renamed';
      });
      expect(releaseProblems(current, movedId), type).toEqual([
        expect.stringContaining(`${key} moves from`),
      ]);
    }
    const otherStack = edited((record) => {
      (record.named?.[alarm] as { stack: string }).stack = 'HiringApi-prod/ElsewhereNestedStack';
    });
    const otherScope = edited((record) => {
      const acl = record.named?.[keyOf('AWS::WAFv2::WebACL')] as {
        replacing: Record<string, unknown>;
      };
      acl.replacing.Scope = 'REGIONAL';
    });
    const newName = edited((record) => {
      const entry = record.named?.[alarm];
      delete record.named?.[alarm];
      (record.named ??= {})[`${alarm}-v2`] = entry as NonNullable<StackRecord['named']>[string];
    });

    expect(releaseProblems(current, otherStack)).toEqual([
      expect.stringContaining(`${alarm} moves from`),
    ]);
    expect(releaseProblems(current, otherScope)).toEqual([
      expect.stringContaining('would be replaced under the same name (Scope changed)'),
    ]);
    expect(releaseProblems(current, newName)).toEqual([]);
  });

  it('refuses a route key or a function that moves to another stack', () => {
    const [routeKey] = Object.keys(current.routes);
    const [functionName] = Object.keys(current.functions);

    const moved = releaseProblems(
      current,
      edited((record) => {
        record.routes[routeKey as string] = 'HiringApi-prod/ElsewhereRoutesNestedStack';
        record.functions[functionName as string] = 'HiringApi-prod/ElsewhereRoutesNestedStack';
      }),
    );

    expect(moved).toEqual([
      expect.stringContaining(`route ${routeKey} moves from`),
      expect.stringContaining(`function ${functionName} moves from`),
    ]);
  });

  it('lets the edge be turned off in one deployment: the origin secret and its export stay (the API stack imported it)', async () => {
    const withoutEdge = await currentStackRecord({ edge: false });

    expect(releaseProblems(current, withoutEdge)).toEqual([]);
    expect(Object.values(withoutEdge.stateful).map((entry) => entry.type)).toContain(
      'AWS::SecretsManager::Secret',
    );
  });

  it('lets a route go with its function and log group (prod keeps the log group), but not the table', () => {
    const [functionName] = Object.keys(current.functions).filter((name) => name === 'get-review');
    const logGroup = Object.keys(current.stateful).find((id) => id.startsWith('GetReviewLogs'));
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable');

    const withoutRoute = edited((record) => {
      delete record.functions[functionName as string];
      delete record.stateful[logGroup as string];
      for (const key of Object.keys(record.routes))
        if (key.endsWith('/reviews/{reviewId}')) delete record.routes[key];
    });
    const withoutTable = edited((record) => {
      delete record.stateful[table];
    });

    expect(logGroup).toBeDefined();
    expect(releaseProblems(current, withoutRoute)).toEqual([]);
    expect(releaseProblems(current, withoutTable)).toEqual([
      expect.stringContaining(`${table} (HiringApiData-prod) is gone`),
    ]);
  });

  it('refuses a new stream view type while the API stack imports the stream ARN', () => {
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable');
    const changed = edited((record) => {
      const properties = record.stateful[table]?.properties as {
        StreamSpecification: { StreamViewType: string };
      };
      properties.StreamSpecification.StreamViewType = 'NEW_AND_OLD_IMAGES';
    });

    expect(releaseProblems(current, changed)).toEqual([
      expect.stringContaining("stream ARN) changes with its stream's view type"),
    ]);
  });

  it('refuses an output removed while another stack read it by a weak reference (Fn::GetStackOutput)', () => {
    const [read, readers] = Object.entries(current.weakReads ?? {}).find(([output, stacks]) =>
      stacks.some((stack) => stack !== output.split(':')[0]),
    ) ?? ['', []];
    const removed = edited((record) => {
      record.outputs = (record.outputs ?? []).filter((output) => output !== read);
    });

    expect(readers).toContain('HiringApi-prod');
    expect(releaseProblems(current, removed)).toEqual([
      expect.stringContaining(`output ${read} removed while HiringApi-prod read it`),
    ]);
  });

  it('completes the runbook’s first deploy on a new account: created whole, then protected by the deploy after it, each step passing the check', async () => {
    const first = await currentStackRecord({ firstDeploy: true });
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable');
    const indexNames = (record: StackRecord) =>
      (
        record.stateful[table]?.properties as { GlobalSecondaryIndexes: { IndexName: string }[] }
      ).GlobalSecondaryIndexes.map((index) => index.IndexName).sort();
    const protectedTable = (record: StackRecord) =>
      (
        record.stateful[table]?.properties as {
          Replicas: { DeletionProtectionEnabled: boolean }[];
        }
      ).Replicas.map((replica) => replica.DeletionProtectionEnabled);

    // 1. `-c firstDeploy=true` on an account holding nothing: the table made with every index at once.
    expect(releaseProblems(NOTHING_DEPLOYED, first)).toEqual([]);
    expect(protectedTable(first)).toEqual([false]);
    expect(Object.values(first.terminationProtection ?? {})).toEqual([false, false, false]);
    // 2. The deploy after it: no index added, nothing replaced, and everything protected.
    expect(indexNames(first)).toEqual(indexNames(current));
    expect(releaseProblems(first, current)).toEqual([]);
    expect(firstDeployProblems(first, current)).toEqual([]);
    expect(protectedTable(current)).toEqual([true]);
    expect(current.terminationProtection).toEqual({
      'HiringApi-prod': true,
      'HiringApiData-prod': true,
      'HiringApiEdge-prod': true,
    });
    // firstDeploy again on a deployed stage would take the protections off: refused.
    expect(releaseProblems(current, first)).toEqual([
      expect.stringContaining(`${table} (HiringApiData-prod) would lose its deletion protection`),
      ...['HiringApi-prod', 'HiringApiData-prod', 'HiringApiEdge-prod'].map((stack) =>
        expect.stringContaining(`stack ${stack} would lose its termination protection`),
      ),
    ]);
    // A sequence that cannot end protected says so: a first deploy that made two indexes fewer than the
    // deploy after it has (as one made without the released table's retiring indexes did).
    const fewer = structuredClone(first);
    const properties = fewer.stateful[table]?.properties as {
      GlobalSecondaryIndexes: { IndexName: string }[];
    };
    properties.GlobalSecondaryIndexes = properties.GlobalSecondaryIndexes.slice(0, -2);
    expect(firstDeployProblems(fewer, current)).toEqual([
      expect.stringMatching(/^the deploy after the first .* would add or remove 2 indexes at once/),
    ]);
  });

  it('refuses a table created with more indexes than DynamoDB makes at once (20)', () => {
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable');
    const many = edited((record) => {
      const properties = record.stateful[table]?.properties as {
        GlobalSecondaryIndexes: { IndexName: string; Projection: unknown }[];
      };
      const [first] = properties.GlobalSecondaryIndexes;
      while (properties.GlobalSecondaryIndexes.length < 21)
        properties.GlobalSecondaryIndexes.push({
          ...(first as { IndexName: string }),
          IndexName: `extra-${properties.GlobalSecondaryIndexes.length}`,
          Projection: { ProjectionType: 'KEYS_ONLY' },
        });
    });

    expect(releaseProblems(NOTHING_DEPLOYED, many)).toEqual([
      expect.stringContaining(`${table} (HiringApiData-prod) would be created with 21 indexes`),
    ]);
  });

  it('refuses reserved concurrency past what the account can give (Lambda keeps 100 of its 1,000 unreserved), during the update too', () => {
    const reserving = (reservations: Record<string, number>) =>
      fromTemplates((changed) => {
        for (const [name, value] of Object.entries(reservations))
          (resourceIn(changed, fn(name)).resource.Properties ??= {}).ReservedConcurrentExecutions =
            value;
      });

    // What prod reserves: the authorizer's 100, the long-poll's 200 and the event stream's 100.
    expect(
      Object.entries(current.reservedConcurrency ?? {}).map(([id, value]) => [
        id.replace(/[0-9A-F]{8}$/, ''),
        value,
      ]),
    ).toEqual([
      ['HiringApi-prod Authorizer', 100],
      [expect.stringMatching(/^HiringApi-prod\/EventsRoutes\S+ ListEvents$/), 200],
      [expect.stringMatching(/^HiringApi-prod\/Background\S+ EventStreamFunction$/), 100],
    ]);
    expect(releaseProblems(current, reserving({ 'list-events': 750 }))).toEqual([
      expect.stringContaining(
        "the functions reserve 950 of the account's 1,000 concurrent executions (Authorizer",
      ),
    ]);
    expect(releaseProblems(current, reserving({ 'list-events': 750 }))[0]).toContain(
      "decreases account's UnreservedConcurrentExecution below its minimum value of [100]",
    );
    // 900 in all is what it can give; one raised as the other is lowered holds both at once.
    expect(releaseProblems(current, reserving({ 'list-events': 700 }))).toEqual([]);
    expect(releaseProblems(current, reserving({ authorizer: 650, 'list-events': 50 }))).toEqual([
      expect.stringContaining(
        "would reserve 950 of the account's 1,000 concurrent executions during the update",
      ),
    ]);
  });

  it('refuses a route key moved to a new logical id on its API (409 "Route … already exists"); the same key on another API is another route', () => {
    const route = (key: string) => (resource: Resource) =>
      resource.Type === 'AWS::ApiGatewayV2::Route' && resource.Properties?.RouteKey === key;
    const moved = fromTemplates((changed) =>
      movedToNewId(resourceIn(changed, route('GET /api/v1/jds'))),
    );
    const keys = Object.keys(current.named ?? {}).filter((key) =>
      key.startsWith('AWS::ApiGatewayV2::Route '),
    );
    const apiOf = (routeKey: string) =>
      keys.find((key) => key.endsWith(` ${routeKey}`))?.split(' ')[1];

    // A route in a nested stack is keyed by the API it is on, as its parent names it.
    expect(apiOf('GET /api/v1/jds')).toBe(apiOf('$default'));
    expect(apiOf('subscribe')).toBe(apiOf('$connect'));
    expect(apiOf('subscribe')).not.toBe(apiOf('$default'));
    expect(releaseProblems(current, moved)).toEqual([
      expect.stringMatching(
        /^AWS::ApiGatewayV2::Route \S+ GET \/api\/v1\/jds moves from \S+ \S+ to \S+ \S+Moved: .*"already exists".*keep its logical id/,
      ),
    ]);
  });

  it('routes on the event stream’s API the messages docs/openapi.json publishes (npm run api:compat holds them), and the upgrade and close', () => {
    const published = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'),
    ) as { 'x-event-stream': { messages: Record<string, unknown> } };
    const keys = Object.keys(current.named ?? {}).filter((key) =>
      key.startsWith('AWS::ApiGatewayV2::Route '),
    );
    const streamApi = keys.find((key) => key.endsWith(' $connect'))?.split(' ')[1];

    expect(
      keys
        .filter((key) => key.split(' ')[1] === streamApi)
        .map((key) => key.split(' ').slice(2).join(' '))
        .sort(),
    ).toEqual(
      ['$connect', '$disconnect', ...Object.keys(published['x-event-stream'].messages)].sort(),
    );
    expect(Object.keys(published['x-event-stream'].messages)).toEqual(Object.keys(STREAM_MESSAGES));
  });

  it('refuses the event stream’s stage moved to a new logical id (a second stage `stream` on its API)', () => {
    const stage = (resource: Resource) =>
      resource.Type === 'AWS::ApiGatewayV2::Stage' && resource.Properties?.StageName === 'stream';
    const moved = fromTemplates((changed) => movedToNewId(resourceIn(changed, stage)));

    expect(releaseProblems(current, moved)).toEqual([
      expect.stringMatching(/^AWS::ApiGatewayV2::Stage \S+ stream moves from .*"already exists"/),
    ]);
  });

  it('refuses a function given a name moved to a new logical id; one CloudFormation names moves freely', () => {
    const named = (changed: StackTemplates) => {
      (resourceIn(changed, fn('event-stream')).resource.Properties ??= {}).FunctionName =
        'hiring-api-prod-event-stream';
    };
    const released = fromTemplates(named);
    const moved = fromTemplates((changed) => {
      named(changed);
      movedToNewId(resourceIn(changed, fn('event-stream')));
    });
    const movedUnnamed = fromTemplates((changed) =>
      movedToNewId(resourceIn(changed, fn('event-stream'))),
    );

    expect(releaseProblems(released, moved)).toEqual([
      expect.stringContaining(
        'AWS::Lambda::Function hiring-api-prod-event-stream moves from HiringApi-prod/Background',
      ),
    ]);
    expect(releaseProblems(current, movedUnnamed)).toEqual([]);
  });
});
