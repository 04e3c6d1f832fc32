import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../lib/db/client.js';
import { wholeList } from '../../lib/db/pagination.js';
import { WholeListTooSlowError } from '../../lib/errors.js';
import { limitOf, pageRequest, sliceRequest } from '../../lib/http/pagination.js';
import { exportPage } from '../../lib/composition/candidate-export.js';

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

describe('a list handed over whole', () => {
  const ddb = mockClient(DynamoDBDocumentClient);
  const db = createDb({ endpoint: 'http://127.0.0.1:1', tableName: 'unit' });
  // Ten pages of a long list, each 40 ms, as a busy DynamoDB Local answers 1 MB pages more slowly.
  const pages = () => {
    let page = 0;
    ddb.reset();
    ddb.on(QueryCommand).callsFake(async () => {
      await sleep(40);
      page += 1;
      return {
        Items: [{ id: `item-${page}` }],
        ...(page < 10 ? { LastEvaluatedKey: { pk: 'p', sk: String(page) } } : {}),
      };
    });
  };

  it('reads every page while there is time, and is the 422 that asks for slices once there is none', async () => {
    pages();
    const read = await wholeList<{ id: string }>(db, { KeyConditionExpression: 'pk = :p' });
    pages();
    const tooSlow = wholeList(db, { KeyConditionExpression: 'pk = :p' }, Date.now() + 150);

    expect(read).toHaveLength(10);
    await expect(tooSlow).rejects.toBeInstanceOf(WholeListTooSlowError);
    expect(ddb.commandCalls(QueryCommand).length).toBeLessThan(10);
  });
});
