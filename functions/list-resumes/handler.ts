import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { pagedResult, pageRequest } from '../../lib/http/pagination.js';
import { listResumesQuery } from '../../lib/resumes/requests.js';
import { listResumes } from '../../lib/resumes/store.js';

export const handler = apiHandler(
  'listResumes',
  { query: listResumesQuery },
  async ({ caller, query }) =>
    pagedResult(await listResumes(sharedDb(), caller.tenantId, pageRequest(query))),
);
