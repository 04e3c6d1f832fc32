import {
  BatchGetCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.js';

type Item = Record<string, unknown>;

/** Every item a query matches, following LastEvaluatedKey. */
export async function queryAll(db: Db, input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const output = await db.client.send(
      new QueryCommand({ ...input, TableName: db.tableName, ExclusiveStartKey: startKey }),
    );
    items.push(...(output.Items ?? []));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Rounds of BatchGetItem for keys DynamoDB left unprocessed (it does under throttling) before giving up. */
export const BATCH_GET_MAX_ATTEMPTS = 5;

/** What DynamoDB still had not returned after every attempt: transient, the client may retry. */
export class UnprocessedKeysError extends Error {
  override readonly name = 'ThrottlingException';
}

/**
 * The items at `keys`, in the order of `keys` (missing ones left out). Unprocessed keys are retried with
 * back-off a bounded number of times, then the call fails as throttled (503).
 */
export async function batchGet(
  db: Db,
  keys: Item[],
  options: { projection?: string; names?: Record<string, string>; consistent?: boolean } = {},
): Promise<Item[]> {
  const found = new Map<string, Item>();
  const keyOf = (item: Item) => `${item.pk}\u0000${item.sk}`;
  for (let i = 0; i < keys.length; i += 100) {
    let pending: BatchGetCommandInput['RequestItems'] = {
      [db.tableName]: {
        Keys: keys.slice(i, i + 100),
        ConsistentRead: options.consistent,
        // Results are matched to keys by pk/sk, so a projection always includes them.
        ProjectionExpression: options.projection ? `pk, sk, ${options.projection}` : undefined,
        ExpressionAttributeNames: options.names,
      },
    };
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt >= BATCH_GET_MAX_ATTEMPTS) throw new UnprocessedKeysError('DynamoDB left keys unprocessed after every attempt');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const output: BatchGetCommandOutput = await db.client.send(new BatchGetCommand({ RequestItems: pending }));
      for (const item of output.Responses?.[db.tableName] ?? []) found.set(keyOf(item), item);
      pending = output.UnprocessedKeys;
    }
  }
  return keys.map((key) => found.get(keyOf(key))).filter((item): item is Item => item !== undefined);
}
