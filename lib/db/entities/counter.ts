import { tenantPk } from '../ids.js';

/**
 * A per-tenant count (`total`, and for JDs one per status), changed in the same transaction as the write
 * that changes what it counts, so a list's `total` is one small read instead of a read of every item.
 */
export type CounterKind = 'JD' | 'RESUME';

export interface CounterItem {
  pk: string;
  sk: string;
  [field: string]: string | number | undefined;
}

export const counterKeys = {
  item: (tenantId: string, kind: CounterKind) => ({ pk: tenantPk(tenantId), sk: `COUNT#${kind}` }),
};

/** One field of a counter: 0 until the first write that counts. */
export function countOf(item: CounterItem | undefined, field: string): number {
  const value = item?.[field];
  return typeof value === 'number' ? value : 0;
}
