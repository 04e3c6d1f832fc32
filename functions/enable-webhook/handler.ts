import { sharedDb } from '../../lib/db/client.js';
import { enableWebhook } from '../../lib/webhooks/api.js';
import { apiHandler } from '../../lib/composition/api-handler.js';

export const handler = apiHandler('enableWebhook', {}, async ({ caller, path, audit }) => ({
  data: await enableWebhook(sharedDb(), caller.spaceId, path.webhookId, { audit }),
}));
