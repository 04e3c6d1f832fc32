import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { rotateSecret } from '../../lib/webhooks/api.js';

export const handler = apiHandler('rotateWebhookSecret', {}, async ({ caller, path, audit }) => {
  const { webhook, secret } = await rotateSecret(sharedDb(), caller.spaceId, path.webhookId, {
    audit,
  });
  return { data: { ...webhook, secret } };
});
