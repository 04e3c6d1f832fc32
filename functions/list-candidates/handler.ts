import { sharedDb } from '../../lib/db/client.js';
import { listCandidates } from '../../lib/resumes/store.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { pagedResult, pageRequest } from '../../lib/http/pagination.js';
import { listCandidatesQuery } from '../../lib/resumes/requests.js';

export const handler = apiHandler(
  'listCandidates',
  { query: listCandidatesQuery },
  async ({ caller, query }) =>
    pagedResult(
      await listCandidates(sharedDb(), caller.tenantId, {
        ...pageRequest(query),
        search: query.search,
        email: query.email,
      }),
    ),
);
