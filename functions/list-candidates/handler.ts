import { sharedDb } from '../../lib/db/client.js';
import { listCandidateChanges, listCandidates } from '../../lib/resumes/store.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { deltaRequest, deltaResult, pageRequest, plainPage } from '../../lib/http/pagination.js';
import { listCandidatesQuery } from '../../lib/resumes/requests.js';

export const handler = apiHandler(
  'listCandidates',
  { query: listCandidatesQuery },
  async ({ caller, query }) => {
    const delta = deltaRequest(query);
    if (delta) return deltaResult(await listCandidateChanges(sharedDb(), caller.spaceId, delta));
    return plainPage(
      await listCandidates(sharedDb(), caller.spaceId, {
        ...pageRequest(query),
        search: query.search,
        email: query.email,
      }),
    );
  },
);
