import { sharedDb } from '../../lib/db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { readResume } from '../../lib/resumes/store.js';

export const handler = apiHandler('getResume', {}, async ({ caller, path }) => {
  const resume = await readResume(sharedDb(), caller.spaceId, path.resumeId);
  if (!resume) throw new NotFoundError('Resume');
  return { data: resume };
});
