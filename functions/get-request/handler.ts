import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { getRequest } from '../../lib/request-log/store.js';

export const handler = apiHandler('getRequest', {}, async ({ caller, path }) => ({
  data: await getRequest(sharedDb(), caller.spaceId, path.requestId),
}));
