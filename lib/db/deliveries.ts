import { ConflictError, NotFoundError, TestDeliveriesLimitedError } from '../errors.js';
import type { Db } from './client.js';
import {
  conditionFailedAt,
  getItem,
  ignoreConditionFailure,
  isConditionFailure,
  transactWrite,
  updateItem,
} from './dynamo.js';
import {
  DELIVERY_TTL_SECONDS,
  type DeliveryAttempt,
  type DeliveryAttemptItem,
  type DeliveryStateItem,
  type ReplayProgress,
  REPLAY_STALE_MS,
  REQUEST_TTL_SECONDS,
  TEST_DELIVERIES_PER_MINUTE,
  toDeliveryAttempt,
  type WebhookCounterItem,
  type WebhookRequest,
  type WebhookRequestItem,
  webhookKeys,
} from './entities/webhook.js';
import { getEventItem } from './events.js';
import type { IdempotencyClaim } from './idempotency.js';
import { newId, nowIso, tenantPk, underPrefix } from './ids.js';
import { TTL_ATTRIBUTE } from './table.js';
import { type Slice, type SliceRequest, slicePage } from './pagination.js';
import { existingWebhook, getWebhookItem, ttlAfter } from './webhooks.js';

/**
 * Deliveries: what was asked for (retry and replay requests), who may make each attempt (the claim)
 * and what came of it (the deliveries log and the delivery's state). docs/webhook-deliveries.md draws
 * the protocol: its states, who moves a delivery between them, and why a repeat of any message is a
 * no-op. Endpoints themselves (create, rotate, enable, their health) are lib/db/webhooks.ts.
 */

/**
 * The deliveries log of an endpoint, newest first, `limit` at a time from `cursor`: signed and bound to
 * this tenant's endpoint, like every list's cursor.
 */
export async function listDeliveryAttempts(
  db: Db,
  tenantId: string,
  webhookId: string,
  request: SliceRequest,
): Promise<Slice<DeliveryAttempt> & { replay?: ReplayProgress }> {
  const webhook = await existingWebhook(db, tenantId, webhookId);
  const slice = await slicePage<DeliveryAttemptItem>(
    db,
    {
      tenantPk: tenantPk(tenantId),
      name: `deliveries:${webhookId}`,
      query: {
        ...underPrefix(tenantId, webhookKeys.attemptPrefix(webhookId)),
        ScanIndexForward: false,
      },
      sortKey: 'sk',
      startKey: (id) => webhookKeys.attempt(tenantId, webhookId, id),
    },
    request,
  );
  return {
    ...slice,
    items: slice.items.map(toDeliveryAttempt),
    ...(webhook.replay ? { replay: webhook.replay } : {}),
  };
}

/** Counters live a little longer than their second or minute (TTL removes them within days). */
const COUNTER_TTL_SECONDS = 60 * 60;

/**
 * Takes a delivery's place in its endpoint's rate (`rate` a second): counts it in the current second,
 * and answers 0 when it is within the rate, or how long (ms) it should wait: to the start of the first
 * second whose share is not yet taken (the (n − rate)-th over the rate waits ⌈(n − rate) / rate⌉
 * seconds), where it counts again. One UpdateItem a delivery.
 */
export async function deliveryWaitMs(
  db: Db,
  tenantId: string,
  webhookId: string,
  rate: number,
  now: Date,
): Promise<number> {
  const second = Math.floor(now.getTime() / 1000);
  const { n } = await updateItem<WebhookCounterItem>(db, {
    Key: webhookKeys.sent(tenantId, webhookId, second),
    UpdateExpression: 'ADD n :one SET #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: { ':one': 1, ':ttl': second + COUNTER_TTL_SECONDS },
    ReturnValues: 'ALL_NEW',
  });
  if (n <= rate) return 0;
  return Math.ceil((n - rate) / rate) * 1000 - (now.getTime() % 1000);
}

/** Counts a test delivery of an endpoint in the current minute; past TEST_DELIVERIES_PER_MINUTE, TestDeliveriesLimitedError. */
async function countTestDelivery(
  db: Db,
  tenantId: string,
  webhookId: string,
  now: Date,
): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  try {
    await updateItem(db, {
      Key: webhookKeys.tests(tenantId, webhookId, minute),
      UpdateExpression: 'ADD n :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(n) OR n < :max',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':one': 1,
        ':max': TEST_DELIVERIES_PER_MINUTE,
        ':ttl': minute * 60 + COUNTER_TTL_SECONDS,
      },
    });
  } catch (error) {
    if (isConditionFailure(error))
      throw new TestDeliveriesLimitedError(
        TEST_DELIVERIES_PER_MINUTE,
        (minute + 1) * 60_000 - now.getTime(),
      );
    throw error;
  }
}

/**
 * Asks for a delivery outside the automatic schedule: `retry` sends one event again now, `replay` every
 * event of the log in a range. The request is an item the table's stream carries to the dispatcher.
 */
