import { ConflictError, NotFoundError } from '../errors.js';
import type { SealedSecret } from '../webhooks/secret-box.js';
import type { Db } from './client.js';
import { conditionFailedAt, getItem, ignoreConditionFailure, isConditionFailure, queryAll, transactWrite, updateItem } from './dynamo.js';
import { tenantKeys } from './entities/tenant.js';
import {
  DELIVERY_TTL_SECONDS,
  FAILURE_RUN_GAP_MS,
  type DeliveryAttempt,
  type DeliveryAttemptItem,
  type DeliveryStateItem,
  MAX_SIGNING_SECRETS,
  MAX_WEBHOOKS,
  PREVIOUS_SECRET_VALIDITY_MS,
  type ReplayProgress,
  REPLAY_STALE_MS,
  REQUEST_TTL_SECONDS,
  type Subscription,
  toDeliveryAttempt,
  toWebhook,
  type Webhook,
  type WebhookItem,
  type WebhookSecret,
  type WebhookRequest,
  type WebhookRequestItem,
  webhookKeys,
} from './entities/webhook.js';
import type { IdempotencyClaim } from './idempotency.js';
import { getEventItem } from './events.js';
import { newId, nowIso, tenantPk } from './ids.js';
import { type Slice, type SliceRequest, slicePage } from './pagination.js';

export { MAX_WEBHOOKS, type Webhook, type DeliveryAttempt };

const WEBHOOK_ID = /^wh_[0-9A-HJKMNP-TV-Z]{26}$/;
const ttlAfter = (now: Date, seconds: number) => Math.floor(now.getTime() / 1000) + seconds;

export interface NewWebhook {
  url: string;
  events: Subscription[];
  description?: string | undefined;
}

/**
 * Creates an endpoint with its first secret, counted on the tenant item in the same transaction so the
 * limit (MAX_WEBHOOKS) holds under concurrency. The URL must have been checked (lib/webhooks).
 */
export async function createWebhook(
  db: Db,
  tenantId: string,
  input: NewWebhook & { secret: string; sealed: SealedSecret },
  options: { now?: Date; claim?: IdempotencyClaim<{ webhook: Webhook; secret: string }> | undefined } = {},
): Promise<{ webhook: Webhook; secret: string }> {
  const at = nowIso(options.now);
  const id = `wh_${newId()}`;
  const item: WebhookItem = {
    ...webhookKeys.item(tenantId, id),
    entity: 'WEBHOOK',
    id,
    url: input.url,
    events: [...new Set(input.events)],
    status: 'enabled',
    secrets: [{ sealed: input.sealed, createdAt: at }],
    createdAt: at,
    updatedAt: at,
  };
  if (input.description !== undefined) item.description = input.description;
  const created = { webhook: toWebhook(item), secret: input.secret };
  try {
    await transactWrite(db, [
      { Put: { TableName: db.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: db.tableName,
          Key: tenantKeys.item(tenantId),
          UpdateExpression: 'ADD webhookCount :one',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(webhookCount) OR webhookCount < :max)',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_WEBHOOKS },
        },
      },
      ...(options.claim ? [options.claim.item(created)] : []),
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 1)) throw new ConflictError(`This tenant already has ${MAX_WEBHOOKS} webhook endpoints, the most it may have: delete one first`);
    throw error;
  }
  return created;
}

export async function getWebhookItem(db: Db, tenantId: string, webhookId: string): Promise<WebhookItem | undefined> {
  if (!WEBHOOK_ID.test(webhookId)) return undefined;
  return getItem<WebhookItem>(db, webhookKeys.item(tenantId, webhookId), { consistent: true });
}

async function existingWebhook(db: Db, tenantId: string, webhookId: string): Promise<WebhookItem> {
  const item = await getWebhookItem(db, tenantId, webhookId);
  if (!item) throw new NotFoundError('Webhook');
  return item;
}

export async function getWebhook(db: Db, tenantId: string, webhookId: string): Promise<Webhook> {
  return toWebhook(await existingWebhook(db, tenantId, webhookId));
}

/** Every endpoint of the tenant, as stored (the dispatcher needs their subscriptions and status). */
export function listWebhookItems(db: Db, tenantId: string): Promise<WebhookItem[]> {
  return queryAll<WebhookItem>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': webhookKeys.prefix },
    ConsistentRead: true,
  });
}

export async function listWebhooks(db: Db, tenantId: string): Promise<Webhook[]> {
  return (await listWebhookItems(db, tenantId)).map(toWebhook);
}

