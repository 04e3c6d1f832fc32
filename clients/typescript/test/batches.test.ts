import { describe, expect, it } from 'vitest';
import { BATCH_LIMITS, batchesOf } from '../src/index.js';

/** How upsertMany splits what it is given: by count, and by the bytes a batch's body may hold. */
describe('batchesOf', () => {
  const jd = (n: number, textBytes = 100) => ({
    externalId: `REQ-${n}`,
    title: `Engineer ${n}`,
    description: 'x'.repeat(textBytes),
    createdById: 'ats',
  });
  const bodyBytes = (batch: unknown[]) =>
    new TextEncoder().encode(JSON.stringify({ items: batch })).length;

  it('keeps the order, 100 to a batch', () => {
    const items = Array.from({ length: 250 }, (_, n) => jd(n));
    const { batches, tooLarge } = batchesOf(items);

    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(items);
    expect(tooLarge.size).toBe(0);
  });

  it('starts a new batch before the body would pass its limit, counting UTF-8 bytes', () => {
    // 60 KB of three-byte characters each: 42 fit in 2.5 MiB.
    const items = Array.from({ length: 100 }, (_, n) => jd(n, 0)).map((item) => ({
      ...item,
      description: '€'.repeat(20_000),
    }));
    const { batches } = batchesOf(items);

    expect(batches.length).toBeGreaterThan(2);
    for (const batch of batches)
      expect(bodyBytes(batch)).toBeLessThanOrEqual(BATCH_LIMITS.bodyBytes);
    expect(batches.flat()).toEqual(items);
  });

  it('sets apart an item too large for any batch, and sends the rest', () => {
    const items = [jd(1), jd(2, BATCH_LIMITS.bodyBytes), jd(3)];
    const { batches, tooLarge } = batchesOf(items);

    expect([...tooLarge]).toEqual([1]);
    expect(batches).toEqual([[items[0], items[2]]]);
  });
});
