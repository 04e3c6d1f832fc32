import { generateApiKey, hashApiKey } from '../auth/api-key.js';
import type { Scope } from '../auth/scopes.js';
import { DEFAULT_MAX_ACTIVE_KEYS } from '../config.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { Db } from './client.js';
import { recordEvent } from './entities/event.js';
import {
  batchGet,
  conditionFailedAt,
  conditionFailure,
  getItem,
  ignoreConditionFailure,
  optimistically,
  queryAll,
  transactWrite,
  updateItem,
} from './dynamo.js';
import {
  type ApiKeyLookupItem,
  type ApiKeyRecord,
  type ApiKeyRecordItem,
  apiKeyKeys,
  toApiKeyRecord,
} from './entities/api-key.js';
import { type TenantItem, tenantKeys } from './entities/tenant.js';
import type { IdempotencyClaim } from './idempotency.js';
import { type Listed, type SliceRequest, wholeOrSlice } from './pagination.js';
import { isValidId, newId, nowIso, tenantPk, underPrefix } from './ids.js';
import { PARTITION_PREFIXES } from './table.js';

export type { ApiKeyRecord };
export { apiKeyKeys };

export interface NewApiKey {
  name: string;
  scopes: Scope[];
  expiresAt?: string | undefined;
  createdBy: string;
}

/** What the authorizer learns from one request's write. */
export interface Authentication {
  tenantId: string;
  keyId: string;
  name: string;
  scopes: Scope[];
  /** requests counted in the current clock hour, this one included */
  used: number;
  limit: number;
  /** epoch ms at which the current window ends */
  resetAt: number;
}

export type AuthenticationFailure = 'unknown' | 'revoked' | 'expired';

const HOUR_MS = 3_600_000;

/**
 * Creates a key; the plaintext is returned here and never stored. The tenant's count of active keys
 * moves in the same transaction, so the cap holds exactly under concurrency: beyond it, a conflict.
 */
export async function createApiKey(
  db: Db,
  tenantId: string,
  input: NewApiKey,
  options: {
    now?: Date;
    claim?: IdempotencyClaim<{ key: string; record: ApiKeyRecord }> | undefined;
  } = {},
): Promise<{ key: string; record: ApiKeyRecord }> {
  const now = options.now ?? new Date();
  const tenant = await getItem<Pick<TenantItem, 'hourlyLimit' | 'maxActiveKeys'>>(
    db,
    tenantKeys.item(tenantId),
    {
      projection: 'hourlyLimit, maxActiveKeys',
      consistent: true,
    },
  );
  if (!tenant) throw new NotFoundError(`Tenant ${tenantId}`);
  const maxActiveKeys = tenant.maxActiveKeys ?? DEFAULT_MAX_ACTIVE_KEYS;
  const key = generateApiKey();
  const keyHash = hashApiKey(key);
  const id = newId();
  const expiresAt = input.expiresAt === undefined ? undefined : new Date(input.expiresAt);
  const record: ApiKeyRecordItem = {
    ...apiKeyKeys.record(tenantId, id),
    entity: 'API_KEY',
    id,
    name: input.name,
    scopes: input.scopes,
    createdAt: nowIso(now),
    createdBy: input.createdBy,
    keyHash,
  };
  const lookup: ApiKeyLookupItem = {
    ...apiKeyKeys.lookup(keyHash),
    entity: 'API_KEY_LOOKUP',
    tenantId,
    keyId: id,
    name: input.name,
    scopes: input.scopes,
    win: 0,
    cnt: 0,
  };
  if (expiresAt) {
    record.expiresAt = expiresAt.toISOString();
    lookup.expiresAtMs = expiresAt.getTime();
  }
  if (tenant.hourlyLimit !== undefined) lookup.hourlyLimit = tenant.hourlyLimit;
  const created = { key, record: toApiKeyRecord(record, undefined) };
  const create = () =>
    transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: record,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: db.tableName,
          Item: lookup,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: db.tableName,
          Key: tenantKeys.item(tenantId),
          UpdateExpression: 'ADD activeKeys :one',
          ConditionExpression: 'attribute_not_exists(activeKeys) OR activeKeys < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': maxActiveKeys },
        },
      },
      recordEvent(tenantId, 'key.created', {
        id,
        name: input.name,
        scopes: [...input.scopes],
        expiresAt: record.expiresAt ?? null,
        updatedAt: record.createdAt,
      }),
      ...(options.claim ? [options.claim.item(created)] : []),
    ]);
  try {
    await create();
  } catch (error) {
    if (!conditionFailedAt(error, 2)) throw error;
    // At the cap: expired keys still counted give their places back, then one more try.
    if ((await releaseExpiredKeys(db, tenantId, now)) === 0) throw atTheCap(maxActiveKeys);
    try {
      await create();
    } catch (retryError) {
      if (conditionFailedAt(retryError, 2)) throw atTheCap(maxActiveKeys);
      throw retryError;
    }
  }
  return created;
}

