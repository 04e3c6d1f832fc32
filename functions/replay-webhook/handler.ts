import { sharedDb } from '../../lib/db/client.js';
import { apiHandler, type ResultOf } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { replayWebhookBody } from '../../lib/webhooks/requests.js';
import { replayEvents } from '../../lib/webhooks/delivery-requests.js';

export const handler = apiHandler('replayWebhook', { body: replayWebhookBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      replayEvents(sharedDb(), request.caller.spaceId, request.path.webhookId, request.body.since, {
        claim,
        audit: request.audit,
      }),
    respond: (replay): ResultOf<'replayWebhook'> => ({
      data: { webhookId: request.path.webhookId, ...replay, status: 'queued' },
    }),
  }),
);
