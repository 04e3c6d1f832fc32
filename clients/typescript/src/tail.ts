import type { HiringClient, RequestLogEntry } from './index.js';

/**
 * Follows the request log as `listen` follows events (`hiring requests --tail`): every entry that
 * appears, oldest first, once each. An entry is written a few seconds after its answer (docs/api.md,
 * "Request log"), so each look reads back LATE_MS before the newest it has shown and skips what it
 * has shown: an entry that arrives late is shown, not missed.
 */
export const LATE_MS = 30_000;

export interface TailOptions {
  /** the request log's filters, as GET /requests takes them */
  filters?: { status?: string; keyId?: string; route?: string };
  /** from this instant on (default: now) */
  since?: Date;
  intervalMs?: number;
  signal?: AbortSignal;
  onEntry: (entry: RequestLogEntry) => void;
}

export async function tailRequests(client: HiringClient, options: TailOptions): Promise<void> {
  const intervalMs = options.intervalMs ?? 2_000;
  let newest = (options.since ?? new Date()).getTime();
  const floor = newest;
  // The ids shown within the look-back window, by time: older ones can no longer be read again.
  const shown = new Map<string, number>();
  while (!options.signal?.aborted) {
    const after = new Date(Math.max(floor, newest - LATE_MS)).toISOString();
    const fresh: RequestLogEntry[] = [];
    for await (const entry of client.requests.listAll({ ...options.filters, after }))
      if (!shown.has(entry.requestId)) fresh.push(entry);
    fresh.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
    for (const entry of fresh) {
      const time = Date.parse(entry.time);
      shown.set(entry.requestId, time);
      newest = Math.max(newest, time);
      options.onEntry(entry);
    }
    for (const [id, time] of shown) if (time < newest - LATE_MS) shown.delete(id);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      options.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
