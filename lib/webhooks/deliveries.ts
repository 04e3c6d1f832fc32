import type { Db } from '../db/client.js';
import {
  getItem,
  guards,
  ignoreConditionFailure,
  isConditionFailure,
  transactWrite,
  updateItem,
} from '../db/dynamo.js';
import { newId, nowIso } from '../db/ids.js';
import { TTL_ATTRIBUTE } from '../db/table.js';
import {
  DELIVERY_TTL_SECONDS,
  type DeliveryAttemptItem,
  type DeliveryStateItem,
  FAILURE_RUN_GAP_MS,
  SUCCESS_MARK_MS,
  type WebhookCounterItem,
  type WebhookItem,
  webhookKeys,
} from './model.js';
import { ttlAfter } from './store.js';
import { COUNTER_TTL_SECONDS } from './delivery-requests.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * The delivery worker's writes: an endpoint's rate, who may make each attempt (the claim) and what came
 * of it (the deliveries log and the delivery's state), a replay's progress, and the endpoint's health
 * (a run of failures, disabled). docs/webhook-deliveries.md draws the protocol: its states, who moves a
 * delivery between them, and why a repeat of any message is a no-op.
 */

/**
 * Takes a delivery's place in its endpoint's rate (`rate` a second): counts it in the current second,
 * and answers 0 when it is within the rate, or how long (ms) it should wait: to the start of the first
 * second whose share is not yet taken (the (n − rate)-th over the rate waits ⌈(n − rate) / rate⌉
 * seconds), where it counts again. One UpdateItem a delivery.
 */
export async function deliveryWaitMs(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  rate: number,
  now: Date,
): Promise<number> {
  const second = Math.floor(now.getTime() / 1000);
  const { n } = await updateItem<WebhookCounterItem>(db, {
    Key: webhookKeys.sent(spaceId, webhookId, second),
    UpdateExpression: 'ADD n :one SET #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: { ':one': 1, ':ttl': second + COUNTER_TTL_SECONDS },
    ReturnValues: 'ALL_NEW',
  });
  if (n <= rate) return 0;
  return Math.ceil((n - rate) / rate) * 1000 - (now.getTime() % 1000);
}

/**
 * A replay page was queued: the endpoint's replay moves on to `position`, or ends with its last page.
 * Nothing changes when the endpoint runs another replay now (this one went stale and was replaced).
 */
export async function recordReplayProgress(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  progress: { requestId: string; position: string; queued: number; done: boolean },
  now = new Date(),
): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(spaceId, webhookId),
      ...(progress.done
        ? { UpdateExpression: 'REMOVE replay' }
        : {
            UpdateExpression:
              'SET replay.#position = :position, replay.queued = replay.queued + :queued, replay.progressAt = :now',
            ExpressionAttributeNames: { '#position': 'position' },
          }),
      ConditionExpression: 'replay.requestId = :requestId',
      ExpressionAttributeValues: {
        ':requestId': progress.requestId,
        ...(progress.done
          ? {}
          : { ':position': progress.position, ':queued': progress.queued, ':now': nowIso(now) }),
      },
    }),
  );
}

/** Who asks for an attempt: the delivery's identity (the same for every copy of one message) and the queue message. */
export interface Claimant {
  /** `auto:<n>` for the schedule's n-th send, `manual:<request id>` for a retry or replay request */
  identity: string;
  /** the queue message carrying it (the same across SQS's redeliveries of that message) */
  token: string;
  /** an automatic send never follows a success */
  automatic: boolean;
}

/** The delivery's state, still claimed by this claimant. */
const RECORD = guards('claim');

/**
 * Claims the next attempt of delivering an event to an endpoint for `claimant`: each identity claims
 * once, whatever repeats its message (a stream record brought twice, a replay page queued again, two
 * copies of a message in flight at once). The same queue message delivered again after failing
 * half-way (claimed, not recorded) takes its own claim back. Returns the attempt number, or undefined
 * when the attempt is not this message's to make.
 */
