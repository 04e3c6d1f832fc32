import type { Db } from './client.js';
import { queryPage } from './dynamo.js';
import { sortKeyUnder, TIME_WIDTH } from './ids.js';

/**
 * Reading a whole index range whose sort keys are `<prefix><time>#<id>` (time = sortableTime) without
 * a long chain of pages. One Query answers at most 1 MB (about 10,000 slim entries) and the next page
 * can only be asked for once it has arrived, so a plain walk of 100,000 entries is ten calls in
 * sequence. Here the newest page is read first (all of a small range), and the rest is cut by time
 * into disjoint ranges read in parallel, as many as the expected number of entries needs (a counter,
 * read meanwhile); a range that still has more than one page is cut again where its
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
export async function queryTimeRange<T extends Record<string, unknown>>(
  db: Db,
  query: TimeRangeQuery,
): Promise<{ items: T[]; calls: number; depth: number }> {
  const timeOf = (item: Record<string, unknown>) =>
    Number.parseInt(
      String(item[query.sortKey]).slice(query.prefix.length, query.prefix.length + TIME_WIDTH),
      36,
    );
  const page = (
    range: { keyCondition: string; values: Record<string, unknown> },
    options: {
      newestFirst: boolean;
      limit: number;
      filtered: boolean;
      startKey?: Record<string, unknown> | undefined;
    },
  ) =>
    queryPage<T>(db, {
      IndexName: query.indexName,
      KeyConditionExpression: `pk = :pk AND ${range.keyCondition}`,
      ...(options.filtered && query.filter ? { FilterExpression: query.filter.expression } : {}),
      ExpressionAttributeNames: { '#sk': query.sortKey },
      ExpressionAttributeValues: {
        ':pk': query.pk,
        ...range.values,
        ...(options.filtered ? query.filter?.values : {}),
      },
      ScanIndexForward: !options.newestFirst,
      // About DynamoDB's own 1 MB page of slim entries; it also bounds what one call evaluates where
      // pages end by what the filter keeps (DynamoDB Local), so no call outlasts its request timeout.
      Limit: options.limit,
      ExclusiveStartKey: options.startKey,
    });
  const under = sortKeyUnder('#sk', query.prefix);
  const whole = { keyCondition: under.condition, values: under.values };
  const between = (range: Range) => ({
    keyCondition: '#sk BETWEEN :from AND :to',
    // '~' sorts after '#' and every id character: the whole of the last millisecond is inside.
    values: {
      ':from': `${query.prefix}${encodeTime(range.from)}`,
      ':to': `${query.prefix}${encodeTime(range.to)}~`,
    },
  });

  // The newest page, which is all of a small range, while the oldest entry and the count are read.
  const [newest, oldest, expected] = await Promise.all([
    page(whole, { newestFirst: true, limit: ENTRIES_PER_PAGE, filtered: true }),
    page(whole, { newestFirst: false, limit: 1, filtered: false }),
    query.expectedEntries,
  ]);
  const found: T[] = [...newest.items];
  let calls = 2;
  let depth = 1;
  const first = oldest.items[0];
  if (!newest.lastKey || !first) return { items: found, calls, depth };

  // The rest lies between the oldest entry and where the newest page stopped: cut it by time into as
  // many ranges as its expected size needs; the newest of them goes on from where the page stopped.
  const [from, to] = [timeOf(first), timeOf(newest.lastKey)];
  const rest = Math.max(1, expected - ENTRIES_PER_PAGE);
  const count = Math.max(
    1,
    Math.min(MAX_INITIAL_RANGES, Math.ceil(rest / ENTRIES_PER_PAGE), to - from + 1),
  );
  const width = (to - from + 1) / count;
  const initial: Range[] = Array.from({ length: count }, (_, i) => ({
    from: from + Math.ceil(i * width),
    to: i === count - 1 ? to : from + Math.ceil((i + 1) * width) - 1,
    ...(i === count - 1 ? { startKey: newest.lastKey } : {}),
  }));

  // A small scheduler: at most MAX_PARALLEL_READS Queries in flight; a range's continuation joins the queue.
  const waiting: { range: Range; level: number }[] = initial.map((range) => ({ range, level: 2 }));
  const running = new Set<Promise<void>>();
  const read = async ({ range, level }: { range: Range; level: number }) => {
    const result = await page(between(range), {
      newestFirst: true,
      limit: ENTRIES_PER_PAGE,
      filtered: true,
      startKey: range.startKey,
    });
    calls += 1;
    depth = Math.max(depth, level);
    found.push(...result.items);
    if (!result.lastKey) return;
    // The rest of the range lies below where this page ended: keep reading on from there, and read the
    // lower half of what is left separately (when the rest spans more than one millisecond).
    const stoppedAt = timeOf(result.lastKey);
    if (stoppedAt > range.from) {
      const middle = Math.floor((range.from + stoppedAt) / 2);
      waiting.push({
        range: { from: middle + 1, to: stoppedAt, startKey: result.lastKey },
        level: level + 1,
      });
      waiting.push({ range: { from: range.from, to: middle }, level: level + 1 });
    } else {
      waiting.push({ range: { ...range, startKey: result.lastKey }, level: level + 1 });
    }
  };
  let failure: { error: unknown } | undefined;
  while ((waiting.length > 0 && !failure) || running.size > 0) {
    while (running.size < MAX_PARALLEL_READS && !failure) {
      const next = waiting.shift();
      if (!next) break;
      const task: Promise<void> = read(next)
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
