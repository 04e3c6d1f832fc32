import type { Db } from './client.js';
import { getItem, type TransactItem } from './dynamo.js';
import { type CounterItem, type CounterKind, counterKeys, countOf } from './entities/counter.js';

export type { CounterKind };

export async function readCount(db: Db, tenantId: string, kind: CounterKind, field = 'total'): Promise<number> {
  const item = await getItem<CounterItem>(db, counterKeys.item(tenantId, kind), { projection: '#f', names: { '#f': field } });
  return countOf(item, field);
}

/** A transaction item that adds each delta to its field (creating the counter on first use). */
export function counterDelta(db: Db, tenantId: string, kind: CounterKind, deltas: Record<string, number>): TransactItem {
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
      Key: counterKeys.item(tenantId, kind),
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
