import { type AuditContext, audited } from '../audit/model.js';
import { liveSpaceOf } from '../db/spaces.js';
import type { Scope } from '../http/scopes.js';
import { DEFAULT_MAX_ACTIVE_KEYS, defaultHourlyLimit, testModeEnabled } from '../config.js';
import type { Db } from '../db/client.js';
import {
  batchGet,
  getItem,
  guards,
  optimistically,
  queryAll,
  transactWrite,
} from '../db/dynamo.js';
import { recordEvent } from '../events/model.js';
import { countOneLess, countOneMore, type TenantItem, tenantKeys } from '../db/entities/tenant.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import { isValidId, newId, nowIso, underPrefix } from '../db/ids.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.js';
import { currentVersion } from '../versions/shape.js';
import { generateApiKey, hashApiKey, type KeyMode } from './format.js';
import {
  quotaOf,
  type ApiKeyLookupItem,
  type ApiKeyRecord,
  type ApiKeyRecordItem,
  apiKeyKeys,
  toApiKeyRecord,
} from './model.js';

/**
 * The writes to keys, by a tenant's admin key (POST and DELETE /keys) and by the operator's CLI alike:
 * create within the tenant's cap, give expired keys' places back, revoke.
 */

export interface NewApiKey {
  name: string;
  scopes: Scope[];
  expiresAt?: string | undefined;
  createdBy: string;
  /** the API version to pin it to: the current one when absent */
  apiVersion?: string | undefined;
  /** `test`: a key of the tenant's test space (hk_test_…); live when absent */
  mode?: KeyMode | undefined;
  /** true: a blind key (docs/compliance.md); absent: blind when a blind key makes it, else sighted */
  blind?: boolean | undefined;
  /** the key is made by a blind key: it can make only blind keys, or it could see through another */
  byBlindKey?: boolean | undefined;
}

