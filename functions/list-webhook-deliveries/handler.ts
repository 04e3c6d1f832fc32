import { sharedDb } from '../../lib/db/client.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../lib/schemas/pages.js';
import { limitOf } from '../../lib/http/pagination.js';
import { listDeliveryAttempts } from '../../lib/webhooks/store.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { listWebhookDeliveriesQuery } from '../../lib/webhooks/requests.js';

export const handler = apiHandler(
  'listWebhookDeliveries',
  { query: listWebhookDeliveriesQuery },
  async ({ caller, path, query }) => {
    const limit = limitOf(query.limit, { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE });
    const { items, replay, ...pagination } = await listDeliveryAttempts(
      sharedDb(),
      caller.spaceId,
      path.webhookId,
      { limit, cursor: query.cursor },
    );
    return { data: items, pagination, ...(replay ? { replay } : {}) };
  },
);
