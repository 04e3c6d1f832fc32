import pMap from 'p-map';
import type { AuditContext } from '../audit/model.js';
import type { Db } from '../db/client.js';
import { transactWrite } from '../db/dynamo.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import type { SpaceId } from '../db/spaces.js';
import type { SlicePagination } from '../db/pagination.js';
import {
  ConflictError,
  type ErrorCode,
  ExternalIdReleasedError,
  ExternalIdTakenError,
  fieldError,
  JdTooLargeError,
  NotFoundError,
  PreconditionFailedError,
  TransientError,
} from '../errors.js';
import { errorEnvelope } from '../http/errors.js';
import { logger } from '../observability/logger.js';
import { parseOrThrow } from '../schemas/parse.js';
import { clip, LIMITS } from '../schemas/limits.js';
import { createJd, type JdPatch, updateJd } from './api.js';
import {
  DEFAULT_JD_TYPE,
  DETAILED_JD_FIELDS,
  EXTERNAL_ID_LIMIT,
  EXTERNAL_ID_PATTERN,
  jdBytes,
  LISTED_JD_FIELDS,
} from './fields.js';
import type { JdDetail, JdInput } from './model.js';
import { upsertJdsItem, type UpsertJdBody } from './requests.js';
import { holderOfExternalId } from './store.js';

/**
 * Writes by the integrator's own id (PUT /jds/by-external-id/:externalId, POST /jds/batch): the JD an
 * external id names is created when none holds it, else replaced through the same write as PATCH (its
 * If-Match, its status rules, the product's edits, a delete under way), so each item is one transaction
 * that commits whole or not at all, with its own event and audit entry; an item that changes nothing
 * writes nothing.
 */

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

/** What an upsert did, and the JD as PATCH /jds/:jdId answers it, with its ETag. */
export interface UpsertedJd {
  outcome: UpsertOutcome;
  jd: JdDetail;
  pagination?: SlicePagination;
  etag: string;
}

/**
 * How often an upsert starts over when a write racing it changes which JD holds the external id (it
 * created one, or deleted the one read): each time it reads the holder again, so two attempts settle
 * it unless the id is created and deleted over and over; then the answer is a 409 to retry.
 */
export const UPSERT_ATTEMPTS = 3;

/**
 * No attempt starts this long after the first began. The retry loops nest: each attempt's createJd or
 * updateJd runs `optimistically` (OPTIMISTIC_ATTEMPTS, 8, from a fresh read each), each of whose
 * writes runs `transactWrite` (TRANSACTION_ATTEMPTS, 4, on TransactionConflict): at worst 3 × 8 × 4 =
 * 96 transactions. One attempt's loops end within about 5 s even then (their back-offs, 1.6 s and
 * 8 × 0.2 s, and 40 calls answered as conflicts in tens of ms each), so with no attempt starting past
 * 4 s an upsert answers within about 9 s, inside the function's 10 s (test/unit/retry-bounds.test.ts);
 * a slow but uncontended attempt still leaves room for the next.
 */
export const UPSERT_RETRY_WINDOW_MS = 4_000;

/**
 * What replaces a JD's texts: every field PUT may carry, those left out removed (`type` back to its
 * default, so that leaving it out of a JD that has the default changes nothing). The creator is the
 * JD's first one: not replaced.
 */
function replacement(body: UpsertJdBody, externalId: string): JdPatch {
  const patch: JdPatch = {
    title: body.title,
    description: body.description,
    type: body.type ?? DEFAULT_JD_TYPE,
    externalId,
  };
  for (const field of [...LISTED_JD_FIELDS, ...DETAILED_JD_FIELDS])
    patch[field] = body[field] ?? null;
  return patch;
}

/**
 * Creates the JD `externalId` names (in DRAFT), or replaces its texts when one holds it; `ifMatch`, when
 * given, must name the stored version (none stored: 412).
 */
