import type { EventType } from '../events/types.js';
import type { StoredSecret } from './secret-box.js';
import { tenantPk } from '../db/ids.js';
import { FIRST_VERSION } from '../versions/first.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Webhooks: a tenant's endpoints (at most MAX_WEBHOOKS), and for each delivery of an event to an
 * endpoint its state (which attempt it is at, whether it succeeded) and one item per attempt (the
 * deliveries log). API requests to re-send (retry, replay) are items too: the table's stream carries
 * them to the dispatcher, like new events, so no API function needs a queue.
 */
export const MAX_WEBHOOKS = 10;
/** How long a rotated-out secret keeps signing, so receivers can switch without missing a delivery. */
export const PREVIOUS_SECRET_VALIDITY_MS = 24 * 60 * 60 * 1000;
/** Secrets that sign at once at most: the current one and two rotated out within the last 24 hours. */
export const MAX_SIGNING_SECRETS = 3;
/**
 * An endpoint is disabled when its run of failures has lasted this long and counts at least
 * DISABLE_AFTER_FAILED_ATTEMPTS attempts. A run is unbroken while each failure comes within
 * FAILURE_RUN_GAP_MS of the one before (longer than the retry schedule's longest wait, 24 h, with its
 * jitter): an endpoint that failed on day 0 and gets its next event on day 5 starts a new run, and that
 * event gets its retries.
 */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 60 * 60 * 1000;
export const DISABLE_AFTER_FAILED_ATTEMPTS = 10;
export const FAILURE_RUN_GAP_MS = 36 * 60 * 60 * 1000;
/** Deliveries log and delivery state: as long as the events they deliver. */
export const DELIVERY_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A retry or replay request only needs to live until the stream has carried it. */
export const REQUEST_TTL_SECONDS = 24 * 60 * 60;
/**
 * Deliveries per second an endpoint receives at most, unless it was created with its own `rateLimit`
 * (1 to MAX_DELIVERY_RATE): replays, retries and new events together. A replay of thousands of events
 * is spread out at this pace instead of arriving at once.
 */
export const DEFAULT_DELIVERY_RATE = 10;
export const MAX_DELIVERY_RATE = 1000;
/** Test deliveries (POST /webhooks/:id/test) an endpoint takes per minute: a probe, not a load test. */
export const TEST_DELIVERIES_PER_MINUTE = 5;

export type WebhookStatus = 'enabled' | 'disabled';
export type Subscription = EventType | '*';

/**
 * A signing secret (`whsec_` + base64 of 32 random bytes, Standard Webhooks), kept encrypted
 * (lib/webhooks/secret-box.ts). Versions before encryption wrote `value` in clear; the worker still
 * reads those, and `npm run admin -- seal-webhook-secrets` encrypts them in place.
 */
export type WebhookSecret = SecretTimes & StoredSecret;

interface SecretTimes {
  createdAt: string;
  /** set on the previous secret when it is rotated out; absent: the current one */
  expiresAt?: string;
}

/** How long a replay may go without progress before another may start (its messages died: the DLQ). */
export const REPLAY_STALE_MS = 30 * 60 * 1000;

/** The replay running on an endpoint (at most one at a time), as its pages are queued. */
export interface ReplayProgress {
  /** the replay request's id (the identity of its deliveries) */
  requestId: string;
  /** the range: after this position, up to `until` */
  after: string;
  until: string;
  /** the last event it has queued a delivery of so far (`after` before the first page) */
  position: string;
  /** deliveries queued so far */
  queued: number;
  startedAt: string;
  progressAt: string;
}

/** An endpoint as the API shows it (never its secrets). */
export interface Webhook {
  id: string;
  url: string;
  events: Subscription[];
  description?: string;
  status: WebhookStatus;
  disabledReason?: string;
  /** deliveries per second at most (DEFAULT_DELIVERY_RATE unless set at creation) */
  rateLimit: number;
  /** the replay running now, if any */
  replay?: ReplayProgress;
  /** the API version its events are shaped for */
  apiVersion: string;
  health: WebhookHealth;
  createdAt: string;
  updatedAt: string;
}

