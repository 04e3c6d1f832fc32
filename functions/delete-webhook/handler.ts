import { sharedDb } from '../../lib/db/client.js';
import { deleteWebhook } from '../../lib/webhooks/api.js';
import { apiHandler } from '../../lib/composition/api-handler.js';

export const handler = apiHandler('deleteWebhook', {}, async ({ caller, path, audit }) => {
  await deleteWebhook(sharedDb(), caller.spaceId, path.webhookId, { audit });
  return { message: 'Webhook deleted; nothing more is sent to it' };
});
