import {
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexChanges } from '../../lib/composition/changes-backfill.js';
import { createDb } from '../../lib/db/client.js';
import { changeKeys } from '../../lib/db/log/changes.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the changes-index backfill', () => {
  it("stamps an item's entry with the time its note in the log leaves, even as the clock moves on", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00.000Z'));
    // Every reading of the clock moves it a millisecond on, as a busy machine's would.
    const nowOf = Date.now;
    vi.spyOn(Date, 'now').mockImplementation(() => {
      const read = nowOf();
      vi.setSystemTime(read + 1);
      return read;
    });
    const ddb = mockClient(DynamoDBDocumentClient);
    ddb.on(QueryCommand).resolves({
      Items: [{ pk: 'TENANT#acme', sk: 'JD#jd-1', entity: 'JD', id: 'jd-1' }],
    });
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(PutCommand).resolves({});

    const db = createDb({ tableName: 'hiring', endpoint: 'http://127.0.0.1:9' });
    await indexChanges(db, liveSpaceOf('acme'));

    const [sent] = ddb.commandCalls(TransactWriteCommand);
    const [update, note] = sent?.args[0].input.TransactItems ?? [];
    const entry = String(update?.Update?.ExpressionAttributeValues?.[':entry']);
    expect(note?.Put?.Item?.changed).toEqual({ J: ['JD#jd-1'] });
    expect(changeKeys.timeOf(entry)).toBe(Date.parse(String(note?.Put?.Item?.createdAt)));
    ddb.restore();
  });
});
