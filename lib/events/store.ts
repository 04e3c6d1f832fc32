import { eventSettleMs } from '../config.js';
import type { EventType } from './types.js';
import type { Db } from '../db/client.js';
import { getItem, queryPage } from '../db/dynamo.js';
import {
  EVENT_ID_PATTERN,
  EVENT_TTL_SECONDS,
  type EventItem,
  eventIdBefore,
  eventKeys,
  type PublicEvent,
  toPublicEvent,
} from './model.js';
import { tenantPk } from '../db/ids.js';
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
 * The tenant's events after `after` (oldest first), up to `limit`, of `types` when given. Only events
 * older than the settle window are read (config.eventSettleMs): every write younger than it has either
 * committed or failed, so an event can never appear behind a cursor that has already passed it.
 */
export async function listEvents(
  db: Db,
  spaceId: SpaceId,
  options: {
    after?: string | undefined;
    types?: readonly EventType[] | undefined;
    limit: number;
    now?: number;
  },
): Promise<EventPage> {
  const now = options.now ?? Date.now();
  const cut = now - eventSettleMs();
  const upTo = eventKeys.before(cut);
  // Expired events may linger until DynamoDB's TTL removes them (within days): the log starts 30 days ago.
  const oldest = eventKeys.before(now - EVENT_TTL_SECONDS * 1000);
  const after = options.after ? eventKeys.item(spaceId, options.after) : undefined;
  const start = after && after.sk > oldest ? after : undefined;
  if (after && after.sk >= upTo)
    return { events: [], nextCursor: options.after ?? null, hasMore: false };
  const types = options.types?.length ? options.types : undefined;
  const found: EventItem[] = [];
  let position: Record<string, unknown> | undefined = start;
  let budget = types ? FILTERED_READ_BUDGET : options.limit + 1;
  do {
    const take = types ? Math.min(FILTERED_PAGE, budget) : budget;
    const page = await queryPage<EventItem>(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ...(types
        ? {
            FilterExpression: `#type IN (${types.map((_, i) => `:t${i}`).join(', ')})`,
            ExpressionAttributeNames: { '#type': 'type' },
          }
        : {}),
      ExpressionAttributeValues: {
        ':pk': tenantPk(spaceId),
        ':first': oldest,
        ':last': upTo,
        ...Object.fromEntries((types ?? []).map((type, i) => [`:t${i}`, type])),
      },
      ExclusiveStartKey: position,
      Limit: take,
      // An eventually consistent read could miss an event that committed before the settle window's cut.
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
    // A filtered read that spent its budget on other types: continue from the last event it read.
    return {
      events: events.map(toPublicEvent),
      nextCursor: String(position.sk).slice(eventKeys.prefix.length),
      hasMore: true,
    };
  }
  // The end of the settled log: everything before `cut` was read, of every type.
  const nextCursor = types ? eventIdBefore(cut) : (events.at(-1)?.id ?? options.after ?? null);
  return { events: events.map(toPublicEvent), nextCursor, hasMore: false };
}

/** How often a long-poll looks at the log again while it waits: a strongly consistent Query each time. */
export const LONG_POLL_CHECK_MS = 500;

/**
 * listEvents, holding on for up to `waitMs` while there is nothing to answer: it looks again every
 * LONG_POLL_CHECK_MS and answers at the first look that finds an event (or that the page is full),
 * else with the empty page once the wait is over. A filtered look that skipped events of other types
 * goes on from where it stopped, so each event is read once however long the wait.
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
  return heldOpen(async () => {
    let page = first;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return page;
      // The last look is at the end of the wait.
      await new Promise((resolve) => setTimeout(resolve, Math.min(LONG_POLL_CHECK_MS, left)));
      page = await listEvents(db, spaceId, { ...options, after: page.nextCursor ?? options.after });
      if (answers(page)) return page;
    }
  });
}

export async function getEvent(
  db: Db,
  spaceId: SpaceId,
  eventId: string,
): Promise<PublicEvent | undefined> {
  const item = await getEventItem(db, spaceId, eventId);
  return item && toPublicEvent(item);
}

/** Up to `limit` events after `after` up to `until` (both event ids or positions), oldest first; `more` when the range goes on. */
export async function readEventRange(
  db: Db,
  spaceId: SpaceId,
  range: { after: string; until: string },
  limit: number,
): Promise<{ events: EventItem[]; more: boolean }> {
  if (range.after >= range.until) return { events: [], more: false };
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
  return { events: page.items, more: page.lastKey !== undefined };
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
  return item && item.ttl > Date.now() / 1000 ? item : undefined;
}
