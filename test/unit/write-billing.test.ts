import { describe, expect, it } from 'vitest';
import { billItem, itemBytes } from '../../scripts/bench/capacity.js';

const key = { pk: 'TENANT#t1', sk: 'APP#jd1#a1' };
/** An application as the matches and changes indexes see it (both keys set). */
const application = (fields: Record<string, unknown> = {}) => ({
  ...key,
  entity: 'APPLICATION',
  id: 'a1',
  jdId: 'jd1',
  status: 'SCREENING',
  gsi3sk: 'jd1#A#012.500000#0mx6g#a1',
  gsi4sk: 'A#0mx6g#a1',
  ...fields,
});

describe('what the cost section bills a write (scripts/bench/capacity.ts billItem)', () => {
  it('counts an item as DynamoDB does: its names and values', () => {
    expect(itemBytes({ pk: 'ab', n: 12345, on: true, list: ['x', 'yz'] })).toBe(
      2 + 2 + (1 + 4) + (2 + 1) + (4 + 3 + 2 + 3),
    );
  });

  it('bills a transaction 2 units a KB of the larger image, a check as a write, and each index entry it writes 1 unit a KB', () => {
    expect(billItem('Put', key, undefined, application())).toMatchObject({
      tableWcu: 2,
      indexes: { 'matches-v3': 1, changes: 1 },
    });
    // Over a KB: 4 units, whichever of before and after is the larger.
    const large = application({ notes: 'x'.repeat(1100) });
    expect(billItem('Update', key, large, application()).tableWcu).toBe(4);
    expect(billItem('ConditionCheck', key, application(), application())).toMatchObject({
      tableWcu: 2,
      indexes: {},
    });
    expect(billItem('Delete', key, application(), undefined).indexes).toEqual({
      'matches-v3': 1,
      changes: 1,
    });
  });

  it('bills no index entry where neither its key nor a projected attribute changed, and two where its key did', () => {
    // `version` is projected nowhere; `status` is in both projections; gsi4sk is the changes index's key.
    expect(billItem('Update', key, application(), application({ version: 2 })).indexes).toEqual({});
    expect(
      billItem('Update', key, application(), application({ status: 'HIRED' })).indexes,
    ).toEqual({ 'matches-v3': 1, changes: 1 });
    expect(
      billItem('Update', key, application(), application({ gsi4sk: 'A#0mx6h#a1' })).indexes,
    ).toEqual({ changes: 2 });
  });
});
