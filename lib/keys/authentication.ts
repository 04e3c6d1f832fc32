import type { Scope } from '../http/scopes.js';
import type { Db } from '../db/client.js';
import { conditionFailure, ignoreConditionFailure, updateItem } from '../db/dynamo.js';
import { nowIso } from '../db/ids.js';
import { PARTITION_PREFIXES } from '../db/table.js';
import type { KeyMode } from './format.js';
import { type ApiKeyLookupItem, apiKeyKeys } from './model.js';

/**
 * What the authorizer writes per request: the key's validity and its count in the hour's window, and
 * the per-IP count where no edge keeps one. Nothing else in the authorizer's bundle touches the table.
 */

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
  /** the API version the key is pinned to (undefined: made before versions were) */
  apiVersion: string | undefined;
  mode: KeyMode;
  /** a blind key: its answers never say who a candidate is */
  blind: boolean;
  /**
   * false: the hour was already spent, and the request was not counted (a refused request spends
   * nothing, so the count never passes the limit and a key is never refused past its hour)
   */
  counted: boolean;
}

export type AuthenticationFailure = 'unknown' | 'revoked' | 'expired';

const HOUR_MS = 3_600_000;

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

function authenticationOf(
  item: ApiKeyLookupItem,
  defaultLimit: number,
  counted = true,
): Authentication {
  return {
    counted,
    tenantId: item.tenantId,
    keyId: item.keyId,
    name: item.name,
    scopes: item.scopes,
    used: item.cnt,
    limit: item.hourlyLimit ?? defaultLimit,
    resetAt: (item.win + 1) * HOUR_MS,
    apiVersion: item.apiVersion,
    mode: item.mode ?? 'live',
    blind: item.blind === true,
  };
}

/** Room left in the key's hour: its own limit (a tenant's override), else the default. */
const UNDER_LIMIT =
  '(cnt < hourlyLimit OR (attribute_not_exists(hourlyLimit) AND cnt < :defaultLimit))';

/**
 * Authenticates a key hash and counts the request in the key's clock-hour window, in one conditional
 * write in the steady state (a second one once per hour, when a new window starts). ADD is atomic and
 * conditioned on the room left, so the count is exact under concurrency and stops at the limit: a
 * request past it comes back `counted: false` (the caller refuses it) and spends nothing.
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
        // Named only where the condition uses it: DynamoDB refuses a value no expression uses.
        ...(condition.includes(':defaultLimit') ? { ':defaultLimit': defaultLimit } : {}),
      },
      ReturnValues: 'ALL_NEW',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return authenticationOf(
        await update('SET lastUsedAt = :nowIso ADD cnt :one', `win >= :win AND ${UNDER_LIMIT}`),
        defaultLimit,
      );
    } catch (error) {
      const failed = conditionFailure<ApiKeyLookupItem>(error);
      if (!failed) throw error;
      const failure = failureOf(failed.item, now.getTime());
      if (failure) return failure;
      // A valid key in this hour (or a newer one) without room left: refused, and not counted.
      if (failed.item && failed.item.win >= window)
        return authenticationOf(failed.item, defaultLimit, false);
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
