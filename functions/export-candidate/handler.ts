import { sharedDb } from '../../lib/db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { exportCandidate, exportPage } from '../../lib/composition/candidate-export.js';
import { exportCandidateQuery } from '../../lib/resumes/requests.js';

export const handler = apiHandler(
  'exportCandidate',
  { query: exportCandidateQuery },
  async ({ caller, path, query }) => {
    const exported = await exportCandidate(
      sharedDb(),
      caller.spaceId,
      path.resumeId,
      exportPage(query),
    );
    if (!exported) throw new NotFoundError('Resume');
    return { data: exported.data, pagination: exported.slice };
  },
);
