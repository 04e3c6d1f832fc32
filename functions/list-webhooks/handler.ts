import { sharedDb } from '../../lib/db/client.js';
import { listWebhooks } from '../../lib/webhooks/store.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { sliceRequest } from '../../lib/http/pagination.js';
import { listWebhooksQuery } from '../../lib/webhooks/requests.js';

export const handler = apiHandler(
  'listWebhooks',
  { query: listWebhooksQuery },
  async ({ caller, query }) => {
    const webhooks = await listWebhooks(sharedDb(), caller.spaceId, sliceRequest(query));
    return {
      data: webhooks.items,
      ...(webhooks.pagination ? { pagination: webhooks.pagination } : {}),
    };
  },
);