/** Deletes an endpoint (its deliveries log expires with its TTL); what is still queued for it is dropped. */
export async function deleteWebhook(db: Db, tenantId: string, webhookId: string): Promise<void> {
  if (!WEBHOOK_ID.test(webhookId)) throw new NotFoundError('Webhook');
  try {
    await transactWrite(db, [
      { Delete: { TableName: db.tableName, Key: webhookKeys.item(tenantId, webhookId), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: db.tableName,
          Key: tenantKeys.item(tenantId),
          UpdateExpression: 'ADD webhookCount :minusOne',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new NotFoundError('Webhook');
    throw error;
  }
}

/**
 * A new current secret; the one it replaces keeps signing for 24 hours (PREVIOUS_SECRET_VALIDITY_MS),
 * so a receiver verifies with either while it switches. Older secrets are dropped.
 */
export async function rotateWebhookSecret(
  db: Db,
  tenantId: string,
  webhookId: string,
  { secret, sealed }: { secret: string; sealed: SealedSecret },
  now = new Date(),
): Promise<{ webhook: Webhook; secret: string }> {
  const item = await existingWebhook(db, tenantId, webhookId);
  const current = item.secrets.find((candidate) => candidate.expiresAt === undefined);
  // Every secret rotated out in the last 24 hours keeps signing until its own end, at most
  // MAX_SIGNING_SECRETS at once: a third rotation within a day ends the oldest.
  const stillSigning = item.secrets.filter((candidate) => candidate.expiresAt !== undefined && Date.parse(candidate.expiresAt) > now.getTime());
  const secrets = [
    { sealed, createdAt: nowIso(now) },
    ...(current ? [{ ...current, expiresAt: new Date(now.getTime() + PREVIOUS_SECRET_VALIDITY_MS).toISOString() }] : []),
    ...stillSigning,
  ].slice(0, MAX_SIGNING_SECRETS);
  try {
    await updateItem(db, {
      Key: webhookKeys.item(tenantId, webhookId),
      UpdateExpression: 'SET secrets = :secrets, updatedAt = :now',
      // Against the secrets read: a concurrent rotation makes this one fail rather than lose a secret.
      ConditionExpression: 'secrets = :read',
      ExpressionAttributeValues: { ':secrets': secrets, ':now': nowIso(now), ':read': item.secrets },
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('The webhook changed while its secret was rotated; retry', true);
    throw error;
  }
  return { webhook: toWebhook({ ...item, secrets, updatedAt: nowIso(now) }), secret };
}

/**
 * Replaces an endpoint's secrets with `secrets` if they are still those read (`read`): a concurrent
 * rotation wins, and the caller reads again. Returns whether the write was made.
 */
export async function replaceWebhookSecrets(db: Db, tenantId: string, webhookId: string, read: WebhookSecret[], secrets: WebhookSecret[]): Promise<boolean> {
  try {
    await updateItem(db, {
      Key: webhookKeys.item(tenantId, webhookId),
      UpdateExpression: 'SET secrets = :secrets',
      ConditionExpression: 'secrets = :read',
      ExpressionAttributeValues: { ':secrets': secrets, ':read': read },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Enables an endpoint again (after a 410, five days of failures, or never): deliveries resume with new events. */
export async function enableWebhook(db: Db, tenantId: string, webhookId: string, now = new Date()): Promise<Webhook> {
  if (!WEBHOOK_ID.test(webhookId)) throw new NotFoundError('Webhook');
  try {
    const item = await updateItem<WebhookItem>(db, {
      Key: webhookKeys.item(tenantId, webhookId),
      UpdateExpression: 'SET #status = :enabled, updatedAt = :now REMOVE disabledReason, failingSince, lastFailureAt, failedAttempts',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':enabled': 'enabled', ':now': nowIso(now) },
      ReturnValues: 'ALL_NEW',
    });
    return toWebhook(item);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('Webhook');
    throw error;
  }
}

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
      name: `deliveries:${tenantId}:${webhookId}`,
      query: {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': webhookKeys.attemptPrefix(webhookId) },
        ScanIndexForward: false,
      },
      sortKey: 'sk',
      startKey: (id) => webhookKeys.attempt(tenantId, webhookId, id),
    },
    request,
  );
  return { ...slice, items: slice.items.map(toDeliveryAttempt), ...(webhook.replay ? { replay: webhook.replay } : {}) };
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
    throw new ConflictError(`Webhook ${webhook.id} is disabled (${webhook.disabledReason ?? 'by request'}): enable it first (POST /webhooks/${webhook.id}/enable)`);
  }
  if (request.kind === 'retry') {
    // Past its 30 days an event is gone, even before DynamoDB's TTL removes it: 404, as GET /events/:id.
    if (!(await getEventItem(db, tenantId, request.eventId))) throw new NotFoundError('Event');
  }
  const requestId = newId();
  const item: WebhookRequestItem = { ...webhookKeys.request(tenantId, requestId), entity: 'WEBHOOK_REQUEST', tenantId, ...request, ttl: ttlAfter(now, REQUEST_TTL_SECONDS) };
  const result = { requestId };
  const rest = [{ Put: { TableName: db.tableName, Item: item } }, ...(options.claim ? [options.claim.item(result)] : [])];
  if (request.kind === 'retry') {
    await transactWrite(db, rest);
    return result;
  }
  // One replay at a time per endpoint: repeated calls do not multiply deliveries.
  const at = nowIso(now);
  const replay: ReplayProgress = { requestId, after: request.after, until: request.until, position: request.after, queued: 0, startedAt: at, progressAt: at };
  try {
    await transactWrite(db, [
      {
        Update: {
          TableName: db.tableName,
          Key: webhookKeys.item(tenantId, request.webhookId),
          UpdateExpression: 'SET replay = :replay',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(replay) OR replay.progressAt < :stale)',
          ExpressionAttributeValues: { ':replay': replay, ':stale': nowIso(new Date(now.getTime() - REPLAY_STALE_MS)) },
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
            UpdateExpression: 'SET replay.#position = :position, replay.queued = replay.queued + :queued, replay.progressAt = :now',
            ExpressionAttributeNames: { '#position': 'position' },
          }),
      ConditionExpression: 'replay.requestId = :requestId',
      ExpressionAttributeValues: {
        ':requestId': progress.requestId,
        ...(progress.done ? {} : { ':position': progress.position, ':queued': progress.queued, ':now': nowIso(now) }),
      },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The delivery worker's side

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
      const ownUnrecordedClaim = state.claimedBy === identity && state.claimedByMessage === token && !state.done?.has(identity);
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
          ? 'attempt = :previous AND NOT contains(claimed, :identity)' + (claimant.automatic ? ' AND #status <> :succeeded' : '')
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
  attempt: Omit<DeliveryAttemptItem, 'pk' | 'sk' | 'entity' | 'id' | 'ttl'> & { outcome: DeliveryStateItem['status']; claimant: Claimant },
  now = new Date(),
): Promise<void> {
  const id = newId();
  const { outcome, claimant, ...fields } = attempt;
  const item: DeliveryAttemptItem = { ...webhookKeys.attempt(tenantId, attempt.webhookId, id), entity: 'DELIVERY_ATTEMPT', id, ...fields, ttl: ttlAfter(now, DELIVERY_TTL_SECONDS) };
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
          ConditionExpression: 'attempt = :attempt AND claimedBy = :identity AND claimedByMessage = :token',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': outcome, ':attempt': attempt.attempt, ':identity': claimant.identity, ':token': claimant.token, ...done },
        },
      },
    ]);
  } catch (error) {
    if (!conditionFailedAt(error, 1)) throw error;
    await transactWrite(db, [log, { Update: { TableName: db.tableName, Key: state, UpdateExpression: 'ADD done :identities', ExpressionAttributeValues: done } }]);
  }
}

/** An endpoint answered 2xx: its run of failures (if any) is over. */
export async function markWebhookHealthy(db: Db, tenantId: string, webhookId: string): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(tenantId, webhookId),
      UpdateExpression: 'REMOVE failingSince, lastFailureAt, failedAttempts',
      ConditionExpression: 'attribute_exists(failingSince)',
    }),
  );
}

