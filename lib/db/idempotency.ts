import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Db } from './client.js';
import { tenantPk } from './ids.js';
import { TTL_ATTRIBUTE } from './table.js';
import type { TransactItems } from './transact.js';

/**
 * The record of a request made with an `Idempotency-Key`: what it answered, kept 24 hours in the
 * tenant's own partition (so one busy tenant's records never share a partition with another's). It is
 * written in the same transaction as the create it records, so there is no "in progress" state: a
 * duplicate either finds the record, or loses the transaction's condition and is given the winner's.
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export const idempotencyKeys = {
  /** Scoped to the API key that sent it; the header value is hashed (any printable ASCII, bounded size). */
  record: (tenantId: string, keyId: string, idempotencyKey: string) => ({
    pk: tenantPk(tenantId),
    sk: `IDEMPOTENCY#${keyId}#${sha256(idempotencyKey)}`,
  }),
};

export interface IdempotencyRecordItem {
  pk: string;
  sk: string;
  entity: 'IDEMPOTENCY';
  /** hash of the request body, to tell a retry from a different request under the same key */
  requestHash: string;
  response: unknown;
  createdAt: string;
  ttl: number;
}

/** JSON with object keys sorted, so that the same body sent with another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(body: unknown): string {
  return sha256(canonical(body));
}

/** The live record at `key`, or undefined (none, or expired but not yet removed by TTL). */
export async function readIdempotencyRecord(
  db: Db,
  key: ReturnType<typeof idempotencyKeys.record>,
  now = new Date(),
): Promise<IdempotencyRecordItem | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  const record = Item as IdempotencyRecordItem | undefined;
  return record && record.ttl * 1000 > now.getTime() ? record : undefined;
}

/**
 * The transaction item that records `response` at `key`, unless a live record is there already (its
 * condition then fails, and the record that won comes back in the cancellation reasons).
 */
export function recordItem(
  db: Db,
  key: ReturnType<typeof idempotencyKeys.record>,
  hash: string,
  response: unknown,
  now = new Date(),
): TransactItems[number] {
  const item: IdempotencyRecordItem = {
    ...key,
    entity: 'IDEMPOTENCY',
    requestHash: hash,
    // Plain JSON: fields left undefined (a redacted secret) are dropped, not stored.
    response: JSON.parse(JSON.stringify(response)) as unknown,
    createdAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
  };
  return {
    Put: {
      TableName: db.tableName,
      Item: item,
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** The record that made a transaction fail because it got there first, if that is why it failed. */
export function recordThatWon(error: unknown, key: ReturnType<typeof idempotencyKeys.record>): IdempotencyRecordItem | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  for (const reason of error.CancellationReasons ?? []) {
    if (reason.Code !== 'ConditionalCheckFailed' || !reason.Item) continue;
    const item = unmarshall(reason.Item) as IdempotencyRecordItem;
    if (item.pk === key.pk && item.sk === key.sk) return item;
  }
  return undefined;
}

/**
 * What a create function takes to record its answer in its own transaction: `item(result)` is the
 * transaction item to append once the result (and so the answer) is known.
 */
export interface IdempotencyClaim<Result> {
  item(result: Result): TransactItems[number];
}
