import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Db } from '../db/client.js';
import type { EventItem } from '../events/model.js';
import {
  subscribes,
  type WebhookItem,
  webhookKeys,
  type WebhookRequestItem,
} from '../webhooks/model.js';
import { spaceIdOfPk } from '../db/ids.js';
import type { PendingEntryItem } from '../db/log/entries.js';
import { headForReading } from '../db/log/sequencer.js';
import { type ConnectionPost, fanOut } from '../events/stream.js';
import { listWebhookItems } from '../webhooks/store.js';
import type { DeliveryMessage, DeliveryQueue } from '../webhooks/queue.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * The dispatcher: for a write's pending event entry, its place in the space's ordered log
 * (lib/db/log/sequencer.ts), which a reader of the log may have given already, then the space's event
 * stream connections sent what is new; for each other item the table's stream brings (a new event,
 * or a retry or replay request from the API), the delivery messages to queue. The event a pending
 * entry becomes is a new item, which the stream brings here in turn: it only queues its webhooks, its
 * stream delivery having been made from its entry. An event goes to every enabled endpoint of its
 * tenant that subscribes to its type and existed when it happened. The stream may bring an item twice: each
 * message carries a deterministic identity (lib/webhooks/queue.ts), and the worker's claim on it makes
 * every copy but one a no-op.
 */
export type DispatchedItem = EventItem | WebhookRequestItem | PendingEntryItem;

/**
 * The stream records the dispatcher is given: new items that are events, pending event entries or
 * webhook requests. The
 * Lambda event source mapping filters with this pattern (infra/webhooks.ts), and the local stream
 * poller with matchesStreamFilter, so both hand the dispatcher the same records.
 */
export const STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { entity: { S: ['EVENT', 'PENDING_EVENT', 'WEBHOOK_REQUEST'] } } },
} as const;

/**
 * How Lambda feeds the dispatcher from the stream (infra/webhooks.ts), which the local stream poller
 * imitates (scripts/local/webhooks.ts): up to `batchSize` records an invocation, gathered for up to
 * `maxBatchingWindowSeconds` after the first; Lambda reads each shard `pollsPerSecond` times a second.
 * `parallelizationFactor` batches of a shard run at once, each holding the records of the partition
 * keys that hash to it, in order: a tenant's records stay in order, and a record that fails (retried
 * up to 10 times, a minute when DynamoDB times out) holds back only the tenants of its lane, not
 * every tenant of the shard.
 */
export const DISPATCHER_EVENT_SOURCE = {
  batchSize: 100,
  maxBatchingWindowSeconds: 1,
  pollsPerSecond: 4,
  parallelizationFactor: 10,
} as const;

/**
 * How Lambda feeds the worker from the delivery queue (infra/webhooks.ts), which the local queue
 * imitates (scripts/local/webhooks.ts): up to `batchSize` messages an invocation, at most
 * `maxConcurrency` invocations at once, so at most their product of messages worked at once.
 */
export const DELIVERY_EVENT_SOURCE = {
  batchSize: 10,
  maxConcurrency: 20,
} as const;

type Pattern = { readonly [key: string]: Pattern | readonly string[] };

/** An EventBridge-style filter pattern of exact values, as Lambda evaluates it. */
export function matchesStreamFilter(record: unknown, pattern: Pattern = STREAM_FILTER): boolean {
  return Object.entries(pattern).every(([key, rule]) => {
    const value = (record as Record<string, unknown> | undefined)?.[key];
    return Array.isArray(rule)
      ? rule.includes(value as string)
      : matchesStreamFilter(value, rule as Pattern);
  });
}

export function isDispatched(item: Record<string, unknown>): item is DispatchedItem {
  return (
    item.entity === 'EVENT' || item.entity === 'PENDING_EVENT' || item.entity === 'WEBHOOK_REQUEST'
  );
}

/** What `make` gives for `key`, made once per batch; a failure is forgotten, so the next record tries again. */
function oncePerBatch<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>) {
  let made = cache.get(key);
  if (!made) {
    made = make();
    cache.set(key, made);
    made.catch(() => cache.delete(key));
  }
  return made;
}