export async function claimAttempt(
  db: Db,
  spaceId: SpaceId,
  target: { webhookId: string; eventId: string },
  claimant: Claimant,
  now = new Date(),
): Promise<number | undefined> {
  const key = webhookKeys.state(spaceId, target.webhookId, target.eventId);
  const { identity, token } = claimant;
  for (let tries = 0; tries < 5; tries++) {
    const state = await getItem<DeliveryStateItem>(db, key, { consistent: true });
    if (state?.claimed?.has(identity)) {
      const ownUnrecordedClaim =
        state.claimedBy === identity &&
        state.claimedByMessage === token &&
        !state.done?.has(identity);
      return ownUnrecordedClaim ? state.attempt : undefined;
    }
    if (claimant.automatic && state?.status === 'succeeded') return undefined;
    const number = (state?.attempt ?? 0) + 1;
    try {
      await updateItem(db, {
        Key: key,
        UpdateExpression:
          'SET entity = :entity, webhookId = :webhookId, eventId = :eventId, attempt = :n, claimedBy = :identity, claimedByMessage = :token, #status = :pending, #ttl = :ttl ADD claimed :identities',
        // Against the state read: another claim in between makes this one read again.
        ConditionExpression: state
          ? 'attempt = :previous AND NOT contains(claimed, :identity)' +
            (claimant.automatic ? ' AND #status <> :succeeded' : '')
          : 'attribute_not_exists(attempt)',
        ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':entity': 'DELIVERY_STATE',
          ':webhookId': target.webhookId,
          ':eventId': target.eventId,
          ':n': number,
          ':identity': identity,
          ':identities': new Set([identity]),
          ':token': token,
          ':pending': 'pending',
          ':ttl': ttlAfter(now, DELIVERY_TTL_SECONDS),
          ...(state ? { ':previous': state.attempt } : {}),
          ...(state && claimant.automatic ? { ':succeeded': 'succeeded' } : {}),
        },
      });
      return number;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return undefined;
}

/**
 * Records an attempt in the deliveries log and marks its identity done (so no copy of its message
 * claims again), and its outcome in the delivery's state while this claimant still holds the claim
 * (a later attempt, a manual retry, may have taken it: then not).
 */
export async function recordAttempt(
  db: Db,
  spaceId: SpaceId,
  attempt: Omit<DeliveryAttemptItem, 'pk' | 'sk' | 'entity' | 'id' | 'ttl'> & {
    outcome: DeliveryStateItem['status'];
    claimant: Claimant;
  },
  now = new Date(),
): Promise<void> {
  const id = newId();
  const { outcome, claimant, ...fields } = attempt;
  const item: DeliveryAttemptItem = {
    ...webhookKeys.attempt(spaceId, attempt.webhookId, id),
    entity: 'DELIVERY_ATTEMPT',
    id,
    ...fields,
    ttl: ttlAfter(now, DELIVERY_TTL_SECONDS),
  };
  const log = { Put: { TableName: db.tableName, Item: item } };
  const state = webhookKeys.state(spaceId, attempt.webhookId, attempt.eventId);
  const done = { ':identities': new Set([claimant.identity]) };
  try {
    await transactWrite(db, [
      log,
      RECORD.on('claim', {
        Update: {
          TableName: db.tableName,
          Key: state,
          UpdateExpression: 'SET #status = :status ADD done :identities',
          ConditionExpression:
            'attempt = :attempt AND claimedBy = :identity AND claimedByMessage = :token',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': outcome,
            ':attempt': attempt.attempt,
            ':identity': claimant.identity,
            ':token': claimant.token,
            ...done,
          },
        },
      }),
    ]);
  } catch (error) {
    if (!RECORD.failed(error)) throw error;
    await transactWrite(db, [
      log,
      {
        Update: {
          TableName: db.tableName,
          Key: state,
          UpdateExpression: 'ADD done :identities',
          ExpressionAttributeValues: done,
        },
      },
    ]);
  }
}

/**
 * An endpoint answered 2xx: its run of failures or slow answers (if any) is over, and its last success
 * moves on. `webhook` is the item as the attempt read it: an endpoint that was neither failing nor slow
 * and was marked within SUCCESS_MARK_MS costs no write.
 */
