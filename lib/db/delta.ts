import { deltaSettleMs } from '../config.js';
import { InvalidCursorError, InvalidInputError, SyncTokenExpiredError } from '../errors.js';
import { type ChangeKind, CHANGES_SORT_KEY, changeKeys } from './changes.js';
import type { Db } from './client.js';
import { getItem, queryUpTo } from './dynamo.js';
import { type TenantItem, tenantKeys } from './entities/tenant.js';
import { TOMBSTONE_TTL_SECONDS } from './entities/tombstone.js';
import { tenantPk } from './ids.js';
import { isTestSpace, type SpaceId } from './spaces.js';
import { itemsWithinPageBytes, signToken, verifiedToken } from './pagination.js';
import { INDEXES } from './table.js';

/**
 * Delta walks: what changed in a list after a time, deletions included (GET /jds, /resumes,
 * /applications, /candidates with `updatedSince` or `syncToken`). Each reads the changes index
 * (lib/db/changes.ts) of its kind from the time asked for up to the settle cut, oldest change first;
 * the last page of a walk answers a `syncToken` that starts the next walk at that cut.
 *
 * Why nothing is missed: the cut is the present minus the settle window, the time within which every
 * write has committed or failed after its entry was stamped (config.eventSettleMs, the event log's
 * rule), and the index's lag behind the table (config.deltaSettleMs); an entry older than the cut is
 * in the index, one younger is read by the next walk. Why each
 * item comes once per walk: an item's one entry moves to the present when it changes again, past the
 * walk's cut (fixed when the walk starts, carried by its cursors), so a walk meets it at most once,
 * with its state as of the read; the next walk brings the later change.
 */

/** How long a sync token can be followed: deletions are reported while their tombstones last (35 days). */
export const DELTA_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = DELTA_RETENTION_DAYS * DAY_MS;
// The tombstones outlast every token that can still be followed.
if (RETENTION_MS >= TOMBSTONE_TTL_SECONDS * 1000) throw new Error('Tombstones must outlast tokens');

/** How a deleted item shows in a delta walk. */
export interface DeletedEntry {
  id: string;
  deleted: true;
  deletedAt: string;
  /** a deleted JD's external id, when it had one */
  externalId?: string;
}

export interface DeltaRequest {
  limit: number;
  /** epoch ms: the first walk (or a catch-up) from this time */
  updatedSince?: number | undefined;
  /** the token the last walk ended with */
  syncToken?: string | undefined;
  /** where this walk goes on (a `pagination.nextCursor` of it) */
  cursor?: string | undefined;
  /** epoch ms (tests) */
  now?: number;
}

export interface DeltaPage<T> {
  items: (T | DeletedEntry)[];
  limit: number;
  hasMore: boolean;
  nextCursor?: string;
  /** on the last page: where the next walk starts */
  syncToken?: string;
}

/** What every entry of the changes index holds: its keys and id, and a tombstone (only) its time of deletion. */
export interface ChangeEntry {
  pk: string;
  sk: string;
  gsi4sk: string;
  id: string;
  deletedAt?: string;
  /** a JD's (or a deleted JD's) external id */
  externalId?: string;
}

/** A walk's position: the cut, where it started, the last entry read (index and table keys), pages walked. */
interface DeltaCursor {
  /** the cut: entries older than this (epoch ms) */
  u: number;
  /** the walk's start (epoch ms) */
  f: number;
  g: string;
  k: string;
  p: number;
}

/**
 * What every delta walk sends on the table, besides its list's own reads: Query on the changes index,
 * and, when a test space's sync token is followed, GetItem on the space's own item (resetSince). Each
 * `deltaSync` route's function holds it (infra/permissions.ts), so no route has to remember it.
 */
export const DELTA_WALK_ACCESS = {
  table: ['Query', 'GetItem'],
  indexes: ['changes'],
} as const;

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Whether a test space was reset (lib/test-mode/space.ts) since `issued`: a reset deletes without
 * tombstones, so a token from before it would hide those deletions. One read, for test spaces only.
 */
async function resetSince(db: Db, spaceId: SpaceId, issued: number): Promise<boolean> {
  if (!isTestSpace(spaceId)) return false;
  const space = await getItem<Pick<TenantItem, 'resetAt'>>(db, tenantKeys.item(spaceId), {
    consistent: true,
    projection: 'resetAt',
  });
  return space?.resetAt !== undefined && Date.parse(space.resetAt) >= issued;
}

