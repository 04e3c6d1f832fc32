import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { upsertJdsBody } from '../../lib/jds/requests.js';
import { BATCH_RESERVE_MS, upsertJds } from '../../lib/jds/upsert.js';

export const handler = apiHandler('upsertJds', { body: upsertJdsBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      upsertJds(sharedDb(), request.caller.spaceId, request.body.items, {
        requestId: request.requestId,
        deadline: Date.now() + request.remainingMs() - BATCH_RESERVE_MS,
        claim,
        audit: request.audit,
      }),
    respond: (results) => ({ data: results }),
    // Each item is its own transaction: the key is taken before the first, duplicates wait for the answer.
    manyTransactions: true,
  }),
);
