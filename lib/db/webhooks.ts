import { ConflictError, NotFoundError } from '../errors.js';
import type { SealedSecret } from '../webhooks/secret-box.js';
import type { Db } from './client.js';
import {
  conditionFailedAt,
  getItem,
  ignoreConditionFailure,
  isConditionFailure,
  queryAll,
  transactWrite,
  updateItem,
} from './dynamo.js';
import { tenantKeys } from './entities/tenant.js';
import {
  FAILURE_RUN_GAP_MS,
  type DeliveryAttempt,
  MAX_SIGNING_SECRETS,
  MAX_WEBHOOKS,
  PREVIOUS_SECRET_VALIDITY_MS,
  type Subscription,
  toWebhook,
  type Webhook,
  type WebhookItem,
  type WebhookSecret,
  webhookKeys,
} from './entities/webhook.js';
import type { IdempotencyClaim } from './idempotency.js';
import { newId, nowIso, tenantPk, underPrefix } from './ids.js';
import { type Listed, type SliceRequest, wholeOrSlice } from './pagination.js';

/**
 * Endpoints: a tenant's webhooks (at most MAX_WEBHOOKS), their secrets and their health (a run of
 * failures, disabled, enabled again). What is delivered to them, and how each attempt is claimed and
 * recorded, is lib/db/deliveries.ts.
 */
export { MAX_WEBHOOKS, type Webhook, type DeliveryAttempt };

const WEBHOOK_ID = /^wh_[0-9A-HJKMNP-TV-Z]{26}$/;
export const ttlAfter = (now: Date, seconds: number) => Math.floor(now.getTime() / 1000) + seconds;

export interface NewWebhook {
  url: string;
  events: Subscription[];
  description?: string | undefined;
  /** deliveries per second at most (DEFAULT_DELIVERY_RATE when absent) */
  rateLimit?: number | undefined;
}

/**
 * Creates an endpoint with its first secret, counted on the tenant item in the same transaction so the
 * limit (MAX_WEBHOOKS) holds under concurrency. The URL must have been checked (lib/webhooks).
 */
export async function createWebhook(
  db: Db,
  tenantId: string,
  input: NewWebhook & { secret: string; sealed: SealedSecret },
  options: {
    now?: Date;
    claim?: IdempotencyClaim<{ webhook: Webhook; secret: string }> | undefined;
  } = {},
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
  if (input.rateLimit !== undefined) item.rateLimit = input.rateLimit;
  const created = { webhook: toWebhook(item), secret: input.secret };
  try {
    await transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: item,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: db.tableName,
          Key: tenantKeys.item(tenantId),
          UpdateExpression: 'ADD webhookCount :one',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(webhookCount) OR webhookCount < :max)',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_WEBHOOKS },
        },
      },
      ...(options.claim ? [options.claim.item(created)] : []),
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 1))
      throw new ConflictError(
        `This tenant already has ${MAX_WEBHOOKS} webhook endpoints, the most it may have: delete one first`,
        false,
        'limit_reached',
      );
    throw error;
  }
  return created;
}

export async function getWebhookItem(
  db: Db,
  tenantId: string,
  webhookId: string,
): Promise<WebhookItem | undefined> {
  if (!WEBHOOK_ID.test(webhookId)) return undefined;
  return getItem<WebhookItem>(db, webhookKeys.item(tenantId, webhookId), { consistent: true });
}

/** The endpoint's item; NotFoundError when the tenant has no such endpoint. */
export async function existingWebhook(
  db: Db,
  tenantId: string,
  webhookId: string,
): Promise<WebhookItem> {
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
    ...underPrefix(tenantId, webhookKeys.prefix),
    ConsistentRead: true,
  });
}

