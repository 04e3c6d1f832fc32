import { sharedDb } from '../../lib/db/client.js';
import { getResume } from '../../lib/db/resumes.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/http/api-handler.js';

export const handler = apiHandler('getResume', {}, async ({ caller, path }) => {
  const resume = await getResume(sharedDb(), caller.tenantId, path.resumeId);
  if (!resume) throw new NotFoundError('Resume');
  return { data: resume };
});
