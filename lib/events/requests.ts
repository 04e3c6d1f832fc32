import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import { type EVENT_ROUTES, LONG_POLL_MAX_SECONDS } from './routes.js';
import { EVENT_ID_PATTERN, EVENT_TYPES } from './types.js';
import { described, eventIdOrInstant, pageLimitQuery } from '../schemas/fields.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../schemas/pages.js';

const eventTypes = z.string().check(
  z.maxLength(EVENT_TYPES.join(',').length),
  z.regex(
    /^[a-z.]+(,[a-z.]+)*$/,
    `must be one or more of ${EVENT_TYPES.join(', ')}, comma-separated`,
  ),
  z.refine(
    (value) => value.split(',').every((type) => (EVENT_TYPES as readonly string[]).includes(type)),
    `must be one or more of ${EVENT_TYPES.join(', ')}, comma-separated`,
  ),
);

const position = z
  .string()
  .check(
    z.maxLength(30),
    z.regex(EVENT_ID_PATTERN, 'must be an event id or a pagination.nextCursor (evt_…)'),
  );

/** `cursor`, as on every list, or `after` (the same position: an event id); unknown parameters are refused. */
/** How long to wait for an event when there is none yet: whole seconds, 0 (the default) to LONG_POLL_MAX_SECONDS. */
export const waitSeconds = z
  .string()
  .check(
    z.maxLength(2),
    z.regex(
      /^(1?[0-9]|20)$/,
      `must be a whole number of seconds from 0 to ${LONG_POLL_MAX_SECONDS}`,
    ),
  );

export const listEventsQuery = z.strictObject({
  cursor: described(
    z.optional(position),
    'Where the page starts: the `pagination.nextCursor` of the page before. Absent (and no `after`): the oldest event kept (30 days).',
  ),
  after: described(
    z.optional(eventIdOrInstant),
    "Read the events after this one (its id, `evt_…`: the last event you handled, to go on from it), or those from an instant on (ISO 8601 with an offset: now's instant follows the log from now).",
  ),
  type: described(
    z.optional(eventTypes),
    `Only events of these types, comma-separated: ${EVENT_TYPES.join(', ')}.`,
  ),
  limit: pageLimitQuery({ default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }, 'Events'),
  wait: described(
    z.optional(waitSeconds),
    `When no event is after the position yet, hold the request up to this many seconds (0 to ${LONG_POLL_MAX_SECONDS}, default 0) and answer as soon as one is: a long-poll.`,
  ),
});

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const EVENT_REQUESTS = {
  listEvents: { query: listEventsQuery },
} as const satisfies RouteRequests<typeof EVENT_ROUTES>;
