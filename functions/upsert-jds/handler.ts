import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { upsertJdsBody } from '../../lib/jds/requests.js';
import { upsertJds } from '../../lib/jds/upsert.js';

export const handler = apiHandler('upsertJds', { body: upsertJdsBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      upsertJds(sharedDb(), request.caller.spaceId, request.body.items, {
        requestId: request.requestId,
        claim,
        audit: request.audit,
      }),
    respond: (results) => ({ data: results }),
  }),
);
