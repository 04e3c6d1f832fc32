import type { AuditContext } from '../audit/model.js';
import { webhookLocalUrlsAllowed } from '../config.js';
import type { Db } from '../db/client.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import { createWebhook, type NewWebhook } from './api.js';
import { type Webhook } from './model.js';
import { newSealedSecret } from './api.js';
import { checkWebhookUrl, type UrlCheckOptions } from './url-safety.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Registers an endpoint: its URL is checked (scheme, port, every address its host resolves to) before
 * it is stored with a new secret. Apart from ./api.ts so that only the functions that check URLs
 * (this one's and the delivery worker's) bundle the address rules.
 */
export async function registerWebhook(
  db: Db,
  spaceId: SpaceId,
  input: NewWebhook,
  options: {
    claim?: IdempotencyClaim<{ webhook: Webhook; secret: string }> | undefined;
    audit?: AuditContext | undefined;
    resolve?: UrlCheckOptions['resolve'];
  } = {},
): Promise<{ webhook: Webhook; secret: string }> {
  const url = await checkWebhookUrl(input.url, {
    allowLocal: webhookLocalUrlsAllowed(),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  return createWebhook(
    db,
    spaceId,
    { ...input, url: url.href, ...(await newSealedSecret(spaceId)) },
    { claim: options.claim, audit: options.audit },
  );
}
