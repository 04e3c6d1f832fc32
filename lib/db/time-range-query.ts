import type { Db } from './client.js';
import { queryPage } from './dynamo.js';
import { TIME_WIDTH } from './ids.js';

/**
 * Reading a whole index range whose sort keys are `<prefix><time>#<id>` (time = sortableTime) without
 * a long chain of pages. One Query answers at most 1 MB (about 10,000 slim entries) and the next page
 * can only be asked for once it has arrived, so a plain walk of 100,000 entries is ten calls in
 * sequence. Here the range is cut by time into disjoint ranges read in parallel, as many as the
 * expected number of entries needs; a range that still has more than one page is cut again where its
 * page ended (into the rest of its pages and a fresh lower half), so bursts of entries created in the
 * same minutes are spread too. Every entry is read once: the cost is what a plain walk costs, the wait
 * a few calls whatever the size.
 */

/** Slim entries one Query page holds on DynamoDB (1 MB of ~100-byte entries), with a margin. */
export const ENTRIES_PER_PAGE = 8_000;
/** Ranges read at once at most (each a Query in flight), to keep one search from throttling the table. */
export const MAX_PARALLEL_READS = 16;
const MAX_INITIAL_RANGES = 32;

export interface TimeRangeQuery {
  indexName: string;
  /** the partition key value (attribute `pk`) */
  pk: string;
  /** sort key attribute of the index, holding `<prefix><time>#<id>` */
  sortKey: string;
  prefix: string;
  /** a FilterExpression with its values (applied by DynamoDB after reading; the cost is the entries read) */
  filter?: { expression: string; values: Record<string, unknown> };
  /** how many entries the range holds (a counter), to choose how many ranges to start with */
  expectedEntries: Promise<number> | number;
}

interface Range {
  /** oldest and newest time in the range, both included, in epoch ms */
  from: number;
  to: number;
  startKey?: Record<string, unknown>;
}

const encodeTime = (ms: number) => ms.toString(36).padStart(TIME_WIDTH, '0');

/** Every matching entry of the range, newest first; `calls` counts the Queries, `depth` the longest chain of them. */
export async function queryTimeRange<T extends Record<string, unknown>>(db: Db, query: TimeRangeQuery): Promise<{ items: T[]; calls: number; depth: number }> {
  const timeOf = (item: Record<string, unknown>) => Number.parseInt(String(item[query.sortKey]).slice(query.prefix.length, query.prefix.length + TIME_WIDTH), 36);
  const edge = (newestFirst: boolean) =>
    queryPage<Record<string, unknown>>(db, {
      IndexName: query.indexName,
      KeyConditionExpression: 'pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#sk': query.sortKey },
      ExpressionAttributeValues: { ':pk': query.pk, ':prefix': query.prefix },
      ScanIndexForward: !newestFirst,
      Limit: 1,
    });
  const [newest, oldest, expected] = await Promise.all([edge(true), edge(false), query.expectedEntries]);
  const [first, last] = [oldest.items[0], newest.items[0]];
  if (!first || !last) return { items: [], calls: 2, depth: 1 };

  const found: T[] = [];
  let calls = 2;
  let depth = 1;
  const [from, to] = [timeOf(first), timeOf(last)];
  const count = Math.max(1, Math.min(MAX_INITIAL_RANGES, Math.ceil(expected / ENTRIES_PER_PAGE), to - from + 1));
  const width = (to - from + 1) / count;
  const initial: Range[] = Array.from({ length: count }, (_, i) => ({
    from: from + Math.ceil(i * width),
    to: i === count - 1 ? to : from + Math.ceil((i + 1) * width) - 1,
  }));

  // A small scheduler: at most MAX_PARALLEL_READS Queries in flight; a range's continuation joins the queue.
  const waiting: { range: Range; level: number }[] = initial.map((range) => ({ range, level: 2 }));
  const running = new Set<Promise<void>>();
  const read = async ({ range, level }: { range: Range; level: number }) => {
    const page = await queryPage<T>(db, {
      IndexName: query.indexName,
      KeyConditionExpression: 'pk = :pk AND #sk BETWEEN :from AND :to',
      ...(query.filter ? { FilterExpression: query.filter.expression } : {}),
      ExpressionAttributeNames: { '#sk': query.sortKey },
      ExpressionAttributeValues: {
        ':pk': query.pk,
        ':from': `${query.prefix}${encodeTime(range.from)}`,
        // '~' sorts after '#' and every id character: the whole of the last millisecond is inside.
        ':to': `${query.prefix}${encodeTime(range.to)}~`,
        ...query.filter?.values,
      },
      ScanIndexForward: false,
      ExclusiveStartKey: range.startKey,
    });
    calls += 1;
    depth = Math.max(depth, level);
    found.push(...page.items);
    if (!page.lastKey) return;
    // The rest of the range lies below where this page ended: keep reading on from there, and read the
    // lower half of what is left separately (when the rest spans more than one millisecond).
    const stoppedAt = timeOf(page.lastKey);
    if (stoppedAt > range.from) {
      const middle = Math.floor((range.from + stoppedAt) / 2);
      waiting.push({ range: { from: middle + 1, to: stoppedAt, startKey: page.lastKey }, level: level + 1 });
      waiting.push({ range: { from: range.from, to: middle }, level: level + 1 });
    } else {
      waiting.push({ range: { ...range, startKey: page.lastKey }, level: level + 1 });
    }
  };
  let failure: { error: unknown } | undefined;
  while ((waiting.length > 0 && !failure) || running.size > 0) {
    while (waiting.length > 0 && running.size < MAX_PARALLEL_READS && !failure) {
      const task: Promise<void> = read(waiting.shift() as { range: Range; level: number })
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => running.delete(task));
      running.add(task);
    }
    await Promise.race(running);
  }
  if (failure) throw failure.error;
  const sortKeyOf = (item: T) => String(item[query.sortKey]);
  found.sort((a, b) => (sortKeyOf(a) < sortKeyOf(b) ? 1 : sortKeyOf(a) > sortKeyOf(b) ? -1 : 0));
  return { items: found, calls, depth };
}