/** The tenant's endpoints, oldest first: all of them (at most 10), or the slice asked for. */
export async function listWebhooks(
  db: Db,
  tenantId: string,
  slice?: SliceRequest,
): Promise<Listed<Webhook>> {
  const listed = await wholeOrSlice<WebhookItem>(
    db,
    {
      tenantPk: tenantPk(tenantId),
      name: 'webhooks',
      query: { ...underPrefix(tenantId, webhookKeys.prefix), ConsistentRead: true },
      sortKey: 'sk',
      startKey: (id) => webhookKeys.item(tenantId, id),
    },
    slice,
  );
  return { ...listed, items: listed.items.map(toWebhook) };
}

/** Deletes an endpoint (its deliveries log expires with its TTL); what is still queued for it is dropped. */
export async function deleteWebhook(db: Db, tenantId: string, webhookId: string): Promise<void> {
  if (!WEBHOOK_ID.test(webhookId)) throw new NotFoundError('Webhook');
  try {
    await transactWrite(db, [
      {
        Delete: {
          TableName: db.tableName,
          Key: webhookKeys.item(tenantId, webhookId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
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
  const stillSigning = item.secrets.filter(
    (candidate) =>
      candidate.expiresAt !== undefined && Date.parse(candidate.expiresAt) > now.getTime(),
  );
  const secrets = [
    { sealed, createdAt: nowIso(now) },
    ...(current
      ? [
          {
            ...current,
            expiresAt: new Date(now.getTime() + PREVIOUS_SECRET_VALIDITY_MS).toISOString(),
          },
        ]
      : []),
    ...stillSigning,
  ].slice(0, MAX_SIGNING_SECRETS);
  try {
    await updateItem(db, {
      Key: webhookKeys.item(tenantId, webhookId),
      UpdateExpression: 'SET secrets = :secrets, updatedAt = :now',
      // Against the secrets read: a concurrent rotation makes this one fail rather than lose a secret.
      ConditionExpression: 'secrets = :read',
      ExpressionAttributeValues: {
        ':secrets': secrets,
        ':now': nowIso(now),
        ':read': item.secrets,
      },
    });
  } catch (error) {
    if (isConditionFailure(error))
      throw new ConflictError('The webhook changed while its secret was rotated; retry', true);
    throw error;
  }
  return { webhook: toWebhook({ ...item, secrets, updatedAt: nowIso(now) }), secret };
}

/**
 * Replaces an endpoint's secrets with `secrets` if they are still those read (`read`): a concurrent
 * rotation wins, and the caller reads again. Returns whether the write was made.
 */
export async function replaceWebhookSecrets(
  db: Db,
  tenantId: string,
  webhookId: string,
  read: WebhookSecret[],
  secrets: WebhookSecret[],
): Promise<boolean> {
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
export async function enableWebhook(
  db: Db,
  tenantId: string,
  webhookId: string,
  now = new Date(),
): Promise<Webhook> {
  if (!WEBHOOK_ID.test(webhookId)) throw new NotFoundError('Webhook');
  try {
    const item = await updateItem<WebhookItem>(db, {
      Key: webhookKeys.item(tenantId, webhookId),
      UpdateExpression:
        'SET #status = :enabled, updatedAt = :now REMOVE disabledReason, failingSince, lastFailureAt, failedAttempts',
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

/** An endpoint answered 2xx: its run of failures (if any) is over. */
export async function markWebhookHealthy(
  db: Db,
  tenantId: string,
  webhookId: string,
): Promise<void> {
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
export async function markWebhookFailing(
  db: Db,
  tenantId: string,
  webhookId: string,
  now = new Date(),
): Promise<{ since: Date; failedAttempts: number } | undefined> {
  const at = nowIso(now);
  const update = (continuing: boolean) =>
    updateItem<Pick<WebhookItem, 'failingSince' | 'failedAttempts'>>(db, {
      Key: webhookKeys.item(tenantId, webhookId),
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
  tenantId: string,
  webhookId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  await ignoreConditionFailure(
    updateItem(db, {
      Key: webhookKeys.item(tenantId, webhookId),
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
