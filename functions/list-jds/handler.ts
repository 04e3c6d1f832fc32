import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { pagedResult, pageRequest } from '../../lib/http/pagination.js';
import { listJdsQuery } from '../../lib/jds/requests.js';
import { listJds } from '../../lib/jds/store.js';

export const handler = apiHandler('listJds', { query: listJdsQuery }, async ({ caller, query }) =>
  pagedResult(
    await listJds(sharedDb(), caller.tenantId, {
      ...pageRequest(query),
      status: query.status,
      externalId: query.externalId,
    }),
  ),
);
