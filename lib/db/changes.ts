import { TIME_WIDTH } from './ids.js';

/**
 * The changes index (docs/data-model.md, "Delta sync"): every JD head, resume and application, and the
 * tombstone each leaves when deleted, has an entry `<kind>#<time>#<id>`, so that a delta walk reads,
 * per kind, what changed after a time in the order it changed.
 *
 * The time is when the write leaves for DynamoDB, not when the request began: a builder writes the
 * entry as pending (`<kind>#~#<id>`), and the transaction stamps it as it is sent (lib/db/dynamo.ts,
 * toWriteItems), with the same time as the note of the change in the ordered log (lib/db/log.ts).
 * Delta walks read what changed from that log; the index serves a first fill's part older than a few
 * minutes (the log keeps 30 days), and the whole walk of a space from before the log, behind the
 * settle window (config.deltaSettleMs).
 */

export const CHANGE_KINDS = { jd: 'J', resume: 'R', application: 'A', candidate: 'C' } as const;
export type ChangeKind = keyof typeof CHANGE_KINDS;

export const CHANGES_SORT_KEY = 'gsi4sk';
const PENDING = '~';
const PENDING_ENTRY = /^([A-Z])#~#(.+)$/;

/** The entry an item's write carries until it is sent: the time is stamped then. */
export function pendingChange(kind: ChangeKind, id: string): string {
  return `${CHANGE_KINDS[kind]}#${PENDING}#${id}`;
}

/** An entry's time: epoch milliseconds in base 36, fixed width (as the other index sort keys). */
export function changeTime(ms: number): string {
  return Math.max(0, Math.floor(ms)).toString(36).padStart(TIME_WIDTH, '0');
}

/** The prefix of every entry of a kind, and the entry of a kind at a time (before any id). */
export const changeKeys = {
  prefix: (kind: ChangeKind) => `${CHANGE_KINDS[kind]}#`,
  at: (kind: ChangeKind, ms: number) => `${CHANGE_KINDS[kind]}#${changeTime(ms)}#`,
  /** the time of an entry, in epoch milliseconds */
  timeOf: (entry: string) => parseInt(entry.slice(2, 2 + TIME_WIDTH), 36),
};

/** The kind letter of an item's pending change entry (`J`, `R`, `A`, `C`), if it carries one. */
export function pendingChangeKind(item: Record<string, unknown>): string | undefined {
  const pending = item[CHANGES_SORT_KEY];
  return typeof pending === 'string' ? PENDING_ENTRY.exec(pending)?.[1] : undefined;
}

/** The item with its pending change entry stamped at `now` (an item without one is returned as it is). */
export function stampChange<T extends Record<string, unknown>>(item: T, now: Date): T {
  const pending = item[CHANGES_SORT_KEY];
  if (typeof pending !== 'string') return item;
  const match = PENDING_ENTRY.exec(pending);
  if (!match) return item;
  return { ...item, [CHANGES_SORT_KEY]: `${match[1]}#${changeTime(now.getTime())}#${match[2]}` };
}

/** What the changes index holds of an item written before it existed: its kind. */
const BACKFILLED: Record<string, ChangeKind> = {
  JD: 'jd',
  RESUME: 'resume',
  APPLICATION: 'application',
};

/**
 * The entry of an item written before the changes index, stamped now (not at the item's `updatedAt`:
 * a token already handed out would be past it); undefined for any other item.
 */
export function backfilledChange(item: { entity?: unknown; id?: unknown }): string | undefined {
  const kind = typeof item.entity === 'string' ? BACKFILLED[item.entity] : undefined;
  if (!kind || typeof item.id !== 'string') return undefined;
  return `${CHANGE_KINDS[kind]}#${changeTime(Date.now())}#${item.id}`;
}
