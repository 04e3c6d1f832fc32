import { listMatchesQuery } from '../../lib/applications/requests.js';
import { listMatches } from '../../lib/applications/store.js';
import { sharedDb } from '../../lib/db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { sliceRequest } from '../../lib/http/pagination.js';

export const handler = apiHandler(
  'listMatches',
  { query: listMatchesQuery },
  async ({ caller, path, query }) => {
    const matches = await listMatches(sharedDb(), caller.spaceId, path.jdId, sliceRequest(query));
    if (!matches) throw new NotFoundError('JD');
    return {
      data: matches.items,
      ...(matches.pagination ? { pagination: matches.pagination } : {}),
    };
  },
);
