import { readApplication } from '../../applications/store.js';
import { sharedDb } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { apiHandler } from '../api-handler.js';

export const handler = apiHandler('getApplication', {}, async ({ caller, path }) => {
  const application = await readApplication(sharedDb(), caller.spaceId, path.applicationId);
  if (!application) throw new NotFoundError('Application');
  return { data: application };
});
