import type { Db } from './client.js';
import { getItem, itemsThatFailedConditions, type Key, type TransactItem } from './dynamo.js';
import { type IdempotencyRecordItem, idempotencyRecordItem, liveResponse } from './entities/idempotency.js';
import { TTL_ATTRIBUTE } from './table.js';

/**
 * Idempotency records are written in the same transaction as the create they record, so there is no
 * "in progress" state: a duplicate either finds the record, or loses the transaction's condition and
 * is given the record that won (see lib/http/idempotency.ts).
 */
export { IDEMPOTENCY_TTL_SECONDS, idempotencyKeys, recordedAnswer, requestHash } from './entities/idempotency.js';

/** The live record at `key`, or undefined (none, or expired but not yet removed by TTL). */
export async function readIdempotencyRecord(db: Db, key: Key, now = new Date()): Promise<IdempotencyRecordItem | undefined> {
  const item = await getItem<IdempotencyRecordItem>(db, key, { consistent: true });
  return item && liveResponse(item, now);
}

/**
 * The transaction item that records `response` at `key`, unless a live record is there already (its
 * condition then fails, and the record that won comes back in the cancellation reasons).
 */
export function recordItem(db: Db, key: Key, hash: string, response: unknown, now = new Date()): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: idempotencyRecordItem(key, hash, response, now),
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** The record that made a transaction fail because it got there first, if that is why it failed. */
export function recordThatWon(error: unknown, key: Key): IdempotencyRecordItem | undefined {
  return itemsThatFailedConditions<IdempotencyRecordItem>(error).find((item) => item.pk === key.pk && item.sk === key.sk);
}

/**
 * What a create function takes to record its answer in its own transaction: `item(result)` is the
 * transaction item to append once the result (and so the answer) is known.
 */
export interface IdempotencyClaim<Result> {
  item(result: Result): TransactItem;
}
