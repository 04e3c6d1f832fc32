import { claimWaitSlot } from './wait-slots.js';
import type { EventType } from './types.js';
import type { Db } from '../db/client.js';
import { getItem, queryPage } from '../db/dynamo.js';
import {
  EVENT_ID_PATTERN,
  EVENT_TTL_SECONDS,
  type EventItem,
  eventKeys,
  type PublicEvent,
  toPublicEvent,
} from './model.js';
import { tenantPk } from '../db/ids.js';
import { headForReading } from '../db/log/sequencer.js';
import type { LogHeadItem } from '../db/log/entries.js';
import { heldOpen } from '../observability/trace.js';
import type { SpaceId } from '../db/spaces.js';

export { EVENT_ID_PATTERN, type PublicEvent };

/** With a type filter, a page reads at most this many events of other types before it answers. */
const FILTERED_READ_BUDGET = 1000;
const FILTERED_PAGE = 200;

export interface EventPage {
  events: PublicEvent[];
  /** where to continue (`after`): the last event read, or `after` itself when nothing was read */
  nextCursor: string | null;
  /** true when more events are there already; false: poll again later from nextCursor */
  hasMore: boolean;
}

/**
 * The tenant's events after `after` (oldest first), up to `limit`, of `types` when given. It first
 * gives every pending entry of the space its place (lib/db/log/sequencer.ts), then reads the log up to its head:
 * every event at or below the head is readable, and every later one will have a higher id, so a cursor
 * never passes an event.
 */
export async function listEvents(
  db: Db,
  spaceId: SpaceId,
  options: {
    after?: string | undefined;
    types?: readonly EventType[] | undefined;
    limit: number;
    now?: number;
    /**
     * The log's head as the caller read it a moment ago with headForReading (the dispatcher's
     * fan-out, once for its batch): the log is read up to it, with no sequencing of its own.
     */
    head?: Pick<LogHeadItem, 'lastEventId'> | undefined;
  },
): Promise<EventPage> {
  const head = options.head ?? (await headForReading(db, spaceId));
  const now = options.now ?? Date.now();
  const headId = head?.lastEventId;
  if (headId === undefined)
    return { events: [], nextCursor: options.after ?? null, hasMore: false };
  const upTo = eventKeys.item(spaceId, headId).sk;
  // Expired events may linger until DynamoDB's TTL removes them (within days): the log starts 30 days ago.
  const oldest = eventKeys.before(now - EVENT_TTL_SECONDS * 1000);
  const after = options.after ? eventKeys.item(spaceId, options.after) : undefined;
  const start = after && after.sk > oldest ? after : undefined;
  if (after && after.sk >= upTo)
    return { events: [], nextCursor: options.after ?? null, hasMore: false };
  const types = options.types?.length ? options.types : undefined;
  const found: EventItem[] = [];
  let position: Record<string, unknown> | undefined = start;
  // The log also holds changes that record no event (lib/db/log/sequencer.ts): they are read past, like events
  // of other types, within the same budget.
  let budget = FILTERED_READ_BUDGET;
  do {
    const take = types
      ? Math.min(FILTERED_PAGE, budget)
      : Math.min(options.limit + 1 - found.length, budget);
    const page = await queryPage<EventItem>(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      FilterExpression: types
        ? `#type IN (${types.map((_, i) => `:t${i}`).join(', ')})`
        : '#entity = :event',
      ExpressionAttributeNames: types ? { '#type': 'type' } : { '#entity': 'entity' },
      ExpressionAttributeValues: {
        ':pk': tenantPk(spaceId),
        ':first': oldest,
        ':last': upTo,
        ...(types
          ? Object.fromEntries(types.map((type, i) => [`:t${i}`, type]))
          : { ':event': 'EVENT' }),
      },
      ExclusiveStartKey: position,
      Limit: take,
      // An eventually consistent read could miss an event below the head just read.
      ConsistentRead: true,
    });
    found.push(...page.items);
    budget -= take;
    position = page.lastKey;
  } while (position && found.length <= options.limit && budget > 0);

  const events = found.slice(0, options.limit);
  if (found.length > options.limit)
    return {
      events: events.map(toPublicEvent),
      nextCursor: events.at(-1)?.id ?? null,
      hasMore: true,
    };
  if (position) {
    // A read that spent its budget on other types or changes: continue from the last item it read.
    return {
      events: events.map(toPublicEvent),
      nextCursor: String(position.sk).slice(eventKeys.prefix.length),
      hasMore: true,
    };
  }
  // The end of the log: everything up to its head was read, of every type.
  return {
    events: events.map(toPublicEvent),
    nextCursor: later(headId, options.after),
    hasMore: false,
  };
}

