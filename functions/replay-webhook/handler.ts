import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { replayWebhookBody } from '../../lib/schemas/requests/webhooks.js';
import { replayEvents } from '../../lib/webhooks/endpoints.js';

export const handler = apiHandler('replayWebhook', { body: replayWebhookBody }, async ({ caller, path, body }) => {
  const range = await replayEvents(sharedDb(), caller.tenantId, path.webhookId, body.since);
  return { data: { webhookId: path.webhookId, ...range, status: 'queued' as const } };
});
