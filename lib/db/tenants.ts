import { NotFoundError } from '../errors.js';
import type { Db } from './client.js';
import { getItem, isConditionFailure, putItem, updateItem } from './dynamo.js';
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

/** Creates the tenant the first time it is named; returns whether it was created. */
export async function ensureTenant(
  db: Db,
  spaceId: SpaceId,
  name: string = spaceId,
  now = new Date(),
): Promise<boolean> {
  try {
    await putItem(db, {
      Item: tenantItem(spaceId, name, nowIso(now)),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

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
