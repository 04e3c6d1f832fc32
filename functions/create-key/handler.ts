import { createApiKey } from '../../lib/db/api-keys.js';
import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/http/api-handler.js';

export const handler = apiHandler('createKey', async ({ caller, body }) => {
  const { key, record } = await createApiKey(sharedDb(), caller.tenantId, {
    ...body,
    createdBy: `key:${caller.keyId}`,
  });
  return { data: { ...record, key } };
});