export function listKeyItems(db: Db, tenantId: string): Promise<ApiKeyRecordItem[]> {
  return queryAll<ApiKeyRecordItem>(db, {
    ...underPrefix(tenantId, apiKeyKeys.recordPrefix),
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
      tenantPk: tenantPk(tenantId),
      name: 'keys',
      query: {
        ...underPrefix(tenantId, apiKeyKeys.recordPrefix),
        ConsistentRead: true,
      },
      sortKey: 'sk',
      startKey: (id) => apiKeyKeys.record(tenantId, id),
    },
    slice,
  );
  const usage = await batchGet<Pick<ApiKeyLookupItem, 'pk' | 'sk' | 'keyId' | 'lastUsedAt'>>(
    db,
    listed.items.map((item) => apiKeyKeys.lookup(item.keyHash)),
    { projection: 'keyId, lastUsedAt' },
  );
  const lastUsed = new Map(usage.map((entry) => [entry.keyId, entry.lastUsedAt]));
  return {
    ...listed,
    items: listed.items.map((item) => toApiKeyRecord(item, lastUsed.get(item.id))),
  };
}

function atTheCap(maxActiveKeys: number): ConflictError {
  return new ConflictError(
    `This tenant already has ${maxActiveKeys} active API keys, the most it may have: revoke one first (an operator can raise the limit)`,
    false,
    'limit_reached',
  );
}

/**
 * Gives back the places of the tenant's keys that have expired (unrevoked, not yet released), each
 * exactly once: its record is marked released in the same transaction as the count moves. Reads the
 * tenant's key records (only when the cap is reached). Returns how many expired keys it found: their
 * places are free now, whether this call or a concurrent one gave them back.
 */
export async function releaseExpiredKeys(db: Db, tenantId: string, now: Date): Promise<number> {
  const expired = await queryAll<Pick<ApiKeyRecordItem, 'id'>>(db, {
    ...underPrefix(tenantId, apiKeyKeys.recordPrefix, { ':now': nowIso(now) }),
    FilterExpression:
      'attribute_not_exists(revokedAt) AND attribute_not_exists(releasedAt) AND expiresAt <= :now',
    ProjectionExpression: 'id',
    ConsistentRead: true,
  });
  for (const { id } of expired) {
    try {
      await transactWrite(db, [
        {
          Update: {
            TableName: db.tableName,
            Key: apiKeyKeys.record(tenantId, id),
            UpdateExpression: 'SET releasedAt = :now',
            ConditionExpression:
              'attribute_not_exists(revokedAt) AND attribute_not_exists(releasedAt)',
            ExpressionAttributeValues: { ':now': nowIso(now) },
          },
        },
        {
          Update: {
            TableName: db.tableName,
            Key: tenantKeys.item(tenantId),
            UpdateExpression: 'ADD activeKeys :minusOne',
            ExpressionAttributeValues: { ':minusOne': -1 },
          },
        },
      ]);
    } catch (error) {
      // Released or revoked by a concurrent call: its place was given back there.
      if (!conditionFailedAt(error, 0)) throw error;
    }
  }
  return expired.length;
}

/**
 * Revokes a key for good and frees its place among the tenant's active keys. Revoking again changes
 * nothing (the first revokedAt stays). Unknown or foreign ids: NotFound.
 */
export async function revokeApiKey(
  db: Db,
  tenantId: string,
  keyId: string,
  now = new Date(),
): Promise<void> {
  if (!isValidId(keyId)) throw new NotFoundError('API key');
  await optimistically(
    async () => {
      const item = await getItem<ApiKeyRecordItem>(db, apiKeyKeys.record(tenantId, keyId), {
        consistent: true,
      });
      if (!item) throw new NotFoundError('API key');
      if (item.revokedAt !== undefined) return;
      // An expired key that already gave its place back is not counted again (releaseExpiredKeys).
      const counted = item.releasedAt === undefined;
      const revoke = {
        UpdateExpression: 'SET revokedAt = :now',
        ExpressionAttributeValues: { ':now': nowIso(now) },
      };
      await transactWrite(db, [
        {
          Update: {
            TableName: db.tableName,
            Key: apiKeyKeys.record(tenantId, keyId),
            ...revoke,
            // A concurrent revocation or release changes what this one must do: read again.
            ConditionExpression: `attribute_not_exists(revokedAt) AND ${counted ? 'attribute_not_exists(releasedAt)' : 'attribute_exists(releasedAt)'}`,
          },
        },
        { Update: { TableName: db.tableName, Key: apiKeyKeys.lookup(item.keyHash), ...revoke } },
        ...(counted
          ? [
              {
                Update: {
                  TableName: db.tableName,
                  Key: tenantKeys.item(tenantId),
                  UpdateExpression: 'ADD activeKeys :minusOne',
                  ExpressionAttributeValues: { ':minusOne': -1 },
                },
              },
            ]
          : []),
        recordEvent(tenantId, 'key.revoked', {
          id: keyId,
          name: item.name,
          updatedAt: nowIso(now),
        }),
      ]);
    },
    (error) => conditionFailedAt(error, 0),
  );
}

