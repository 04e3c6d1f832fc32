import { type ChangeIndexKey, type ChangeKind, pendingChange } from '../log/changes.js';

/**
 * What a product-side delete leaves at the key of what it deleted: the product's version of the delete,
 * so that an older upsert delivered late (out-of-order delivery is normal) is recognised and ignored.
 * It holds no personal data (an erased resume's tombstone has its id and versions only), is in no
 * list, and stands in the changes index (the deletion, for delta walks: lib/db/log/changes.ts); it expires
 * once no queued event can be older (SQS keeps messages 14 days, the dead-letter queue 14 more), after
 * which a delta walk can no longer report the deletion (DELTA_RETENTION_MS is shorter).
 */
export const TOMBSTONE_TTL_SECONDS = 35 * 24 * 60 * 60;

/** When a tombstone written at `now` expires (a TTL, in epoch seconds). */
export function tombstoneExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + TOMBSTONE_TTL_SECONDS;
}

export type TombstoneOf = 'JD' | 'RESUME' | 'APPLICATION';

export interface TombstoneItem {
  pk: string;
  sk: string;
  entity: 'TOMBSTONE';
  of: TombstoneOf;
  id: string;
  sourceVersion: number;
  /** when it was deleted */
  deletedAt: string;
  /** a deleted JD's external id (the integrator's own), so that its deletion names it */
  externalId?: string;
  /** its entry in the changes index, as its entity's kind (lib/db/log/changes.ts): pending on an item being written */
  gsi4sk: ChangeIndexKey;
  ttl: number;
}

const KIND_OF: Record<TombstoneOf, ChangeKind> = {
  JD: 'jd',
  RESUME: 'resume',
  APPLICATION: 'application',
};

export function tombstoneItem(
  key: { pk: string; sk: string },
  of: TombstoneOf,
  id: string,
  sourceVersion: number,
  now: Date,
  externalId?: string,
): TombstoneItem {
  return {
    ...key,
    entity: 'TOMBSTONE',
    of,
    id,
    sourceVersion,
    deletedAt: now.toISOString(),
    ...(externalId === undefined ? {} : { externalId }),
    gsi4sk: pendingChange(KIND_OF[of], id),
    ttl: tombstoneExpiry(now),
  };
}

/** What a product event did: applied, or ignored because the stored state is as new or newer. */
export type ProductWrite<T> =
  | { outcome: 'applied'; created: boolean; value: T }
  | { outcome: 'ignored'; reason: IgnoredReason };

/** Why a product event changed nothing: older than what is stored, the same version again, after the entity's deletion, or older than an integrator's edit. */
export type IgnoredReason = 'stale' | 'duplicate' | 'deleted' | 'edited';

/** The product version stored at a key (live item or tombstone) against an event's version. */
export function versionVerdict(
  stored: { entity: string; sourceVersion?: number } | undefined,
  version: number,
): { outcome: 'ignored'; reason: 'stale' | 'duplicate' | 'deleted' } | undefined {
  const storedVersion = stored?.sourceVersion;
  if (storedVersion === undefined || version > storedVersion) return undefined;
  if (stored?.entity === 'TOMBSTONE') return { outcome: 'ignored', reason: 'deleted' };
  return { outcome: 'ignored', reason: version === storedVersion ? 'duplicate' : 'stale' };
}
