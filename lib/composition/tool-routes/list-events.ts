import { sharedDb } from '../../db/client.js';
import { listEventsWaiting } from '../../events/store.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../schemas/pages.js';
import { limitOf } from '../../http/pagination.js';
import type { EventType } from '../../events/types.js';
import { fieldError } from '../../errors.js';
import { apiHandler } from '../api-handler.js';
import { listEventsQuery } from '../../events/requests.js';
import { positionNotAhead } from '../../events/model.js';
import { callLog } from '../../observability/trace.js';
import { functionTimeoutMs, LONG_POLL_LOOKS_MS } from '../../http/route-definition.js';
import { ROUTES } from '../routes.js';

/**
 * The wait asked for, cut so that the look after it and the answer still fit in the function's time
 * (the look before it may have taken some): a slow moment shortens the wait, never the answer.
 */
function waitWithin(askedMs: number): number {
  const elapsedMs = callLog()?.elapsedMs ?? 0;
  const leftMs = functionTimeoutMs(ROUTES.listEvents) - elapsedMs - LONG_POLL_LOOKS_MS / 2;
  return Math.max(0, Math.min(askedMs, leftMs));
}

export const handler = apiHandler(
  'listEvents',
  { query: listEventsQuery },
  async ({ caller, query }) => {
    const limit = limitOf(query.limit, { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE });
    // A place the log cannot reach yet is refused, as the event stream refuses it (never a silent empty page).
    const after = query.after === undefined ? undefined : positionNotAhead('after', query.after);
    if (query.cursor !== undefined) positionNotAhead('cursor', query.cursor);
    if (query.cursor !== undefined && after !== undefined && query.cursor !== after) {
      throw fieldError(
        'cursor',
        'one_position',
        'give cursor or after (the same position), not two different ones',
      );
    }
    const page = await listEventsWaiting(
      sharedDb(),
      caller.spaceId,
      {
        after: query.cursor ?? after,
        types: query.type?.split(',') as EventType[] | undefined,
        limit,
      },
      waitWithin(Number(query.wait ?? 0) * 1000),
    );
    // As on every list, nextCursor leads on only when there is more; a poller at the end keeps the last
    // event id it saw as its position (docs/api.md, Events).
    return {
      data: page.events,
      pagination: {
        limit,
        hasMore: page.hasMore,
        ...(page.hasMore && page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      },
    };
  },
);
