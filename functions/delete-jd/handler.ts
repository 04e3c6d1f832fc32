import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { deleteJd } from '../../lib/jds/api.js';

export const handler = apiHandler('deleteJd', {}, async ({ caller, path, headers, audit }) => {
  await deleteJd(sharedDb(), caller.spaceId, path.jdId, { ifMatch: headers['if-match'], audit });
  return {};
});
