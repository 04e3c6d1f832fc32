import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { resetTestSpace } from '../../lib/composition/test-mode/space.js';

export const handler = apiHandler('resetTestSpace', {}, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) => resetTestSpace(sharedDb(), request.caller.spaceId, { claim }),
    respond: (outcome) => ({ data: outcome }),
  }),
);
