import { listKeyItems } from './api-keys.js';
import type { Db } from './client.js';
import { updateItem } from './dynamo.js';
import { apiKeyKeys } from './entities/api-key.js';
import { setTenantLimit } from './tenants.js';

/**
 * A tenant's own hourly limit per key (tenants on dedicated infrastructure). The limit is copied onto
 * each key's lookup item so the authorizer needs no second read.
 */
export async function setTenantHourlyLimit(
  db: Db,
  tenantId: string,
  perHour: number,
): Promise<void> {
  await setTenantLimit(db, tenantId, 'hourlyLimit', perHour);
  for (const key of await listKeyItems(db, tenantId)) {
    await updateItem(db, {
      Key: apiKeyKeys.lookup(key.keyHash),
      UpdateExpression: 'SET hourlyLimit = :limit',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':limit': perHour },
    });
  }
}
