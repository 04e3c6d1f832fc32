import type { Db } from '../db/client.js';
import { queryAll, updateItem } from '../db/dynamo.js';
import { tenantPk } from '../db/ids.js';
import { liveSpaceOf, tenantOfSpace } from '../db/spaces.js';
import type { LoggedRequest } from './model.js';

/**
 * Each key's requests and errors (answers of 400 or more) by clock hour, counted by the request log's
 * writer as it writes their entries: what GET /keys shows of a key's last 24 hours without reading a
 * day of the log. In the tenant's live partition, where the keys are, a test key's too; gone after 2 days.
 */
export const COUNT_TTL_SECONDS = 2 * 24 * 60 * 60;
const HOUR_MS = 3_600_000;

export interface RequestCounts {
  requests: number;
  errors: number;
}

const countKey = (tenantId: string, keyId: string, hour: number) => ({
  pk: tenantPk(liveSpaceOf(tenantId)),
  sk: `REQCOUNT#${keyId}#${hour}`,
});
const COUNT_PREFIX = 'REQCOUNT#';

/** Adds a batch's entries to their keys' hours: one write per key and hour in the batch. */
export async function countRequests(db: Db, entries: LoggedRequest[]): Promise<void> {
  const counts = new Map<
    string,
    { tenantId: string; keyId: string; hour: number } & RequestCounts
  >();
  for (const entry of entries) {
    const tenantId = tenantOfSpace(entry.spaceId);
    const hour = Math.floor(Date.parse(entry.time) / HOUR_MS);
    const name = `${tenantId}\n${entry.keyId}\n${hour}`;
    const count = counts.get(name) ?? {
      tenantId,
      keyId: entry.keyId,
      hour,
      requests: 0,
      errors: 0,
    };
    count.requests++;
    if (entry.status >= 400) count.errors++;
    counts.set(name, count);
  }
  await Promise.all(
    [...counts.values()].map((count) =>
      updateItem(db, {
        Key: countKey(count.tenantId, count.keyId, count.hour),
        UpdateExpression: 'ADD requests :requests, errors :errors SET #ttl = :ttl',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':requests': count.requests,
          ':errors': count.errors,
          ':ttl': Math.floor(((count.hour + 1) * HOUR_MS) / 1000) + COUNT_TTL_SECONDS,
        },
      }),
    ),
  );
}

/** Each of the tenant's keys' requests and errors in the 24 clock hours up to `now`'s. */
export async function requestsOfLastDay(
  db: Db,
  tenantId: string,
  now = new Date(),
): Promise<Map<string, RequestCounts>> {
  const firstHour = Math.floor(now.getTime() / HOUR_MS) - 23;
  const items = await queryAll<{ sk: string; requests?: number; errors?: number }>(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': tenantPk(liveSpaceOf(tenantId)),
      ':from': COUNT_PREFIX,
      ':to': `${COUNT_PREFIX}~`,
    },
  });
  const counts = new Map<string, RequestCounts>();
  for (const item of items) {
    const [keyId = '', hour = '0'] = item.sk.slice(COUNT_PREFIX.length).split('#');
    // DynamoDB's TTL removes an item days after it is due: a count's hour is checked here.
    if (Number(hour) < firstHour) continue;
    const count = counts.get(keyId) ?? { requests: 0, errors: 0 };
    count.requests += item.requests ?? 0;
    count.errors += item.errors ?? 0;
    counts.set(keyId, count);
  }
  return counts;
}
