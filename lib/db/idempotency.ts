import type { Db } from './client.js';
import { getItem, type Key, type TransactItem } from './dynamo.js';
import {
  type IdempotencyRecordItem,
  idempotencyRecordItem,
  liveResponse,
  type RequestFingerprint,
} from './entities/idempotency.js';
import { TTL_ATTRIBUTE } from './table.js';

/**
 * Idempotency records are written in the same transaction as the change they record, so there is no
 * "in progress" state: a duplicate either finds the record, or loses the transaction's condition and
 * is given the record that won (transactWrite raises IdempotencyClaimLostError; see
 * lib/composition/idempotency.ts).
 */
export {
  IDEMPOTENCY_TTL_SECONDS,
  IdempotencyClaimLostError,
  idempotencyKeys,
  recordedAnswer,
  requestHash,
  type RequestFingerprint,
} from './entities/idempotency.js';

/** The live record at `key`, or undefined (none, or expired but not yet removed by TTL). */
export async function readIdempotencyRecord(
  db: Db,
  key: Key,
  now = new Date(),
): Promise<IdempotencyRecordItem | undefined> {
  const item = await getItem<IdempotencyRecordItem>(db, key, { consistent: true });
  return item && liveResponse(item, now);
}

/**
 * The transaction item that records `response` at `key`, unless a live record is there already (its
 * condition then fails, and the record that won comes back in the cancellation reasons).
 */
export function recordItem(
  db: Db,
  key: Key,
  request: RequestFingerprint,
  response: unknown,
  options: { now?: Date; answerVersion?: string; created?: boolean } = {},
): TransactItem {
  const now = options.now ?? new Date();
  return {
    Put: {
      TableName: db.tableName,
      Item: idempotencyRecordItem(
        key,
        request,
        response,
        now,
        options.answerVersion,
        options.created,
      ),
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/**
 * What a create function takes to record its answer in its own transaction: `item(result)` is the
 * transaction item to append once the result (and so the answer) is known.
 */
export interface IdempotencyClaim<Result> {
  item(result: Result): TransactItem;
}
