import { listApiKeys } from '../../lib/db/api-keys.js';
import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/http/api-handler.js';

export const handler = apiHandler('listKeys', {}, async ({ caller }) => ({
  data: await listApiKeys(sharedDb(), caller.tenantId),
}));
