import { sharedDb } from '../../lib/db/client.js';
import { removeJd } from '../../lib/db/jds.js';
import { apiHandler } from '../../lib/http/api-handler.js';

export const handler = apiHandler('deleteJd', {}, async ({ caller, path, headers }) => {
  await removeJd(sharedDb(), caller.tenantId, path.jdId, { ifMatch: headers['if-match'] });
  return {};
});
