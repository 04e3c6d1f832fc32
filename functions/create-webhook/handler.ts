import { sharedDb } from '../../lib/db/client.js';
import { apiHandler, readEtag, type ResultOf } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { createWebhookBody } from '../../lib/webhooks/requests.js';
import { registerWebhook } from '../../lib/webhooks/register.js';

export const handler = apiHandler('createWebhook', { body: createWebhookBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      registerWebhook(
        sharedDb(),
        request.caller.spaceId,
        { ...request.body, apiVersion: request.body.apiVersion ?? request.apiVersion },
        { claim, audit: request.audit },
      ),
    respond: ({ webhook, secret }): ResultOf<'createWebhook'> => ({ data: { ...webhook, secret } }),
    // The endpoint's ETag, as GET /webhooks/:id gives it (the secret aside).
    headers: ({ webhook }) => ({
      ETag: readEtag('getWebhook', request.apiVersion, { data: webhook }),
    }),
    // The secret is shown once: a replay says so with `secret: null` (docs/api.md).
    redact: ({ data }) => ({ data: { ...data, secret: null } }),
  }),
);
