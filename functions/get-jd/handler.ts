import { sharedDb } from '../../lib/db/client.js';
import { getJd } from '../../lib/db/jds.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/http/api-handler.js';

export const handler = apiHandler('getJd', {}, async ({ caller, path }) => {
  const jd = await getJd(sharedDb(), caller.tenantId, path.jdId);
  if (!jd) throw new NotFoundError('JD');
  return { data: jd };
});
