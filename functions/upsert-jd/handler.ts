import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { upsertJdBody } from '../../lib/jds/requests.js';
import { upsertJd } from '../../lib/jds/upsert.js';

export const handler = apiHandler('upsertJd', { body: upsertJdBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      upsertJd(sharedDb(), request.caller.spaceId, request.path.externalId, request.body, {
        ifMatch: request.headers['if-match'],
        claim,
        audit: request.audit,
      }),
    respond: (upserted) => ({
      data: upserted.jd,
      ...(upserted.pagination ? { pagination: upserted.pagination } : {}),
    }),
    headers: (upserted) => ({ ETag: upserted.etag }),
    created: (upserted) => upserted.outcome === 'created',
  }),
);
