import { listApplicationsQuery } from '../../applications/requests.js';
import { listApplicationChanges, listApplications } from '../../applications/store.js';
import { sharedDb } from '../../db/client.js';
import { apiHandler } from '../api-handler.js';
import { deltaRequest, deltaResult, pageRequest } from '../../http/pagination.js';

export const handler = apiHandler(
  'listApplications',
  { query: listApplicationsQuery },
  async ({ caller, query }) => {
    const delta = deltaRequest(query);
    if (delta) return deltaResult(await listApplicationChanges(sharedDb(), caller.spaceId, delta));
    const { limit, cursor } = pageRequest(query);
    const { items, ...pagination } = await listApplications(
      sharedDb(),
      caller.spaceId,
      {
        jdId: query.jdId,
        resumeId: query.resumeId,
        status: query.status,
        minScore: query.minScore === undefined ? undefined : Number(query.minScore),
        maxScore: query.maxScore === undefined ? undefined : Number(query.maxScore),
        scoredSince: query.scoredSince === undefined ? undefined : Date.parse(query.scoredSince),
      },
      { limit, cursor },
    );
    // A page of its own kind (no page numbers: a slice of the filtered walk).
    return { kind: 'page' as const, data: items, pagination };
  },
);
