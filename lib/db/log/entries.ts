import { decodeTime, encodeTime, incrementBase32, monotonicFactory, ulid } from 'ulid';
import { tenantPk } from '../ids.js';
import type { SpaceId } from '../spaces.js';

/**
 * A space's ordered log (lib/db/log/sequencer.ts): what a write records goes in as a pending entry, in the same
 * transaction as the write; the sequencer then gives it its place in the log (an event id above every
 * id the log holds) in one transaction with the log's head, so a place is readable only once every
 * lower place is. The head and the pending entries share a sort-key prefix, so one strongly
 * consistent Query reads both.
 */
export const LOG_PREFIX = 'LOG#';
const HEAD_SK = `${LOG_PREFIX}HEAD`;
export const PENDING_PREFIX = `${LOG_PREFIX}PENDING#`;
export const EVENT_ID_PREFIX = 'evt_';
/** How long an event stays in the log (DynamoDB's TTL removes it after, within days). */
export const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

export const logKeys = {
  head: (spaceId: SpaceId) => ({ pk: tenantPk(spaceId), sk: HEAD_SK }),
  /** a pending entry; `id` is a ULID given when its write leaves, so pending entries sort by it */
  pending: (spaceId: SpaceId, id: string) => ({
    pk: tenantPk(spaceId),
    sk: `${PENDING_PREFIX}${id}`,
  }),
  isHead: (sortKey: string) => sortKey === HEAD_SK,
  isPending: (sortKey: string) => sortKey.startsWith(PENDING_PREFIX),
};

/** Where each sequenced entry is: the event log's items, in id order (lib/events/model.ts). */
export const eventKeys = {
  item: (spaceId: SpaceId, eventId: string) => ({ pk: tenantPk(spaceId), sk: `EVENT#${eventId}` }),
  /** Sort-key prefix of every event of a space. */
  prefix: 'EVENT#',
  /**
   * The sort key just below every event id of millisecond `ms` and later: the log up to (not including)
   * that instant is `sk < before(ms)`, and from it `sk > before(ms)`.
   */
  before: (ms: number) => `EVENT#${EVENT_ID_PREFIX}${encodeTime(Math.max(0, ms), 10)}`,
};

/**
 * A position in the log just before millisecond `ms`: as `after`, it continues with the first event of
 * that millisecond. (It is an id no event has: its random part is all zeros.)
 */
export function eventIdBefore(ms: number): string {
  return `${EVENT_ID_PREFIX}${encodeTime(Math.max(0, ms), 10)}${'0'.repeat(16)}`;
}

/** The head of a space's log: the last id given. */
export interface LogHeadItem {
  pk: string;
  sk: string;
  entity: 'LOG_HEAD';
  /** the highest event id given (absent before the first) */
  lastEventId?: string;
}

/** The head of a new space's log, before its first event. */
export function newLogHead(spaceId: SpaceId): LogHeadItem {
  return { ...logKeys.head(spaceId), entity: 'LOG_HEAD' };
}

/**
 * A write's entry waiting for its place: the event as the write recorded it (its `id` is the pending
 * entry's own, never shown; no `type`: a change that records no event), and `changed`, the keys of
 * the listed items the write changed, by kind (lib/db/log/changes.ts), which the delta walks read.
 */
export interface PendingEntryItem {
  pk: string;
  sk: string;
  entity: 'PENDING_EVENT';
  id: string;
  createdAt: string;
  changed?: Record<string, string[]>;
  [attribute: string]: unknown;
}

/**
 * A transaction's entry in its space's ordered log, as the write is built: the event it records
 * (lib/events/model.ts's recordEvent), or none (noteChanges: a write that changes listed items and
 * tells no one, such as a copy brought up to date or a tombstone). It becomes its pending entry as the
 * transaction leaves (pendingEntry): a new ULID and the sending time, and, on the space's first entry
 * of the transaction, the keys of the listed items the transaction changes there (lib/db/log/sending.ts).
 */
export interface LogEntry {
  Log: {
    spaceId: SpaceId;
    event?: { type: string; data: unknown };
    /** keys of listed items the transaction changes by an Update, by kind letter (a Put's are found from its pending change) */
    updated?: Record<string, string[]>;
  };
}

/**
 * The log entry of a write that changes listed items (their pending changes: lib/db/log/changes.ts)
 * but records no event: it takes a place in the log like an event's, so a delta walk reads the
 * change, and shows in no event list.
 */
export function noteChanges(spaceId: SpaceId, updated?: Record<string, string[]>): LogEntry {
  return { Log: { spaceId, ...(updated ? { updated } : {}) } };
}

/**
 * Pending entries' ids: monotonic, so that the entries of one transaction (an application's
 * `created`, then its `scored`) sort, and take their places, in the order the write lists them.
 */
const nextPendingId = monotonicFactory();

/** The pending entry a log entry becomes when its transaction leaves at `now`, noting `changed`. */
export function pendingEntry(
  { spaceId, event }: LogEntry['Log'],
  changed: Record<string, string[]> | undefined,
  now: Date,
): PendingEntryItem {
  const id = nextPendingId(now.getTime());
  return {
    ...logKeys.pending(spaceId, id),
    entity: 'PENDING_EVENT',
    id,
    ...(event ? { type: event.type, data: event.data } : {}),
    createdAt: now.toISOString(),
    ...(changed ? { changed } : {}),
  };
}

/**
 * The next event id after `last`, for an entry written at `at` (epoch ms): a fresh ULID of `at` when
 * it is later than `last`'s time, else `last` plus one (a write that commits late, or a clock behind
 * the log's, never takes a place below it).
 */
export function nextEventId(last: string | undefined, at: number): string {
  if (last === undefined || decodeTime(last.slice(EVENT_ID_PREFIX.length)) < at)
    return `${EVENT_ID_PREFIX}${ulid(at)}`;
  const ulidPart = last.slice(EVENT_ID_PREFIX.length);
  return `${EVENT_ID_PREFIX}${ulidPart.slice(0, 10)}${incrementBase32(ulidPart.slice(10))}`;
}
