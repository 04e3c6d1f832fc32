import { createApiKey } from '../../lib/db/api-keys.js';
import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { withIdempotency } from '../../lib/http/idempotency.js';

export const handler = apiHandler('createKey', async (request) =>
  withIdempotency(
    sharedDb(),
    'createKey',
    request,
    async () => {
      const { key, record } = await createApiKey(sharedDb(), request.caller.tenantId, {
        ...request.body,
        createdBy: `key:${request.caller.keyId}`,
      });
      return { data: { ...record, key } as { key?: string } };
    },
    // The plaintext is shown once and never stored, so a replay returns the record without it.
    ({ data }) => ({ data: { ...data, key: undefined } }),
  ),
);
