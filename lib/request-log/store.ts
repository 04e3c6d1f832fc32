import type { Db } from '../db/client.js';
import { queryPage } from '../db/dynamo.js';
import { tenantPk } from '../db/ids.js';
import { signToken, verifiedToken } from '../db/pagination.js';
import type { SpaceId } from '../db/spaces.js';
import { InvalidCursorError, NotFoundError } from '../errors.js';
import {
  newestFirst,
  type RequestLogEntry,
  type RequestLogItem,
  requestLogKeys,
  unpackEntries,
} from './model.js';

/** What GET /requests may be asked to keep. */
export interface RequestFilter {
  /** `2xx` … `5xx`, or one status (`404`) */
  status?: string | undefined;
  keyId?: string | undefined;
  route?: string | undefined;
  /** instants (ISO), inclusive */
  after?: string | undefined;
  before?: string | undefined;
  requestId?: string | undefined;
}

/**
 * Entries a page reads at most before it answers (with what it kept, `hasMore` and a cursor where it
 * stopped): a filter that keeps few of a busy space's requests answers in time, a page at a time.
 */
export const REQUEST_READ_BUDGET = 20_000;
/** GET /requests/{requestId} reads this many of the space's newest entries at most. */
export const REQUEST_LOOKUP_BUDGET = 200_000;

export interface RequestPage {
  items: RequestLogEntry[];
  limit: number;
  hasMore: boolean;
  nextCursor?: string;
}

/** Where a page stopped: the entries after it in the order (older) come next. */
interface Position {
  t: string;
  r: string;
}

const isOlderThan = (entry: RequestLogEntry, position: Position) =>
  entry.time < position.t || (entry.time === position.t && entry.requestId < position.r);

/**
 * A page of the space's request log, newest first. Items are read a minute at a time (a minute's items
 * come from several writer batches, so its entries are sorted together before any is answered); the
 * time range is the key range read, the other filters are tested on the entries read.
 */
export async function listRequests(
  db: Db,
  spaceId: SpaceId,
  filter: RequestFilter,
  request: { limit: number; cursor?: string | undefined },
  budget = REQUEST_READ_BUDGET,
): Promise<RequestPage> {
  // A cursor is a place in the log: it keeps its filters, and takes the time bounds as each page sends them.
  const { after: _after, before: _before, ...kept } = filter;
  const scope = { tenantPk: tenantPk(spaceId), name: `requests:${JSON.stringify(kept)}` };
  const position =
    request.cursor === undefined ? undefined : await positionOf(request.cursor, scope);
  const read = await readRequests(db, spaceId, filter, request.limit, position, budget);
  const page: RequestPage = {
    items: read.items,
    limit: request.limit,
    hasMore: read.next !== undefined,
  };
  if (read.next) page.nextCursor = await signToken(scope, read.next);
  return page;
}

/** A page's entries, and where the next page starts (none: the end), with no cursor signed. */
async function readRequests(
  db: Db,
  spaceId: SpaceId,
  filter: RequestFilter,
  limit: number,
  position: Position | undefined,
  budget: number,
): Promise<{ items: RequestLogEntry[]; next?: Position }> {
  const request = { limit };
  const pk = tenantPk(spaceId);
  const from = `${requestLogKeys.prefix}${filter.after === undefined ? '' : requestLogKeys.minuteOf(filter.after)}`;
  const to = [
    `${requestLogKeys.prefix}~`,
    ...(filter.before === undefined ? [] : [upTo(filter.before)]),
    // A page cut for its budget stopped at a minute's start: that minute is done.
    ...(position === undefined
      ? []
      : [position.r === '' && isMinuteStart(position.t) ? before(position.t) : upTo(position.t)]),
  ].sort()[0];

  const kept: RequestLogEntry[] = [];
  let read = 0;
  let minute: string | undefined;
  let minuteEntries: RequestLogEntry[] = [];
  let finishedMinute: string | undefined;
  const finishMinute = () => {
    minuteEntries.sort(newestFirst);
    for (const entry of minuteEntries)
      if ((!position || isOlderThan(entry, position)) && matches(entry, filter)) kept.push(entry);
    read += minuteEntries.length;
    finishedMinute = minute;
    minuteEntries = [];
  };
  let startKey: Record<string, unknown> | undefined;
  let ended = false;
  reading: for (;;) {
    const page = await queryPage<RequestLogItem>(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
      ScanIndexForward: false,
      ExclusiveStartKey: startKey,
    });
    for (const item of page.items) {
      const itemMinute = requestLogKeys.minuteOfSortKey(item.sk);
      if (itemMinute !== minute) {
        if (minute !== undefined) {
          finishMinute();
          if (kept.length > request.limit || read >= budget) break reading;
        }
        minute = itemMinute;
      }
      minuteEntries.push(...unpackEntries(item));
    }
    startKey = page.lastKey;
    if (!startKey) {
      finishMinute();
      ended = true;
      break;
    }
  }

  const items = kept.slice(0, request.limit);
  const last = items.at(-1);
  if (kept.length > request.limit && last)
    return { items, next: { t: last.time, r: last.requestId } };
  // Stopped for the budget: on from the start of the last minute read, which is done.
  if (!ended && finishedMinute !== undefined)
    return { items, next: { t: `${finishedMinute}:00.000Z`, r: '' } };
  return { items };
}

/** One entry by the Request-Id its answer carried, among the space's newest REQUEST_LOOKUP_BUDGET. */
export async function getRequest(
  db: Db,
  spaceId: SpaceId,
  requestId: string,
): Promise<RequestLogEntry> {
  // A Request-Id is printable ASCII: anything else was never one (and is not read for).
  if (!/^[\x21-\x7e]{1,128}$/.test(requestId)) throw new NotFoundError('Request');
  // Its newest entry: a writer's batch put again after a failure may have written it twice.
  const found = await readRequests(db, spaceId, { requestId }, 1, undefined, REQUEST_LOOKUP_BUDGET);
  const entry = found.items[0];
  if (!entry) throw new NotFoundError('Request');
  return entry;
}

/** The key range's end that takes in `time`'s minute, and the one that stops before it. */
const upTo = (time: string) => `${requestLogKeys.prefix}${requestLogKeys.minuteOf(time)}#~`;
const before = (time: string) => `${requestLogKeys.prefix}${requestLogKeys.minuteOf(time)}`;
const isMinuteStart = (time: string) => time.endsWith(':00.000Z');

function matches(entry: RequestLogEntry, filter: RequestFilter): boolean {
  if (filter.requestId !== undefined && entry.requestId !== filter.requestId) return false;
  if (filter.keyId !== undefined && entry.keyId !== filter.keyId) return false;
  if (filter.route !== undefined && entry.route !== filter.route) return false;
  if (filter.after !== undefined && entry.time < filter.after) return false;
  if (filter.before !== undefined && entry.time > filter.before) return false;
  if (filter.status !== undefined) {
    const wanted = filter.status;
    const status = String(entry.status);
    if (wanted.endsWith('xx') ? status[0] !== wanted[0] : status !== wanted) return false;
  }
  return true;
}

async function positionOf(
  cursor: string,
  scope: { tenantPk: string; name: string },
): Promise<Position> {
  const payload = await verifiedToken(cursor, scope).catch(() => undefined);
  if (
    payload &&
    typeof payload.t === 'string' &&
    !Number.isNaN(Date.parse(payload.t)) &&
    typeof payload.r === 'string'
  )
    return { t: payload.t, r: payload.r };
  throw new InvalidCursorError();
}
