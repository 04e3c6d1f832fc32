import { webhookLocalUrlsAllowed, webhookRetrySchedule } from '../config.js';
import { asSpaceId } from '../db/spaces.js';
import type { Db } from '../db/client.js';
import { type PublicEvent, type TestEvent, testEvent, toPublicEvent } from '../events/model.js';
import {
  DEFAULT_DELIVERY_RATE,
  DISABLE_AFTER_FAILED_ATTEMPTS,
  DISABLE_AFTER_FAILING_MS,
  type DeliveryAttempt,
  signingSecrets,
  subscribes,
  type WebhookItem,
} from './model.js';
import { getEventItem, readEventRange } from '../events/store.js';
import { claimAttempt, deliveryWaitMs, recordAttempt, recordReplayProgress } from './deliveries.js';
import { disableWebhook, markWebhookFailing, markWebhookHealthy } from './deliveries.js';
import { markWebhookSlow } from './deliveries.js';
import { releaseProbe, takeProbe } from './deliveries.js';
import { getWebhookItem } from './store.js';
import {
  DELIVERY_TIMEOUT_MS,
  type DeliveryResult,
  isSuccess,
  postDelivery,
  statusMeaning,
} from './deliver.js';
import type { DeliverMessage, DeliveryMessage, DeliveryQueue, ReplayMessage } from './queue.js';
import { logger } from '../observability/logger.js';
import { traced } from '../observability/trace.js';
import { clip } from '../schemas/limits.js';
import { openSecrets } from './secret-box.js';
import { deliveryHeaders } from './signing.js';
import { servedVersion, shapeEvent } from '../versions/shape.js';
import type { UrlCheckOptions } from './url-safety.js';

/** Events a replay message re-sends before it queues its continuation. */
const REPLAY_PAGE = 100;
/** ± this share of each retry delay, at random, so endpoints that fail together do not retry together. */
const JITTER = 0.1;
/**
 * While an endpoint is failing, one delivery at a time is sent to it, its probe, holding it for at most
 * its time to answer and a third more (20 s): an endpoint that hangs holds one worker, not one per
 * delivery queued for it (20 invocations of 10 at 15 s each would leave every other endpoint 13
 * deliveries a second). A delivery that found the probe taken comes back after the lease and a random
 * share of the time to answer, doubled each time it waited (up to 16 times: 4 minutes), so that those
 * waiting neither come back at once nor keep asking while the endpoint stays down.
 */
export function probeDelayMs(waits: number, random: number, timeoutMs = DELIVERY_TIMEOUT_MS) {
  return probeLeaseMs(timeoutMs) + Math.round(random * timeoutMs * 2 ** Math.min(waits, 4));
}
export const probeLeaseMs = (timeoutMs = DELIVERY_TIMEOUT_MS) => Math.round((timeoutMs * 4) / 3);
export const PROBE_LEASE_MS = probeLeaseMs();

/**
 * An attempt unanswered this long marks its endpoint slow, and the endpoint then takes one delivery at
 * a time until a 2xx, as a failing one does: an endpoint that begins to hang holds the deliveries sent
 * in its first 2 s (20 at the default 10 a second) for its 15 s, not the 150 its whole time to answer
 * would send. An endpoint at a high rate still holds what 2 s send it (2,000 at 1,000 a second: the
 * workers' 200 for one time to answer); a per-endpoint cap of deliveries in flight would bound that,
 * at two writes a delivery. One that answers within 2 s is never marked, and costs nothing for it.
 */
export const SLOW_ANSWER_MS = 2_000;

export interface WorkerDependencies {
  queue: DeliveryQueue;
  now?: () => Date;
  random?: () => number;
  /** replaces DNS resolution (tests) */
  resolve?: UrlCheckOptions['resolve'];
  post?: typeof postDelivery;
  /** the endpoint's time to answer (DELIVERY_TIMEOUT_MS unless a test shortens it) */
  timeoutMs?: number;
  /** how long an attempt goes unanswered before its endpoint is marked slow (SLOW_ANSWER_MS) */
  slowAnswerMs?: number;
}

