import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { deltaRequest, deltaResult, pageRequest, plainPage } from '../../lib/http/pagination.js';
import { listResumesQuery } from '../../lib/resumes/requests.js';
import { listResumeChanges, listResumes } from '../../lib/resumes/store.js';

export const handler = apiHandler(
  'listResumes',
  { query: listResumesQuery },
  async ({ caller, query }) => {
    const delta = deltaRequest(query);
    if (delta) return deltaResult(await listResumeChanges(sharedDb(), caller.spaceId, delta));
    return plainPage(await listResumes(sharedDb(), caller.spaceId, pageRequest(query)));
  },
);
