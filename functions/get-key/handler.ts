import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { getApiKey } from '../../lib/keys/store.js';

export const handler = apiHandler('getKey', {}, async ({ caller, path }) => ({
  data: await getApiKey(sharedDb(), caller.spaceId, path.keyId),
}));
