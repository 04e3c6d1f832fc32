import * as z from 'zod/mini';
import { EVENT_ID_PATTERN, EVENT_TYPES } from '../../domain.js';
import { positiveInteger } from '../fields.js';


const eventTypes = z.string().check(
  z.refine(
    (value) => value.split(',').every((type) => (EVENT_TYPES as readonly string[]).includes(type)),
    `must be one or more of ${EVENT_TYPES.join(', ')}, comma-separated`,
  ),
);

/** Unknown parameters are ignored, as on every list. */
export const listEventsQuery = z.object({
  after: z.optional(z.string().check(z.regex(EVENT_ID_PATTERN, 'must be an event id or a pagination.nextCursor (evt_…)'))),
  type: z.optional(eventTypes),
  limit: z.optional(positiveInteger),
});
