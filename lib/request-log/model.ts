import { gunzipSync, gzipSync } from 'node:zlib';
import { newId, tenantPk } from '../db/ids.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * The request log (GET /requests): one entry per request that reached a function with a valid key,
 * whatever it was answered. Written after the answer, never on its path: the function logs the entry
 * as one line (./line.ts), CloudWatch Logs hands the lines to the request-log writer in batches
 * (locally, the local gateway does, every second), and the writer packs each space's entries of one
 * minute into one item (./writer.ts). An entry holds no body, no query value, no header's value beyond
 * those named below and nothing of a key or secret: nothing of a candidate, and nothing an erasure must
 * reach.
 */

/** Entries are kept this long, then DynamoDB's TTL removes them (the client's address with them). */
export const REQUEST_LOG_DAYS = 30;
export const REQUEST_LOG_TTL_SECONDS = REQUEST_LOG_DAYS * 24 * 60 * 60;
/** Entries packed in one item at most: 100 of the largest (about 3 KB each) stay far under 400 KB. */
export const ENTRIES_PER_ITEM = 100;

/** What the request log keeps of a request. */
export interface RequestLogEntry {
  /** the Request-Id its answer carried */
  requestId: string;
  /** when the gateway received it */
  time: string;
  method: string;
  /** without the query string, below /api/v1 */
  path: string;
  /** the route's template (`GET /jds/{jdId}`); null when no route matched */
  route: string | null;
  status: number;
  /** the envelope's code, on an error */
  code: string | null;
  /** from the gateway's receipt to the function's answer */
  durationMs: number;
  keyId: string;
  keyName: string;
  /** the API version the answer was shaped for */
  apiVersion: string | null;
  /** the Idempotency-Key sent, and whether the answer was a replay of the first */
  idempotencyKey: string | null;
  replayed: boolean;
  /** the names of the query parameters sent, never their values */
  queryParameters: string[];
  userAgent: string | null;
  clientIp: string | null;
}

/** An entry as a function logs it: with the space it belongs to. */
export interface LoggedRequest extends RequestLogEntry {
  spaceId: SpaceId;
}

/** One item of the log: a space's entries of one minute, as one writer batch had them (gzip'd JSON). */
export interface RequestLogItem {
  pk: string;
  sk: string;
  entity: 'REQUEST_LOG';
  entries: Uint8Array;
  count: number;
  ttl: number;
}

export const requestLogKeys = {
  prefix: 'REQUEST#',
  /** `REQUEST#2026-12-03T18:41#<ULID>`: a minute's items sort together, minutes in time order */
  item: (spaceId: SpaceId, minute: string) => ({
    pk: tenantPk(spaceId),
    sk: `REQUEST#${minute}#${newId()}`,
  }),
  minuteOf: (time: string) => time.slice(0, 16),
  minuteOfSortKey: (sortKey: string) => sortKey.slice('REQUEST#'.length, 'REQUEST#'.length + 16),
};

export function packEntries(entries: RequestLogEntry[]): Uint8Array {
  return gzipSync(JSON.stringify(entries));
}

export function unpackEntries(item: Pick<RequestLogItem, 'entries'>): RequestLogEntry[] {
  return JSON.parse(gunzipSync(item.entries).toString('utf8')) as RequestLogEntry[];
}

/** Newest first; requests of one millisecond by id, so that every order is total and a cursor exact. */
export function newestFirst(a: RequestLogEntry, b: RequestLogEntry): number {
  if (a.time !== b.time) return a.time < b.time ? 1 : -1;
  return a.requestId < b.requestId ? 1 : a.requestId > b.requestId ? -1 : 0;
}
