import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { tenantPk } from '../ids.js';
import type { SpaceId } from '../spaces.js';

/**
 * The record of a request made with an `Idempotency-Key`: what it answered, kept 24 hours in the
 * tenant's own partition (so one busy tenant's records never share a partition with another's).
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export interface IdempotencyRecordItem {
  pk: string;
  sk: string;
  entity: 'IDEMPOTENCY';
  /** hash of the request body, to tell a retry from a different request under the same key */
  requestHash: string;
  /** the request's method and path (`PATCH /jds/jd-1`): a key names one request (absent in records of earlier versions) */
  target?: string;
  /** the answer as JSON text, so that a replay sends it in the same order (a stored map's keys come back in any order) */
  responseJson?: string;
  /** the answer as gzip-compressed JSON text, for a large answer (RECORD_COMPRESS_FROM_BYTES) */
  responseGzip?: Uint8Array;
  /** the answer as a map, as versions before responseJson stored it */
  response?: unknown;
  /** the API version whose shapes the answer is in (the newest when it was recorded); absent: the first */
  answerVersion?: string;
  /** an upsert that created what it names (its 201), so that a replay answers the same */
  created?: true;
  /**
   * Present while the request that took the key is still at work (POST /jds/batch, whose items are
   * transactions of their own): that request's token, and no answer yet. `ttl` is then the end of its
   * function's time, after which the key is free again.
   */
  inProgress?: string;
  createdAt: string;
  /** epoch seconds after which the record is gone (DynamoDB TTL, which may lag: reads check it too) */
  ttl: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export const idempotencyKeys = {
  /** Scoped to the API key that sent it; the header value is hashed (any printable ASCII, bounded size). */
  record: (spaceId: SpaceId, keyId: string, idempotencyKey: string) => ({
    pk: tenantPk(spaceId),
    sk: `IDEMPOTENCY#${keyId}#${sha256(idempotencyKey)}`,
  }),
};

/** JSON with object keys sorted, so that the same body sent with another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A request without a body (POST /test/reset) hashes as `null`. */
export function requestHash(body: unknown): string {
  return sha256(canonical(body ?? null));
}

/** What a record says of the request it answered: its method and path, and its body's hash. */
export interface RequestFingerprint {
  target: string;
  hash: string;
}

/**
 * Answers from this size on are stored compressed: a JD's texts (up to 256 KB in a PATCH's answer)
 * shrink several-fold, and a record is paid for by the kilobyte it writes. Whatever the answer, the
 * record stays under DynamoDB's 400 KB item: the largest answer (a JD at its bound with 100
 * applications, ~270 KB) fits even where its text does not compress.
 */
export const RECORD_COMPRESS_FROM_BYTES = 8 * 1024;

export function idempotencyRecordItem(
  key: { pk: string; sk: string },
  request: RequestFingerprint,
  response: unknown,
  now: Date,
  answerVersion?: string,
  created?: boolean,
): IdempotencyRecordItem {
  // What the answer holds, as the API sends it (a redacted secret is null).
  const json = JSON.stringify(response);
  return {
    ...key,
    entity: 'IDEMPOTENCY',
    requestHash: request.hash,
    target: request.target,
    ...(Buffer.byteLength(json, 'utf8') < RECORD_COMPRESS_FROM_BYTES
      ? { responseJson: json }
      : { responseGzip: gzipSync(json) }),
    ...(answerVersion === undefined ? {} : { answerVersion }),
    ...(created === true ? { created } : {}),
    createdAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
  };
}

/**
 * The record that takes a key before its request's work starts, for a request whose work is several
 * transactions: `until` its function's end (rounded up to the second), when nothing can still write.
 */
export function inProgressItem(
  key: { pk: string; sk: string },
  request: RequestFingerprint,
  token: string,
  until: number,
  now: Date,
): IdempotencyRecordItem {
  return {
    ...key,
    entity: 'IDEMPOTENCY',
    requestHash: request.hash,
    target: request.target,
    inProgress: token,
    createdAt: now.toISOString(),
    ttl: Math.ceil(until / 1000),
  };
}

/** The answer a record holds, its fields in the order they were first sent. */
export function recordedAnswer(item: IdempotencyRecordItem): unknown {
  if (item.responseGzip !== undefined)
    return JSON.parse(gunzipSync(item.responseGzip).toString('utf8'));
  return item.responseJson === undefined ? item.response : JSON.parse(item.responseJson);
}

/** The stored response, or undefined when the record has expired (TTL removes items late). */
export function liveResponse(
  item: IdempotencyRecordItem,
  now: Date,
): IdempotencyRecordItem | undefined {
  return item.ttl * 1000 > now.getTime() ? item : undefined;
}

/**
 * A transaction that carried an idempotency claim was cancelled because another request with the same
 * key committed first. It is told apart from every other failure of that transaction (a changed
 * version, a limit) before any of them is interpreted: the request is a duplicate, and its answer is
 * the record's.
 */
export class IdempotencyClaimLostError extends Error {
  constructor(readonly record: IdempotencyRecordItem) {
    super('Another request with the same Idempotency-Key committed first');
    this.name = 'IdempotencyClaimLostError';
  }
}
