import { sharedDb } from '../../lib/db/client.js';
import { listWebhooks } from '../../lib/db/webhooks.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { listWebhooksQuery } from '../../lib/schemas/requests/webhooks.js';

export const handler = apiHandler('listWebhooks', { query: listWebhooksQuery }, async ({ caller }) => ({ data: await listWebhooks(sharedDb(), caller.tenantId) }));
