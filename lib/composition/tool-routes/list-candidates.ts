import { sharedDb } from '../../db/client.js';
import { listCandidateChanges, listCandidates } from '../../applications/candidates.js';
import { apiHandler } from '../api-handler.js';
import { deltaRequest, deltaResult, pageRequest, plainPage } from '../../http/pagination.js';
import { listCandidatesQuery } from '../../resumes/requests.js';

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
