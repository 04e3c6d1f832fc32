import { sharedDb } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { apiHandler } from '../api-handler.js';
import { etagOf } from '../../http/etag.js';
import { sliceRequest } from '../../http/pagination.js';
import { getJdQuery } from '../../jds/requests.js';
import { readJdDetail } from '../../jds/store.js';

export const handler = apiHandler(
  'getJd',
  { query: getJdQuery },
  async ({ caller, path, query, responseHeaders }) => {
    const found = await readJdDetail(sharedDb(), caller.spaceId, path.jdId, sliceRequest(query));
    if (!found) throw new NotFoundError('JD');
    responseHeaders.ETag = etagOf(found.version);
    return { data: found.jd, ...(found.pagination ? { pagination: found.pagination } : {}) };
  },
);
