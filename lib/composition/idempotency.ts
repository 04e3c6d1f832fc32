import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { FUNCTION_TIMEOUT_MS } from '../config.js';
import type { Db } from '../db/client.js';
import type { IdempotencyRecordItem } from '../db/entities/idempotency.js';
import {
  type IdempotencyClaim,
  IdempotencyClaimLostError,
  idempotencyKeys,
  readIdempotencyRecord,
  recordedAnswer,
  recordItem,
  releaseIdempotencyKey,
  requestHash,
  takeIdempotencyKey,
} from '../db/idempotency.js';
import {
  fieldError,
  IdempotencyKeyOtherTargetError,
  IdempotencyKeyReusedError,
  TransientError,
} from '../errors.js';
import { heldOpen } from '../observability/trace.js';
import { FIRST_VERSION } from '../versions/first.js';
import { currentVersion } from '../versions/shape.js';
import type { Caller } from './api-handler.js';

/**
 * `Idempotency-Key` on a changing request: for 24 hours the same key from the same API key, on the same
 * method and path, with the same body gets the first answer and changes nothing more; the same key with
 * another body, or on another method or path, is refused. The record is written in the change's own
 * transaction (lib/db/idempotency.ts), so duplicates racing each other make one change and all get its
 * answer. A request whose work is several transactions (`manyTransactions`: POST /jds/batch) takes the
 * key before its work instead, and a duplicate arriving meanwhile waits for its answer and replays it,
 * or, when the first is still at work at the end of the duplicate's own time, answers 503 to send
 * again. Without the header the request just runs.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
import { REPLAYED_HEADER } from '../http/route-definition.js';
export { REPLAYED_HEADER };
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentCreate<Result, Answer> {
  /** runs the create, appending `claim.item(result)` to its transaction when a claim is given */
  run: (claim: IdempotencyClaim<unknown> | undefined) => Promise<Result>;
  /** the answer to the first caller */
  respond: (result: Result) => Answer;
  /** the answer as stored and replayed: without what must be shown once (a new key's plaintext) */
  redact?: (answer: Answer) => Answer;
  /**
   * headers of the change's own answer (its ETag), never of a replay: a replay answers what was true
   * then, and an ETag with it would claim the resource is still so (docs/api.md)
   */
  headers?: (result: Result) => Record<string, string>;
  /** an upsert's: whether the result is a create (201), kept with the record so a replay answers the same */
  created?: (result: Result) => boolean;
  /**
   * the work is several transactions (a batch's items), so its record cannot be written in the
   * change's own: the key is taken with an in-progress record before the work, and duplicates wait
   */
  manyTransactions?: true;
}

/** A duplicate's pauses between looks at the record of the request running before it: 50 ms, doubling to 500. */
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 500;
/** What a duplicate keeps of its own time for its answer when it stops waiting. */
const WAIT_RESERVE_MS = 1_000;
const STILL_RUNNING =
  'A request with this Idempotency-Key is still running; send this one again with the same key for its answer';

export async function withIdempotency<Result, Answer>(
  db: Db,
  request: {
    caller: Caller;
    target: string;
    body: unknown;
    headers: Record<string, string | undefined>;
    responseHeaders: Record<string, string>;
    answerVersion?: string | undefined;
    created?: boolean;
    /** how long the function has left (ms): how long a `manyTransactions` request holds its key */
    remainingMs?: () => number;
  },
  create: IdempotentCreate<Result, Answer>,
): Promise<Answer> {
  const answered = (result: Result): Answer => {
    Object.assign(request.responseHeaders, create.headers?.(result));
    if (create.created?.(result) === true) request.created = true;
    return create.respond(result);
  };
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return answered(await create.run(undefined));
  if (!KEY_PATTERN.test(header)) {
    throw fieldError(
      'Idempotency-Key',
      'format',
      'must be 1-255 printable ASCII characters without spaces',
    );
  }
  const key = idempotencyKeys.record(request.caller.spaceId, request.caller.keyId, header);
  const fingerprint = { target: request.target, hash: requestHash(request.body) };
  // The stored answer is what `respond` (then `redact`) made of the first request's result.
  const sameRequest = (record: IdempotencyRecordItem) => {
    if (record.target !== undefined && record.target !== fingerprint.target)
      throw new IdempotencyKeyOtherTargetError(record.target);
    if (record.requestHash !== fingerprint.hash) throw new IdempotencyKeyReusedError();
  };
  const replay = (record: IdempotencyRecordItem): Answer => {
    sameRequest(record);
    // Another request's work under way: no answer yet to give.
    if (record.inProgress !== undefined) throw new TransientError(STILL_RUNNING);
    request.responseHeaders[REPLAYED_HEADER] = 'true';
    if (record.created === true) request.created = true;
    // Shaped for its reader from the version it was recorded in, which a release since may have aged.
    request.answerVersion = record.answerVersion ?? FIRST_VERSION;
    return recordedAnswer(record) as Answer;
  };
  const redact = create.redact ?? ((answer: Answer) => answer);
  if (create.manyTransactions) {
    const ends = Date.now() + (request.remainingMs?.() ?? FUNCTION_TIMEOUT_MS);
    const token = randomUUID();
    // Until the key is ours, or a duplicate's answer is there to replay.
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      const holder =
        (await readIdempotencyRecord(db, key)) ??
        (await takeIdempotencyKey(db, key, fingerprint, token, ends));
      if (holder === undefined) break;
      if (holder.inProgress === undefined) return replay(holder);
      sameRequest(holder); // another body, or another target, is refused at once
      if (Date.now() + pause > ends - WAIT_RESERVE_MS) throw new TransientError(STILL_RUNNING);
      await heldOpen(() => sleep(pause));
    }
    let recorded = false;
    try {
      const result = await create.run({
        item: (created) => {
          recorded = true;
          return recordItem(db, key, fingerprint, redact(create.respond(created as Result)), {
            answerVersion: currentVersion(),
            created: create.created?.(created as Result),
            replacing: token,
          });
        },
      });
      // A result recorded nowhere leaves no one waiting for it.
      if (!recorded) await releaseIdempotencyKey(db, key, token);
      return answered(result);
    } catch (error) {
      // Our hold outlived our time and a duplicate took the key: its record is the key's answer.
      if (error instanceof IdempotencyClaimLostError) return replay(error.record);
      // Nothing recorded: the key is free for a retry at once, not at our time's end.
      await releaseIdempotencyKey(db, key, token).catch(() => undefined);
      throw error;
    }
  }
  const existing = await readIdempotencyRecord(db, key);
  if (existing) return replay(existing);
  try {
    // `created` is what this same `run` resolves with; the claim only passes it through.
    const result = await create.run({
      item: (created) =>
        recordItem(db, key, fingerprint, redact(create.respond(created as Result)), {
          answerVersion: currentVersion(),
          created: create.created?.(created as Result),
        }),
    });
    return answered(result);
  } catch (error) {
    // A duplicate committed in the same moment: our transaction lost its claim to it.
    if (error instanceof IdempotencyClaimLostError) return replay(error.record);
    // Or it committed before we read what we checked, and we failed on its change (an If-Match that
    // no longer holds, a replay already running): the duplicate's answer is ours, not that failure.
    const winner = await readIdempotencyRecord(db, key).catch(() => undefined);
    if (winner) return replay(winner);
    throw error;
  }
}
