import { gunzipSync } from 'node:zlib';
import type { Db } from '../db/client.js';
import { batchPut } from '../db/dynamo.js';
import type { SpaceId } from '../db/spaces.js';
import {
  ENTRIES_PER_ITEM,
  type LoggedRequest,
  type RequestLogEntry,
  type RequestLogItem,
  newestFirst,
  packEntries,
  requestLogKeys,
  REQUEST_LOG_TTL_SECONDS,
} from './model.js';
import { REQUEST_LOG_MESSAGE } from './line.js';
import { countRequests } from './counts.js';

/**
 * The request log's writer: the entries of a batch of the functions' log lines, packed by space and
 * minute, ENTRIES_PER_ITEM to an item, put 25 items to a call, and counted by key and hour
 * (./counts.ts). A batch of a busy function's lines makes a few items, where an item per request would
 * cost a write unit each (docs/benchmarks.md). Put again after a failure, a batch's items are new ones
 * (Lambda's retry of an invocation that failed after its put): an entry may then show twice, never
 * not at all.
 */
export async function writeRequestLog(db: Db, entries: LoggedRequest[]): Promise<number> {
  const groups = new Map<
    string,
    { spaceId: SpaceId; minute: string; entries: RequestLogEntry[] }
  >();
  for (const { spaceId, ...entry } of entries) {
    const minute = requestLogKeys.minuteOf(entry.time);
    const group = groups.get(`${spaceId}\n${minute}`) ?? { spaceId, minute, entries: [] };
    group.entries.push(entry);
    groups.set(`${spaceId}\n${minute}`, group);
  }
  const items: RequestLogItem[] = [];
  for (const { spaceId, minute, entries: grouped } of groups.values()) {
    grouped.sort(newestFirst);
    for (let i = 0; i < grouped.length; i += ENTRIES_PER_ITEM) {
      const chunk = grouped.slice(i, i + ENTRIES_PER_ITEM);
      items.push({
        ...requestLogKeys.item(spaceId, minute),
        entity: 'REQUEST_LOG',
        entries: packEntries(chunk),
        count: chunk.length,
        // Counted from the request's own minute: an entry written late is gone when its peers are.
        ttl: Math.floor(Date.parse(`${minute}:00.000Z`) / 1000) + REQUEST_LOG_TTL_SECONDS,
      });
    }
  }
  await batchPut(db, items as unknown as Record<string, unknown>[]);
  await countRequests(db, entries);
  return items.length;
}

/** The entries among log lines (JSON, as the logger wrote them); any other line is not one. */
export function requestsOfLogLines(lines: string[]): LoggedRequest[] {
  const requests: LoggedRequest[] = [];
  for (const line of lines) {
    if (!line.includes(REQUEST_LOG_MESSAGE)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line.slice(line.indexOf('{')));
    } catch {
      continue;
    }
    const logged = (parsed as { message?: unknown; requestLog?: unknown } | null) ?? {};
    if (logged.message === REQUEST_LOG_MESSAGE && isLoggedRequest(logged.requestLog))
      requests.push(logged.requestLog);
  }
  return requests;
}

/** What CloudWatch Logs hands a subscribed function: a gzip'd, base64'd batch of one log stream's events. */
export interface LogsSubscriptionEvent {
  awslogs: { data: string };
}

export function linesOfSubscription(event: LogsSubscriptionEvent): string[] {
  const batch = JSON.parse(
    gunzipSync(Buffer.from(event.awslogs.data, 'base64')).toString('utf8'),
  ) as {
    messageType: string;
    logEvents?: { message: string }[];
  };
  // CloudWatch Logs checks that it can reach the function with a CONTROL_MESSAGE: no lines.
  if (batch.messageType !== 'DATA_MESSAGE') return [];
  return (batch.logEvents ?? []).map((logEvent) => logEvent.message);
}

function isLoggedRequest(value: unknown): value is LoggedRequest {
  const entry = value as Partial<LoggedRequest> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.spaceId === 'string' &&
    typeof entry.requestId === 'string' &&
    typeof entry.time === 'string' &&
    !Number.isNaN(Date.parse(entry.time)) &&
    typeof entry.status === 'number' &&
    typeof entry.keyId === 'string'
  );
}
