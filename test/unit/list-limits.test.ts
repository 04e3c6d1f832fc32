import { describe, expect, it } from 'vitest';
import { limitOf, pageRequest, sliceRequest } from '../../lib/http/pagination.js';
import { exportPage } from '../../lib/resumes/export.js';

/** Every list's `limit`, clamped in one place (lib/http/pagination.ts's limitOf). */
describe('a list’s limit', () => {
  it('is the default when not sent, the number sent up to the bound, and the bound past it, however long the number', () => {
    const bounds = { default: 20, max: 100 };
    expect(
      [undefined, '1', '100', '101', '9'.repeat(400)].map((sent) => limitOf(sent, bounds)),
    ).toEqual([20, 1, 100, 100, 100]);
  });

  it('is the same rule for pages, whole-list slices and a candidate’s export', () => {
    expect([pageRequest({}).limit, pageRequest({ limit: '500' }).limit]).toEqual([20, 100]);
    expect([sliceRequest({ cursor: 'c' })?.limit, sliceRequest({ limit: '5000' })?.limit]).toEqual([
      1000, 1000,
    ]);
    expect([exportPage({}).limit, exportPage({ limit: '50' }).limit]).toEqual([10, 20]);
  });
});
