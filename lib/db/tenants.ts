import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.js';
import { nowIso, tenantPk } from './ids.js';
import { isConditionFailure } from './transact.js';

export interface Tenant {
  tenantId: string;
  name: string;
  /** Requests per clock hour per key; absent means the service default. */
  hourlyLimit?: number;
  createdAt: string;
}

export const tenantKeys = {
  item: (tenantId: string) => ({ pk: tenantPk(tenantId), sk: 'TENANT' }),
};

export async function getTenant(db: Db, tenantId: string): Promise<Tenant | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: tenantKeys.item(tenantId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const tenant: Tenant = { tenantId: Item.tenantId, name: Item.name, createdAt: Item.createdAt };
  if (typeof Item.hourlyLimit === 'number') tenant.hourlyLimit = Item.hourlyLimit;
  return tenant;
}

/** Creates the tenant the first time it is named; returns whether it was created. */
export async function ensureTenant(db: Db, tenantId: string, name = tenantId, now = new Date()): Promise<boolean> {
  try {
    await db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...tenantKeys.item(tenantId), entity: 'TENANT', tenantId, name, createdAt: nowIso(now) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
