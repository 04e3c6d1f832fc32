import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { describe, expect, it } from 'vitest';
import { queryAll } from '../../lib/db/dynamo.js';
import { tenantPk } from '../../lib/db/ids.js';
import { INDEXES } from '../../lib/db/table.js';
import { queryTimeRange } from '../../lib/db/time-range-query.js';
import { newTenantId, useTestDb } from '../helpers/db.js';

const db = useTestDb();

/**
 * Resume entries as the list-keys index holds them, written 25 at a time, 4 batches in flight. `padding`
 * fattens them so that a few thousand fill several 1 MB pages (a real tenant needs ~10,000 slim entries
 * per page).
 */
async function writeEntries(
  pk: string,
  entries: { ms: number; id: string; fileName: string }[],
  padding = '',
) {
  const batches = Array.from({ length: Math.ceil(entries.length / 25) }, (_, i) =>
    entries.slice(i * 25, i * 25 + 25),
  );
  await pMap(
    batches,
    async (batch) => {
      const { UnprocessedItems } = await db().client.send(
        new BatchWriteCommand({
          RequestItems: {
            [db().tableName]: batch.map(({ ms, id, fileName }) => ({
              PutRequest: {
                Item: {
                  pk,
                  sk: `RESUME#${id}`,
                  entity: 'RESUME',
                  gsi1sk: `R#${ms.toString(36).padStart(9, '0')}#${id}`,
                  fileNameLower: `${fileName}${padding}`,
                },
              },
            })),
          },
        }),
      );
      // DynamoDB Local writes every item of a batch; a partial batch would make the counts below wrong, not flaky.
      expect(Object.keys(UnprocessedItems ?? {})).toEqual([]);
    },
    { concurrency: 4 },
  );
}

const searchOf = (pk: string, needle: string, expectedEntries: number) => ({
  indexName: INDEXES.listKeys.name,
  pk,
  sortKey: 'gsi1sk',
  prefix: 'R#',
  filter: { expression: 'contains(fileNameLower, :needle)', values: { ':needle': needle } },
  expectedEntries,
});

/** What a plain walk of the range page by page finds, and how many pages it takes. */
async function plainWalk(pk: string, needle: string) {
  let pages = 0;
  const counted = {
    ...db(),
    client: { send: (command: never) => ((pages += 1), db().client.send(command)) },
  } as unknown as ReturnType<typeof db>;
  const items = await queryAll<Record<string, unknown>>(counted, {
    IndexName: INDEXES.listKeys.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(gsi1sk, :prefix)',
    FilterExpression: 'contains(fileNameLower, :needle)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': 'R#', ':needle': needle },
    ScanIndexForward: false,
  });
  return { items, pages };
}

describe('reading an index range by time, in parallel', () => {
  it('finds exactly what a plain walk finds, in the same order, in fewer calls in sequence, bursts of one millisecond included', async () => {
    const pk = tenantPk(newTenantId('search'));
    const start = Date.parse('2026-01-01T00:00:00Z');
    const entries = [
      // 1,500 created in the same millisecond (one import), then 2,500 spread over a month, a few in each millisecond
      ...Array.from({ length: 1500 }, (_, i) => ({
        ms: start + 5_000,
        id: `burst-${String(i).padStart(4, '0')}`,
        fileName: i % 7 === 0 ? `ada_${i}.pdf` : `cv_${i}.pdf`,
      })),
      ...Array.from({ length: 2500 }, (_, i) => ({
        ms: start + Math.floor(i / 3) * 3_000_000,
        id: `spread-${i}`,
        fileName: i % 5 === 0 ? `lovelace_ada_${i}.pdf` : `other_${i}.pdf`,
      })),
    ];
    await writeEntries(pk, entries, `_${'x'.repeat(1000)}`);

    const [plainFew, plainMany] = [await plainWalk(pk, 'ada'), await plainWalk(pk, '.pdf')];
    // The entries are ~10× a slim one: a real tenant with these 4 MB would count ~40,000.
    const [few, many] = [
      await queryTimeRange(db(), searchOf(pk, 'ada', 40_000)),
      await queryTimeRange(db(), searchOf(pk, '.pdf', 40_000)),
    ];

    expect(few.items.map((item) => item.sk)).toEqual(plainFew.items.map((item) => item.sk));
    expect(few.items).toHaveLength(Math.ceil(1500 / 7) + 2500 / 5);
    expect(many.items.map((item) => item.sk)).toEqual(plainMany.items.map((item) => item.sk));
    expect(new Set(many.items.map((item) => item.sk)).size).toBe(4000);
    // About 4 MB of entries. DynamoDB Local ends a page at 1 MB of what the filter *keeps* (DynamoDB: of
    // what it reads), so here only the search matching everything is a chain of pages; the parallel read
    // waits for fewer calls in sequence (the burst's millisecond can only be read page by page).
    expect(plainMany.pages).toBeGreaterThanOrEqual(4);
    expect(many.depth).toBeLessThan(plainMany.pages);
  });

  it('reads a small range in one call, spreads the rest of a large one over parallel reads at once, and reads nothing more for an empty one', async () => {
    const [small, large] = [tenantPk(newTenantId('search')), tenantPk(newTenantId('search'))];
    const start = Date.parse('2026-03-01T00:00:00Z');
    await writeEntries(
      small,
      Array.from({ length: 400 }, (_, i) => ({
        ms: start + i * 60_000,
        id: `r-${i}`,
        fileName: `cv_${i}.pdf`,
      })),
    );
    // 2,000 fat entries all matching: DynamoDB Local ends the first page after ~1,000; the count says 80,000.
    await writeEntries(
      large,
      Array.from({ length: 2000 }, (_, i) => ({
        ms: start + i * 60_000,
        id: `r-${i}`,
        fileName: `cv_${i}.pdf`,
      })),
      `_${'x'.repeat(1000)}`,
    );

    const one = await queryTimeRange(db(), searchOf(small, 'cv_1', 400));
    const spread = await queryTimeRange(db(), searchOf(large, 'cv_', 80_000));
    const empty = await queryTimeRange(db(), searchOf(tenantPk(newTenantId('empty')), 'cv', 0));

    expect(one.items.map((item) => item.sk)).toEqual(
      (await plainWalk(small, 'cv_1')).items.map((item) => item.sk),
    );
    expect([one.calls, one.depth]).toEqual([2, 1]);
    expect(spread.items.map((item) => item.sk)).toEqual(
      (await plainWalk(large, 'cv_')).items.map((item) => item.sk),
    );
    expect([spread.calls, spread.depth]).toEqual([2 + 9, 2]);
    expect(empty).toEqual({ items: [], calls: 2, depth: 1 });
  });
});
