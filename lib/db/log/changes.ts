import { TIME_WIDTH } from '../ids.js';

/**
 * The changes index (docs/data-model.md, "Delta sync"): every JD head, resume and application, and the
 * tombstone each leaves when deleted, has an entry `<kind>#<time>#<id>`, so that a delta walk reads,
 * per kind, what changed after a time in the order it changed.
 *
 * The time is when the write leaves for DynamoDB, not when the request began: a builder gives the item
 * a pending change (pendingChange), and the transaction stamps it as it is sent (lib/db/dynamo.ts,
 * toWriteItems), with the same time as the log entry that notes the change (lib/db/log/sending.ts).
 * Delta walks read what changed from that log; the index serves a first fill's part older than a few
 * minutes (the log keeps 30 days).
 */

export const CHANGE_KINDS = { jd: 'J', resume: 'R', application: 'A', candidate: 'C' } as const;
export type ChangeKind = keyof typeof CHANGE_KINDS;

export const CHANGES_SORT_KEY = 'gsi4sk';
/**
 * A listed item's entry as its write is built: the kind and id of the change, with no time yet. It is
 * a value of its own type, not a string, so an item carrying one says in its type that its write
 * notes a change, and can only be sent in a transaction with its space's log entry (lib/db/log):
 * the sending stamps it (stampChange) with the time it leaves, the same as the log entry's. Sent
 * unstamped, DynamoDB refuses it (the index's sort key must be a string).
 */
export interface PendingChange {
  readonly pendingChange: ChangeKind;
  readonly id: string;
}

/** The changes-index key of an item: as stored, a string; on an item being written, its pending change. */
export type ChangeIndexKey = string | PendingChange;

export function pendingChange(kind: ChangeKind, id: string): PendingChange {
  return { pendingChange: kind, id };
}

function isPendingChange(value: unknown): value is PendingChange {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PendingChange).pendingChange === 'string' &&
    typeof (value as PendingChange).id === 'string'
  );
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

/** The kind letter of an item's pending change (`J`, `R`, `A`, `C`), if its write notes one. */
export function pendingChangeKind(item: Record<string, unknown>): string | undefined {
  const pending = item[CHANGES_SORT_KEY];
  return isPendingChange(pending) ? CHANGE_KINDS[pending.pendingChange] : undefined;
}

/** The item with its pending change stamped at `now` (an item without one is returned as it is). */
export function stampChange<T extends Record<string, unknown>>(item: T, now: Date): T {
  const pending = item[CHANGES_SORT_KEY];
  if (!isPendingChange(pending)) return item;
  return {
    ...item,
    [CHANGES_SORT_KEY]: `${changeKeys.at(pending.pendingChange, now.getTime())}${pending.id}`,
  };
}
