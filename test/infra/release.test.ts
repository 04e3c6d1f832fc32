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
});
