import type { Db } from '../db/client.js';
import { liveSpaceOf } from '../db/spaces.js';
import { batchGet, getItem, queryAll, updateItem } from '../db/dynamo.js';
import { isValidId, tenantPk, underPrefix } from '../db/ids.js';
import { NotFoundError } from '../errors.js';
import { type Listed, type SliceRequest, wholeOrSlice } from '../db/pagination.js';
import { setTenantLimit } from '../db/tenants.js';
import { defaultHourlyLimit } from '../config.js';
import { type RequestCounts, requestsOfLastDay } from '../request-log/counts.js';
import {
  quotaOf,
  type ApiKeyLookupItem,
  type ApiKeyRecord,
  type ApiKeyRecordItem,
  apiKeyKeys,
  toApiKeyRecord,
} from './model.js';

/** Reading a tenant's keys, and the operator's per-tenant hourly limit copied onto them. */

export function listKeyItems(db: Db, tenantId: string): Promise<ApiKeyRecordItem[]> {
  return queryAll<ApiKeyRecordItem>(db, {
    ...underPrefix(liveSpaceOf(tenantId), apiKeyKeys.recordPrefix),
    ConsistentRead: true,
  });
}

/** The tenant's keys, oldest first, with when each was last used: all of them, or the slice asked for. */
export async function listApiKeys(
  db: Db,
  tenantId: string,
  slice?: SliceRequest,
): Promise<Listed<ApiKeyRecord>> {
  const listed = await wholeOrSlice<ApiKeyRecordItem>(
    db,
    {
      tenantPk: tenantPk(liveSpaceOf(tenantId)),
      name: 'keys',
      query: {
        ...underPrefix(liveSpaceOf(tenantId), apiKeyKeys.recordPrefix),
        ConsistentRead: true,
      },
      sortKey: 'sk',
      startKey: (id) => apiKeyKeys.record(tenantId, id),
    },
    slice,
  );
  const [lookups, lastDay] = await Promise.all([
    batchGet<UsageOfLookup & Pick<ApiKeyLookupItem, 'pk' | 'sk' | 'keyId'>>(
      db,
      listed.items.map((item) => apiKeyKeys.lookup(item.keyHash)),
      { projection: `keyId, ${USAGE_PROJECTION}` },
    ),
    requestsOfLastDay(db, tenantId),
  ]);
  const byKey = new Map(lookups.map((lookup) => [lookup.keyId, lookup]));
  return {
    ...listed,
    items: listed.items.map((item) => withUsage(item, byKey.get(item.id), lastDay)),
  };
}

/** What a key's lookup item says of its use: when it was last used, and its hour's count. */
type UsageOfLookup = Pick<ApiKeyLookupItem, 'lastUsedAt' | 'win' | 'cnt' | 'hourlyLimit'>;
const USAGE_PROJECTION = 'lastUsedAt, win, cnt, hourlyLimit';

function withUsage(
  item: ApiKeyRecordItem,
  lookup: UsageOfLookup | undefined,
  lastDay: Map<string, RequestCounts>,
  now = new Date(),
): ApiKeyRecord {
  const active =
    item.revokedAt === undefined &&
    (item.expiresAt === undefined || Date.parse(item.expiresAt) > now.getTime());
  return toApiKeyRecord(item, lookup?.lastUsedAt, {
    quota: active ? quotaOf(lookup, defaultHourlyLimit(), now) : null,
    last24Hours: lastDay.get(item.id) ?? { requests: 0, errors: 0 },
  });
}

/** One of the tenant's keys, with when it was last used; 404 when the tenant has no such key. */
export async function getApiKey(db: Db, tenantId: string, keyId: string): Promise<ApiKeyRecord> {
  if (!isValidId(keyId)) throw new NotFoundError('API key');
  const item = await getItem<ApiKeyRecordItem>(db, apiKeyKeys.record(tenantId, keyId), {
    consistent: true,
  });
  if (!item) throw new NotFoundError('API key');
  const [lookup, lastDay] = await Promise.all([
    getItem<UsageOfLookup>(db, apiKeyKeys.lookup(item.keyHash), { projection: USAGE_PROJECTION }),
    requestsOfLastDay(db, tenantId),
  ]);
  return withUsage(item, lookup, lastDay);
}

/**
 * A tenant's own hourly limit per key (tenants on dedicated infrastructure). The limit is copied onto
 * each key's lookup item so the authorizer needs no second read.
 */
export async function setTenantHourlyLimit(
  db: Db,
  tenantId: string,
  perHour: number,
): Promise<void> {
  await setTenantLimit(db, liveSpaceOf(tenantId), 'hourlyLimit', perHour);
  for (const key of await listKeyItems(db, tenantId)) {
    await updateItem(db, {
      Key: apiKeyKeys.lookup(key.keyHash),
      UpdateExpression: 'SET hourlyLimit = :limit',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':limit': perHour },
    });
  }
}
