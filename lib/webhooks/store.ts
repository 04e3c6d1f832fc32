import type { Db } from '../db/client.js';
import { getItem, queryAll } from '../db/dynamo.js';
import { tenantPk, underPrefix } from '../db/ids.js';
import {
  type Listed,
  type Slice,
  type SliceRequest,
  slicePage,
  wholeOrSlice,
} from '../db/pagination.js';
import { NotFoundError } from '../errors.js';
import {
  type DeliveryAttempt,
  type DeliveryAttemptItem,
  MAX_WEBHOOKS,
  type ReplayProgress,
  toDeliveryAttempt,
  toWebhook,
  type Webhook,
  type WebhookItem,
  webhookKeys,
} from './model.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Reading endpoints and their deliveries log. The integrator's writes are ./api.ts (endpoints) and
 * ./delivery-requests.ts (retry, test, replay); the delivery worker's are ./deliveries.ts.
 */

export { MAX_WEBHOOKS, type Webhook, type DeliveryAttempt };

export const WEBHOOK_ID = /^wh_[0-9A-HJKMNP-TV-Z]{26}$/;
export const ttlAfter = (now: Date, seconds: number) => Math.floor(now.getTime() / 1000) + seconds;

export async function getWebhookItem(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
): Promise<WebhookItem | undefined> {
  if (!WEBHOOK_ID.test(webhookId)) return undefined;
  return getItem<WebhookItem>(db, webhookKeys.item(spaceId, webhookId), { consistent: true });
}

/** The endpoint's item; NotFoundError when the tenant has no such endpoint. */
export async function existingWebhook(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
): Promise<WebhookItem> {
  const item = await getWebhookItem(db, spaceId, webhookId);
  if (!item) throw new NotFoundError('Webhook');
  return item;
}

export async function getWebhook(db: Db, spaceId: SpaceId, webhookId: string): Promise<Webhook> {
  return toWebhook(await existingWebhook(db, spaceId, webhookId));
}

/** Every endpoint of the tenant, as stored (the dispatcher needs their subscriptions and status). */
export function listWebhookItems(db: Db, spaceId: SpaceId): Promise<WebhookItem[]> {
  return queryAll<WebhookItem>(db, {
    ...underPrefix(spaceId, webhookKeys.prefix),
    ConsistentRead: true,
  });
}

/** The tenant's endpoints, oldest first: all of them (at most 10), or the slice asked for. */
export async function listWebhooks(
  db: Db,
  spaceId: SpaceId,
  slice?: SliceRequest,
): Promise<Listed<Webhook>> {
  const listed = await wholeOrSlice<WebhookItem>(
    db,
    {
      tenantPk: tenantPk(spaceId),
      name: 'webhooks',
      query: { ...underPrefix(spaceId, webhookKeys.prefix), ConsistentRead: true },
      sortKey: 'sk',
      startKey: (id) => webhookKeys.item(spaceId, id),
    },
    slice,
  );
  return { ...listed, items: listed.items.map(toWebhook) };
}

/**
 * The deliveries log of an endpoint, newest first, `limit` at a time from `cursor`: signed and bound to
 * this tenant's endpoint, like every list's cursor.
 */
export async function listDeliveryAttempts(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  request: SliceRequest,
): Promise<Slice<DeliveryAttempt> & { replay?: ReplayProgress }> {
  const webhook = await existingWebhook(db, spaceId, webhookId);
  const slice = await slicePage<DeliveryAttemptItem>(
    db,
    {
      tenantPk: tenantPk(spaceId),
      name: `deliveries:${webhookId}`,
      query: {
        ...underPrefix(spaceId, webhookKeys.attemptPrefix(webhookId)),
        ScanIndexForward: false,
      },
      sortKey: 'sk',
      startKey: (id) => webhookKeys.attempt(spaceId, webhookId, id),
    },
    request,
  );
  return {
    ...slice,
    items: slice.items.map(toDeliveryAttempt),
    ...(webhook.replay ? { replay: webhook.replay } : {}),
  };
}
