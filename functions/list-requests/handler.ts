import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { pageRequest } from '../../lib/http/pagination.js';
import { listRequestsQuery } from '../../lib/request-log/requests.js';
import { listRequests } from '../../lib/request-log/store.js';

const instant = (value: string | undefined) =>
  value === undefined ? undefined : new Date(value).toISOString();

export const handler = apiHandler(
  'listRequests',
  { query: listRequestsQuery },
  async ({ caller, query }) => {
    const { limit, cursor } = pageRequest(query);
    const { items, ...pagination } = await listRequests(
      sharedDb(),
      caller.spaceId,
      {
        status: query.status,
        keyId: query.keyId,
        route: query.route,
        after: instant(query.after),
        before: instant(query.before),
      },
      { limit, cursor },
    );
    return { data: items, pagination };
  },
);
