import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { createJd } from '../../lib/jds/api.js';
import { createJdBody } from '../../lib/jds/requests.js';

export const handler = apiHandler('createJd', { body: createJdBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      createJd(sharedDb(), request.caller.spaceId, request.body, { claim, audit: request.audit }),
    respond: ({ jd }) => ({ data: jd }),
    headers: ({ etag }) => ({ ETag: etag }),
  }),
);
