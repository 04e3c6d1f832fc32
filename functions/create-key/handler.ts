import { createKey } from '../../lib/composition/keys.js';
import { sharedDb } from '../../lib/db/client.js';
import { apiHandler, readEtag, type ResultOf } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { createKeyBody } from '../../lib/keys/requests.js';

export const handler = apiHandler('createKey', { body: createKeyBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      createKey(
        sharedDb(),
        request.caller.spaceId,
        {
          ...request.body,
          createdBy: `key:${request.caller.keyId}`,
          byBlindKey: request.caller.blind,
        },
        { claim, audit: request.audit },
      ),
    respond: ({ key, record }): ResultOf<'createKey'> => ({ data: { ...record, key } }),
    // The key's ETag, as GET /keys/:id gives it (the plaintext aside).
    headers: ({ record }) => ({ ETag: readEtag('getKey', request.apiVersion, { data: record }) }),
    // The plaintext is shown once and never stored: a replay says so with `key: null` (docs/api.md).
    redact: ({ data }) => ({ data: { ...data, key: null } }),
  }),
);
