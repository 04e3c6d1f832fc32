import type { Db } from '../db/client.js';
import { eventIdBefore, eventId as newEventId } from '../db/entities/event.js';
import { getEventItem } from '../db/events.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import {
  getWebhook,
  getWebhookItem,
  listWebhookItems,
  replaceWebhookSecrets,
  rotateWebhookSecret,
  type Webhook,
} from '../db/webhooks.js';
import { requestDelivery } from '../db/deliveries.js';
import { EVENT_ID_PATTERN } from '../domain.js';
import { type SealedSecret, sealSecret } from './secret-box.js';
import { newWebhookSecret } from './signing.js';

/**
 * Managing endpoints: the rules around the repository (lib/db/webhooks.ts) that need more than the
 * table: secrets are made here (a new endpoint's URL is checked in ./register.ts, the one function
 * that needs the address rules).
 */
export async function rotateSecret(
  db: Db,
  tenantId: string,
  webhookId: string,
  now = new Date(),
): Promise<{ webhook: Webhook; secret: string }> {
  return rotateWebhookSecret(db, tenantId, webhookId, await newSealedSecret(tenantId), now);
}

/**
 * One-off upgrade of a tenant's endpoints written before secrets were encrypted: every secret kept in
 * clear is sealed in place (its dates kept), so the table stops holding it. Safe while the service
 * runs (a concurrent rotation wins and the endpoint is read again) and to run again.
 */
export async function sealPlaintextSecrets(
  db: Db,
  tenantId: string,
): Promise<{ webhooks: number; secrets: number }> {
  const sealed = { webhooks: 0, secrets: 0 };
  for (const { id } of await listWebhookItems(db, tenantId)) {
    for (;;) {
      const item = await getWebhookItem(db, tenantId, id);
      const plain = item?.secrets.filter((secret) => 'value' in secret) ?? [];
      if (!item || plain.length === 0) break;
      const secrets = await Promise.all(
        item.secrets.map(async (secret) => {
          if (!('value' in secret)) return secret;
          const { value, ...times } = secret;
          return { ...times, sealed: await sealSecret(tenantId, value) };
        }),
      );
      if (await replaceWebhookSecrets(db, tenantId, id, item.secrets, secrets)) {
        sealed.webhooks += 1;
        sealed.secrets += plain.length;
        break;
      }
    }
  }
  return sealed;
}

/** A new signing secret, in clear (shown once, in the answer) and sealed (what the table keeps). */
export async function newSealedSecret(
  tenantId: string,
): Promise<{ secret: string; sealed: SealedSecret }> {
  const secret = newWebhookSecret();
  return { secret, sealed: await sealSecret(tenantId, secret) };
}

export async function retryDelivery(
  db: Db,
  tenantId: string,
  webhookId: string,
  eventId: string,
): Promise<void> {
  await requestDelivery(db, tenantId, { kind: 'retry', webhookId, eventId });
}

/**
 * Sends one signed `webhook.test` event to the endpoint, through the same queue and worker as every
 * delivery, but not in the event log and never retried; returns its event id (the `webhook-id` the
 * receiver sees, and the attempt's `eventId` in the deliveries log).
 */
export async function sendTestDelivery(
  db: Db,
  tenantId: string,
  webhookId: string,
  now = new Date(),
): Promise<{ eventId: string }> {
  const id = newEventId();
  await requestDelivery(
    db,
    tenantId,
    { kind: 'test', webhookId, eventId: id, createdAt: now.toISOString() },
    { now },
  );
  return { eventId: id };
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
    throw new InvalidInputError('since: must not be in the future', [
      { field: 'since', rule: 'not_future', message: 'must not be in the future' },
    ]);
  }
  const after = EVENT_ID_PATTERN.test(since) ? since : eventIdBefore(Date.parse(since));
  const until = eventIdBefore(now.getTime() + 1);
  // The claim records the whole answer: the range is known before the request is written.
  const claim = options.claim;
  const { requestId } = await requestDelivery(
    db,
    tenantId,
    { kind: 'replay', webhookId, after, until },
    {
      now,
      claim: claim && { item: (created) => claim.item({ ...created, after, until }) },
    },
  );
  return { requestId, after, until };
}
