import { sharedDb } from '../../lib/db/client.js';
import { listCandidateChanges, listCandidates } from '../../lib/resumes/store.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import {
  deltaRequest,
  deltaResult,
  pagedResult,
  pageRequest,
  PLAIN_PAGE,
} from '../../lib/http/pagination.js';
import { listCandidatesQuery } from '../../lib/resumes/requests.js';

export const handler = apiHandler(
  'listCandidates',
  { query: listCandidatesQuery },
  async ({ caller, query }) => {
    const delta = deltaRequest(query);
    if (delta) return deltaResult(await listCandidateChanges(sharedDb(), caller.tenantId, delta));
    return {
      ...PLAIN_PAGE,
      ...pagedResult(
        await listCandidates(sharedDb(), caller.tenantId, {
          ...pageRequest(query),
          search: query.search,
          email: query.email,
        }),
      ),
    };
  },
);
