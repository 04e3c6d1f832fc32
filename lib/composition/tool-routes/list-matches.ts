import { listMatchesQuery } from '../../applications/requests.js';
import { listMatches } from '../../applications/store.js';
import { sharedDb } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { apiHandler } from '../api-handler.js';
import { sliceRequest } from '../../http/pagination.js';

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
