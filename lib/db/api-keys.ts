import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { generateApiKey, hashApiKey } from '../auth/api-key.js';
import { DEFAULT_MAX_ACTIVE_KEYS } from '../config.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { Db } from './client.js';
import type { IdempotencyClaim } from './idempotency.js';
import { isValidId, newId, nowIso, tenantPk } from './ids.js';
import { batchGet, queryAll } from './query.js';
import { tenantKeys } from './tenants.js';
import { PARTITION_PREFIXES } from './table.js';
import { conditionFailedAt, transactWrite } from './transact.js';

/** An API key as shown to its tenant: never the plaintext (except once, on creation) nor the hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  expiresAt: string | null;
}

export interface NewApiKey {
  name: string;
  scopes: string[];
  expiresAt?: string | undefined;
  createdBy: string;
}

/** What the authorizer learns from one request's write. */
export interface Authentication {
  tenantId: string;
  keyId: string;
  name: string;
  scopes: string[];
  /** requests counted in the current clock hour, this one included */
  used: number;
  limit: number;
  /** epoch ms at which the current window ends */
  resetAt: number;
}

export type AuthenticationFailure = 'unknown' | 'revoked' | 'expired';

const HOUR_MS = 3_600_000;

export const apiKeyKeys = {
  /** The tenant's record of the key, listed and revoked by id. */
  record: (tenantId: string, keyId: string) => ({ pk: tenantPk(tenantId), sk: `KEY#${keyId}` }),
  /** The global lookup by hash: the only item the authorizer touches. */
  lookup: (keyHash: string) => ({ pk: `${PARTITION_PREFIXES.keyHash}${keyHash}`, sk: 'KEYHASH' }),
};

function toRecord(item: Record<string, unknown>, lastUsedAt: unknown): ApiKeyRecord {
  return {
    id: item.id as string,
    name: item.name as string,
    scopes: item.scopes as string[],
    createdAt: item.createdAt as string,
    createdBy: item.createdBy as string,
    lastUsedAt: (lastUsedAt as string | undefined) ?? null,
    revokedAt: (item.revokedAt as string | undefined) ?? null,
    expiresAt: (item.expiresAt as string | undefined) ?? null,
  };
}

/**
 * Creates a key; the plaintext is returned here and never stored. The tenant's count of active keys
 * moves in the same transaction, so the cap holds exactly under concurrency: beyond it, 409.
 */
export async function createApiKey(
  db: Db,
  tenantId: string,
  input: NewApiKey,
  options: { now?: Date; claim?: IdempotencyClaim<{ key: string; record: ApiKeyRecord }> | undefined } = {},
): Promise<{ key: string; record: ApiKeyRecord }> {
  const now = options.now ?? new Date();
  const { Item: tenant } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: tenantKeys.item(tenantId),
      ProjectionExpression: 'hourlyLimit, maxActiveKeys',
      ConsistentRead: true,
    }),
  );
  if (!tenant) throw new NotFoundError(`Tenant ${tenantId}`);
  const maxActiveKeys = (tenant.maxActiveKeys as number | undefined) ?? DEFAULT_MAX_ACTIVE_KEYS;
  const key = generateApiKey();
  const keyHash = hashApiKey(key);
  const id = newId();
  const expiresAt = input.expiresAt === undefined ? undefined : new Date(input.expiresAt);
  const record = {
    id,
    name: input.name,
    scopes: input.scopes,
    createdAt: nowIso(now),
    createdBy: input.createdBy,
    expiresAt: expiresAt?.toISOString(),
  };
  const created = { key, record: toRecord(record, undefined) };
  try {
    await transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: { ...apiKeyKeys.record(tenantId, id), entity: 'API_KEY', ...record, keyHash },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: db.tableName,
          Item: {
            ...apiKeyKeys.lookup(keyHash),
            entity: 'API_KEY_LOOKUP',
            tenantId,
            keyId: id,
            name: input.name,
            scopes: input.scopes,
            // Compared as a number: ISO strings of years past 9999 ("+010000-…") sort before "2026-…".
            expiresAtMs: expiresAt?.getTime(),
            hourlyLimit: tenant.hourlyLimit,
            win: 0,
            cnt: 0,
          },
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
      ...(options.claim ? [options.claim.item(created)] : []),
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 2)) {
      throw new ConflictError(
        `This tenant already has ${maxActiveKeys} active API keys, the most it may have: revoke one first (an operator can raise the limit)`,
      );
    }
    throw error;
  }
  return created;
}

