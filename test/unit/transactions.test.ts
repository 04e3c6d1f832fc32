import { describe, expect, it } from 'vitest';
import { addTo, toWriteItems } from '../../lib/db/dynamo.js';
import { recordEvent } from '../../lib/db/entities/event.js';

/**
 * What a transaction item does is in its own shape: a copy of an item (spread, cloned,
 * rebuilt by a caller) is the same write. Before, it was kept in WeakMaps keyed by the object, and a
 * spread event lost its id stamping and a spread addition its merging.
 */
describe('transaction items', () => {
  const data = {
    id: 'jd-1',
    title: 'Data Engineer',
    status: 'DRAFT',
    updatedAt: '2026-11-23T10:00:00.000Z',
  } as const;

  it('gives an event, copied or not, its id and time when the transaction is sent', () => {
    const event = recordEvent('acme', 'jd.created', data);
    const sentAt = new Date('2026-11-23T12:00:00.000Z');

    const [original, copy, clone] = toWriteItems(
      'hiring',
      [event, { ...event }, structuredClone(event)],
      sentAt,
    );

    for (const write of [original, copy, clone]) {
      expect(write?.Put).toMatchObject({
        TableName: 'hiring',
        ConditionExpression: 'attribute_not_exists(pk)',
        Item: {
          pk: 'TENANT#acme',
          entity: 'EVENT',
          type: 'jd.created',
          createdAt: sentAt.toISOString(),
          data,
        },
      });
    }
    const ids = [original, copy, clone].map((write) => write?.Put?.Item?.id as string);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => /^evt_[0-9A-HJKMNP-TV-Z]{26}$/.test(id))).toBe(true);
  });

  it('writes an addition, copied or not, as one ADD update of its fields', () => {
    const addition = addTo({ pk: 'TENANT#acme', sk: 'COUNT#JD#3' }, { total: 1, DRAFT: 1 });

    const [original, copy] = toWriteItems('hiring', [addition, { ...addition }]);

    for (const write of [original, copy]) {
      expect(write?.Update).toEqual({
        TableName: 'hiring',
        Key: { pk: 'TENANT#acme', sk: 'COUNT#JD#3' },
        UpdateExpression: 'ADD #f0 :d0, #f1 :d1',
        ExpressionAttributeNames: { '#f0': 'total', '#f1': 'DRAFT' },
        ExpressionAttributeValues: { ':d0': 1, ':d1': 1 },
      });
    }
  });
});
