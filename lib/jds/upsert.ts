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
const UPSERT_ATTEMPTS = 3;

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
  for (let attempt = 1; ; attempt++) {
    const holder = await holderOfExternalId(db, spaceId, externalId);
    const raced = attempt < UPSERT_ATTEMPTS;
    if (holder === undefined) {
      if (options.ifMatch !== undefined)
        throw new PreconditionFailedError(
          `If-Match ${options.ifMatch} names a version, and no JD has the externalId ${externalId}`,
        );
      try {
        const created = await createJd(db, spaceId, input, {
          ...(options.now ? { now: options.now } : {}),
          audit: options.audit,
          claim: claim && { item: (answer) => claim.item({ outcome: 'created', ...answer }) },
        });
        return { outcome: 'created', ...created };
      } catch (error) {
        // Another request created it meanwhile: replace that one.
        if (error instanceof ExternalIdTakenError) {
          if (raced) continue;
          throw keptChanging(externalId);
        }
        throw error;
      }
    }
    try {
      const { changed, ...updated } = await updateJd(
        db,
        spaceId,
        holder,
        replacement(body, externalId),
        {
          ifMatch: options.ifMatch,
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
      // Deleted meanwhile (its external id freed with it): create it again.
      if (error instanceof NotFoundError) {
        if (raced) continue;
        throw keptChanging(externalId);
      }
      throw error;
    }
  }
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
 * The share of the function's time after which a batch starts no more items: those it has not
 * started answer 503 `unavailable` (send them again), those under way finish. A batch of 100 takes a
 * second or two; this is for a DynamoDB that throttles.
 */
export const BATCH_BUDGET_MS = 6_000;

/**
 * Upserts each item as PUT /jds/by-external-id/:externalId would (POST /jds/batch): each checked and
 * written on its own, so one bad item fails alone and the others are written; an external id sent
 * twice is written once, from its first valid item, and its later items are refused. Results in the
 * order sent. With a claim, the answer is recorded once every item is done (each item is keyed by
 * its external id, so a batch resent without it writes nothing twice either).
 */
export async function upsertJds(
  db: Db,
  spaceId: SpaceId,
  items: readonly unknown[],
  options: {
    requestId: string;
    audit?: AuditContext | undefined;
    claim?: IdempotencyClaim<BatchItemResult[]> | undefined;
    now?: Date;
    /** the time after which no item is started (default: BATCH_BUDGET_MS from now) */
    deadline?: number;
  },
): Promise<BatchItemResult[]> {
  const deadline = options.deadline ?? Date.now() + BATCH_BUDGET_MS;
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
  const results = await pMap(
    checked,
    async (entry, index): Promise<BatchItemResult> => {
      if (!entry.item) return itemFailure(entry.externalId, entry.error, options.requestId);
      const { externalId, ...body } = entry.item;
      try {
        const first = firstOf.get(externalId);
        if (first !== index)
          throw new ConflictError(
            `externalId ${externalId} is also item ${first} of this batch, which is the one written: send each JD once`,
          );
        if (Date.now() > deadline)
          throw new TransientError('Not started within this request; send this item again');
        const upserted = await upsertJd(db, spaceId, externalId, body, {
          audit: options.audit,
          ...(options.now ? { now: options.now } : {}),
        });
        return { externalId, id: upserted.jd.id, outcome: upserted.outcome };
      } catch (error) {
        return itemFailure(externalId, error, options.requestId);
      }
    },
    { concurrency: BATCH_CONCURRENCY },
  );
  if (options.claim) await transactWrite(db, [options.claim.item(results)]);
  return results;
}

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
