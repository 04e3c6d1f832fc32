import { tenantPk } from '../ids.js';
import type { SpaceId } from '../spaces.js';

/**
 * A per-tenant count (`total`, and for JDs one per status), changed in the same transaction as the
 * write that changes what it counts, so a list's `total` is one small read instead of a read of every
 * item. It is spread over COUNTER_SHARDS items, each write adding to one at random, so that concurrent
 * writers of one tenant (a bulk import) do not all queue on one item; a read sums the shards (one Query).
 */
export type CounterKind = 'JD' | 'RESUME';

export const COUNTER_SHARDS = 16;

export interface CounterItem {
  pk: string;
  sk: string;
  [field: string]: string | number | undefined;
}

export const counterKeys = {
  shard: (spaceId: SpaceId, kind: CounterKind, shard: number) => ({
    pk: tenantPk(spaceId),
    sk: `COUNT#${kind}#${String(shard).padStart(2, '0')}`,
  }),
  /** Sort-key prefix of every shard of a counter. */
  prefix: (kind: CounterKind) => `COUNT#${kind}#`,
  /** Sort-key prefix of every shard of every counter. */
  everyPrefix: 'COUNT#',
};

/** One field of a counter: the sum over its shards, 0 until the first write that counts. */
export function countOf(shards: CounterItem[], field: string): number {
  return shards.reduce((sum, shard) => {
    const value = shard[field];
    return sum + (typeof value === 'number' ? value : 0);
  }, 0);
}
