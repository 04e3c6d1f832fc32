import { revokeApiKey } from '../../lib/keys/api.js';
import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';

export const handler = apiHandler('revokeKey', {}, async ({ caller, path, audit }) => {
  await revokeApiKey(sharedDb(), caller.spaceId, path.keyId, { audit });
  return { message: 'API key revoked; it can no longer authenticate' };
});