export async function upsertJd(
  db: Db,
  spaceId: SpaceId,
  externalId: string,
  body: UpsertJdBody,
  options: {
    ifMatch?: string | undefined;
    now?: Date;
    claim?: IdempotencyClaim<UpsertedJd> | undefined;
    audit?: AuditContext | undefined;
  } = {},
): Promise<UpsertedJd> {
  if (!EXTERNAL_ID_PATTERN.test(externalId))
    throw fieldError(
      'externalId',
      'format',
      `must be 1-${EXTERNAL_ID_LIMIT} printable ASCII characters without spaces (percent-encoded in the path)`,
    );
  const input: JdInput = { ...body, externalId };
  // POST /jds is bounded by its body limit; a batch item only by this.
  const bytes = jdBytes(input);
  if (bytes > LIMITS.jdBytes) throw new JdTooLargeError(LIMITS.jdBytes, bytes);
  const { claim } = options;
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const holder = await holderOfExternalId(db, spaceId, externalId);
    try {
      if (holder === undefined) {
        if (options.ifMatch !== undefined)
          throw new PreconditionFailedError(
            `If-Match ${options.ifMatch} names a version, and no JD has the externalId ${externalId}`,
          );
        const created = await createJd(db, spaceId, input, {
          ...(options.now ? { now: options.now } : {}),
          audit: options.audit,
          claim: claim && { item: (answer) => claim.item({ outcome: 'created', ...answer }) },
        });
        return { outcome: 'created', ...created };
      }
      // Only while that JD still holds the id: one moved off it since answers NotFoundError.
      const { changed, ...updated } = await updateJd(
        db,
        spaceId,
        holder,
        replacement(body, externalId),
        {
          ifMatch: options.ifMatch,
          holding: externalId,
          ...(options.now ? { now: options.now } : {}),
          audit: options.audit,
          claim: claim && {
            item: ({ changed: written, ...answer }) =>
              claim.item({ outcome: written ? 'updated' : 'unchanged', ...answer }),
          },
        },
      );
      return { outcome: changed ? 'updated' : 'unchanged', ...updated };
    } catch (error) {
      if (!holderChanged(error)) throw error;
      // The nested loops' bound as a whole (UPSERT_RETRY_WINDOW_MS).
      if (attempt >= UPSERT_ATTEMPTS || Date.now() - started > UPSERT_RETRY_WINDOW_MS)
        throw keptChanging(externalId);
    }
  }
}

/**
 * Which JD holds the external id changed between the look and the write: another request created
 * one (the id is taken, or was released in that moment), or the one read was deleted or moved off it.
 * The upsert looks again.
 */
function holderChanged(error: unknown): boolean {
  return (
    error instanceof ExternalIdTakenError ||
    error instanceof ExternalIdReleasedError ||
    error instanceof NotFoundError
  );
}

/** Writes racing this one kept creating and deleting the JD the external id names: the client retries. */
function keptChanging(externalId: string): ConflictError {
  return new ConflictError(
    `The JD with externalId ${externalId} was created or deleted by another request each time this one looked; retry`,
    true,
  );
}

/** One item's result in POST /jds/batch's answer, in the order sent. */
export type BatchItemResult =
  | { externalId: string; id: string; outcome: UpsertOutcome }
  | { externalId?: string; error: BatchItemError };

/** An item's error in the envelope's terms: the status a PUT of it alone would have answered. */
export interface BatchItemError {
  status: number;
  code: ErrorCode;
  message: string;
  details?: { field: string; rule: string; message: string }[];
}

/**
 * An item's error as its answer carries it. Bounded, so that a batch's answer (and its idempotency
 * record, under 400 KB) stays small whatever was sent: at most this many field problems an item, each
 * text cut to ITEM_ERROR_TEXT characters; 100 items at the bounds are ~250 KB.
 */
const ITEM_PROBLEMS = 5;
const ITEM_ERROR_TEXT = 200;

function itemError(error: unknown, requestId: string): BatchItemError {
  const { status, body } = errorEnvelope(error, requestId);
  // What the item's answer does not show (a fault's cause), the log does.
  if (status >= 500) logger.error('A batch item failed', { error: error as Error, status });
  const details = body.details as BatchItemError['details'];
  return {
    status,
    code: body.code,
    message: clip(body.error, ITEM_ERROR_TEXT * 2),
    ...(details
      ? {
          details: details.slice(0, ITEM_PROBLEMS).map((problem) => ({
            field: clip(problem.field, ITEM_ERROR_TEXT),
            rule: problem.rule,
            message: clip(problem.message, ITEM_ERROR_TEXT),
          })),
        }
      : {}),
  };
}

