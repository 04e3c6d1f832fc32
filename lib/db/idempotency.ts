import type { Db } from './client.js';
import {
  conditionFailure,
  deleteItem,
  getItem,
  ignoreConditionFailure,
  type Key,
  putItem,
  type TransactItem,
} from './dynamo.js';
import {
  type IdempotencyRecordItem,
  idempotencyRecordItem,
  inProgressItem,
  liveResponse,
  type RequestFingerprint,
} from './entities/idempotency.js';
import { TTL_ATTRIBUTE } from './table.js';

/**
 * Idempotency records are written in the same transaction as the change they record, so there is no
 * "in progress" state: a duplicate either finds the record, or loses the transaction's condition and
 * is given the record that won (transactWrite raises IdempotencyClaimLostError; see
 * lib/composition/idempotency.ts). A request whose work is several transactions (POST /jds/batch)
 * cannot do that: it takes the key first with an in-progress record (takeIdempotencyKey), and its
 * answer replaces that record once the work is done (recordItem with `replacing`).
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

/** A key no live record holds: none, or one whose time is up (TTL removes items late). */
const FREE = 'attribute_not_exists(pk) OR #ttl <= :now';

/**
 * Takes `key` for a request whose work is several transactions, before that work starts: an
 * in-progress record with `token`, held until `until` (epoch ms, the function's end). Returns
 * undefined when taken, else the live record that holds it (an answer, or a duplicate's in-progress
 * record).
 */
export async function takeIdempotencyKey(
  db: Db,
  key: Key,
  request: RequestFingerprint,
  token: string,
  until: number,
  now = new Date(),
): Promise<IdempotencyRecordItem | undefined> {
  try {
    await putItem(db, {
      Item: inProgressItem(key, request, token, until, now),
      ConditionExpression: FREE,
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    return undefined;
  } catch (error) {
    const failed = conditionFailure<IdempotencyRecordItem>(error);
    if (!failed) throw error;
    // Gone again in that moment (its request gave the key back): the caller looks once more.
    return failed.item ?? (await readIdempotencyRecord(db, key, now));
  }
}

/** Gives back a key taken with `token` whose request recorded no answer (it failed): a retry runs. */
export async function releaseIdempotencyKey(db: Db, key: Key, token: string): Promise<void> {
  await ignoreConditionFailure(
    deleteItem(db, key, {
      ConditionExpression: '#inProgress = :token',
      ExpressionAttributeNames: { '#inProgress': 'inProgress' },
      ExpressionAttributeValues: { ':token': token },
    }),
  );
}

/**
 * The transaction item that records `response` at `key`, unless a live record is there already (its
 * condition then fails, and the record that won comes back in the cancellation reasons); with
 * `replacing`, only in place of the in-progress record that token took.
 */
export function recordItem(
  db: Db,
  key: Key,
  request: RequestFingerprint,
  response: unknown,
  options: { now?: Date; answerVersion?: string; created?: boolean; replacing?: string } = {},
): TransactItem {
  const now = options.now ?? new Date();
  const condition: {
    ConditionExpression: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, string | number>;
  } =
    options.replacing === undefined
      ? {
          ConditionExpression: FREE,
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
        }
      : {
          ConditionExpression: '#inProgress = :token',
          ExpressionAttributeNames: { '#inProgress': 'inProgress' },
          ExpressionAttributeValues: { ':token': options.replacing },
        };
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
      ...condition,
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
