import pMap from 'p-map';
import { PRODUCT_EVENTS_QUEUE } from '../../lib/config.js';
import type { Db } from '../../lib/db/client.js';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { CALLED_RESOURCES } from '../../infra/api-function.js';
import { checkQueueSend } from './aws.js';
import {
  type ConsumeOutcome,
  consumeMessage,
  type DeadLetters,
} from '../../lib/composition/product-events/consume.js';
import { PRODUCT_EVENT_SOURCE } from '../../lib/product-events/data.js';
import { LOCAL_ACCOUNT, LOCAL_REGION, runAsFunction } from './iam.js';

/**
 * The local stand-in for the product's bus, its queue and the queue's consumer: each event, wrapped as
 * the EventBridge rule delivers it to SQS, is applied by the consumer's own message code, running as
 * the consumer function (so under its IAM policies), with bounded concurrency. As SQS redelivers a
 * message whose processing failed, a failed event is tried again in the next round, up to the queue's
 * maxReceiveCount; what still fails then is rejected, as the queue's dead-letter redrive would.
 */
const MAX_RECEIVE_COUNT = PRODUCT_EVENTS_QUEUE.maxReceiveCount;
/**
 * Events applied at once: with the modeled round trip the import runs 5× one at a time here (docs/
 * benchmarks.md, "Import throughput"); on DynamoDB Local its rate is Local's CPU, on the same cores.
 */
export const DELIVERY_CONCURRENCY = 64;

/** A product event as a publisher writes it: its EventBridge `detail` with its `detail-type` as `type`. */
export type PublishedEvent = Record<string, unknown> & { type?: unknown };

export interface Delivery {
  event: PublishedEvent;
  outcome: ConsumeOutcome;
}

/** The SQS message body the bus's rule delivers for an event (an EventBridge event). */
export function queueMessageOf(event: PublishedEvent, index: number): { id: string; body: string } {
  const { type, ...detail } = event;
  const id = typeof event.id === 'string' ? event.id : `event-${index + 1}`;
  const bridged = {
    version: '0',
    id,
    'detail-type': type,
    source: PRODUCT_EVENT_SOURCE,
    account: LOCAL_ACCOUNT,
    time: new Date().toISOString(),
    region: LOCAL_REGION,
    resources: [],
    detail,
  };
  return { id, body: JSON.stringify(bridged) };
}

/** How far a delivery has come: called after each event is applied, ignored or finally rejected. */
export type OnProgress = (settled: number, total: number) => void;

export async function deliverLocally(
  db: Db,
  events: PublishedEvent[],
  options: { concurrency?: number; onProgress?: OnProgress } = {},
): Promise<Delivery[]> {
  const deliveries: (Delivery | undefined)[] = new Array(events.length);
  // The rejection is in the delivery's outcome; the send is checked as the consumer's role would be.
  const deadLetters: DeadLetters = {
    send: async () => checkQueueSend(CALLED_RESOURCES.productEventsDeadLetters),
  };
  let pending = events.map((event, index) => ({
    index,
    message: queueMessageOf(event, index),
    lastError: '',
  }));
  let settled = 0;
  for (let receive = 1; pending.length > 0 && receive <= MAX_RECEIVE_COUNT; receive++) {
    const failed: typeof pending = [];
    await pMap(
      pending,
      async (entry) => {
        try {
          const outcome = await runAsFunction(BACKGROUND_FUNCTIONS.eventConsumer, () =>
            consumeMessage(db, deadLetters, entry.message),
          );
          deliveries[entry.index] = { event: events[entry.index] as PublishedEvent, outcome };
          settled += 1;
          options.onProgress?.(settled, events.length);
        } catch (error) {
          failed.push({
            ...entry,
            lastError: error instanceof Error ? error.message : String(error),
          });
        }
      },
      { concurrency: options.concurrency ?? DELIVERY_CONCURRENCY },
    );
    pending = failed.sort((a, b) => a.index - b.index);
  }
  for (const entry of pending) {
    deliveries[entry.index] = {
      event: events[entry.index] as PublishedEvent,
      outcome: {
        outcome: 'rejected',
        reason: `still failing after ${MAX_RECEIVE_COUNT} deliveries: ${entry.lastError}`,
      },
    };
    settled += 1;
    options.onProgress?.(settled, events.length);
  }
  return deliveries.filter((delivery): delivery is Delivery => delivery !== undefined);
}

/** Counts of what a delivery did, with the reason of every rejection. */
export function summarize(deliveries: Delivery[]) {
  const ignored: Record<string, number> = {};
  const rejected: { event: unknown; reason: string }[] = [];
  let applied = 0;
  for (const { event, outcome } of deliveries) {
    if (outcome.outcome === 'applied') applied += 1;
    else if (outcome.outcome === 'ignored')
      ignored[outcome.reason] = (ignored[outcome.reason] ?? 0) + 1;
    else rejected.push({ event: event.id ?? event, reason: outcome.reason });
  }
  return { applied, ignored, rejected };
}