export type WorkOutcome =
  | 'delivered'
  | 'retry scheduled'
  | 'failed'
  | 'disabled'
  | 'postponed'
  | 'duplicate'
  | 'skipped: endpoint gone or disabled'
  | 'skipped: event expired'
  | 'replayed';

/**
 * The delivery worker: one queue message (`token` identifies it across its redeliveries) at a time.
 * A delivery is claimed, sent, and recorded; a failed automatic delivery schedules the next attempt
 * of the retry schedule (chained through the queue), a failed manual one (retry, replay) is not tried
 * again; 410 Gone disables the endpoint at once, and so does a run of failures of five days and at
 * least ten attempts (./model.ts). Nothing is sent to a deleted or disabled endpoint, and a 2xx is never followed by another
 * automatic attempt of the same event.
 */
export async function work(
  db: Db,
  message: DeliveryMessage,
  token: string,
  deps: WorkerDependencies,
): Promise<WorkOutcome> {
  return message.kind === 'replay' ? replay(db, message, deps) : deliver(db, message, token, deps);
}

async function deliver(
  db: Db,
  message: DeliverMessage,
  token: string,
  deps: WorkerDependencies,
): Promise<WorkOutcome> {
  const now = deps.now?.() ?? new Date();
  if (message.notBefore !== undefined && message.notBefore > now.getTime()) {
    await deps.queue.send([{ message, delayMs: message.notBefore - now.getTime() }]);
    return 'postponed';
  }
  const { webhookId, eventId } = message;
  const tenantId = asSpaceId(message.tenantId);
  const test = message.trigger === 'test';
  const [webhook, logged] = await Promise.all([
    getWebhookItem(db, tenantId, webhookId),
    test ? undefined : getEventItem(db, tenantId, eventId),
  ]);
  if (!webhook || webhook.status !== 'enabled') return 'skipped: endpoint gone or disabled';
  const event = test
    ? testEvent(webhookId, eventId, message.testCreatedAt ?? now.toISOString())
    : logged && shapeEvent(servedVersion(undefined, webhook.apiVersion), toPublicEvent(logged));
  if (!event) return 'skipped: event expired';
  // A failing or slow endpoint takes one delivery at a time; the others come back after it, unattempted.
  // A test delivery, asked for to see what the endpoint answers now, goes at once.
  const probe =
    (webhook.failingSince === undefined && webhook.slowSince === undefined) || test
      ? undefined
      : now.getTime() + probeLeaseMs(deps.timeoutMs);
  if (probe !== undefined && !(await takeProbe(db, tenantId, webhookId, now, probe))) {
    const waits = message.probeWaits ?? 0;
    const delayMs = probeDelayMs(waits, (deps.random ?? Math.random)(), deps.timeoutMs);
    const waiting = { ...message, probeWaits: waits + 1, notBefore: now.getTime() + delayMs };
    await deps.queue.send([{ message: waiting, delayMs }]);
    return 'postponed';
  }
  try {
    return await attemptDelivery(db, message, token, deps, { webhook, event, now });
  } finally {
    if (probe !== undefined) await releaseProbe(db, tenantId, webhookId, probe);
  }
}

