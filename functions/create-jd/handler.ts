import { sharedDb } from '../../lib/db/client.js';
import { createJd } from '../../lib/db/jds.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { withIdempotency } from '../../lib/http/idempotency.js';

export const handler = apiHandler('createJd', async (request) =>
  withIdempotency(sharedDb(), 'createJd', request, async () => {
    const jd = await createJd(sharedDb(), request.caller.tenantId, request.body);
    return { data: { id: jd.id, status: jd.status, title: jd.title } };
  }),
);
