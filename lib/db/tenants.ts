import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../errors.js';
import type { Db } from './client.js';
import { nowIso, tenantPk } from './ids.js';
import { isConditionFailure } from './transact.js';

export interface Tenant {
  tenantId: string;
  name: string;
  /** Requests per clock hour per key; absent means the service default. */
  hourlyLimit?: number;
  /** Active API keys it may hold; absent means the service default (DEFAULT_MAX_ACTIVE_KEYS). */
  maxActiveKeys?: number;
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
  if (typeof Item.maxActiveKeys === 'number') tenant.maxActiveKeys = Item.maxActiveKeys;
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

/** Sets one of an existing tenant's own limits; an unknown tenant is an error, never created here. */
export async function setTenantLimit(db: Db, tenantId: string, limit: 'hourlyLimit' | 'maxActiveKeys', value: number): Promise<void> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: tenantKeys.item(tenantId),
        UpdateExpression: 'SET #limit = :value',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#limit': limit },
        ExpressionAttributeValues: { ':value': value },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(`Tenant ${tenantId}`);
    throw error;
  }
}