/** The later of two positions in the log (a cursor from before may be past the head). */
const later = (position: string, after: string | undefined) =>
  after !== undefined && after > position ? after : position;

/** How often a long-poll looks at the log again while it waits: a strongly consistent Query each time. */
export const LONG_POLL_CHECK_MS = 500;

/**
 * listEvents, holding on for up to `waitMs` while there is nothing to answer: it looks again every
 * LONG_POLL_CHECK_MS and answers at the first look that finds an event (or that the page is full),
 * else with the empty page once the wait is over. A filtered look that skipped events of other types
 * goes on from where it stopped, so each event is read once however long the wait. A request that
 * would wait past the ceiling of waits held at once is refused at once (WaitLimitedError).
 */
export async function listEventsWaiting(
  db: Db,
  spaceId: SpaceId,
  options: Parameters<typeof listEvents>[2],
  waitMs: number,
): Promise<EventPage> {
  const deadline = Date.now() + waitMs;
  const answers = (page: EventPage) => page.events.length > 0 || page.hasMore;
  const first = await listEvents(db, spaceId, options);
  if (answers(first) || waitMs <= 0) return first;
  // Only a request that will wait takes a place under the ceiling, and gives it back when it ends (./wait-slots.ts).
  const slot = await claimWaitSlot(db, spaceId);
  try {
    return await heldOpen(async () => {
      let page = first;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) return page;
        // The last look is at the end of the wait.
        await new Promise((resolve) => setTimeout(resolve, Math.min(LONG_POLL_CHECK_MS, left)));
        page = await listEvents(db, spaceId, {
          ...options,
          after: page.nextCursor ?? options.after,
        });
        if (answers(page)) return page;
      }
    });
  } finally {
    await slot.release();
  }
}

export async function getEvent(
  db: Db,
  spaceId: SpaceId,
  eventId: string,
): Promise<PublicEvent | undefined> {
  const item = await getEventItem(db, spaceId, eventId);
  return item && toPublicEvent(item);
}

/**
 * Up to `limit` events after `after` up to `until` (both event ids or positions), oldest first; `more`
 * when the range goes on, from `readTo` (the last place read: the log's changes that record no event
 * share the range, so a page may hold fewer events than it read, even none).
 */
export async function readEventRange(
  db: Db,
  spaceId: SpaceId,
  range: { after: string; until: string },
  limit: number,
): Promise<{ events: EventItem[]; more: boolean; readTo: string }> {
  if (range.after >= range.until) return { events: [], more: false, readTo: range.after };
  const oldest = eventKeys.before(Date.now() - EVENT_TTL_SECONDS * 1000);
  const after = eventKeys.item(spaceId, range.after);
  const page = await queryPage<EventItem>(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: {
      ':pk': tenantPk(spaceId),
      ':first': oldest,
      ':last': eventKeys.item(spaceId, range.until).sk,
    },
    ExclusiveStartKey: after.sk > oldest ? after : undefined,
    Limit: limit,
  });
  // Changes that record no event (lib/db/log/sequencer.ts) share the range: they are not replayed.
  const lastRead = page.items.at(-1);
  return {
    events: page.items.filter((item) => item.entity === 'EVENT'),
    more: page.lastKey !== undefined,
    readTo: lastRead ? lastRead.id : range.after,
  };
}

export async function getEventItem(
  db: Db,
  spaceId: SpaceId,
  eventId: string,
): Promise<EventItem | undefined> {
  if (!EVENT_ID_PATTERN.test(eventId)) return undefined;
  const item = await getItem<EventItem>(db, eventKeys.item(spaceId, eventId), {
    consistent: true,
  });
  return item?.entity === 'EVENT' && item.ttl > Date.now() / 1000 ? item : undefined;
}
