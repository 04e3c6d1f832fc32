import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from '../../lib/db/client.js';
import {
  addTo,
  batchGet,
  GuardsFailedError,
  guards,
  getItem,
  putItem,
  transactWrite,
  type TransactItem,
  type WriteItem,
} from '../../lib/db/dynamo.js';
import { withGroupedCalls } from '../../lib/db/grouped-calls.js';
import { useTestDb } from '../helpers/db.js';

const testDb = useTestDb();
let prefix = 0;

/** A Db on the test table that counts the calls it sends, by command, and a fresh key space. */
function counted(): { db: Db; calls: string[]; key: (sk: string) => { pk: string; sk: string } } {
  const db = createDb({ endpoint: inject('dynamodbEndpoint'), tableName: testDb().tableName });
  const calls: string[] = [];
  db.client.middlewareStack.add(
    (next, context) => (args) => {
      calls.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize' },
  );
  prefix += 1;
  return { db, calls, key: (sk) => ({ pk: `T#grouped-${process.pid}-${prefix}`, sk }) };
}

const put = (db: Db, item: Record<string, unknown>, condition?: string): WriteItem => ({
  Put: {
    TableName: db.tableName,
    Item: item,
    ...(condition ? { ConditionExpression: condition } : {}),
  },
});
/** A member transaction's two guarded items: a free key and one already taken. */
const MEMBER = guards('free', 'taken');

describe('grouped calls (the product-events consumer’s DynamoDB calls)', () => {
  it('sends concurrent transactions as one, merging additions to the same item', async () => {
    const { db, calls, key } = counted();
    const grouped = withGroupedCalls(db);

    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        transactWrite(grouped, [
          put(db, { ...key(`ITEM#${i}`), n: i }, 'attribute_not_exists(pk)'),
          addTo(key('COUNT'), { total: 1, [`f${i % 3}`]: 1 }),
        ]),
      ),
    );

    expect(
      calls.filter((command) => command === 'TransactWriteItemsCommand').length,
    ).toBeLessThanOrEqual(2);
    expect(await getItem(db, key('COUNT'))).toMatchObject({ total: 30, f0: 10, f1: 10, f2: 10 });
    expect(
      await batchGet(
        db,
        Array.from({ length: 30 }, (_, i) => key(`ITEM#${i}`)),
      ),
    ).toHaveLength(30);
  });

  it('gives a member whose condition fails its own cancellation, at its own indexes, and commits the others', async () => {
    const { db, key } = counted();
    const grouped = withGroupedCalls(db);
    await putItem(db, { Item: { ...key('TAKEN'), n: 0 } });

    const results = await Promise.allSettled([
      transactWrite(grouped, [put(db, { ...key('A') }, 'attribute_not_exists(pk)')]),
      transactWrite(grouped, [
        MEMBER.on('free', put(db, { ...key('B') }, 'attribute_not_exists(pk)')),
        MEMBER.on('taken', put(db, { ...key('TAKEN'), n: 1 }, 'attribute_not_exists(pk)')),
      ]),
      transactWrite(grouped, [put(db, { ...key('C') }, 'attribute_not_exists(pk)')]),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const failure = (results[1] as PromiseRejectedResult).reason;
    // The member's own cancellation reasons, in its own order: only its second item's guard failed.
    expect(failure).toBeInstanceOf(GuardsFailedError);
    expect((failure as GuardsFailedError).cause).toBeInstanceOf(TransactionCanceledException);
    expect([...(failure as GuardsFailedError).guards]).toEqual(['taken']);
    expect(
      (await batchGet(db, [key('A'), key('B'), key('C'), key('TAKEN')])).map((item) => [
        item.sk,
        'n' in item ? item.n : undefined,
      ]),
    ).toEqual([
      ['A', undefined],
      ['C', undefined],
      ['TAKEN', 0],
    ]);
  });

  it('never puts two writes of the same item in one group, and finds a member DynamoDB refuses by sending each alone', async () => {
    const { db, calls, key } = counted();
    const grouped = withGroupedCalls(db);
    const bump = (): TransactItem => ({
      Update: {
        TableName: db.tableName,
        Key: key('SAME'),
        UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      },
    });
    const invalid: TransactItem = {
      Update: { TableName: db.tableName, Key: key('BAD'), UpdateExpression: 'SET n = :missing' },
    };

    const results = await Promise.allSettled([
      transactWrite(grouped, [bump()]),
      transactWrite(grouped, [bump()]),
      transactWrite(grouped, [invalid]),
      transactWrite(grouped, [put(db, key('OTHER'))]),
    ]);

    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason.name).toBe('ValidationException');
    expect(await getItem(db, key('SAME'))).toMatchObject({ n: 2 });
    expect(await getItem(db, key('OTHER'))).toBeDefined();
    expect(
      calls.filter((command) => command === 'TransactWriteItemsCommand').length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('answers concurrent reads from one BatchGetItem, each caller with its own items in its own order', async () => {
    const { db, calls, key } = counted();
    const grouped = withGroupedCalls(db);
    for (const sk of ['X', 'Y', 'Z']) await putItem(db, { Item: { ...key(sk), name: sk } });
    calls.length = 0;

    const [x, missing, zy, again] = await Promise.all([
      getItem<{ name: string }>(grouped, key('X'), { consistent: true }),
      getItem(grouped, key('NOPE'), { consistent: true }),
      batchGet<{ pk: string; sk: string; name: string }>(
        grouped,
        [key('Z'), key('NOPE'), key('Y')],
        { consistent: true },
      ),
      getItem<{ name: string }>(grouped, key('X'), { consistent: true }),
    ]);

    expect([x?.name, missing, zy.map((item) => item.name), again?.name]).toEqual([
      'X',
      undefined,
      ['Z', 'Y'],
      'X',
    ]);
    expect(calls).toEqual(['BatchGetItemCommand']);
  });

  it('changes nothing for a caller that waits for each call: one call each, as without groups', async () => {
    const { db, calls, key } = counted();
    const grouped = withGroupedCalls(db);

    for (let i = 0; i < 3; i++) {
      await transactWrite(grouped, [put(db, key(`S#${i}`)), addTo(key('COUNT'), { total: 1 })]);
      await getItem(grouped, key(`S#${i}`), { consistent: true });
    }

    expect(calls).toEqual(
      Array.from({ length: 3 }, () => ['TransactWriteItemsCommand', 'BatchGetItemCommand']).flat(),
    );
    expect(await getItem(db, key('COUNT'))).toMatchObject({ total: 3 });
  });
});
