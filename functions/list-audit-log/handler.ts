import { listAuditLogQuery } from '../../lib/audit/requests.js';
import { listAuditLog } from '../../lib/audit/store.js';
import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { pageRequest } from '../../lib/http/pagination.js';

export const handler = apiHandler(
  'listAuditLog',
  { query: listAuditLogQuery },
  async ({ caller, query }) => {
    const { limit, cursor } = pageRequest(query);
    const { items, ...pagination } = await listAuditLog(
      sharedDb(),
      caller.spaceId,
      { objectId: query.objectId, actor: query.actor, since: query.since, until: query.until },
      { limit, cursor },
    );
    return { data: items, pagination };
  },
);