/**
 * One page of the delta walk of `list` (its name: a token or cursor of one list is refused by
 * another), of the entries of `kind`; `toItems` turns the page's live entries into what the list
 * shows (same order; or a deletion, for an entry that finds its item gone), tombstones show as
 * `{id, deleted, deletedAt}`.
 */
export async function deltaPage<E extends ChangeEntry, T>(
  db: Db,
  spaceId: SpaceId,
  list: string,
  kind: ChangeKind,
  request: DeltaRequest,
  toItems: (entries: E[]) => Promise<(T | DeletedEntry)[]>,
): Promise<DeltaPage<T>> {
  const now = request.now ?? Date.now();
  const pk = tenantPk(spaceId);
  const tokenScope = { tenantPk: pk, name: `sync:${list}` };

  let since: number;
  if (request.syncToken !== undefined) {
    const payload = await verifiedToken(request.syncToken, tokenScope);
    if (!payload || !isTime(payload.t))
      throw new InvalidInputError('syncToken: must be a pagination.syncToken this list returned', [
        {
          field: 'syncToken',
          rule: 'issued_by_this_list',
          message: 'must be a pagination.syncToken this list returned',
        },
      ]);
    if (now - payload.t > RETENTION_MS) throw new SyncTokenExpiredError(DELTA_RETENTION_DAYS);
    // Tokens issued before this one carried only their cut, which is earlier than their issue.
    const issued = isTime(payload.i) ? payload.i : payload.t;
    if (await resetSince(db, spaceId, issued))
      throw new SyncTokenExpiredError(
        DELTA_RETENTION_DAYS,
        'issued before the test space was reset',
      );
    since = payload.t;
  } else {
    since = Math.max(0, request.updatedSince ?? 0);
  }
  const cursorScope = { tenantPk: pk, name: `delta:${list}:${since}` };
  let cursor: DeltaCursor | undefined;
  if (request.cursor !== undefined) {
    const payload = await verifiedToken(request.cursor, cursorScope);
    const { u, f, g, k, p } = payload ?? {};
    if (!isTime(u) || f !== since || typeof g !== 'string' || typeof k !== 'string' || !isTime(p))
      throw new InvalidCursorError();
    cursor = { u, f, g, k, p };
  }
  const cut = cursor?.u ?? now - deltaSettleMs();
  // The next walk starts at the cut, also when `updatedSince` was later (a fast clock, "now"): a token
  // never points past what writers in flight may still commit.
  const syncToken = () => signToken(tokenScope, { t: cut, i: now });
  if (cut <= since)
    return { items: [], limit: request.limit, hasMore: false, syncToken: await syncToken() };

  const { items: entries } = await queryUpTo<E>(
    db,
    {
      IndexName: INDEXES.changes.name,
      KeyConditionExpression: `pk = :pk AND ${CHANGES_SORT_KEY} BETWEEN :from AND :to`,
      ExpressionAttributeValues: {
        ':pk': pk,
        ':from': changeKeys.at(kind, since),
        ':to': `${changeKeys.at(kind, cut - 1)}\uffff`,
      },
      ExclusiveStartKey: cursor ? { pk, sk: cursor.k, [CHANGES_SORT_KEY]: cursor.g } : undefined,
    },
    request.limit + 1,
  );
  const read = entries.slice(0, request.limit);
  const live = await toItems(read.filter((entry) => entry.deletedAt === undefined));
  let next = 0;
  const items = read.map((entry): T | DeletedEntry =>
    entry.deletedAt === undefined
      ? (live[next++] as T | DeletedEntry)
      : {
          id: entry.id,
          deleted: true,
          deletedAt: entry.deletedAt,
          ...(entry.externalId === undefined ? {} : { externalId: entry.externalId }),
        },
  );
  const kept = itemsWithinPageBytes(items);
  const last = read[kept - 1];
  if ((entries.length > request.limit || kept < items.length) && last) {
    const position: DeltaCursor = {
      u: cut,
      f: since,
      g: last.gsi4sk,
      k: last.sk,
      p: (cursor?.p ?? 1) + 1,
    };
    return {
      items: items.slice(0, kept),
      limit: request.limit,
      hasMore: true,
      nextCursor: await signToken(cursorScope, position),
    };
  }
  return { items, limit: request.limit, hasMore: false, syncToken: await syncToken() };
}
