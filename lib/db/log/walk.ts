import { InvalidCursorError, InvalidInputError, SyncTokenExpiredError } from '../../errors.js';
import { CHANGE_KINDS, type ChangeKind, CHANGES_SORT_KEY, changeKeys } from './changes.js';
import type { Db } from '../client.js';
import { batchGet, getItem, queryPage, queryUpTo } from '../dynamo.js';
import { eventIdBefore, eventKeys } from './entries.js';
import { EVENT_ID_PATTERN } from '../../schemas/ids.js';
import { headForReading } from './sequencer.js';
import { type TenantItem, tenantKeys } from '../entities/tenant.js';
import { TOMBSTONE_TTL_SECONDS } from '../entities/tombstone.js';
import { tenantPk } from '../ids.js';
import { isTestSpace, type SpaceId } from '../spaces.js';
import { itemsWithinPageBytes, signToken, verifiedToken } from '../pagination.js';
import { INDEXES } from '../table.js';
import { LOG_ACCESS } from './access.js';

/**
 * Delta walks: what changed in a list after a time or a token, deletions included (GET /jds,
 * /resumes, /applications, /candidates with `updatedSince` or `syncToken`).
 *
 * A walk reads the space's ordered log (lib/db/log/sequencer.ts): every transaction that changes a
 * listed item notes the item's key on its log entry (lib/db/log/sending.ts), and the log gives each its
 * place in commit order. A walk reads the keys of its kind after its token's place, up to the log's
 * head as it was when the walk began (read after every pending entry got its place), then the items as
 * they are. Why nothing is missed: every change at or below that head is readable by then, and every
 * later one takes a place above it, where the next walk (its token holds the head) starts. A change is
 * therefore in a walk as soon as it commits; no clock is in the argument.
 *
 * The log keeps 30 days; the changes index (lib/db/log/changes.ts) holds every item once, at its last
 * change. So a first fill (`updatedSince`) reads the index up to a handover 5 minutes back, then the
 * log from a minute before it: only this seam rests on the index's lag and on clocks.
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

/**
 * A position in the index's part of a walk: the handover (entries older than it), where the walk
 * started, the last entry read (index and table keys), pages walked, and the log's head where the walk
 * goes on after the index.
 */
interface IndexCursor {
  /** the handover: entries older than this (epoch ms) */
  u: number;
  /** the walk's start (epoch ms) */
  f: number;
  g: string;
  k: string;
  p: number;
  h: string;
}

/**
 * What every delta walk sends on the table, besides its list's own reads: the log's reads and the
 * writes that sequence it (LOG_ACCESS), Query on the changes index, and, when a test space's sync
 * token is followed, GetItem on the space's own item (resetSince). Each `deltaSync` route's function
 * holds it (infra/permissions.ts), so no route has to remember it.
 */
export const DELTA_WALK_ACCESS = {
  table: LOG_ACCESS.table,
  indexes: ['changes'],
} as const;

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Whether a test space was reset (lib/composition/test-mode/space.ts) since `issued`: a reset deletes without
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
 * A first fill (`updatedSince`) reads the changes index up to this long ago, and the ordered log after: the log holds 30 days of changes, the index every item. Only
 * this handover rests on the index having caught up (within 5 minutes, where it was 10 s before).
 */
export const INDEX_HANDOVER_MS = 5 * 60_000;
/** Where a walk starts: a time (a first fill) or a place in the log (a token). */
type WalkStart = { time: number } | { position: string };

/** A walk's place in the log: after event `e`'s first `x` keys of this kind (all of `e` when x is 0), up to `h`. */
interface LogCursor {
  e: string;
  x: number;
  h: string;
  p: number;
  /** an `updatedSince` walk's instant (epoch ms): a change the log noted as written before it is passed */
  s?: number;
}

const isPosition = (value: unknown): value is string =>
  typeof value === 'string' && (value === '' || EVENT_ID_PATTERN.test(value));

function tokenRefused(): InvalidInputError {
  return new InvalidInputError('syncToken: must be a pagination.syncToken this list returned', [
    {
      field: 'syncToken',
      rule: 'issued_by_this_list',
      message: 'must be a pagination.syncToken this list returned',
    },
  ]);
}

