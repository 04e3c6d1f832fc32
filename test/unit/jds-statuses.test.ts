import { JD_TEXT_FIELDS } from '../../lib/jds/fields.js';
import { type JdInput, jdFieldsDiffer } from '../../lib/jds/model.js';
import { describe, expect, it } from 'vitest';
import { INTEGRATOR_MOVES, JD_STATUSES, refusedMove } from '../../lib/jds/statuses.js';

describe('the moves an integrator may make between JD statuses', () => {
  it('are: close a draft or a published JD, archive any but an archived one; staying is no move', () => {
    const allowed = JD_STATUSES.flatMap((from) =>
      JD_STATUSES.filter((to) => refusedMove(from, to) === undefined).map((to) => `${from}→${to}`),
    );

    expect(allowed.sort()).toEqual(
      [
        'DRAFT→DRAFT',
        'DRAFT→CLOSED',
        'DRAFT→ARCHIVED',
        'PUBLISHED→PUBLISHED',
        'PUBLISHED→CLOSED',
        'PUBLISHED→ARCHIVED',
        'CLOSED→CLOSED',
        'CLOSED→ARCHIVED',
        'ARCHIVED→ARCHIVED',
      ].sort(),
    );
  });

  it('never publish or reopen: publishing is done in the product, as a refusal says', () => {
    for (const from of JD_STATUSES) {
      expect(INTEGRATOR_MOVES[from]).not.toContain('PUBLISHED');
      expect(INTEGRATOR_MOVES[from]).not.toContain('DRAFT');
    }
    expect(refusedMove('CLOSED', 'PUBLISHED')).toBe(
      'A JD that is CLOSED can move to ARCHIVED through the API, not to PUBLISHED: publishing is done in the product',
    );
    expect(refusedMove('ARCHIVED', 'CLOSED')).toBe(
      'A JD that is ARCHIVED can move to no other status through the API, not to CLOSED: publishing is done in the product',
    );
  });
});

describe('what a PATCH changes (jdFieldsDiffer)', () => {
  const base: JdInput = {
    title: 'Platform Engineer',
    description: 'Runs the payments platform.',
    createdById: 'user-1',
    location: 'Berlin',
  };

  it('sees a change in any text a JD holds, or its external id, and none when only absence is spelled differently', () => {
    for (const field of [...JD_TEXT_FIELDS, 'externalId' as const])
      expect(jdFieldsDiffer(base, { ...base, [field]: `changed ${field}` }), field).toBe(true);
    expect(jdFieldsDiffer(base, { ...base })).toBe(false);
    expect(jdFieldsDiffer(base, { ...base, salary: undefined })).toBe(false);
  });
});
