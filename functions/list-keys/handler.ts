import { listApiKeys } from '../../lib/keys/store.js';
import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { sliceRequest } from '../../lib/http/pagination.js';
import { listKeysQuery } from '../../lib/keys/requests.js';

export const handler = apiHandler(
  'listKeys',
  { query: listKeysQuery },
  async ({ caller, query }) => {
    const keys = await listApiKeys(sharedDb(), caller.spaceId, sliceRequest(query));
    return { data: keys.items, ...(keys.pagination ? { pagination: keys.pagination } : {}) };
  },
);