/**
 * Where the walk asked for starts, from its token (checked: signed, not expired, not from before a
 * reset) or `updatedSince`. A token that holds a time rather than a place in the log (one a release
 * from before the ordered log handed out) is answered as an expired one: none can still be held.
 */
async function walkStart(
  db: Db,
  spaceId: SpaceId,
  request: DeltaRequest,
  tokenScope: { tenantPk: string; name: string },
  now: number,
): Promise<WalkStart> {
  if (request.syncToken === undefined) return { time: Math.max(0, request.updatedSince ?? 0) };
  const payload = await verifiedToken(request.syncToken, tokenScope);
  if (payload && isTime(payload.t) && payload.e === undefined)
    throw new SyncTokenExpiredError(DELTA_RETENTION_DAYS);
  if (!payload || !isTime(payload.i) || !isPosition(payload.e)) throw tokenRefused();
  if (now - payload.i > RETENTION_MS) throw new SyncTokenExpiredError(DELTA_RETENTION_DAYS);
  if (await resetSince(db, spaceId, payload.i))
    throw new SyncTokenExpiredError(DELTA_RETENTION_DAYS, 'issued before the test space was reset');
  return { position: payload.e };
}

/**
 * One page of the delta walk of `list` (its name: a token or cursor of one list is refused by
 * another), of the entries of `kind`; `toItems` turns the page's live entries into what the list
 * shows (same order; or a deletion, for an entry that finds its item gone), tombstones show as
 * `{id, deleted, deletedAt}`.
 *
 * A walk reads the ordered log (lib/db/log/sequencer.ts): the keys of the items of its kind each change touched,
 * after its token's place, up to the log's head when the walk began; then the items as they are now.
 * The head is read after every pending entry is given its place, so a change is in the walk from its
 * commit on, and the next walk starts at that head: no change committed later can take a place below
 * it. An item changed twice during a walk may show twice, each time as it is when read. A first fill
 * reads the changes index up to INDEX_HANDOVER_MS ago, then the log.
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
  const start = await walkStart(db, spaceId, request, { tenantPk: pk, name: `sync:${list}` }, now);
  // A walk's cursors fit only the walk: its list, and where it started.
  const walkKey = 'time' in start ? `${start.time}` : start.position;
  const walk: Walk<E, T> = {
    db,
    spaceId,
    list,
    kind,
    limit: request.limit,
    toItems,
    now,
    cursorScope: { tenantPk: pk, name: `delta:${list}:${walkKey}` },
  };
  const cursor =
    request.cursor === undefined
      ? undefined
      : ((await verifiedToken(request.cursor, walk.cursorScope)) ?? invalidCursor());
  const head = await headForReading(db, spaceId);
  if (cursor && 'e' in cursor) return logPage(walk, logCursor(cursor));
  const end = head?.lastEventId ?? '';
  if ('position' in start) return logPage(walk, { e: start.position, x: 0, h: end, p: 1 });
  const resumed = indexCursor(cursor, start.time);
  return indexPage(walk, start.time, resumed ?? now - INDEX_HANDOVER_MS, end);
}

interface Walk<E extends ChangeEntry, T> {
  db: Db;
  spaceId: SpaceId;
  list: string;
  kind: ChangeKind;
  limit: number;
  toItems: (entries: E[]) => Promise<(T | DeletedEntry)[]>;
  now: number;
  cursorScope: { tenantPk: string; name: string };
}

function invalidCursor(): never {
  throw new InvalidCursorError();
}

/** A cursor of the index's part of a walk that started at `since` (undefined: the walk's first page). */
function indexCursor(
  payload: Record<string, unknown> | undefined,
  since: number,
): IndexCursor | undefined {
  if (payload === undefined) return undefined;
  const { u, f, g, k, p, h } = payload;
  if (
    !isTime(u) ||
    f !== since ||
    typeof g !== 'string' ||
    typeof k !== 'string' ||
    !isTime(p) ||
    !isPosition(h)
  )
    invalidCursor();
  return { u, f, g, k, p, h };
}

