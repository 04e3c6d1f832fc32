import { sharedDb } from '../../db/client.js';
import { apiHandler } from '../api-handler.js';
import { deltaRequest, deltaResult, pageRequest, plainPage } from '../../http/pagination.js';
import { listJdsQuery } from '../../jds/requests.js';
import { listJdChanges, listJds } from '../../jds/store.js';

export const handler = apiHandler('listJds', { query: listJdsQuery }, async ({ caller, query }) => {
  const delta = deltaRequest(query);
  if (delta) return deltaResult(await listJdChanges(sharedDb(), caller.spaceId, delta));
  return plainPage(
    await listJds(sharedDb(), caller.spaceId, {
      ...pageRequest(query),
      status: query.status,
      externalId: query.externalId,
    }),
  );
});
