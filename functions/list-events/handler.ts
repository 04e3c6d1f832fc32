import { sharedDb } from '../../lib/db/client.js';
import { listEvents } from '../../lib/db/events.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../lib/db/pagination.js';
import type { EventType } from '../../lib/domain.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { listEventsQuery } from '../../lib/schemas/requests/events.js';

export const handler = apiHandler('listEvents', { query: listEventsQuery }, async ({ caller, query }) => {
  const limit = Math.min(query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit), MAX_PAGE_SIZE);
  const page = await listEvents(sharedDb(), caller.tenantId, { after: query.after, types: query.type?.split(',') as EventType[] | undefined, limit });
  return { data: page.events, pagination: { limit, nextCursor: page.nextCursor, hasMore: page.hasMore } };
});
