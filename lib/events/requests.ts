import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { EVENT_ROUTES } from './routes.js';
import { EVENT_ID_PATTERN, EVENT_TYPES } from './types.js';
import { positiveInteger } from '../schemas/fields.js';

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
export const listEventsQuery = z.strictObject({
  cursor: z.optional(position),
  after: z.optional(position),
  type: z.optional(eventTypes),
  limit: z.optional(positiveInteger),
});

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const EVENT_REQUESTS = {
  listEvents: { query: listEventsQuery },
} as const satisfies RouteRequests<typeof EVENT_ROUTES>;