/** The tenant's count of active keys, below its cap. */
const CREATE = guards('cap');
/** A key's record, not yet revoked or released (expired keys give their places back once). */
const RELEASE = guards('record');
/** A key's record, as the revocation read it. */
const REVOKE = guards('record');

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
    /** who creates it (the audit log's entry); absent: a test's or a seed's key, not audited */
    audit?: AuditContext | undefined;
  } = {},
): Promise<{ key: string; record: ApiKeyRecord }> {
  const now = options.now ?? new Date();
  if (input.mode === 'test' && !testModeEnabled())
    throw new InvalidInputError('mode: test mode is off on this deployment', [
      { field: 'mode', rule: 'test_mode_off', message: 'test mode is off on this deployment' },
    ]);
  if (input.byBlindKey && input.blind === false)
    throw new InvalidInputError('blind: a blind key can make only blind keys', [
      { field: 'blind', rule: 'blind_key', message: 'a blind key can make only blind keys' },
    ]);
  const blind = input.blind ?? input.byBlindKey ?? false;
  const tenant = await getItem<Pick<TenantItem, 'hourlyLimit' | 'maxActiveKeys'>>(
    db,
    tenantKeys.item(liveSpaceOf(tenantId)),
    {
      projection: 'hourlyLimit, maxActiveKeys',
      consistent: true,
    },
  );
  if (!tenant) throw new NotFoundError(`Tenant ${tenantId}`);
  const maxActiveKeys = tenant.maxActiveKeys ?? DEFAULT_MAX_ACTIVE_KEYS;
  const mode = input.mode ?? 'live';
  const key = generateApiKey(mode);
  const keyHash = hashApiKey(key);
  const id = newId();
  const expiresAt = input.expiresAt === undefined ? undefined : new Date(input.expiresAt);
  const apiVersion = input.apiVersion ?? currentVersion();
  const record: ApiKeyRecordItem = {
    ...apiKeyKeys.record(tenantId, id),
    entity: 'API_KEY',
    id,
    name: input.name,
    scopes: input.scopes,
    createdAt: nowIso(now),
    createdBy: input.createdBy,
    keyHash,
    apiVersion,
    ...(mode === 'test' ? { mode } : {}),
    ...(blind ? { blind } : {}),
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
    apiVersion,
    ...(mode === 'test' ? { mode } : {}),
    ...(blind ? { blind } : {}),
  };
  if (expiresAt) {
    record.expiresAt = expiresAt.toISOString();
    lookup.expiresAtMs = expiresAt.getTime();
  }
  if (tenant.hourlyLimit !== undefined) lookup.hourlyLimit = tenant.hourlyLimit;
  const created = {
    key,
    record: toApiKeyRecord(record, undefined, {
      quota: quotaOf(lookup, defaultHourlyLimit(), options.now),
      last24Hours: { requests: 0, errors: 0 },
    }),
  };
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
      CREATE.on(
        'cap',
        countOneMore(db.tableName, liveSpaceOf(tenantId), 'activeKeys', maxActiveKeys, {
          tenantMustExist: false,
        }),
      ),
      recordEvent(liveSpaceOf(tenantId), 'key.created', {
        id,
        name: input.name,
        scopes: [...input.scopes],
        expiresAt: record.expiresAt ?? null,
        mode,
        blind,
        updatedAt: record.createdAt,
      }),
      ...audited(db, liveSpaceOf(tenantId), options.audit, 'key.created', {
        type: 'key',
        id,
        version: null,
      }),
      ...(options.claim ? [options.claim.item(created)] : []),
    ]);
  try {
    await create();
  } catch (error) {
    if (!CREATE.failed(error, 'cap')) throw error;
    // At the cap: expired keys still counted give their places back, then one more try.
    if ((await releaseExpiredKeys(db, tenantId, now)) === 0) throw atTheCap(maxActiveKeys);
    try {
      await create();
    } catch (retryError) {
      if (CREATE.failed(retryError, 'cap')) throw atTheCap(maxActiveKeys);
      throw retryError;
    }
  }
  return created;
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
    ...underPrefix(liveSpaceOf(tenantId), apiKeyKeys.recordPrefix, { ':now': nowIso(now) }),
    FilterExpression:
      'attribute_not_exists(revokedAt) AND attribute_not_exists(releasedAt) AND expiresAt <= :now',
    ProjectionExpression: 'id',
    ConsistentRead: true,
  });
  for (const { id } of expired) {
    try {
      await transactWrite(db, [
        RELEASE.on('record', {
          Update: {
            TableName: db.tableName,
            Key: apiKeyKeys.record(tenantId, id),
            UpdateExpression: 'SET releasedAt = :now',
            ConditionExpression:
              'attribute_not_exists(revokedAt) AND attribute_not_exists(releasedAt)',
            ExpressionAttributeValues: { ':now': nowIso(now) },
          },
        }),
        countOneLess(db.tableName, liveSpaceOf(tenantId), 'activeKeys'),
      ]);
    } catch (error) {
      // Released or revoked by a concurrent call: its place was given back there.
      if (!RELEASE.failed(error)) throw error;
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
  options: { now?: Date; audit?: AuditContext | undefined } = {},
): Promise<void> {
  const now = options.now ?? new Date();
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
        REVOKE.on('record', {
          Update: {
            TableName: db.tableName,
            Key: apiKeyKeys.record(tenantId, keyId),
            ...revoke,
            // A concurrent revocation or release changes what this one must do: read again.
            ConditionExpression: `attribute_not_exists(revokedAt) AND ${counted ? 'attribute_not_exists(releasedAt)' : 'attribute_exists(releasedAt)'}`,
          },
        }),
        { Update: { TableName: db.tableName, Key: apiKeyKeys.lookup(item.keyHash), ...revoke } },
        ...(counted ? [countOneLess(db.tableName, liveSpaceOf(tenantId), 'activeKeys')] : []),
        ...audited(
          db,
          liveSpaceOf(tenantId),
          options.audit,
          'key.revoked',
          { type: 'key', id: keyId, version: null },
          ['revokedAt'],
        ),
        recordEvent(liveSpaceOf(tenantId), 'key.revoked', {
          id: keyId,
          name: item.name,
          updatedAt: nowIso(now),
        }),
      ]);
    },
    (error) => REVOKE.failed(error),
  );
}

/**
 * Of `keyIds` (keys of one tenant), those that no longer open anything: revoked, expired, unknown, or
 * a test key where test mode is off. The event stream asks, as a connection outlives its upgrade: a
 * connection of such a key hears nothing more.
 */
export async function keysNoLongerValid(
  db: Db,
  tenantId: string,
  keyIds: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  const unique = [...new Set(keyIds)];
  if (unique.length === 0) return new Set();
  const records = await batchGet<
    Pick<ApiKeyRecordItem, 'pk' | 'sk' | 'id' | 'revokedAt' | 'expiresAt' | 'mode'>
  >(
    db,
    unique.map((keyId) => apiKeyKeys.record(tenantId, keyId)),
    { projection: 'id, revokedAt, expiresAt, #mode', names: { '#mode': 'mode' } },
  );
  const valid = new Set(
    records
      .filter(
        (record) =>
          record.revokedAt === undefined &&
          (record.expiresAt === undefined || Date.parse(record.expiresAt) > now.getTime()) &&
          (record.mode !== 'test' || testModeEnabled()),
      )
      .map((record) => record.id),
  );
  return new Set(unique.filter((keyId) => !valid.has(keyId)));
}