function logCursor(payload: Record<string, unknown>): LogCursor {
  const { e, x, h, p, s } = payload;
  if (!isPosition(e) || !isTime(x) || !isPosition(h) || !isTime(p)) invalidCursor();
  if (s !== undefined && !isTime(s)) invalidCursor();
  return { e, x, h, p, ...(s === undefined ? {} : { s }) };
}

/** What a page shows of its entries: `toItems` for the live ones, tombstones as deletions. */
async function shown<E extends ChangeEntry, T>(
  walk: Walk<E, T>,
  entries: E[],
): Promise<(T | DeletedEntry)[]> {
  const live = await walk.toItems(entries.filter((entry) => entry.deletedAt === undefined));
  let next = 0;
  return entries.map((entry): T | DeletedEntry =>
    entry.deletedAt === undefined
      ? (live[next++] as T | DeletedEntry)
      : {
          id: entry.id,
          deleted: true,
          deletedAt: entry.deletedAt,
          ...(entry.externalId === undefined ? {} : { externalId: entry.externalId }),
        },
  );
}

/**
 * A page of the changes index's part of a walk: entries from `since` up to the handover (`at`: the
 * handover of a new walk, or the cursor of one under way). Its last page leads on into the log (up to
 * `logEnd`, the head when the walk began), from just before the handover.
 */
async function indexPage<E extends ChangeEntry, T>(
  walk: Walk<E, T>,
  since: number,
  at: number | IndexCursor,
  logEnd: string,
): Promise<DeltaPage<T>> {
  const { db, spaceId } = walk;
  const pk = tenantPk(spaceId);
  const cursor = typeof at === 'number' ? undefined : at;
  const handover = cursor?.u ?? (at as number);
  const end = cursor?.h ?? logEnd;
  const page = cursor?.p ?? 1;
  // A start after the handover (a recent `updatedSince`, or one ahead of this clock) reads the log alone.
  if (handover <= since)
    return logPage(walk, { e: eventIdBefore(since), x: 0, h: end, p: page, s: since });

  const { items: entries } = await queryUpTo<E>(
    db,
    {
      IndexName: INDEXES.changes.name,
      KeyConditionExpression: `pk = :pk AND ${CHANGES_SORT_KEY} BETWEEN :from AND :to`,
      ExpressionAttributeValues: {
        ':pk': pk,
        ':from': changeKeys.at(walk.kind, since),
        ':to': `${changeKeys.at(walk.kind, handover - 1)}\uffff`,
      },
      ExclusiveStartKey: cursor ? { pk, sk: cursor.k, [CHANGES_SORT_KEY]: cursor.g } : undefined,
    },
    walk.limit + 1,
  );
  const read = entries.slice(0, walk.limit);
  const items = await shown(walk, read);
  const kept = itemsWithinPageBytes(items);
  const last = read[kept - 1];
  if ((entries.length > walk.limit || kept < items.length) && last) {
    const position: IndexCursor = {
      u: handover,
      f: since,
      g: last.gsi4sk,
      k: last.sk,
      p: page + 1,
      h: end,
    };
    return {
      items: items.slice(0, kept),
      limit: walk.limit,
      hasMore: true,
      nextCursor: await signToken(walk.cursorScope, position),
    };
  }
  // The index's part is read: the walk goes on in the log, on this page when it is empty, else next.
  const position: LogCursor = {
    e: eventIdBefore(handover),
    x: 0,
    h: end,
    p: items.length === 0 ? page : page + 1,
    s: since,
  };
  if (items.length === 0) return logPage(walk, position);
  return {
    items,
    limit: walk.limit,
    hasMore: true,
    nextCursor: await signToken(walk.cursorScope, position),
  };
}

/** Where a walk resumes to read a key: after the first `x` keys of event `e` (after all of `e` when x is 0). */
type LogPlace = { e: string; x: number };

/** An event of the log as a walk reads it: its id and time, and the keys of the kind it changed. */
type LogRead = { id: string; createdAt: string; changed?: Record<string, string[]> };

/**
 * A page of the log's part of a walk: the items whose keys the log noted after `from`, up to `from.h`
 * (the head when the walk began), each once on the page, as they are now; the last page's token
 * starts the next walk at that head.
 */
