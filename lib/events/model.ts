import { decodeTime } from 'ulid';
import { fieldError } from '../errors.js';
import type { Scope } from '../http/scopes.js';
import { newId } from '../db/ids.js';
import { EVENT_ID_PREFIX, eventIdBefore, type LogEntry } from '../db/log/entries.js';
import type { SpaceId } from '../db/spaces.js';
import { EVENT_ID_PATTERN, type EventType } from './types.js';

export { EVENT_ID_PATTERN };

/**
 * The event log: every change to a tenant's data records one event, in the same transaction as the
 * change, in the tenant's partition: first as a pending entry, which the sequencer then gives its place
 * and its id in the space's ordered log (lib/db/log/sequencer.ts). Events are read in id order (GET /events),
 * which is the order their places were given, and delivered to webhooks from the table's stream. They
 * are thin by design: ids, statuses and scores, never a candidate's name, e-mail or metadata, never a
 * key's secret or hash, so an erasure leaves nothing personal behind in the log.
 *
 * An event id is `evt_` + a ULID: its write's time, in milliseconds, then randomness, unless that would
 * put it below the log's last id (a write that committed late): then it is that id plus one.
 */
export { EVENT_ID_PREFIX, EVENT_TTL_SECONDS, eventIdBefore, eventKeys } from '../db/log/entries.js';

/** The log's place an `after` or a replay's `since` names: an event id as it is, an instant just before it. */
export function positionOf(eventIdOrInstant: string): string {
  return EVENT_ID_PATTERN.test(eventIdOrInstant)
    ? eventIdOrInstant
    : eventIdBefore(Date.parse(eventIdOrInstant));
}

/**
 * How far past the service's clock a reader's place may be: a client whose clock runs a little fast
 * (the clients start from their own now) still follows the log from its now.
 */
export const POSITION_AHEAD_MS = 5 * 60_000;

/**
 * The place `field` names (an event id, or an instant: positionOf), refused when it is later than now
 * (more than POSITION_AHEAD_MS): the log reaches no such place before then, so a reader (GET /events,
 * the event stream) would be answered nothing, silently. 400, rule `not_future`, as a replay's `since`.
 */
export function positionNotAhead(
  field: string,
  eventIdOrInstant: string,
  now = Date.now(),
): string {
  const position = positionOf(eventIdOrInstant);
  if (decodeTime(position.slice(EVENT_ID_PREFIX.length)) > now + POSITION_AHEAD_MS)
    throw fieldError(field, 'not_future', 'must not be in the future');
  return position;
}

/**
 * What each event type carries: enough to act on without another call, and `updatedAt` to order.
 * Each resource declares its own events' data next to the writes that record them, adding to this
 * interface (lib/jds/events.ts, lib/resumes/events.ts, lib/applications/events.ts): the log knows
 * no resource, and every resource knows the log.
 */
export interface EventData {
  'key.created': {
    id: string;
    name: string;
    scopes: Scope[];
    expiresAt: string | null;
    mode: 'live' | 'test';
    blind: boolean;
    updatedAt: string;
  };
  'key.revoked': { id: string; name: string; updatedAt: string };
  /**
   * a test space was put back to its sample data (POST /test/reset): everything of it a mirror holds
   * from before is gone; the sample's own events follow
   */
  'test.reset': { resetAt: string };
}

/** An event as the API and webhooks show it: its data is the one of its type. */
export type PublicEvent = {
  [T in EventType]: { id: string; type: T; createdAt: string; data: EventData[T] };
}[EventType];

export type EventItem = PublicEvent & {
  pk: string;
  sk: string;
  entity: 'EVENT';
  ttl: number;
  /** the keys of the listed items its write changed, by kind (lib/db/log/changes.ts): the delta walks read them */
  changed?: Record<string, string[]>;
};

export function eventId(): string {
  return `${EVENT_ID_PREFIX}${newId()}`;
}

export type { EventType };

/**
 * The transaction item that records event `type` with `data` in the space's ordered log: its log
 * entry, given its time as the transaction leaves and its id and place by the sequencer
 * (lib/db/log/). It also notes the listed items the transaction changes, for the delta walks.
 */
export function recordEvent<T extends EventType>(
  spaceId: SpaceId,
  type: T,
  data: EventData[T],
): LogEntry {
  return { Log: { spaceId, event: { type, data } } };
}

/** The event of a test delivery (POST /webhooks/:id/test): signed and sent like any other, never in the log. */
export interface TestEvent {
  id: string;
  type: 'webhook.test';
  createdAt: string;
  data: { webhookId: string; message: string };
}

export function testEvent(webhookId: string, id: string, createdAt: string): TestEvent {
  return {
    id,
    type: 'webhook.test',
    createdAt,
    data: { webhookId, message: 'A test delivery from the Hiring API: nothing changed.' },
  };
}

export function toPublicEvent(item: EventItem): PublicEvent {
  const { pk: _pk, sk: _sk, entity: _entity, ttl: _ttl, changed: _changed, ...event } = item;
  return event;
}
