import type { Scope } from '../http/scopes.js';
import { liveSpaceOf } from '../db/spaces.js';
import { tenantPk } from '../db/ids.js';
import { PARTITION_PREFIXES } from '../db/table.js';
import { FIRST_VERSION } from '../versions/first.js';
import type { KeyMode } from './format.js';

/**
 * An API key is two items: its record in the tenant's partition (listed and revoked by id), and its
 * lookup by hash in a global partition, the only item the authorizer touches (validity, scopes, quota
 * window and count in one write). The plaintext is never stored; the hash never leaves lib/keys (nor its answers).
 */
export interface ApiKeyRecordItem {
  pk: string;
  sk: string;
  entity: 'API_KEY';
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: string;
  createdBy: string;
  expiresAt?: string;
  revokedAt?: string;
  /** set when the key, expired, gave its place among the tenant's active keys back (counted once) */
  releasedAt?: string;
  keyHash: string;
  /** the API version it is pinned to; absent on keys made before versions were (FIRST_VERSION) */
  apiVersion?: string;
  /** 'test' for a test key; absent for a live key */
  mode?: 'test';
  /** set on a blind key: its answers never say who a candidate is (lib/composition/blind.ts) */
  blind?: true;
}

export interface ApiKeyLookupItem {
  pk: string;
  sk: 'KEYHASH';
  entity: 'API_KEY_LOOKUP';
  tenantId: string;
  keyId: string;
  name: string;
  scopes: Scope[];
  /** compared as a number: ISO strings of years past 9999 ("+010000-…") sort before "2026-…" */
  expiresAtMs?: number;
  revokedAt?: string;
  /** the tenant's own hourly limit, copied so the authorizer needs no second read */
  hourlyLimit?: number;
  /** the clock hour (epoch hours) being counted, and the count in it */
  win: number;
  cnt: number;
  lastUsedAt?: string;
  /** copied from the record, so the authorizer hands it over with no second read */
  apiVersion?: string;
  /** 'test' for a test key (it reaches only the tenant's test space); absent for a live key */
  mode?: 'test';
  /** copied from the record: the authorizer hands it over with the key's scopes */
  blind?: true;
}

export const apiKeyKeys = {
  record: (tenantId: string, keyId: string) => ({
    pk: tenantPk(liveSpaceOf(tenantId)),
    sk: `KEY#${keyId}`,
  }),
  recordPrefix: 'KEY#',
  lookup: (keyHash: string) => ({
    pk: `${PARTITION_PREFIXES.keyHash}${keyHash}`,
    sk: 'KEYHASH' as const,
  }),
};

/** An API key as its tenant sees it: never the plaintext (except once, on creation) nor the hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  expiresAt: string | null;
  /** the API version it is pinned to: what its requests are served with unless they name another */
  apiVersion: string;
  /** `test`: it reaches only the tenant's test space; `live`: only the live data */
  mode: KeyMode;
  /** its answers never say who a candidate is, and its reviews are marked blind */
  blind: boolean;
  /** an active key's hour, as GET /whoami shows it to the key itself; null once revoked or expired */
  quota: KeyQuota | null;
  /** its requests and errors (answers of 400 or more) in the last 24 clock hours, from the request log */
  last24Hours: { requests: number; errors: number };
}

export interface KeyQuota {
  limit: number;
  used: number;
  remaining: number;
  resetAt: string;
}

const HOUR_MS = 3_600_000;

/** A key's hour from its lookup item's count: a count of an earlier hour is a new hour's 0. */
export function quotaOf(
  lookup: Pick<ApiKeyLookupItem, 'win' | 'cnt' | 'hourlyLimit'> | undefined,
  defaultLimit: number,
  now = new Date(),
): KeyQuota {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const limit = lookup?.hourlyLimit ?? defaultLimit;
  const used = lookup && lookup.win === hour ? lookup.cnt : 0;
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resetAt: new Date((hour + 1) * HOUR_MS).toISOString(),
  };
}

export function toApiKeyRecord(
  item: Omit<ApiKeyRecordItem, 'pk' | 'sk' | 'entity' | 'keyHash'>,
  lastUsedAt: string | undefined,
  usage: Pick<ApiKeyRecord, 'quota' | 'last24Hours'>,
): ApiKeyRecord {
  return {
    id: item.id,
    name: item.name,
    scopes: item.scopes,
    createdAt: item.createdAt,
    createdBy: item.createdBy,
    lastUsedAt: lastUsedAt ?? null,
    revokedAt: item.revokedAt ?? null,
    expiresAt: item.expiresAt ?? null,
    apiVersion: item.apiVersion ?? FIRST_VERSION,
    mode: item.mode ?? 'live',
    blind: item.blind === true,
    ...usage,
  };
}
