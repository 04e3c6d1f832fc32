import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the last release left deployed, as `npm run release` records it (docs/stacks.released.json, for
 * RELEASED_STAGE): the release check reads all of it (scripts/local/release-stacks.ts); the app reads
 * which indexes the released table has.
 */
export const RELEASED_STACKS = join(import.meta.dirname, '..', 'docs', 'stacks.released.json');

/** The stage a release is recorded for and checked against: production, as cdk.json describes it. */
export const RELEASED_STAGE = 'prod';

/**
 * The indexes the table of `stage` has as released: the released stage's, from the record, which its
 * first deploy on a new account makes too (at once, with the table), so that every deploy after it
 * reads the same. Any other stage's table is taken to be made afresh (or disposable, as dev is): an
 * index being retired is created on no such table.
 */
export function releasedTableIndexes(stage: string): string[] {
  if (stage !== RELEASED_STAGE || !existsSync(RELEASED_STACKS)) return [];
  const record = JSON.parse(readFileSync(RELEASED_STACKS, 'utf8')) as {
    stateful: Record<
      string,
      { type: string; properties?: { GlobalSecondaryIndexes?: { IndexName: string }[] } }
    >;
  };
  return Object.values(record.stateful)
    .filter((entry) => entry.type === 'AWS::DynamoDB::GlobalTable')
    .flatMap((entry) => entry.properties?.GlobalSecondaryIndexes ?? [])
    .map((index) => index.IndexName);
}
