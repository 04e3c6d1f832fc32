import { sharedDb } from '../../lib/db/client.js';
import { listWebhooks } from '../../lib/db/webhooks.js';
import { apiHandler } from '../../lib/http/api-handler.js';

export const handler = apiHandler('listWebhooks', {}, async ({ caller }) => ({ data: await listWebhooks(sharedDb(), caller.tenantId) }));
