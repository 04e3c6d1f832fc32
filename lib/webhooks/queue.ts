import type { DeliveryTrigger } from './model.js';

/**
 * The webhook delivery queue: the dispatcher puts one message per endpoint and event on it, the worker
 * takes them, and puts the next attempt back with a delay when one fails. SQS delays a message at most
 * 15 minutes, so a longer wait is chained: the message carries `notBefore`, and a worker that receives
 * it early puts it back for the rest of the wait (MAX_DELAY_SECONDS at a time).
 */
export const MAX_DELAY_SECONDS = 900;

export interface DeliverMessage {
  kind: 'deliver';
  tenantId: string;
  webhookId: string;
  eventId: string;
  /**
   * The delivery's identity, the same for every copy of this message (a stream record brought twice, a
   * page queued again): `auto:<n>` for the n-th send of the automatic schedule, `manual:<request id>`
   * for a retry or a replay asked for through the API. Each identity claims one attempt, once.
   */
  id: string;
  /** how many retries of the schedule this series has used */
  retry: number;
  trigger: DeliveryTrigger;
  /** a test delivery's time: its event is made from the message, not read from the log */
  testCreatedAt?: string;
  /** epoch ms before which the attempt must not be made */
  notBefore?: number;
  /** how many times it found its failing endpoint's probe taken, and waited (lib/webhooks/worker.ts) */
  probeWaits?: number;
}

/** Re-sends, to one endpoint, the events of the log after `after` up to `until` (a page at a time). */
export interface ReplayMessage {
  kind: 'replay';
  tenantId: string;
  webhookId: string;
  /** the replay request's id: its deliveries' identity */
  requestId: string;
  after: string;
  until: string;
}

export type DeliveryMessage = DeliverMessage | ReplayMessage;

export interface DeliveryQueue {
  /** Queues messages, each after its own delay (0: now). */
  send(entries: { message: DeliveryMessage; delayMs: number }[]): Promise<void>;
}

/** The part of a wait one message may be delayed by, in whole seconds (SQS's unit and limit). */
export function delaySecondsOf(delayMs: number): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000)));
}
