import type { Db } from '../db/client.js';
import {
  type IdempotencyClaim,
  idempotencyKeys,
  type IdempotencyRecordItem,
  readIdempotencyRecord,
  recordItem,
  recordThatWon,
  requestHash,
} from '../db/idempotency.js';
import { ApiError, ValidationError } from '../errors.js';
import type { ApiRequest, ApiResult } from './api-handler.js';

/**
 * `Idempotency-Key` on a creating request: for 24 hours the same key from the same API key with the
 * same body gets the first answer and creates nothing more; the same key with another body gets 422.
 * The record is written in the create's own transaction (lib/db/idempotency.ts), so two duplicates
 * racing each other create one item and both get its answer. Without the header the request just runs.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentCreate<Result> {
  /** runs the create, appending `claim.item(result)` to its transaction when a claim is given */
  run: (claim: IdempotencyClaim<unknown> | undefined) => Promise<Result>;
  /** the answer to the first caller */
  respond: (result: Result) => ApiResult;
  /** the answer as stored and replayed: without what must be shown once (a new key's plaintext) */
  redact?: (answer: ApiResult) => ApiResult;
}

function replay(record: IdempotencyRecordItem, hash: string): ApiResult {
  if (record.requestHash !== hash) throw new ApiError(422, 'Idempotency-Key was already used with a different request body');
  return record.response as ApiResult;
}

export async function withIdempotency<Result>(
  db: Db,
  request: Pick<ApiRequest<unknown, unknown>, 'caller' | 'body' | 'headers'>,
  create: IdempotentCreate<Result>,
): Promise<ApiResult> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return create.respond(await create.run(undefined));
  if (!KEY_PATTERN.test(header)) {
    throw new ValidationError('Idempotency-Key: must be 1-255 printable ASCII characters without spaces');
  }
  const key = idempotencyKeys.record(request.caller.tenantId, request.caller.keyId, header);
  const hash = requestHash(request.body);
  const existing = await readIdempotencyRecord(db, key);
  if (existing) return replay(existing, hash);
  const redact = create.redact ?? ((answer: ApiResult) => answer);
  try {
    // `created` is what this same `run` resolves with; the claim only passes it through.
    const result = await create.run({ item: (created) => recordItem(db, key, hash, redact(create.respond(created as Result))) });
    return create.respond(result);
  } catch (error) {
    // A duplicate committed between our read and our transaction: answer as it did.
    const winner = recordThatWon(error, key);
    if (winner) return replay(winner, hash);
    throw error;
  }
}
