import { sharedDb } from '../../lib/db/client.js';
import { updateJd } from '../../lib/jds/api.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { updateJdBody } from '../../lib/jds/requests.js';

export const handler = apiHandler('updateJd', { body: updateJdBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      updateJd(sharedDb(), request.caller.spaceId, request.path.jdId, request.body, {
        ifMatch: request.headers['if-match'],
        claim,
        audit: request.audit,
      }),
    respond: (updated) => ({
      data: updated.jd,
      ...(updated.pagination ? { pagination: updated.pagination } : {}),
    }),
    headers: (updated) => ({ ETag: updated.etag }),
  }),
);
