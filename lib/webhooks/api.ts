import { type AuditContext, audited } from '../audit/model.js';
import type { Db } from '../db/client.js';
import { guards, isConditionFailure, transactWrite } from '../db/dynamo.js';
import { countOneLess, countOneMore } from '../db/entities/tenant.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import { newId, nowIso } from '../db/ids.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { type SealedSecret, sealSecret } from './secret-box.js';
import { newWebhookSecret } from './signing.js';
import {
  MAX_SIGNING_SECRETS,
  MAX_WEBHOOKS,
  PREVIOUS_SECRET_VALIDITY_MS,
  type Subscription,
  toWebhook,
  type Webhook,
  type WebhookItem,
  webhookKeys,
} from './model.js';
import { existingWebhook, WEBHOOK_ID } from './store.js';
import { currentVersion } from '../versions/shape.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * The integrator's writes to endpoints: create (at most MAX_WEBHOOKS a tenant; the URL is checked in
 * ./register.ts), delete, rotate the signing secret, enable again. Secrets are made and sealed here.
 */

export interface NewWebhook {
  url: string;
  events: Subscription[];
  description?: string | undefined;
  /** deliveries per second at most (DEFAULT_DELIVERY_RATE when absent) */
  rateLimit?: number | undefined;
  /** the API version its events are shaped for (default: the current one) */
  apiVersion?: string | undefined;
}

/** The tenant's count of endpoints, below MAX_WEBHOOKS. */
const CREATE = guards('cap');
/** The endpoint exists. */
const DELETE = guards('endpoint');

/**
 * Creates an endpoint with its first secret, counted on the tenant item in the same transaction so the
 * limit (MAX_WEBHOOKS) holds under concurrency. The URL must have been checked (lib/webhooks).
 */
export async function createWebhook(
  db: Db,
  spaceId: SpaceId,
  input: NewWebhook & { secret: string; sealed: SealedSecret },
  options: {
    now?: Date;
    claim?: IdempotencyClaim<{ webhook: Webhook; secret: string }> | undefined;
    audit?: AuditContext | undefined;
  } = {},
): Promise<{ webhook: Webhook; secret: string }> {
  const at = nowIso(options.now);
  const id = `wh_${newId()}`;
  const item: WebhookItem = {
    ...webhookKeys.item(spaceId, id),
    entity: 'WEBHOOK',
    id,
    url: input.url,
    events: [...new Set(input.events)],
    status: 'enabled',
    secrets: [{ sealed: input.sealed, createdAt: at }],
    apiVersion: input.apiVersion ?? currentVersion(),
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
      CREATE.on(
        'cap',
        countOneMore(db.tableName, spaceId, 'webhookCount', MAX_WEBHOOKS, {
          tenantMustExist: true,
        }),
      ),
      ...audited(db, spaceId, options.audit, 'webhook.created', {
        type: 'webhook',
        id: id,
        version: null,
      }),
      ...(options.claim ? [options.claim.item(created)] : []),
    ]);
  } catch (error) {
    if (CREATE.failed(error))
      throw new ConflictError(
        `This tenant already has ${MAX_WEBHOOKS} webhook endpoints, the most it may have: delete one first`,
        false,
        'limit_reached',
      );
    throw error;
  }
  return created;
}

/** Deletes an endpoint (its deliveries log expires with its TTL); what is still queued for it is dropped. */
export async function deleteWebhook(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  options: { audit?: AuditContext | undefined } = {},
): Promise<void> {
  if (!WEBHOOK_ID.test(webhookId)) throw new NotFoundError('Webhook');
  try {
    await transactWrite(db, [
      DELETE.on('endpoint', {
        Delete: {
          TableName: db.tableName,
          Key: webhookKeys.item(spaceId, webhookId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      }),
      countOneLess(db.tableName, spaceId, 'webhookCount'),
      ...audited(db, spaceId, options.audit, 'webhook.deleted', {
        type: 'webhook',
        id: webhookId,
        version: null,
      }),
    ]);
  } catch (error) {
    if (DELETE.failed(error)) throw new NotFoundError('Webhook');
    throw error;
  }
}

/** A new signing secret, in clear (shown once, in the answer) and sealed (what the table keeps). */
export async function newSealedSecret(
  spaceId: SpaceId,
): Promise<{ secret: string; sealed: SealedSecret }> {
  const secret = newWebhookSecret();
  return { secret, sealed: await sealSecret(spaceId, secret) };
}

/** A new current secret, made and sealed here, replacing the current one (rotateWebhookSecret). */
export async function rotateSecret(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  options: { now?: Date; audit?: AuditContext | undefined } = {},
): Promise<{ webhook: Webhook; secret: string }> {
  return rotateWebhookSecret(db, spaceId, webhookId, await newSealedSecret(spaceId), options);
}

/**
 * A new current secret; the one it replaces keeps signing for 24 hours (PREVIOUS_SECRET_VALIDITY_MS),
 * so a receiver verifies with either while it switches. Older secrets are dropped.
 */
export async function rotateWebhookSecret(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  { secret, sealed }: { secret: string; sealed: SealedSecret },
  options: { now?: Date; audit?: AuditContext | undefined } = {},
): Promise<{ webhook: Webhook; secret: string }> {
  const now = options.now ?? new Date();
  const item = await existingWebhook(db, spaceId, webhookId);
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
    await transactWrite(db, [
      {
        Update: {
          TableName: db.tableName,
          Key: webhookKeys.item(spaceId, webhookId),
          UpdateExpression: 'SET secrets = :secrets, updatedAt = :now',
          // Against the secrets read: a concurrent rotation makes this one fail rather than lose a secret.
          ConditionExpression: 'secrets = :read',
          ExpressionAttributeValues: {
            ':secrets': secrets,
            ':now': nowIso(now),
            ':read': item.secrets,
          },
        },
      },
      ...audited(
        db,
        spaceId,
        options.audit,
        'webhook.secret_rotated',
        { type: 'webhook', id: webhookId, version: null },
        ['secret'],
      ),
    ]);
  } catch (error) {
    if (isConditionFailure(error))
      throw new ConflictError('The webhook changed while its secret was rotated; retry', true);
    throw error;
  }
  return { webhook: toWebhook({ ...item, secrets, updatedAt: nowIso(now) }), secret };
}

/** Enables an endpoint again (after a 410, five days of failures, or never): deliveries resume with new events. */
export async function enableWebhook(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  options: { now?: Date; audit?: AuditContext | undefined } = {},
): Promise<Webhook> {
  const now = nowIso(options.now);
  const item = await existingWebhook(db, spaceId, webhookId);
  try {
    await transactWrite(db, [
      {
        Update: {
          TableName: db.tableName,
          Key: webhookKeys.item(spaceId, webhookId),
          UpdateExpression:
            'SET #status = :enabled, updatedAt = :now REMOVE disabledReason, failingSince, failedAttempts, slowSince',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':enabled': 'enabled', ':now': now },
        },
      },
      ...audited(
        db,
        spaceId,
        options.audit,
        'webhook.enabled',
        { type: 'webhook', id: webhookId, version: null },
        item.status === 'enabled' ? [] : ['status'],
      ),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('Webhook');
    throw error;
  }
  const {
    disabledReason: _reason,
    failingSince: _since,
    failedAttempts: _attempts,
    slowSince: _slow,
    ...enabled
  } = item;
  return toWebhook({ ...enabled, status: 'enabled', updatedAt: now });
}
