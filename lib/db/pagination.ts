import { createHmac, timingSafeEqual } from 'node:crypto';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { cursorSecretId, FUNCTION_TIMEOUT_MS } from '../config.js';
import { callLog } from '../observability/trace.js';
import { type SecretValues, secretValues } from '../aws/secrets.js';
import { InvalidCursorError, TooManyItemsError, WholeListTooSlowError } from '../errors.js';
import type { Db } from './client.js';
import { queryPage, queryUpTo } from './dynamo.js';
import { isValidId, sortKeyUnder } from './ids.js';
import { MAX_WHOLE_LIST } from '../schemas/pages.js';

/**
 * What one page of a paginated list may hold as JSON. A page ends early past it (hasMore, with a
 * cursor right after its last item), so that it fits one Lambda answer whether it travels plain or
 * gzip-compressed and base64-encoded (4/3 of text that does not compress), whatever its items hold.
 * Only items near their bounds reach it (a resume's list entry holds up to 128 KB of skills): pages of
 * ordinary items are full.
 */
export const PAGE_BYTES = 4 * 1024 * 1024;

/** How many of a page's items it keeps: all, or those before the one that takes it past PAGE_BYTES (always one at least). */
export function itemsWithinPageBytes(items: readonly unknown[]): number {
  let bytes = 0;
  const past = items.findIndex(
    (item, i) => (bytes += Buffer.byteLength(JSON.stringify(item), 'utf8')) > PAGE_BYTES && i > 0,
  );
  return past < 0 ? items.length : past;
}

export interface PageRequest {
  page: number;
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  pages: number;
  nextCursor?: string;
}

/** An index a list is read from: its name and the sort-key attribute its entries are ordered by. */
interface ListIndex {
  name: string;
  sortKey: 'gsi1sk' | 'gsi2sk';
}

/** What every list entry has: the table's sort key and the sort key of the index it was read from. */
export interface ListEntry {
  sk: string;
  gsi1sk?: string;
  gsi2sk?: string;
}

type Key = Record<string, unknown>;

/**
 * Where a list lives: a prefix of an index's sort key within the tenant's partition, on the index its
 * pages are read from and on its slim twin with the same keys (the same index, for a list whose items
 * are read from the table: see listPage's `toItems`).
 */
export interface ListSource extends CursorScope {
  index: ListIndex;
  keysIndex: ListIndex;
  sortPrefix: string;
  /** Sort key of the base table for an item id, to rebuild a start key from a cursor. */
  baseSortKey: (id: string) => string;
  /** The item id in a base table sort key (what a cursor names): baseSortKey's inverse. */
  idOf: (sortKey: string) => string;
}

interface CursorPayload {
  /** index sort key of the last item returned */
  s: string;
  /** id of that item */
  i: string;
  /** page number the cursor leads to */
  p: number;
}

const LOCAL_CURSOR_KEY = 'local-development-cursor-secret';

/** The cursor-signing key: the current value signs, the previous one (during a rotation) still verifies. */
function cursorKeys(): Promise<SecretValues> {
  const secretId = cursorSecretId();
  return secretId ? secretValues(secretId) : Promise.resolve({ current: LOCAL_CURSOR_KEY });
}

/** Which list a cursor belongs to: the tenant's partition and the list's name (with its filter). */
export interface CursorScope {
  tenantPk: string;
  /** which list (and filter) this is */
  name: string;
}

/**
 * A MAC over the tenant, the list's name and the payload: a cursor the service did not issue, or
 * issued for another tenant or another list (another status filter, another search), is refused, and
 * the page number it carries can be trusted.
 */
function cursorTag(key: string, scope: CursorScope, body: string): Buffer {
  return createHmac('sha256', key)
    .update(`${scope.tenantPk}\n${scope.name}\n${body}`)
    .digest()
    .subarray(0, 16);
}