/** Items written at once: enough to finish 100 within a second or two, few enough not to crowd one tenant's counters. */
const BATCH_CONCURRENCY = 8;

/**
 * What a batch keeps of its function's time for the items under way and its answer: it starts no
 * item later than this before the function's end. Those it did not start answer 503 `unavailable`
 * (send them again). A batch of 100 takes a second or two; this is for a DynamoDB that throttles.
 */
export const BATCH_RESERVE_MS = 4_000;

/**
 * Upserts each item as PUT /jds/by-external-id/:externalId would (POST /jds/batch): each checked and
 * written on its own, so one bad item fails alone and the others are written; an external id sent
 * twice is written from its first valid item only, and its later items are refused. An item that
 * lost a race to a concurrent write (409 `concurrent_change`) is tried once more after the others.
 * Results in the order sent. With a claim, the answer is recorded once every item is done (each
 * item is keyed by its external id, so a batch resent without it writes nothing twice either).
 */
export async function upsertJds(
  db: Db,
  spaceId: SpaceId,
  items: readonly unknown[],
  options: {
    requestId: string;
    /** the time (epoch ms) after which no item is started */
    deadline: number;
    audit?: AuditContext | undefined;
    claim?: IdempotencyClaim<BatchItemResult[]> | undefined;
    now?: Date;
  },
): Promise<BatchItemResult[]> {
  const checked = items.map((item, index) => {
    try {
      return { item: parseOrThrow(upsertJdsItem, item, 'body', `items[${index}]`) };
    } catch (error) {
      const externalId = (item as { externalId?: unknown } | null)?.externalId;
      return {
        ...(typeof externalId === 'string'
          ? { externalId: clip(externalId, ITEM_ERROR_TEXT) }
          : {}),
        error,
      };
    }
  });
  const firstOf = new Map<string, number>();
  checked.forEach((entry, index) => {
    if (entry.item && !firstOf.has(entry.item.externalId))
      firstOf.set(entry.item.externalId, index);
  });
  const write = async (index: number): Promise<BatchItemResult> => {
    const entry = checked[index];
    if (!entry?.item) return itemFailure(entry?.externalId, entry?.error, options.requestId);
    const { externalId, ...body } = entry.item;
    try {
      const first = firstOf.get(externalId);
      if (first !== index)
        throw new ConflictError(
          `externalId ${externalId} is also item ${first} of this batch, which is the one upserted: send each JD once`,
        );
      if (Date.now() > options.deadline)
        throw new TransientError('Not started within this request; send this item again');
      const upserted = await upsertJd(db, spaceId, externalId, body, {
        audit: options.audit,
        ...(options.now ? { now: options.now } : {}),
      });
      return { externalId, id: upserted.jd.id, outcome: upserted.outcome };
    } catch (error) {
      return itemFailure(externalId, error, options.requestId);
    }
  };
  const results = await pMap(checked.keys(), write, { concurrency: BATCH_CONCURRENCY });
  // DynamoDB cancels a transaction that meets another on the same item (a counter shard, the external
  // id's reservation); each retried a few times already: once more, alone, now that the others are done.
  for (const [index, result] of results.entries())
    if ('error' in result && result.error.code === 'concurrent_change')
      results[index] = await write(index);
  // Nothing written, and only because DynamoDB could not be reached: the batch's own 503, which
  // clients retry whole, rather than a 200 of a hundred 503s.
  if (results.every((result) => 'error' in result && result.error.status === 503))
    throw new TransientError('DynamoDB did not answer any item of the batch; send it again');
  if (options.claim) await transactWrite(db, [options.claim.item(results)]);
  return results;
}

/** An item's result when it failed: its external id when it had one, and its error. */
function itemFailure(
  externalId: string | undefined,
  error: unknown,
  requestId: string,
): BatchItemResult {
  return {
    ...(externalId === undefined ? {} : { externalId }),
    error: itemError(error, requestId),
  };
}
