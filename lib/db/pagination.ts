import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '../errors.js';
import type { Db } from './client.js';
import { isValidId } from './ids.js';
import type { IndexDefinition } from './table.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

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

/** Where a list lives: an index with the list projection, and its slim twin with the same keys. */
export interface ListSource {
  index: IndexDefinition;
  keysIndex: IndexDefinition;
  tenantPk: string;
  partitionValue: string;
  /** Sort key of the base table for an item id, to rebuild a start key from a cursor. */
  baseSortKey: (id: string) => string;
}

type Key = Record<string, unknown>;

interface CursorPayload {
  /** index sort key of the last item returned */
  s: string;
  /** id of that item */
  i: string;
  /** page number the cursor leads to */
  p: number;
}

export function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPayload {
  try {
    const payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorPayload>;
    if (
      typeof payload.s === 'string' &&
      payload.s.length <= 200 &&
      typeof payload.i === 'string' &&
      isValidId(payload.i) &&
      Number.isSafeInteger(payload.p) &&
      (payload.p as number) > 1
    ) {
      return payload as CursorPayload;
    }
  } catch {
    // fall through to the validation error
  }
  throw new ValidationError('cursor: must be a value returned as pagination.nextCursor');
}

export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

/** The start key positioned after the item a cursor names, for either index of the source. */
export function startKeyFromCursor(source: ListSource, cursor: CursorPayload): Key {
  return {
    pk: source.tenantPk,
    sk: source.baseSortKey(cursor.i),
    [source.index.partitionKey]: source.partitionValue,
    [source.index.sortKey]: cursor.s,
  };
}

function queryNewestFirst(
  db: Db,
  source: ListSource,
  index: IndexDefinition,
  limit: number,
  startKey: Key | undefined,
): Promise<QueryCommandOutput> {
  return db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': index.partitionKey },
      ExpressionAttributeValues: { ':pk': source.partitionValue },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
}

/**
 * Walks `offset` entries of the slim keys index and returns the key to start the page after, or
 * null when the list has fewer entries than that. Reads only key-sized entries, never whole items.
 */
async function skipEntries(db: Db, source: ListSource, offset: number): Promise<Key | null> {
  let remaining = offset;
  let startKey: Key | undefined;
  while (remaining > 0) {
    const output = await queryNewestFirst(db, source, source.keysIndex, remaining, startKey);
    remaining -= output.Count ?? 0;
    startKey = output.LastEvaluatedKey;
    // No LastEvaluatedKey: the list ended within the offset, so the page is empty.
    if (!startKey) return null;
  }
  return startKey ?? null;
}

/**
 * One page of a newest-first list: by page number (offset skipped on the slim index) or by cursor
 * (one query at any depth). `total` comes from a counter, read in parallel by the caller.
 */
export async function listPage<T>(
  db: Db,
  source: ListSource,
  request: PageRequest,
  total: Promise<number>,
  toItem: (raw: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const { limit } = request;
  let page = request.page;
  let startKey: Key | undefined;
  let pastEnd = false;

  if (request.cursor !== undefined) {
    const cursor = decodeCursor(request.cursor);
    page = cursor.p;
    startKey = startKeyFromCursor(source, cursor);
  } else {
    const offset = (page - 1) * limit;
    const [knownTotal, skipped] = await Promise.all([
      total,
      offset === 0 ? Promise.resolve(undefined) : skipEntries(db, source, offset),
    ]);
    if (offset >= knownTotal || skipped === null) pastEnd = true;
    else startKey = skipped;
  }

  let raw: Record<string, unknown>[] = [];
  if (!pastEnd) {
    // One extra item tells whether another page exists without a second query.
    const output = await queryNewestFirst(db, source, source.index, limit + 1, startKey);
    raw = output.Items ?? [];
  }
  const hasMore = raw.length > limit;
  const pageItems = raw.slice(0, limit);
  const resolvedTotal = await total;
  const result: Page<T> = {
    items: pageItems.map(toItem),
    page,
    limit,
    total: resolvedTotal,
    pages: pageCount(resolvedTotal, limit),
  };
  const last = pageItems.at(-1);
  if (hasMore && last) {
    result.nextCursor = encodeCursor({
      s: String(last[source.index.sortKey]),
      i: String(last.id),
      p: page + 1,
    });
  }
  return result;
}