export async function requestDelivery(
  db: Db,
  tenantId: string,
  request: WebhookRequest,
  options: { now?: Date; claim?: IdempotencyClaim<{ requestId: string }> | undefined } = {},
): Promise<{ requestId: string }> {
  const now = options.now ?? new Date();
  const webhook = await existingWebhook(db, tenantId, request.webhookId);
  if (webhook.status === 'disabled') {
    throw new ConflictError(
      `Webhook ${webhook.id} is disabled (${webhook.disabledReason ?? 'by request'}): enable it first (POST /webhooks/${webhook.id}/enable)`,
      false,
      'webhook_disabled',
    );
  }
  if (request.kind === 'retry') {
    // Past its 30 days an event is gone, even before DynamoDB's TTL removes it: 404, as GET /events/:id.
    if (!(await getEventItem(db, tenantId, request.eventId))) throw new NotFoundError('Event');
  }
  if (request.kind === 'test') await countTestDelivery(db, tenantId, request.webhookId, now);
  const requestId = newId();
  const item: WebhookRequestItem = {
    ...webhookKeys.request(tenantId, requestId),
    entity: 'WEBHOOK_REQUEST',
    tenantId,
    ...request,
    ttl: ttlAfter(now, REQUEST_TTL_SECONDS),
  };
  const result = { requestId };
  const rest = [
    { Put: { TableName: db.tableName, Item: item } },
    ...(options.claim ? [options.claim.item(result)] : []),
  ];
  if (request.kind !== 'replay') {
    await transactWrite(db, rest);
    return result;
  }
  // One replay at a time per endpoint: repeated calls do not multiply deliveries.
  const at = nowIso(now);
  const replay: ReplayProgress = {
    requestId,
    after: request.after,
    until: request.until,
    position: request.after,
    queued: 0,
    startedAt: at,
    progressAt: at,
  };
  try {
    await transactWrite(db, [
      {
        Update: {
          TableName: db.tableName,
          Key: webhookKeys.item(tenantId, request.webhookId),
          UpdateExpression: 'SET replay = :replay',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(replay) OR replay.progressAt < :stale)',
          ExpressionAttributeValues: {
            ':replay': replay,
            ':stale': nowIso(new Date(now.getTime() - REPLAY_STALE_MS)),
          },
        },
      },
      ...rest,
    ]);
  } catch (error) {
    if (!conditionFailedAt(error, 0)) throw error;
    const running = (await getWebhookItem(db, tenantId, request.webhookId))?.replay;
    throw new ConflictError(
      running
        ? `A replay is already running on webhook ${request.webhookId} (request ${running.requestId}, since ${running.after}, ${running.queued} deliveries queued so far): wait for it to finish (GET /webhooks/${request.webhookId}/deliveries shows its progress)`
        : `Webhook ${request.webhookId} changed; retry`,
      !running,
      running ? 'replay_running' : undefined,
    );
  }
  return result;
}

/**
 * A replay page was queued: the endpoint's replay moves on to `position`, or ends with its last page.
 * Nothing changes when the endpoint runs another replay now (this one went stale and was replaced).
 */
export async function recordReplayProgress(
  db: Db,
  tenantId: string,
  webhookId: string,
  progress: { requestId: string; position: string; queued: number; done: boolean },
  now = new Date(),
): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(tenantId, webhookId),
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

/**
 * Claims the next attempt of delivering an event to an endpoint for `claimant`: each identity claims
 * once, whatever repeats its message (a stream record brought twice, a replay page queued again, two
 * copies of a message in flight at once). The same queue message delivered again after failing
 * half-way (claimed, not recorded) takes its own claim back. Returns the attempt number, or undefined
 * when the attempt is not this message's to make.
 */
export async function claimAttempt(
  db: Db,
  tenantId: string,
  target: { webhookId: string; eventId: string },
  claimant: Claimant,
  now = new Date(),
): Promise<number | undefined> {
  const key = webhookKeys.state(tenantId, target.webhookId, target.eventId);
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
  tenantId: string,
  attempt: Omit<DeliveryAttemptItem, 'pk' | 'sk' | 'entity' | 'id' | 'ttl'> & {
    outcome: DeliveryStateItem['status'];
    claimant: Claimant;
  },
  now = new Date(),
): Promise<void> {
  const id = newId();
  const { outcome, claimant, ...fields } = attempt;
  const item: DeliveryAttemptItem = {
    ...webhookKeys.attempt(tenantId, attempt.webhookId, id),
    entity: 'DELIVERY_ATTEMPT',
    id,
    ...fields,
    ttl: ttlAfter(now, DELIVERY_TTL_SECONDS),
  };
  const log = { Put: { TableName: db.tableName, Item: item } };
  const state = webhookKeys.state(tenantId, attempt.webhookId, attempt.eventId);
  const done = { ':identities': new Set([claimant.identity]) };
  try {
    await transactWrite(db, [
      log,
      {
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
      },
    ]);
  } catch (error) {
    if (!conditionFailedAt(error, 1)) throw error;
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
