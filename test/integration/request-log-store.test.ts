import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { asSpaceId } from '../../lib/db/spaces.js';
import { queryAll } from '../../lib/db/dynamo.js';
import { tenantPk } from '../../lib/db/ids.js';
import { ENTRY_LIMITS, requestEntry } from '../../lib/request-log/entry.js';
import {
  ENTRIES_PER_ITEM,
  type LoggedRequest,
  newestFirst,
  type RequestLogItem,
} from '../../lib/request-log/model.js';
import { listRequests } from '../../lib/request-log/store.js';
import {
  linesOfSubscription,
  requestsOfLogLines,
  writeRequestLog,
} from '../../lib/request-log/writer.js';
import { REQUEST_LOG_MESSAGE } from '../../lib/request-log/line.js';
import { newTenantId, useTestDb } from '../helpers/db.js';

const db = useTestDb();

/** An entry of `spaceId` at `time`, its fields as long as an entry keeps them. */
function entryAt(spaceId: string, time: number, n: number, long = false): LoggedRequest {
  const big = (length: number) => 'x'.repeat(length);
  return requestEntry({
    spaceId: asSpaceId(spaceId),
    requestId: `req-${String(n).padStart(6, '0')}-${time.toString(36)}`,
    receivedAt: time,
    answeredAt: time + 35,
    method: 'GET',
    rawPath: long ? `/api/v1/jds/${big(2000)}` : `/api/v1/jds/jd-${n}`,
    apiPrefix: '/api/v1',
    routeKey: 'GET /api/v1/jds/{jdId}',
    status: n % 5 === 0 ? 404 : 200,
    errorBody:
      n % 5 === 0 ? '{"success":false,"error":"JD not found","code":"not_found"}' : undefined,
    keyId: '01JDQ4M8X2V7N3K5R9T6W1Y0ZA',
    keyName: 'Greenhouse sync (production)',
    apiVersion: '2026-11-25',
    headers: long
      ? { 'user-agent': big(1000), 'idempotency-key': big(1000) }
      : { 'user-agent': 'acme-ats/4.2' },
    replayed: false,
    queryParameterNames: long ? Array.from({ length: 40 }, (_, i) => `${big(100)}${i}`) : [],
    clientIp: '2001:db8:85a3::8a2e:370:7334',
  });
}

describe("the request log's items", () => {
  it('reads a minute written by several batches in one order, and a page cut for its budget goes on where it stopped', async () => {
    const spaceId = newTenantId();
    const start = Date.now() - 10 * 60_000;
    const all: LoggedRequest[] = [];
    // Three batches (three writers' seconds), their entries interleaved across the same four minutes.
    for (let batch = 0; batch < 3; batch++) {
      const entries = Array.from({ length: 40 }, (_, i) =>
        entryAt(spaceId, start + (i * 3 + batch) * 6_000 + 17, batch * 100 + i),
      );
      all.push(...entries);
      await writeRequestLog(db(), entries);
    }
    const expected = all.map(({ spaceId: _space, ...entry }) => entry).sort(newestFirst);
    for (const budget of [1, 50, Infinity]) {
      const read = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await listRequests(db(), asSpaceId(spaceId), {}, { limit: 7, cursor }, budget);
        read.push(...page.items);
        cursor = page.nextCursor;
        expect(page.hasMore).toBe(cursor !== undefined);
        pages++;
      } while (cursor);
      expect(read).toEqual(expected);
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected.length / 7));
    }
    const notFound = await listRequests(
      db(),
      asSpaceId(spaceId),
      { status: '404' },
      { limit: 100 },
    );
    expect(notFound.items).toEqual(expected.filter((entry) => entry.status === 404));
    expect(notFound.items.every((entry) => entry.code === 'not_found')).toBe(true);
  });

  it('packs 100 of the largest entries into one item far under 400 KB, each field cut to its limit', async () => {
    const spaceId = newTenantId();
    const time = Date.parse('2026-06-01T12:00:00.000Z') + (Date.now() % 50_000);
    const entries = Array.from({ length: ENTRIES_PER_ITEM }, (_, n) =>
      entryAt(spaceId, time, n, true),
    );
    expect(entries[0]!.path.length).toBe(ENTRY_LIMITS.path);
    expect(entries[0]!.userAgent!.length).toBe(ENTRY_LIMITS.userAgent);
    expect(entries[0]!.idempotencyKey!.length).toBe(ENTRY_LIMITS.idempotencyKey);
    expect(entries[0]!.queryParameters).toHaveLength(ENTRY_LIMITS.queryNames);
    expect(await writeRequestLog(db(), entries)).toBe(1);
    const [item] = await queryAll<RequestLogItem>(db(), {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :log)',
      ExpressionAttributeValues: { ':pk': tenantPk(asSpaceId(spaceId)), ':log': 'REQUEST#' },
    });
    expect(item!.count).toBe(ENTRIES_PER_ITEM);
    expect(item!.entries.byteLength).toBeLessThan(40 * 1024);
  });

  it("takes from CloudWatch Logs' batches the request-log lines only", () => {
    const spaceId = newTenantId();
    const request = entryAt(spaceId, Date.now(), 1);
    const lines = [
      JSON.stringify({ level: 'INFO', message: REQUEST_LOG_MESSAGE, requestLog: request }),
      JSON.stringify({ level: 'WARN', message: 'Slow or failed answer', requestLog: request }),
      JSON.stringify({ level: 'INFO', message: REQUEST_LOG_MESSAGE, requestLog: { spaceId } }),
      `2026-12-03T10:00:00Z\tINFO\t${REQUEST_LOG_MESSAGE} not JSON`,
    ];
    const encode = (batch: object) => ({
      awslogs: { data: gzipSync(JSON.stringify(batch)).toString('base64') },
    });
    const data = encode({
      messageType: 'DATA_MESSAGE',
      logEvents: lines.map((message, i) => ({ id: String(i), timestamp: 0, message })),
    });
    expect(requestsOfLogLines(linesOfSubscription(data))).toEqual([request]);
    expect(linesOfSubscription(encode({ messageType: 'CONTROL_MESSAGE', logEvents: [] }))).toEqual(
      [],
    );
  });
});