/** The attempt itself: the endpoint's rate, the claim, the POST, and what its answer does. */
async function attemptDelivery(
  db: Db,
  message: DeliverMessage,
  token: string,
  deps: WorkerDependencies,
  { webhook, event, now }: { webhook: WebhookItem; event: PublicEvent | TestEvent; now: Date },
): Promise<WorkOutcome> {
  const { webhookId, eventId } = message;
  const tenantId = asSpaceId(message.tenantId);
  const test = message.trigger === 'test';
  // The endpoint's rate: past it this second, the delivery comes back when its share of a later one is free.
  const wait = await deliveryWaitMs(
    db,
    tenantId,
    webhookId,
    webhook.rateLimit ?? DEFAULT_DELIVERY_RATE,
    now,
  );
  if (wait > 0) {
    await deps.queue.send([
      { message: { ...message, notBefore: now.getTime() + wait }, delayMs: wait },
    ]);
    return 'postponed';
  }
  // A message queued before identities existed is its own identity (its queue message id).
  // Opened before the claim: a key service that fails leaves the attempt unclaimed for the message's next receive.
  const secrets = await openSecrets(tenantId, signingSecrets(webhook, now));
  const claimant = {
    identity: message.id ?? token,
    token,
    automatic: message.trigger === 'automatic',
  };
  const attempt = await claimAttempt(db, tenantId, { webhookId, eventId }, claimant, now);
  if (attempt === undefined) return 'duplicate';

  const body = JSON.stringify(event);
  const post = deps.post ?? postDelivery;
  const posted = () =>
    post(webhook.url, deliveryHeaders(secrets, event.id, body, now), body, {
      allowLocal: webhookLocalUrlsAllowed(),
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    });
  // Watched while the endpoint is taking every delivery at its rate; a probe is one at a time already.
  const watched = !test && webhook.failingSince === undefined && webhook.slowSince === undefined;
  const send = watched
    ? () =>
        markedIfSlow(posted(), deps.slowAnswerMs ?? SLOW_ANSWER_MS, () =>
          markWebhookSlow(db, tenantId, webhookId, new Date()),
        )
    : posted;
  // The endpoint's origin only: its path and query may carry the integrator's own tokens.
  const endpoint = new URL(webhook.url);
  const result = await traced(endpoint.host, send, (sent) => ({
    namespace: 'remote',
    http: {
      request: { method: 'POST', url: endpoint.origin },
      response: sent?.statusCode ? { status: sent.statusCode } : {},
    },
    ...(sent && isSuccess(sent)
      ? {}
      : { outcome: sent?.statusCode && sent.statusCode < 500 ? 'error' : 'fault' }),
  }));
  const record = (outcome: 'succeeded' | 'failed' | 'pending') =>
    recordAttempt(
      db,
      tenantId,
      {
        webhookId,
        eventId,
        eventType: event.type,
        attempt,
        trigger: message.trigger,
        ...attemptFields(result),
        at: now.toISOString(),
        outcome,
        claimant,
      },
      now,
    );

  if (isSuccess(result)) {
    await record('succeeded');
    if (!test) await markWebhookHealthy(db, tenantId, webhook, now);
    return 'delivered';
  }
  // 410 Gone says the endpoint is no more, whatever was sent to it, a test included.
  if (result.statusCode === 410) {
    await record('failed');
    await disableWebhook(db, tenantId, webhookId, 'the endpoint answered 410 Gone', now);
    return 'disabled';
  }
  // Any other failure of a test is shown in the deliveries log and changes nothing else.
  if (test) {
    await record('failed');
    return 'failed';
  }
  const failing = await markWebhookFailing(db, tenantId, webhookId, now);
  if (
    failing &&
    now.getTime() - failing.since.getTime() >= DISABLE_AFTER_FAILING_MS &&
    failing.failedAttempts >= DISABLE_AFTER_FAILED_ATTEMPTS
  ) {
    await record('failed');
    await disableWebhook(
      db,
      tenantId,
      webhookId,
      `every delivery failed for ${DISABLE_AFTER_FAILING_MS / 86_400_000} days`,
      now,
    );
    return 'disabled';
  }
  // A manual send (a retry or a replay asked for through the API) is that one attempt, now.
  const delaySeconds =
    message.trigger === 'manual' ? undefined : webhookRetrySchedule()[message.retry];
  if (delaySeconds === undefined) {
    await record('failed');
    return 'failed';
  }
  await record('pending');
  const delayMs = Math.round(
    delaySeconds * 1000 * (1 + JITTER * (2 * (deps.random ?? Math.random)() - 1)),
  );
  const next = message.retry + 1;
  // The next attempt waits for a probe afresh.
  const { probeWaits: _waits, ...series } = message;
  await deps.queue.send([
    {
      message: { ...series, id: `auto:${next}`, retry: next, notBefore: now.getTime() + delayMs },
      delayMs,
    },
  ]);
  return 'retry scheduled';
}

