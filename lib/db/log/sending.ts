import { tenantPk } from '../ids.js';
import { pendingChangeKind } from './changes.js';
import type { LogEntry } from './entries.js';

/** A transaction item as the log reads it: a log entry, or a write whose Put may carry a pending change. */
type Item = LogEntry | { Put?: { Item?: Record<string, unknown> } } | object;

const isLogEntry = (item: Item): item is LogEntry => 'Log' in item;

/**
 * Which log entry of a transaction notes which changes, by the entry's position: the keys of the
 * listed items the transaction puts (those carrying a pending change: lib/db/log/changes.ts), by
 * space and kind, go on the first log entry of their space. A delta walk reads them there, at the
 * place the sequencer gives that entry (lib/db/log/walk.ts).
 *
 * Nothing is added to the transaction here: one that changes a listed item of a space without a log
 * entry of that space is refused, so its code must say what it sends (recordEvent, or noteChanges).
 */
export function changesNoted(items: Item[]): Map<number, Record<string, string[]>> {
  const bySpace = new Map<string, Record<string, string[]>>();
  const note = (pk: string, kind: string, sk: string) => {
    const ofSpace = bySpace.get(pk) ?? {};
    (ofSpace[kind] ??= []).push(sk);
    bySpace.set(pk, ofSpace);
  };
  for (const item of items) {
    if (isLogEntry(item))
      for (const [kind, keys] of Object.entries(item.Log.updated ?? {}))
        for (const sk of keys) note(tenantPk(item.Log.spaceId), kind, sk);
    const put = 'Put' in item ? item.Put?.Item : undefined;
    const kind = put && pendingChangeKind(put);
    if (kind) note(String(put.pk), kind, String(put.sk));
  }
  const noted = new Map<number, Record<string, string[]>>();
  for (const [pk, changed] of bySpace) {
    const at = items.findIndex((item) => isLogEntry(item) && tenantPk(item.Log.spaceId) === pk);
    if (at === -1)
      throw new Error(
        `A transaction changes listed items of ${pk} with no log entry of that space: add its event (recordEvent) or noteChanges`,
      );
    noted.set(at, changed);
  }
  return noted;
}
