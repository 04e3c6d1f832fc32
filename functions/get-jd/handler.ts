import { sharedDb } from '../../lib/db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { etagOf } from '../../lib/http/etag.js';
import { sliceRequest } from '../../lib/http/pagination.js';
import { getJdQuery } from '../../lib/jds/requests.js';
import { readJdDetail } from '../../lib/jds/store.js';

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
