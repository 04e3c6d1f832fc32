import { encodeTime } from 'ulid';
import type { Scope } from '../http/scopes.js';
import { EVENT_ID_PATTERN, type EventType } from './types.js';

export { EVENT_ID_PATTERN };
import { newId, tenantPk } from '../db/ids.js';
import type { CompletedAtSend } from '../db/dynamo.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * The event log: every change to a tenant's data records one event item, in the same transaction as
 * the change, in the tenant's partition. Events are read in id order (GET /events) and delivered to
 * webhooks from the table's stream. They are thin by design: ids, statuses and scores, never a
 * candidate's name, e-mail or metadata, never a key's secret or hash, so an erasure leaves nothing
 * personal behind in the log.
 *
 * An event id is `evt_` + a ULID (time in milliseconds, then randomness, monotonic within a process),
 * given when the transaction is sent (stampEvents), so its time is the moment of the write, and the log
 * in id order is the log in time order.
 */
export const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;
export const EVENT_ID_PREFIX = 'evt_';

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

export type EventItem = PublicEvent & { pk: string; sk: string; entity: 'EVENT'; ttl: number };

export const eventKeys = {
  item: (spaceId: SpaceId, eventId: string) => ({ pk: tenantPk(spaceId), sk: `EVENT#${eventId}` }),
  /** Sort-key prefix of every event of a tenant. */
  prefix: 'EVENT#',
  /**
   * The sort key just below every event id of millisecond `ms` and later: the log up to (not including)
   * that instant is `sk < before(ms)`, and from it `sk > before(ms)`.
   */
  before: (ms: number) => `EVENT#${EVENT_ID_PREFIX}${encodeTime(Math.max(0, ms), 10)}`,
};

/**
 * A position in the log just before millisecond `ms`: as `after`, it continues with the first event of
 * that millisecond. (It is an id no event has: its random part is all zeros.)
 */
export function eventIdBefore(ms: number): string {
  return `${EVENT_ID_PREFIX}${encodeTime(Math.max(0, ms), 10)}${'0'.repeat(16)}`;
}

export function eventId(): string {
  return `${EVENT_ID_PREFIX}${newId()}`;
}

export type { EventType };

/**
 * The transaction item that records event `type` with `data` in the tenant's log: its Put, given its
 * id and time as the transaction leaves (lib/db/dynamo.ts's CompletedAtSend). However long it waited
 * (retries, a group), an event's id is never older than its write by more than the time one call may
 * take, which is what lets GET /events promise no skipped event (EVENT_SETTLE_MS).
 */
export function recordEvent<T extends EventType>(
  spaceId: SpaceId,
  type: T,
  data: EventData[T],
): CompletedAtSend {
  return {
    Stamped: {
      Item: { ...eventKeys.item(spaceId, '{id}'), entity: 'EVENT', id: '{id}', type, data },
      ConditionExpression: 'attribute_not_exists(pk)',
      idPrefix: EVENT_ID_PREFIX,
      idAttributes: ['id', 'sk'],
      timeAttributes: ['createdAt'],
      expiry: { attribute: 'ttl', afterSeconds: EVENT_TTL_SECONDS },
    },
  };
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
  const { pk: _pk, sk: _sk, entity: _entity, ttl: _ttl, ...event } = item;
  return event;
}
