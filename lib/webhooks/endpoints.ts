import { webhookLocalUrlsAllowed } from '../config.js';
import type { Db } from '../db/client.js';
import { eventIdBefore } from '../db/entities/event.js';
import { getEventItem } from '../db/events.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import { createWebhook, getWebhook, type NewWebhook, requestDelivery, rotateWebhookSecret, type Webhook } from '../db/webhooks.js';
import { EVENT_ID_PATTERN } from '../domain.js';
import { newWebhookSecret } from './signing.js';
import { checkWebhookUrl, type UrlCheckOptions } from './url-safety.js';

/**
 * Managing endpoints: the rules around the repository (lib/db/webhooks.ts) that need more than the
 * table: a URL is checked (scheme, addresses, DNS) before it is stored, and secrets are made here.
 */
export async function registerWebhook(
  db: Db,
  tenantId: string,
  input: NewWebhook,
  options: { claim?: IdempotencyClaim<{ webhook: Webhook; secret: string }> | undefined; resolve?: UrlCheckOptions['resolve'] } = {},
): Promise<{ webhook: Webhook; secret: string }> {
  const url = await checkWebhookUrl(input.url, { allowLocal: webhookLocalUrlsAllowed(), ...(options.resolve ? { resolve: options.resolve } : {}) });
  return createWebhook(db, tenantId, { ...input, url: url.href, secret: newWebhookSecret() }, { claim: options.claim });
}

export function rotateSecret(db: Db, tenantId: string, webhookId: string): Promise<{ webhook: Webhook; secret: string }> {
  return rotateWebhookSecret(db, tenantId, webhookId, newWebhookSecret());
}

export async function retryDelivery(db: Db, tenantId: string, webhookId: string, eventId: string): Promise<void> {
  await requestDelivery(db, tenantId, { kind: 'retry', webhookId, eventId });
}

/**
 * Re-sends every event since `since` (an event id, exclusive, or an instant) up to now that the
 * endpoint subscribes to; returns the range as positions in the log.
 */
export async function replayEvents(
  db: Db,
  tenantId: string,
  webhookId: string,
  since: string,
  options: { now?: Date; claim?: IdempotencyClaim<unknown> | undefined } = {},
): Promise<{ requestId: string; after: string; until: string }> {
  const now = options.now ?? new Date();
  await getWebhook(db, tenantId, webhookId); // 404 for an unknown endpoint comes first
  if (EVENT_ID_PATTERN.test(since)) {
    // An event id must be one of this tenant's log (within its 30 days), as GET /events/:id finds it.
    if (!(await getEventItem(db, tenantId, since))) throw new NotFoundError('Event');
  } else if (Date.parse(since) > now.getTime()) {
    throw new InvalidInputError('since: must not be in the future', [{ field: 'since', rule: 'not_future', message: 'must not be in the future' }]);
  }
  const after = EVENT_ID_PATTERN.test(since) ? since : eventIdBefore(Date.parse(since));
  const until = eventIdBefore(now.getTime() + 1);
  // The claim records the whole answer: the range is known before the request is written.
  const claim = options.claim;
  const { requestId } = await requestDelivery(db, tenantId, { kind: 'replay', webhookId, after, until }, {
    now,
    claim: claim && { item: (created) => claim.item({ ...created, after, until }) },
  });
  return { requestId, after, until };
}