/** A payload signed for `scope` (a cursor, a sync token): its JSON in base64url, then the MAC. */
export async function signToken(scope: CursorScope, payload: object): Promise<string> {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${cursorTag((await cursorKeys()).current, scope, body).toString('base64url')}`;
}

/** The payload of a token signed for `scope` by the current or the previous key, or undefined. */
export async function verifiedToken(
  token: string,
  scope: CursorScope,
): Promise<Record<string, unknown> | undefined> {
  const [body = '', tag = '', ...rest] = token.split('.');
  const presented = Buffer.from(tag, 'base64url');
  const { current, previous } = await cursorKeys();
  const signedByUs = [current, previous].some((key) => {
    if (key === undefined) return false;
    const expected = cursorTag(key, scope, body);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  });
  if (rest.length > 0 || !signedByUs) return undefined;
  const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  return typeof payload === 'object' && payload !== null
    ? (payload as Record<string, unknown>)
    : undefined;
}

export function encodeCursor(scope: CursorScope, payload: CursorPayload): Promise<string> {
  return signToken(scope, payload);
}

export async function decodeCursor(cursor: string, scope: CursorScope): Promise<CursorPayload> {
  const payload = await verifiedToken(cursor, scope);
  if (payload) {
    const { s, i, p } = payload;
    if (
      typeof s === 'string' &&
      typeof i === 'string' &&
      isValidId(i) &&
      Number.isSafeInteger(p) &&
      Number(p) > 1
    ) {
      return { s, i, p: Number(p) };
    }
  }
  throw new InvalidCursorError();
}

export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

/** The start key positioned at the item a cursor names; valid for either index of the source. */
export function startKeyFromCursor(source: ListSource, cursor: CursorPayload): Key {
  return {
    pk: source.tenantPk,
    sk: source.baseSortKey(cursor.i),
    [source.index.sortKey]: cursor.s,
  };
}

/**
 * Up to `count` entries of a list from `startKey` on (every page followed: see queryUpTo); for a page
 * read newest first (`asPage`), only those read by when they pass PAGE_BYTES (`endedForBytes`), since
 * the page ends early there anyway.
 */
function queryList<E>(
  db: Db,
  source: ListSource,
  index: ListIndex,
  options: { count: number; startKey?: Key | undefined; newestFirst: boolean; asPage?: boolean },
): Promise<{ items: E[]; lastKey: Key | undefined; endedForBytes: boolean }> {
  const listed = sortKeyUnder('#sort', source.sortPrefix);
  return queryUpTo<E>(
    db,
    {
      IndexName: index.name,
      KeyConditionExpression: `pk = :pk AND ${listed.condition}`,
      ExpressionAttributeNames: { '#sort': index.sortKey },
      ExpressionAttributeValues: { ':pk': source.tenantPk, ...listed.values },
      ScanIndexForward: !options.newestFirst,
      ExclusiveStartKey: options.startKey,
    },
    options.count,
    // Oldest first, a page's newest entries come last: all of them are read.
    options.asPage && options.newestFirst ? PAGE_BYTES : Infinity,
  );
}

/**
 * Walks `count` entries of the slim keys index and returns the key to continue after, or null when
 * the list ends first. Reads only key-sized entries, never whole items.
 */
async function skipEntries(
  db: Db,
  source: ListSource,
  count: number,
  newestFirst: boolean,
): Promise<Key | null> {
  const { items, lastKey } = await queryList(db, source, source.keysIndex, { count, newestFirst });
  return items.length === count && lastKey ? lastKey : null;
}

function cursorAfter(source: ListSource, last: ListEntry, page: number): Promise<string> {
  return encodeCursor(source, {
    s: last[source.index.sortKey] ?? '',
    i: source.idOf(last.sk),
    p: page + 1,
  });
}

/**
 * One page of a newest-first list, `total` from a counter (read in parallel by the caller):
 * - by cursor: one query at any depth;
 * - page 1: one query, in parallel with the count;
 * - a deeper page: skip on the slim index from whichever end of the list is nearer (so the last
 *   pages cost as little as the first), then read the page from the full index.
 *
 * `toItems` turns the page's entries into its items, in the same order: from what the index projects,
 * or by reading the items behind them (a JD's head: nothing a field adds then waits for an index).
 * An entry whose item is gone by then (undefined) is left out; the cursor still goes on after it.
 */
export async function listPage<E extends ListEntry, T>(
  db: Db,
  source: ListSource,
  request: PageRequest,
  totalPromise: Promise<number>,
  toItems: (entries: E[]) => Promise<(T | undefined)[]>,
): Promise<Page<T>> {
  const { limit } = request;
  const respond = async (
    raw: E[],
    page: number,
    total: number,
    hasMore: boolean,
  ): Promise<Page<T>> => {
    const read = await toItems(raw);
    const shown = raw.flatMap((entry, i) => {
      const item = read[i];
      return item === undefined ? [] : [{ entry, item }];
    });
    const items = shown.map(({ item }) => item);
    const kept = itemsWithinPageBytes(items);
    const result: Page<T> = {
      items: items.slice(0, kept),
      page,
      limit,
      total,
      pages: pageCount(total, limit),
    };
    // After the last item kept when the page ended early for size, else after the last entry read.
    const last = kept < items.length ? shown[kept - 1]?.entry : raw.at(-1);
    if ((hasMore || kept < items.length) && last)
      result.nextCursor = await cursorAfter(source, last, page);
    return result;
  };

  if (request.cursor !== undefined || request.page === 1) {
    const cursor =
      request.cursor === undefined ? undefined : await decodeCursor(request.cursor, source);
    const startKey = cursor ? startKeyFromCursor(source, cursor) : undefined;
    // One extra item tells whether another page exists.
    const [output, total] = await Promise.all([
      queryList<E>(db, source, source.index, {
        count: limit + 1,
        startKey,
        newestFirst: true,
        asPage: true,
      }),
      totalPromise,
    ]);
    const raw = output.items;
    return respond(
      raw.slice(0, limit),
      cursor?.p ?? 1,
      total,
      raw.length > limit || output.endedForBytes,
    );
  }

  const total = await totalPromise;
  const offset = (request.page - 1) * limit;
  if (offset >= total) return respond([], request.page, total, false);
  const fromOldest = offset > total - offset - limit;
  let raw: E[];
  let endedForBytes = false;
  if (!fromOldest) {
    const startKey = await skipEntries(db, source, offset, true);
    if (!startKey) return respond([], request.page, total, false);
    ({ items: raw, endedForBytes } = await queryList<E>(db, source, source.index, {
      count: limit,
      startKey,
      newestFirst: true,
      asPage: true,
    }));
  } else {
    // The page is nearer the oldest end: it holds oldest-first positions [total-offset-limit, total-offset).
    const skip = Math.max(0, total - offset - limit);
    const size = total - offset - skip;
    const startKey =
      skip === 0 ? undefined : ((await skipEntries(db, source, skip, false)) ?? undefined);
    if (skip > 0 && !startKey) return respond([], request.page, total, false);
    raw = (
      await queryList<E>(db, source, source.index, { count: size, startKey, newestFirst: false })
    ).items.reverse();
  }
  return respond(raw, request.page, total, offset + limit < total || endedForBytes);
}

/**
 * An opt-in page of a list the spec hands over whole (a JD's matches and applications, the tenant's
 * keys): asked for with `limit` and/or `cursor`, so that a list of any size can be handed over in
 * answers that each fit a Lambda response.
 */
export interface SliceRequest {
  limit: number;
  cursor?: string | undefined;
}

export interface Slice<T> {
  items: T[];
  limit: number;
  hasMore: boolean;
  nextCursor?: string;
}

/**
 * Where a sliced list lives: its tenant and name (a cursor is valid for the list it was issued for,
 * only), its query, and how its entries' keys are rebuilt from a cursor.
 */
export interface SliceSource extends CursorScope {
  query: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>;
  /** the attribute the query is ordered by (the index sort key, or `sk`) */
  sortKey: string;
  /** the query's start key after the entry with this id and sort-key value */
  startKey: (id: string, sort: string) => Key;
}

/** `limit` entries after the cursor, in the list's own order (every DynamoDB page followed). */
export async function slicePage<E extends { id: string }>(
  db: Db,
  source: SliceSource,
  request: SliceRequest,
): Promise<Slice<E>> {
  const cursor =
    request.cursor === undefined ? undefined : await decodeCursor(request.cursor, source);
  const { items } = await queryUpTo<E & Record<string, unknown>>(
    db,
    {
      ...source.query,
      ExclusiveStartKey: cursor ? source.startKey(cursor.i, cursor.s) : undefined,
    },
    request.limit + 1,
  );
  const page = items.slice(0, request.limit);
  const slice: Slice<E> = {
    items: page,
    limit: request.limit,
    hasMore: items.length > request.limit,
  };
  const last = page.at(-1);
  if (slice.hasMore && last) {
    slice.nextCursor = await encodeCursor(source, {
      s: String(last[source.sortKey]),
      i: last.id,
      p: (cursor?.p ?? 1) + 1,
    });
  }
  return slice;
}

/** A filtered slice reads at most this many entries per answer, then answers what it found and where it stopped. */
export const FILTERED_READ_BUDGET = 1000;
/** How many entries each Query of a filtered slice asks for. */
const FILTERED_QUERY_SIZE = 200;

/**
 * `limit` items after the cursor, in the source's order, of those `select` keeps: it turns each page of
 * entries read into the items to answer (undefined: left out), in the same order. A filtered walk
 * reads at most FILTERED_READ_BUDGET entries per answer: past it, the answer holds what it found (maybe
 * nothing), `hasMore`, and a cursor after the last entry read, so every request stays small and a walk
 * that follows the cursors still reads each entry once.
 */
export async function filteredSlicePage<R extends { id: string }, E>(
  db: Db,
  source: SliceSource,
  request: SliceRequest,
  select: { filtered: boolean; items: (entries: R[]) => Promise<(E | undefined)[]> },
): Promise<Slice<E>> {
  const cursor =
    request.cursor === undefined ? undefined : await decodeCursor(request.cursor, source);
  const kept: { entry: R; item: E }[] = [];
  let position: Key | undefined = cursor ? source.startKey(cursor.i, cursor.s) : undefined;
  let lastRead: R | undefined;
  let budget = select.filtered ? FILTERED_READ_BUDGET : request.limit + 1;
  do {
    const take = select.filtered
      ? Math.min(budget, FILTERED_QUERY_SIZE)
      : request.limit + 1 - kept.length;
    const page = await queryPage<R>(db, {
      ...source.query,
      ExclusiveStartKey: position,
      Limit: take,
    });
    const items = await select.items(page.items);
    page.items.forEach((entry, i) => {
      const item = items[i];
      if (item !== undefined) kept.push({ entry, item });
    });
    lastRead = page.items.at(-1) ?? lastRead;
    budget -= Math.max(page.items.length, 1);
    position = page.lastKey;
  } while (position && kept.length <= request.limit && budget > 0);

  const answered = kept.slice(0, request.limit);
  const hasMore = kept.length > request.limit || position !== undefined;
  const after = kept.length > request.limit ? answered.at(-1)?.entry : lastRead;
  const slice: Slice<E> = {
    items: answered.map(({ item }) => item),
    limit: request.limit,
    hasMore,
  };
  if (hasMore && after) {
    slice.nextCursor = await encodeCursor(source, {
      s: String((after as Record<string, unknown>)[source.sortKey]),
      i: after.id,
      p: (cursor?.p ?? 1) + 1,
    });
  }
  return slice;
}

export type SlicePagination = Omit<Slice<unknown>, 'items'>;

/** A list the spec hands over whole, or (when asked for) one slice of it with its pagination. */
export interface Listed<T> {
  items: T[];
  pagination?: SlicePagination;
}

/**
 * What a whole list must leave of the function's time once its pages are read: its answer is still
 * to be shaped, serialized and compressed (a 30,000-item list: about half a second).
 */
const AFTER_READING_MS = 2_000;

/** When a whole list must have read its last page: the invocation's start plus the function's timeout, less AFTER_READING_MS. */
function readingDeadline(): number {
  const log = callLog();
  return log === undefined
    ? Number.POSITIVE_INFINITY
    : Date.now() - log.elapsedMs + FUNCTION_TIMEOUT_MS - AFTER_READING_MS;
}

/**
 * Every item of a list handed over whole, at most MAX_WHOLE_LIST (reading one more tells), page after
 * page. A list whose pages cannot all be read in the function's time (a very long one on a slow
 * moment) is the 422 that asks for slices, which will always answer, not the 503 of a function cut
 * off, which would answer the same on every retry.
 */
export async function wholeList<E>(
  db: Db,
  query: Omit<QueryCommandInput, 'TableName' | 'Limit'>,
  deadline = readingDeadline(),
): Promise<E[]> {
  const items: E[] = [];
  let startKey = query.ExclusiveStartKey;
  do {
    if (Date.now() > deadline) throw new WholeListTooSlowError();
    const page = await queryPage<E>(db, {
      ...query,
      ExclusiveStartKey: startKey,
      Limit: MAX_WHOLE_LIST + 1 - items.length,
    });
    items.push(...page.items);
    startKey = page.lastKey;
  } while (startKey && items.length <= MAX_WHOLE_LIST);
  if (items.length > MAX_WHOLE_LIST) throw new TooManyItemsError(MAX_WHOLE_LIST);
  return items;
}

/** The whole list, or the slice `request` asks for. */
export async function wholeOrSlice<E extends { id: string }>(
  db: Db,
  source: SliceSource,
  request: SliceRequest | undefined,
): Promise<Listed<E>> {
  if (!request) return { items: await wholeList<E>(db, source.query) };
  const { items, ...pagination } = await slicePage<E>(db, source, request);
  return { items, pagination };
}