/**
 * A pending entry's work: every pending entry of the space given its place, then what is new sent to
 * its stream connections (absent `stream`: a deployment without the event stream), up to the head
 * read after placing. One visit of the sequencer (a strongly consistent Query of the log's pending
 * entries, the transactions that place them, a GetItem of the head), which the fan-out and every
 * connection's read then share. Answers how many connections were sent to.
 */
export async function placeAndStream(
  db: Db,
  spaceId: SpaceId,
  stream: ConnectionPost | undefined,
): Promise<number> {
  const head = await headForReading(db, spaceId, { everything: true });
  return stream ? fanOut(db, spaceId, stream, head ?? {}) : 0;
}

export class Dispatcher {
  /** The endpoints of each tenant seen in this batch, read once. */
  private readonly webhooks = new Map<string, Promise<WebhookItem[]>>();
  /** The spaces whose pending entries this batch placed and streamed: once each, however many it brings. */
  private readonly placed = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Db,
    private readonly queue: DeliveryQueue,
    /** where the event stream's frames go (lib/events/stream.ts); absent: a deployment without the stream */
    private readonly stream?: ConnectionPost,
  ) {}

  private endpointsOf(spaceId: SpaceId): Promise<WebhookItem[]> {
    return oncePerBatch(this.webhooks, spaceId, () => listWebhookItems(this.db, spaceId));
  }

  async messagesFor(item: EventItem | WebhookRequestItem): Promise<DeliveryMessage[]> {
    if (item.entity === 'WEBHOOK_REQUEST') {
      const { tenantId, webhookId } = item;
      const requestId = webhookKeys.requestIdOf(item.sk);
      if (item.kind === 'retry')
        return [
          {
            kind: 'deliver',
            tenantId,
            webhookId,
            eventId: item.eventId,
            id: `manual:${requestId}`,
            retry: 0,
            trigger: 'manual',
          },
        ];
      if (item.kind === 'test') {
        return [
          {
            kind: 'deliver',
            tenantId,
            webhookId,
            eventId: item.eventId,
            id: `test:${requestId}`,
            retry: 0,
            trigger: 'test',
            testCreatedAt: item.createdAt,
          },
        ];
      }
      return [
        { kind: 'replay', tenantId, webhookId, requestId, after: item.after, until: item.until },
      ];
    }
    const tenantId = spaceIdOfPk(item.pk);
    const endpoints = await this.endpointsOf(tenantId);
    return (
      endpoints
        // An endpoint gets what happens from its creation on (earlier events: replay).
        .filter(
          (endpoint) =>
            endpoint.status === 'enabled' &&
            subscribes(endpoint, item.type) &&
            endpoint.createdAt <= item.createdAt,
        )
        .map((endpoint) => ({
          kind: 'deliver',
          tenantId,
          webhookId: endpoint.id,
          eventId: item.id,
          id: 'auto:0',
          retry: 0,
          trigger: 'automatic',
        }))
    );
  }

  /**
   * Queues what one stream item asks for. A pending entry: places its space's pending entries (all of
   * them, once a batch) and sends the space's stream connections what is new up to the head read then;
   * it queues nothing. Every event is placed from a pending entry whose record the stream brings, so
   * each event has that fan-out, and its own record's only work is its webhooks.
   */
  async dispatch(item: DispatchedItem): Promise<number> {
    if (item.entity === 'PENDING_EVENT') {
      const spaceId = spaceIdOfPk(item.pk);
      await oncePerBatch(this.placed, spaceId, () => placeAndStream(this.db, spaceId, this.stream));
      return 0;
    }
    const messages = await this.messagesFor(item);
    if (messages.length)
      await this.queue.send(messages.map((message) => ({ message, delayMs: 0 })));
    return messages.length;
  }
}

/** A stream record as Lambda and the DynamoDB Streams API give it (the new image in DynamoDB JSON). */
export interface StreamRecord {
  eventName?: string | undefined;
  dynamodb?: { NewImage?: Record<string, unknown> | undefined } | undefined;
}

/** Dispatches one stream record, if it passes STREAM_FILTER; returns how many messages it queued. */
export async function dispatchRecord(
  dispatcher: Dispatcher,
  record: StreamRecord,
): Promise<number> {
  const image = record.dynamodb?.NewImage;
  if (!image || !matchesStreamFilter(record)) return 0;
  const item = unmarshall(image as Parameters<typeof unmarshall>[0]);
  return isDispatched(item) ? dispatcher.dispatch(item) : 0;
}