export async function markWebhookHealthy(
  db: Db,
  spaceId: SpaceId,
  webhook: Pick<WebhookItem, 'id' | 'failingSince' | 'slowSince' | 'lastSuccessAt'>,
  now = new Date(),
): Promise<void> {
  const markedFrom = nowIso(new Date(now.getTime() - SUCCESS_MARK_MS));
  const troubled = webhook.failingSince !== undefined || webhook.slowSince !== undefined;
  if (!troubled && webhook.lastSuccessAt !== undefined && webhook.lastSuccessAt >= markedFrom)
    return;
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(spaceId, webhook.id),
      UpdateExpression: 'SET lastSuccessAt = :now REMOVE failingSince, failedAttempts, slowSince',
      // Another worker may have marked it since it was read: one write a minute still.
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_exists(failingSince) OR attribute_exists(slowSince) OR attribute_not_exists(lastSuccessAt) OR lastSuccessAt < :markedFrom)',
      ExpressionAttributeValues: { ':now': nowIso(now), ':markedFrom': markedFrom },
    }),
  );
}

/**
 * An attempt has gone unanswered for SLOW_ANSWER_MS: the endpoint takes one delivery at a time until
 * it answers 2xx again. Written only by an attempt that is slow, so an endpoint that answers in time
 * costs nothing; the first slow attempt's time is kept.
 */
export async function markWebhookSlow(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  now: Date,
): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(spaceId, webhookId),
      UpdateExpression: 'SET slowSince = if_not_exists(slowSince, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/**
 * A failing endpoint's probe: the one delivery sent to it until `until` (epoch ms), taken when no other
 * holds it (or the one that did is past its lease, its worker cut off). False when another holds it.
 */
export async function takeProbe(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  now: Date,
  until: number,
): Promise<boolean> {
  try {
    await updateItem(db, {
      Key: webhookKeys.item(spaceId, webhookId),
      UpdateExpression: 'SET probeUntil = :until',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(probeUntil) OR probeUntil <= :now)',
      ExpressionAttributeValues: { ':until': until, ':now': now.getTime() },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The probe is over: the endpoint is free for the next (unless another probe took it since). */
export async function releaseProbe(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  until: number,
): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(spaceId, webhookId),
      UpdateExpression: 'REMOVE probeUntil',
      ConditionExpression: 'probeUntil = :until',
      ExpressionAttributeValues: { ':until': until },
    }),
  );
}

/**
 * An endpoint failed: its run of failures goes on (or begins, when there was none or the last failure
 * is older than FAILURE_RUN_GAP_MS). Returns when the run began and how many attempts it counts;
 * undefined when the endpoint is gone.
 */
export async function markWebhookFailing(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  now = new Date(),
): Promise<{ since: Date; failedAttempts: number } | undefined> {
  const at = nowIso(now);
  const update = (continuing: boolean) =>
    updateItem<Pick<WebhookItem, 'failingSince' | 'failedAttempts'>>(db, {
      Key: webhookKeys.item(spaceId, webhookId),
      ...(continuing
        ? {
            UpdateExpression:
              'SET failingSince = if_not_exists(failingSince, :now), lastFailureAt = :now ADD failedAttempts :one',
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(lastFailureAt) OR lastFailureAt >= :runGoesOnFrom)',
            ExpressionAttributeValues: {
              ':now': at,
              ':one': 1,
              ':runGoesOnFrom': nowIso(new Date(now.getTime() - FAILURE_RUN_GAP_MS)),
            },
          }
        : {
            UpdateExpression:
              'SET failingSince = :now, lastFailureAt = :now, failedAttempts = :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':now': at, ':one': 1 },
          }),
      ReturnValues: 'ALL_NEW',
    });
  for (const continuing of [true, false]) {
    try {
      const item = await update(continuing);
      return { since: new Date(item.failingSince ?? at), failedAttempts: item.failedAttempts ?? 1 };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // Gone: the second update's only condition is that the endpoint exists.
  return undefined;
}

export async function disableWebhook(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(spaceId, webhookId),
      UpdateExpression: 'SET #status = :disabled, disabledReason = :reason, updatedAt = :now',
      ConditionExpression: '#status = :enabled',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':disabled': 'disabled',
        ':enabled': 'enabled',
        ':reason': reason,
        ':now': nowIso(now),
      },
    }),
  );
}