async function logPage<E extends ChangeEntry, T>(
  walk: Walk<E, T>,
  from: LogCursor,
): Promise<DeltaPage<T>> {
  const { db, spaceId } = walk;
  const pk = tenantPk(spaceId);
  const letter = CHANGE_KINDS[walk.kind];
  const keys = new Map<string, LogPlace>();
  /** when the write that noted each key left (its entry's `createdAt`, epoch ms) */
  const notedAt = new Map<string, number>();
  let next: LogPlace | undefined;
  let before = from.e;
  let budget = LOG_READ_BUDGET;
  if (from.e < from.h) {
    const startSk = eventKeys.item(spaceId, from.e).sk;
    // After `from.e`, or from its key `from.x` on.
    let startKey: Record<string, unknown> | undefined =
      from.x > 0 ? undefined : { pk, sk: startSk };
    do {
      const page = await queryPage<LogRead>(db, {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        FilterExpression: 'attribute_exists(#changed.#kind)',
        ProjectionExpression: 'id, createdAt, #changed.#kind',
        ExpressionAttributeNames: { '#changed': 'changed', '#kind': letter },
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': startSk,
          ':to': eventKeys.item(spaceId, from.h).sk,
        },
        ExclusiveStartKey: startKey,
        Limit: Math.min(LOG_READ_PAGE, budget),
        // The log up to the head read after sequencing is whole to a strongly consistent read only.
        ConsistentRead: true,
      });
      for (const event of page.items) {
        // Written before the walk's instant, placed after a later write: not a change since it.
        const changed =
          from.s !== undefined && Date.parse(event.createdAt) < from.s
            ? []
            : (event.changed?.[letter] ?? []);
        for (let x = event.id === from.e ? from.x : 0; x < changed.length && !next; x++) {
          const key = changed[x] as string;
          // Where a walk resumes to read this key next: within its event, or after the one before.
          const place = x > 0 ? { e: event.id, x } : { e: before, x: 0 };
          if (keys.has(key)) continue;
          if (keys.size === walk.limit) next = place;
          else {
            keys.set(key, place);
            notedAt.set(key, Date.parse(event.createdAt));
          }
        }
        if (next) break;
        before = event.id;
      }
      startKey = page.lastKey;
      budget -= Math.min(LOG_READ_PAGE, budget);
      // Read enough of the log for one answer (most of it other kinds'): the page ends there.
      if (startKey && !next && budget <= 0)
        next = { e: String(startKey.sk).slice(eventKeys.prefix.length), x: 0 };
    } while (startKey && !next);
  }

  // An item gone since (a test space's reset) has nothing to show; its deletion, if any, is noted later.
  const read = await batchGet<E>(
    db,
    [...keys.keys()].map((sk) => ({ pk, sk })),
    { consistent: true },
  );
  // An item read as it was before the change noted (a read that met the write's transaction part
  // applied) ends the page before it: the next page reads it again.
  const behind = read.findIndex(
    (item) =>
      typeof item.gsi4sk === 'string' &&
      changeKeys.timeOf(item.gsi4sk) < (notedAt.get(item.sk) ?? Number.NEGATIVE_INFINITY),
  );
  const current = behind === -1 ? read : read.slice(0, behind);
  const items = await shown(walk, current);
  const kept = itemsWithinPageBytes(items);
  const stoppedAt = kept < read.length ? keys.get((read[kept] as E).sk) : next;
  if (stoppedAt) {
    const position: LogCursor = {
      ...stoppedAt,
      h: from.h,
      p: from.p + 1,
      ...(from.s === undefined ? {} : { s: from.s }),
    };
    return {
      items: items.slice(0, kept),
      limit: walk.limit,
      hasMore: true,
      nextCursor: await signToken(walk.cursorScope, position),
    };
  }
  // An empty log's walk starts the next at its very start: every id it will give is above ''.
  const syncToken = await signToken(
    { tenantPk: pk, name: `sync:${walk.list}` },
    { e: from.h, i: walk.now },
  );
  return { items, limit: walk.limit, hasMore: false, syncToken };
}

/** Events read per Query of a log walk (those of other kinds are read past, and count). */
const LOG_READ_PAGE = 200;
/** Events a page of a log walk reads at most (a kind that seldom changes is read past a lot). */
const LOG_READ_BUDGET = 1000;