/**
 * An endpoint failed: its run of failures goes on (or begins, when there was none or the last failure
 * is older than FAILURE_RUN_GAP_MS). Returns when the run began and how many attempts it counts;
 * undefined when the endpoint is gone.
 */
export async function markWebhookFailing(db: Db, tenantId: string, webhookId: string, now = new Date()): Promise<{ since: Date; failedAttempts: number } | undefined> {
  const at = nowIso(now);
  const update = (continuing: boolean) =>
    updateItem<Pick<WebhookItem, 'failingSince' | 'failedAttempts'>>(db, {
      Key: webhookKeys.item(tenantId, webhookId),
      ...(continuing
        ? {
            UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now), lastFailureAt = :now ADD failedAttempts :one',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastFailureAt) OR lastFailureAt >= :runGoesOnFrom)',
            ExpressionAttributeValues: { ':now': at, ':one': 1, ':runGoesOnFrom': nowIso(new Date(now.getTime() - FAILURE_RUN_GAP_MS)) },
          }
        : {
            UpdateExpression: 'SET failingSince = :now, lastFailureAt = :now, failedAttempts = :one',
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

export async function disableWebhook(db: Db, tenantId: string, webhookId: string, reason: string, now = new Date()): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(tenantId, webhookId),
      UpdateExpression: 'SET #status = :disabled, disabledReason = :reason, updatedAt = :now',
      ConditionExpression: '#status = :enabled',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':disabled': 'disabled', ':enabled': 'enabled', ':reason': reason, ':now': nowIso(now) },
    }),
  );
}
