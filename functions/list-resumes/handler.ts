import { sharedDb } from '../../lib/db/client.js';
import { listResumes } from '../../lib/db/resumes.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { pagedResult, pageRequest } from '../../lib/http/pagination.js';
import { listResumesQuery } from '../../lib/schemas/requests/resumes.js';

export const handler = apiHandler(
  'listResumes',
  { query: listResumesQuery },
  async ({ caller, query }) =>
    pagedResult(await listResumes(sharedDb(), caller.tenantId, pageRequest(query))),
);
