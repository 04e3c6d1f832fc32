import { sharedDb } from '../../lib/db/client.js';
import { getJd } from '../../lib/db/jds.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { sliceRequest } from '../../lib/http/pagination.js';
import { getJdQuery } from '../../lib/schemas/requests/jds.js';

export const handler = apiHandler(
  'getJd',
  { query: getJdQuery },
  async ({ caller, path, query, responseHeaders }) => {
    const found = await getJd(sharedDb(), caller.tenantId, path.jdId, sliceRequest(query));
    if (!found) throw new NotFoundError('JD');
    responseHeaders.ETag = found.etag;
    return { data: found.jd, ...(found.pagination ? { pagination: found.pagination } : {}) };
  },
);