/**
 * `answer`, having called `mark` if it took `afterMs` or more; the mark is written before the answer is
 * acted on, so a 2xx that follows clears it. A mark that fails only loses the protection: logged.
 */
async function markedIfSlow<T>(
  answer: Promise<T>,
  afterMs: number,
  mark: () => Promise<void>,
): Promise<T> {
  let marking: Promise<void> | undefined;
  const timer = setTimeout(() => {
    marking = mark().catch((error: unknown) =>
      logger.warn('could not mark a slow endpoint', { error }),
    );
  }, afterMs);
  try {
    return await answer;
  } finally {
    clearTimeout(timer);
    await marking;
  }
}

/** What the deliveries log keeps of an attempt: a failed one always says why. */
function attemptFields(
  result: DeliveryResult,
): Pick<DeliveryAttempt, 'statusCode' | 'durationMs' | 'error' | 'responseBody'> {
  const fields = { statusCode: result.statusCode, durationMs: result.durationMs };
  if (isSuccess(result)) return fields;
  return {
    ...fields,
    error: clip(result.error ?? statusMeaning(result.statusCode)),
    ...(result.responseBody ? { responseBody: result.responseBody } : {}),
  };
}

/**
 * A page of a replay: each event the endpoint subscribes to, as a manual delivery, spread over the
 * seconds the endpoint's rate takes to send them; then the rest of the range, when they are done.
 */
async function replay(
  db: Db,
  message: ReplayMessage,
  deps: WorkerDependencies,
): Promise<WorkOutcome> {
  const { webhookId } = message;
  const tenantId = asSpaceId(message.tenantId);
  const webhook = await getWebhookItem(db, tenantId, webhookId);
  if (!webhook || webhook.status !== 'enabled') return 'skipped: endpoint gone or disabled';
  const { events, more, readTo } = await readEventRange(db, tenantId, message, REPLAY_PAGE);
  const rate = webhook.rateLimit ?? DEFAULT_DELIVERY_RATE;
  const at = (deps.now?.() ?? new Date()).getTime();
  const paced = (index: number) => Math.floor(index / rate) * 1000;
  const deliveries = events
    .filter((event) => subscribes(webhook, event.type))
    .map((event, index): { message: DeliveryMessage; delayMs: number } => {
      const delayMs = paced(index);
      const delivery: DeliveryMessage = {
        kind: 'deliver',
        tenantId,
        webhookId,
        eventId: event.id,
        id: `manual:${message.requestId}`,
        retry: 0,
        trigger: 'manual',
      };
      return {
        message: delayMs > 0 ? { ...delivery, notBefore: at + delayMs } : delivery,
        delayMs,
      };
    });
  const last = events.at(-1);
  const restDelayMs = paced(deliveries.length + rate - 1);
  // The next page starts after the last item read, an event or a change that records none.
  const rest = more ? [{ message: { ...message, after: readTo }, delayMs: restDelayMs }] : [];
  await deps.queue.send([...deliveries, ...rest]);
  // A replay queued before replays were tracked has no request id: nothing to record.
  if (message.requestId) {
    await recordReplayProgress(
      db,
      tenantId,
      webhookId,
      {
        requestId: message.requestId,
        position: last?.id ?? readTo,
        queued: deliveries.length,
        done: !rest.length,
      },
      deps.now?.(),
    );
  }
  return 'replayed';
}
