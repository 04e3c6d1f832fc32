import type { WriteItem } from '../dynamo.js';
import { tenantPk } from '../ids.js';
import type { SpaceId } from '../spaces.js';

/** A tenant: the company whose systems call the API. Its partition holds all of its data. */
export interface TenantItem {
  pk: string;
  sk: 'TENANT';
  entity: 'TENANT';
  tenantId: string;
  name: string;
  createdAt: string;
  /** requests per clock hour per key; absent: the service default */
  hourlyLimit?: number;
  /** active keys it may hold; absent: the service default (DEFAULT_MAX_ACTIVE_KEYS) */
  maxActiveKeys?: number;
  /** its unrevoked keys, counted in the transactions that create and revoke them */
  activeKeys?: number;
  /** its webhook endpoints, counted in the transactions that create and delete them */
  webhookCount?: number;
  /** a test space's: when it was last given its sample data (lib/composition/test-mode/space.ts) */
  sampleDataAt?: string;
  /** a test space's: when a reset last deleted its data (sync tokens issued before it answer 410) */
  resetAt?: string;
  /**
   * a test space's reset that a call began and did not finish (it ran out of time): the next call goes
   * on with it, from the phase it reached (lib/composition/test-mode/space.ts)
   */
  reset?: { phase: 'clearing' | 'seeding'; startedAt: string; deletedItems: number };
}

/** The sort key of a space's own item, the same in every space. */
export const TENANT_ITEM_SK = 'TENANT' as const;

export const tenantKeys = {
  item: (spaceId: SpaceId) => ({ pk: tenantPk(spaceId), sk: TENANT_ITEM_SK }),
};

export function tenantItem(spaceId: SpaceId, name: string, createdAt: string): TenantItem {
  return { ...tenantKeys.item(spaceId), entity: 'TENANT', tenantId: spaceId, name, createdAt };
}

export interface Tenant {
  tenantId: string;
  name: string;
  hourlyLimit?: number;
  maxActiveKeys?: number;
  createdAt: string;
}

export function toTenant(item: TenantItem): Tenant {
  const tenant: Tenant = { tenantId: item.tenantId, name: item.name, createdAt: item.createdAt };
  if (item.hourlyLimit !== undefined) tenant.hourlyLimit = item.hourlyLimit;
  if (item.maxActiveKeys !== undefined) tenant.maxActiveKeys = item.maxActiveKeys;
  return tenant;
}

/** What a tenant may hold a capped number of, counted on its own item by the writes that add and remove one. */
export type CappedCount = 'activeKeys' | 'webhookCount';

/**
 * The transaction item that counts one more of `count`: its condition fails once the count is at
 * `max`, so the cap holds under concurrency. `tenantMustExist`: it fails too when the tenant's item is
 * not there (instead of making one that holds the count alone).
 */
export function countOneMore(
  tableName: string,
  spaceId: SpaceId,
  count: CappedCount,
  max: number,
  options: { tenantMustExist: boolean },
): WriteItem {
  const belowCap = `(attribute_not_exists(#count) OR #count < :max)`;
  return {
    Update: {
      TableName: tableName,
      Key: tenantKeys.item(spaceId),
      UpdateExpression: 'ADD #count :one',
      ConditionExpression: options.tenantMustExist
        ? `attribute_exists(pk) AND ${belowCap}`
        : belowCap,
      ExpressionAttributeNames: { '#count': count },
      ExpressionAttributeValues: { ':one': 1, ':max': max },
    },
  };
}

/** The transaction item that gives one place of `count` back. */
export function countOneLess(tableName: string, spaceId: SpaceId, count: CappedCount): WriteItem {
  return {
    Update: {
      TableName: tableName,
      Key: tenantKeys.item(spaceId),
      UpdateExpression: 'ADD #count :minusOne',
      ExpressionAttributeNames: { '#count': count },
      ExpressionAttributeValues: { ':minusOne': -1 },
    },
  };
}
