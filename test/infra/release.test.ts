import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  currentStackRecord,
  RELEASED_STACKS,
  releaseProblems,
  type StackRecord,
} from '../../scripts/local/release-stacks.js';

/**
 * The release check (npm run release:check, in npm test): each change CloudFormation would refuse, or
 * that would replace what holds data, seeded into a copy of the current app's record, is named; the
 * app as it is deploys over the last release recorded.
 */
let current: StackRecord;
beforeAll(async () => {
  current = await currentStackRecord();
});

/** The current record, changed by `edit`. */
const edited = (edit: (record: StackRecord) => void): StackRecord => {
  const copy = structuredClone(current);
  edit(copy);
  return copy;
};

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
        properties.GlobalSecondaryIndexes.push(
          ...extra.map(
            (name) => ({ ...(first as object), IndexName: name }) as { IndexName: string },
          ),
        );
      });

    expect(releaseProblems(current, withIndexes(['one-more']))).toEqual([]);
    expect(releaseProblems(current, withIndexes(['one-more', 'and-another']))).toEqual([
      expect.stringContaining('would add or remove 2 indexes at once (+one-more, +and-another)'),
    ]);
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
});
