import { sharedDb } from '../../lib/db/client.js';
import { createJd } from '../../lib/db/jds.js';
import { apiHandler } from '../../lib/http/api-handler.js';

export const handler = apiHandler('createJd', async ({ caller, body }) => {
  const jd = await createJd(sharedDb(), caller.tenantId, body);
  return { data: { id: jd.id, status: jd.status, title: jd.title } };
});