/** How an endpoint's deliveries are going: enough to see that it fails, since when, and what follows. */
export interface WebhookHealth {
  /** its last 2xx (written at most once a minute, so up to a minute behind); null when none yet */
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** the first failure of the run going on now; null when it is not failing */
  failingSince: string | null;
  /** the failed attempts of that run (0 when it is not failing) */
  failedAttempts: number;
  /**
   * while failing: the earliest time a failure disables it, if the run goes on (it also needs
   * DISABLE_AFTER_FAILED_ATTEMPTS failed attempts by then); null otherwise
   */
  disablesAt: string | null;
}

/** An endpoint's last 2xx is written at most this often: an endpoint that always answers costs a write a minute, not one per delivery. */
export const SUCCESS_MARK_MS = 60_000;

export interface WebhookItem extends Omit<Webhook, 'rateLimit' | 'apiVersion' | 'health'> {
  pk: string;
  sk: string;
  entity: 'WEBHOOK';
  /** absent on endpoints created before rates: DEFAULT_DELIVERY_RATE */
  rateLimit?: number;
  /** absent on endpoints created before versions: FIRST_VERSION */
  apiVersion?: string;
  /** when the current run of failed deliveries began and its length; absent after a success */
  failingSince?: string;
  failedAttempts?: number;
  /** the last failed attempt and the last 2xx (kept across runs; absent before the first) */
  lastFailureAt?: string;
  lastSuccessAt?: string;
  /** while failing: until when (epoch ms) the delivery sent to it now, its probe, holds it alone */
  probeUntil?: number;
  /**
   * when an attempt first went unanswered for SLOW_ANSWER_MS: from then until a 2xx it is sent one
   * delivery at a time, as a failing one is, before any attempt has failed
   */
  slowSince?: string;
  secrets: WebhookSecret[];
}

/** Where one event stands with one endpoint. */
export interface DeliveryStateItem {
  pk: string;
  sk: string;
  entity: 'DELIVERY_STATE';
  webhookId: string;
  eventId: string;
  /** the last attempt claimed (1 = the first) */
  attempt: number;
  /** the identity (lib/webhooks/queue.ts) and the queue message that hold the claim */
  claimedBy: string;
  claimedByMessage?: string;
  /** every identity that has claimed an attempt, and every one whose attempt was recorded */
  claimed?: Set<string>;
  done?: Set<string>;
  status: 'pending' | 'succeeded' | 'failed';
  ttl: number;
}

/** One attempt to deliver one event to one endpoint, as GET /webhooks/:id/deliveries shows it. */
export interface DeliveryAttempt {
  id: string;
  eventId: string;
  /** the event's type; absent on an attempt recorded before attempts kept it (they expire within DELIVERY_TTL_SECONDS) */
  eventType?: EventType | 'webhook.test';
  attempt: number;
  trigger: DeliveryTrigger;
  /** the endpoint's HTTP status; null when none came (timeout, refused, unsafe address) */
  statusCode: number | null;
  durationMs: number;
  /** on a failed attempt: what its status means, or why no answer came */
  error?: string;
  /** on a non-2xx answer: the first kilobyte of what the receiver answered, as text; absent when nothing */
  responseBody?: string;
  at: string;
}

/** The deliveries log's item of an attempt. */
export interface DeliveryAttemptItem extends DeliveryAttempt {
  pk: string;
  sk: string;
  entity: 'DELIVERY_ATTEMPT';
  webhookId: string;
  ttl: number;
}

/** What made an attempt: the event's own schedule, a retry or replay asked for, or a test delivery. */
export type DeliveryTrigger = 'automatic' | 'manual' | 'test';

export type WebhookRequest =
  | { kind: 'retry'; webhookId: string; eventId: string }
  | { kind: 'test'; webhookId: string; eventId: string; createdAt: string }
  | { kind: 'replay'; webhookId: string; after: string; until: string };

export type WebhookRequestItem = WebhookRequest & {
  pk: string;
  sk: string;
  entity: 'WEBHOOK_REQUEST';
  tenantId: string;
  ttl: number;
};

