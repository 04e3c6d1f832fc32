import { listMatches } from '../../lib/db/applications.js';
import { sharedDb } from '../../lib/db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/http/api-handler.js';

export const handler = apiHandler('listMatches', {}, async ({ caller, path }) => {
  const matches = await listMatches(sharedDb(), caller.tenantId, path.jdId);
  if (!matches) throw new NotFoundError('JD');
  return { data: matches };
});
