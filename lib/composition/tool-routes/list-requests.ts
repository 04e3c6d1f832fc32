import { sharedDb } from '../../db/client.js';
import { apiHandler } from '../api-handler.js';
import { pageRequest } from '../../http/pagination.js';
import { listRequestsQuery } from '../../request-log/requests.js';
import { listRequests } from '../../request-log/store.js';

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