const VALID_KEY =
  'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND (attribute_not_exists(expiresAtMs) OR expiresAtMs > :nowMs)';

function failureOf(
  old: ApiKeyLookupItem | undefined,
  nowMs: number,
): AuthenticationFailure | undefined {
  if (!old) return 'unknown';
  if (old.revokedAt !== undefined) return 'revoked';
  if (old.expiresAtMs !== undefined && old.expiresAtMs <= nowMs) return 'expired';
  return undefined;
}

function authenticationOf(item: ApiKeyLookupItem, defaultLimit: number): Authentication {
  return {
    tenantId: item.tenantId,
    keyId: item.keyId,
    name: item.name,
    scopes: item.scopes,
    used: item.cnt,
    limit: item.hourlyLimit ?? defaultLimit,
    resetAt: (item.win + 1) * HOUR_MS,
  };
}

/**
 * Authenticates a key hash and counts the request in the key's clock-hour window, in one conditional
 * write in the steady state (a second one once per hour, when a new window starts). ADD is atomic, so
 * the count is exact under concurrency; the caller compares `used` with `limit`.
 *
 * A request stamped in hour H that arrives after a request of hour H+1 has started the next window is
 * counted in that newer window (`win >= :win`): around HH:00 concurrent requests reach DynamoDB in any
 * order, and a late one must be counted, never fail.
 */
export async function authenticate(
  db: Db,
  keyHash: string,
  defaultLimit: number,
  now = new Date(),
): Promise<Authentication | AuthenticationFailure> {
  const window = Math.floor(now.getTime() / HOUR_MS);
  const update = (expression: string, condition: string) =>
    updateItem<ApiKeyLookupItem>(db, {
      Key: apiKeyKeys.lookup(keyHash),
      UpdateExpression: expression,
      ConditionExpression: `${VALID_KEY} AND ${condition}`,
      ExpressionAttributeValues: {
        ':nowIso': nowIso(now),
        ':nowMs': now.getTime(),
        ':one': 1,
        ':win': window,
      },
      ReturnValues: 'ALL_NEW',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return authenticationOf(
        await update('SET lastUsedAt = :nowIso ADD cnt :one', 'win >= :win'),
        defaultLimit,
      );
    } catch (error) {
      const failed = conditionFailure<ApiKeyLookupItem>(error);
      if (!failed) throw error;
      const failure = failureOf(failed.item, now.getTime());
      if (failure) return failure;
    }
    // The key is valid but its window is older than this request's: start this request's window. If a
    // concurrent request started it (or a newer one) first, this fails and the loop counts into it.
    try {
      return authenticationOf(
        await update('SET lastUsedAt = :nowIso, win = :win, cnt = :one', 'win < :win'),
        defaultLimit,
      );
    } catch (error) {
      if (!conditionFailure(error)) throw error;
    }
  }
  // Unreachable unless the key changes state between every pair of writes (revoked and restored).
  throw new Error('Could not count the request in the current quota window');
}

/**
 * Gives back the quota unit a request took from its key (it was refused for another limit, and a
 * refused request spends nothing), if the key is still in the hour the request was counted in.
 */
export async function returnQuotaUnit(db: Db, keyHash: string, now = new Date()): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: apiKeyKeys.lookup(keyHash),
      UpdateExpression: 'ADD cnt :minusOne',
      ConditionExpression: 'win = :win AND cnt > :zero',
      ExpressionAttributeValues: {
        ':minusOne': -1,
        ':win': Math.floor(now.getTime() / HOUR_MS),
        ':zero': 0,
      },
    }),
  );
}

/** Counts a request from a client IP in the current minute; returns the count so far. */
export async function countIpRequest(db: Db, sourceIp: string, now = new Date()): Promise<number> {
  const minute = Math.floor(now.getTime() / 60_000);
  const item = await updateItem<{ cnt: number }>(db, {
    Key: { pk: `${PARTITION_PREFIXES.clientIp}${sourceIp.slice(0, 64)}`, sk: `MINUTE#${minute}` },
    UpdateExpression: 'ADD cnt :one SET #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':one': 1, ':ttl': Math.floor(now.getTime() / 1000) + 180 },
    ReturnValues: 'UPDATED_NEW',
  });
  return item?.cnt ?? 0;
}