export const webhookKeys = {
  item: (spaceId: SpaceId, webhookId: string) => ({
    pk: tenantPk(spaceId),
    sk: `WEBHOOK#${webhookId}`,
  }),
  prefix: 'WEBHOOK#',
  state: (spaceId: SpaceId, webhookId: string, eventId: string) => ({
    pk: tenantPk(spaceId),
    sk: `WHSTATE#${webhookId}#${eventId}`,
  }),
  attempt: (spaceId: SpaceId, webhookId: string, attemptId: string) => ({
    pk: tenantPk(spaceId),
    sk: `WHATTEMPT#${webhookId}#${attemptId}`,
  }),
  attemptPrefix: (webhookId: string) => `WHATTEMPT#${webhookId}#`,
  request: (spaceId: SpaceId, requestId: string) => ({
    pk: tenantPk(spaceId),
    sk: `WHREQUEST#${requestId}`,
  }),
  requestIdOf: (sortKey: string) => sortKey.slice('WHREQUEST#'.length),
  /** How many deliveries an endpoint was given in one second (epoch seconds): its rate's counter. */
  sent: (spaceId: SpaceId, webhookId: string, second: number) => ({
    pk: tenantPk(spaceId),
    sk: `WHSENT#${webhookId}#${second}`,
  }),
  /** How many test deliveries an endpoint was sent in one minute (epoch minutes). */
  tests: (spaceId: SpaceId, webhookId: string, minute: number) => ({
    pk: tenantPk(spaceId),
    sk: `WHTESTS#${webhookId}#${minute}`,
  }),
};

/** A per-second or per-minute counter of an endpoint (webhookKeys.sent, .tests), gone with DynamoDB's TTL. */
export interface WebhookCounterItem {
  pk: string;
  sk: string;
  n: number;
  ttl: number;
}

export function toWebhook(item: WebhookItem): Webhook {
  const webhook: Webhook = {
    id: item.id,
    url: item.url,
    events: item.events,
    status: item.status,
    rateLimit: item.rateLimit ?? DEFAULT_DELIVERY_RATE,
    apiVersion: item.apiVersion ?? FIRST_VERSION,
    health: healthOf(item),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
  if (item.description !== undefined) webhook.description = item.description;
  if (item.disabledReason !== undefined) webhook.disabledReason = item.disabledReason;
  if (item.replay !== undefined) webhook.replay = item.replay;
  return webhook;
}

export function healthOf(
  item: Pick<
    WebhookItem,
    'failingSince' | 'failedAttempts' | 'lastFailureAt' | 'lastSuccessAt' | 'status'
  >,
): WebhookHealth {
  const failing = item.failingSince !== undefined && item.status === 'enabled';
  return {
    lastSuccessAt: item.lastSuccessAt ?? null,
    lastFailureAt: item.lastFailureAt ?? null,
    failingSince: failing ? item.failingSince! : null,
    failedAttempts: failing ? (item.failedAttempts ?? 0) : 0,
    disablesAt: failing
      ? new Date(Date.parse(item.failingSince!) + DISABLE_AFTER_FAILING_MS).toISOString()
      : null,
  };
}

export function toDeliveryAttempt(item: DeliveryAttemptItem): DeliveryAttempt {
  const attempt: DeliveryAttempt = {
    id: item.id,
    eventId: item.eventId,
    attempt: item.attempt,
    trigger: item.trigger,
    statusCode: item.statusCode,
    durationMs: item.durationMs,
    at: item.at,
  };
  if (item.eventType !== undefined) attempt.eventType = item.eventType;
  if (item.error !== undefined) attempt.error = item.error;
  if (item.responseBody !== undefined) attempt.responseBody = item.responseBody;
  return attempt;
}

/** The secrets that sign a delivery at `now`: the current one, and those rotated out for 24 h. */
export function signingSecrets(item: Pick<WebhookItem, 'secrets'>, now: Date): WebhookSecret[] {
  return item.secrets.filter(
    (secret) => secret.expiresAt === undefined || Date.parse(secret.expiresAt) > now.getTime(),
  );
}

export function subscribes(item: Pick<WebhookItem, 'events'>, type: EventType): boolean {
  // A test space's reset reaches every endpoint of it: whatever a mirror holds of the space is gone.
  if (type === 'test.reset') return true;
  return item.events.includes('*') || item.events.includes(type);
}
