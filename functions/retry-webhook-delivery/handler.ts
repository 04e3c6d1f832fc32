import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { retryDelivery } from '../../lib/webhooks/delivery-requests.js';

export const handler = apiHandler('retryWebhookDelivery', {}, async ({ caller, path, audit }) => {
  await retryDelivery(sharedDb(), caller.spaceId, path.webhookId, path.eventId, { audit });
  return { data: { webhookId: path.webhookId, eventId: path.eventId, status: 'queued' as const } };
});