export function listKeyItems(db: Db, tenantId: string) {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': 'KEY#' },
    ConsistentRead: true,
  });
}

/** The tenant's keys, oldest first, with when each was last used. */
export async function listApiKeys(db: Db, tenantId: string): Promise<ApiKeyRecord[]> {
  const items = await listKeyItems(db, tenantId);
  const usage = await batchGet(
    db,
    items.map((item) => apiKeyKeys.lookup(item.keyHash as string)),
    { projection: 'keyId, lastUsedAt' },
  );
  const lastUsed = new Map(usage.map((entry) => [entry.keyId, entry.lastUsedAt]));
  return items.map((item) => toRecord(item, lastUsed.get(item.id)));
}

/**
 * Revokes a key for good and frees its place among the tenant's active keys. Revoking again changes
 * nothing (the first revokedAt stays). Unknown or foreign ids: NotFound.
 */
export async function revokeApiKey(db: Db, tenantId: string, keyId: string, now = new Date()): Promise<void> {
  if (!isValidId(keyId)) throw new NotFoundError('API key');
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: apiKeyKeys.record(tenantId, keyId), ConsistentRead: true }),
  );
  if (!Item) throw new NotFoundError('API key');
  if (Item.revokedAt !== undefined) return;
  const revoke = { UpdateExpression: 'SET revokedAt = :now', ExpressionAttributeValues: { ':now': nowIso(now) } };
  try {
    await transactWrite(db, [
      {
        Update: {
          TableName: db.tableName,
          Key: apiKeyKeys.record(tenantId, keyId),
          ...revoke,
          ConditionExpression: 'attribute_not_exists(revokedAt)',
        },
      },
      { Update: { TableName: db.tableName, Key: apiKeyKeys.lookup(Item.keyHash as string), ...revoke } },
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
    // A concurrent revocation got there first: the key is revoked, and counted once.
    if (!conditionFailedAt(error, 0)) throw error;
  }
}

const VALID_KEY =
  'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND (attribute_not_exists(expiresAtMs) OR expiresAtMs > :nowMs)';

function failureOf(old: Record<string, unknown> | undefined, nowMs: number): AuthenticationFailure | undefined {
  if (!old) return 'unknown';
  if (old.revokedAt !== undefined) return 'revoked';
  if (typeof old.expiresAtMs === 'number' && old.expiresAtMs <= nowMs) return 'expired';
  return undefined;
}

function authenticationOf(item: Record<string, unknown>, defaultLimit: number): Authentication {
  return {
    tenantId: item.tenantId as string,
    keyId: item.keyId as string,
    name: item.name as string,
    scopes: item.scopes as string[],
    used: item.cnt as number,
    limit: (item.hourlyLimit as number | undefined) ?? defaultLimit,
    resetAt: ((item.win as number) + 1) * HOUR_MS,
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
  const at = nowIso(now);
  const update = (expression: string, condition: string) =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: apiKeyKeys.lookup(keyHash),
        UpdateExpression: expression,
        ConditionExpression: `${VALID_KEY} AND ${condition}`,
        ExpressionAttributeValues: { ':nowIso': at, ':nowMs': now.getTime(), ':one': 1, ':win': window },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const { Attributes } = await update('SET lastUsedAt = :nowIso ADD cnt :one', 'win >= :win');
      return authenticationOf(Attributes as Record<string, unknown>, defaultLimit);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const failure = failureOf(error.Item ? unmarshall(error.Item) : undefined, now.getTime());
      if (failure) return failure;
    }
    // The key is valid but its window is older than this request's: start this request's window. If a
    // concurrent request started it (or a newer one) first, this fails and the loop counts into it.
    try {
      const { Attributes } = await update('SET lastUsedAt = :nowIso, win = :win, cnt = :one', 'win < :win');
      return authenticationOf(Attributes as Record<string, unknown>, defaultLimit);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  // Unreachable unless the key changes state between every pair of writes (revoked and restored).
  throw new Error('Could not count the request in the current quota window');
}

/** Counts a request from a client IP in the current minute; returns the count so far. */
export async function countIpRequest(db: Db, sourceIp: string, now = new Date()): Promise<number> {
  const minute = Math.floor(now.getTime() / 60_000);
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: `${PARTITION_PREFIXES.clientIp}${sourceIp.slice(0, 64)}`, sk: `MINUTE#${minute}` },
      UpdateExpression: 'ADD cnt :one SET #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': Math.floor(now.getTime() / 1000) + 180 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.cnt as number;
}
