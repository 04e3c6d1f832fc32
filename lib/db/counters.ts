import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.js';
import { tenantPk } from './ids.js';
import type { TransactItems } from './transact.js';

/**
 * Per-tenant counts, changed in the same transaction as the write that changes what they count, so a
 * list's `total` is one small GetItem instead of a read of every item.
 */
export type CounterKind = 'JD' | 'RESUME';

export function counterKey(tenantId: string, kind: CounterKind) {
  return { pk: tenantPk(tenantId), sk: `COUNT#${kind}` };
}

export async function readCount(db: Db, tenantId: string, kind: CounterKind, field = 'total'): Promise<number> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: counterKey(tenantId, kind),
      ProjectionExpression: '#f',
      ExpressionAttributeNames: { '#f': field },
    }),
  );
  return typeof Item?.[field] === 'number' ? (Item[field] as number) : 0;
}

/** A transaction item that adds each delta to its field (creating the counter on first use). */
export function counterDelta(
  db: Db,
  tenantId: string,
  kind: CounterKind,
  deltas: Record<string, number>,
): TransactItems[number] {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = Object.entries(deltas).map(([field, delta], i) => {
    names[`#f${i}`] = field;
    values[`:d${i}`] = delta;
    return `#f${i} :d${i}`;
  });
  return {
    Update: {
      TableName: db.tableName,
      Key: counterKey(tenantId, kind),
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
