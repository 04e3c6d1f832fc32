import { readApplication } from '../../lib/applications/store.js';
import { sharedDb } from '../../lib/db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/composition/api-handler.js';

export const handler = apiHandler('getApplication', {}, async ({ caller, path }) => {
  const application = await readApplication(sharedDb(), caller.spaceId, path.applicationId);
  if (!application) throw new NotFoundError('Application');
  return { data: application };
});
