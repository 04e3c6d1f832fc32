import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { NotFoundError } from '../errors.js';
import type { Db } from './client.js';
import { getItem, isConditionFailure, putItem, sendTransaction, updateItem } from './dynamo.js';
import { newLogHead } from './log/entries.js';
import {
  type Tenant,
  type TenantItem,
  tenantItem,
  tenantKeys,
  toTenant,
} from './entities/tenant.js';
import { nowIso } from './ids.js';
import type { SpaceId } from './spaces.js';

export type { Tenant };

export async function getTenant(db: Db, spaceId: SpaceId): Promise<Tenant | undefined> {
  const item = await getItem<TenantItem>(db, tenantKeys.item(spaceId), { consistent: true });
  return item && toTenant(item);
}

/**
 * Creates the tenant the first time it is named; returns whether it was created. A space made here
 * gets its log's head with it, ordered from the start (lib/db/log/sequencer.ts): nothing in it predates the log.
 */
export async function ensureTenant(
  db: Db,
  spaceId: SpaceId,
  name: string = spaceId,
  now = new Date(),
): Promise<boolean> {
  const newTenant = { Item: tenantItem(spaceId, name, nowIso(now)), ...NEW_ITEM };
  try {
    await sendTransaction(db, [
      { Put: { TableName: db.tableName, ...newTenant } },
      { Put: { TableName: db.tableName, Item: newLogHead(spaceId), ...NEW_ITEM } },
    ]);
    return true;
  } catch (error) {
    const [tenant, head] =
      error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
    if (tenant?.Code === 'ConditionalCheckFailed') return false;
    if (head?.Code !== 'ConditionalCheckFailed') throw error;
  }
  // A head without its tenant (the space's log was written before): the tenant alone.
  try {
    await putItem(db, newTenant);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const NEW_ITEM = { ConditionExpression: 'attribute_not_exists(pk)' } as const;

/** Sets one of an existing tenant's own limits; an unknown tenant is an error, never created here. */
export async function setTenantLimit(
  db: Db,
  spaceId: SpaceId,
  limit: 'hourlyLimit' | 'maxActiveKeys',
  value: number,
): Promise<void> {
  try {
    await updateItem(db, {
      Key: tenantKeys.item(spaceId),
      UpdateExpression: 'SET #limit = :value',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#limit': limit },
      ExpressionAttributeValues: { ':value': value },
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(`Tenant ${spaceId}`);
    throw error;
  }
}
