import { sharedDb } from '../../lib/db/client.js';
import { getWebhook } from '../../lib/webhooks/store.js';
import { apiHandler } from '../../lib/composition/api-handler.js';

export const handler = apiHandler('getWebhook', {}, async ({ caller, path }) => ({
  data: await getWebhook(sharedDb(), caller.spaceId, path.webhookId),
}));
