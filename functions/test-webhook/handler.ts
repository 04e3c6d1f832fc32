import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { sendTestDelivery } from '../../lib/webhooks/delivery-requests.js';

export const handler = apiHandler('testWebhook', {}, async ({ caller, path, audit }) => {
  const { eventId } = await sendTestDelivery(sharedDb(), caller.spaceId, path.webhookId, {
    audit,
  });
  return { data: { webhookId: path.webhookId, eventId, status: 'queued' as const } };
});
