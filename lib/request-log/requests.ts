import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { REQUEST_LOG_ROUTES } from './routes.js';
import { cursorQuery, described, pageLimitQuery } from '../schemas/fields.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../schemas/pages.js';

const instant = z.iso.datetime({ offset: true }).check(z.maxLength(35));

/** GET /requests: newest first, by cursor; filters by status, key, route and time. */
export const listRequestsQuery = z
  .strictObject({
    limit: pageLimitQuery({ default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }, 'Requests'),
    cursor: cursorQuery(),
    status: described(
      z.optional(
        z
          .string()
          .check(
            z.maxLength(3),
            z.regex(
              /^([1-5]xx|[1-5][0-9]{2})$/,
              'must be 2xx, 3xx, 4xx, 5xx or a status such as 404',
            ),
          ),
      ),
      'Only the requests answered with this status (`404`) or class of status (`2xx`, `3xx`, `4xx`, `5xx`).',
    ),
    keyId: described(
      z.optional(
        z
          .string()
          .check(
            z.maxLength(64),
            z.regex(
              /^[\x21-\x7e]+$/,
              'must be a key id: printable ASCII characters without spaces',
            ),
          ),
      ),
      'Only the requests made with this key (its id).',
    ),
    route: described(
      z.optional(
        z
          .string()
          .check(
            z.maxLength(200),
            z.regex(
              /^[A-Z]+ \/[\x21-\x7e]*$/,
              'must be a method and a path template, as GET /jds/{jdId}',
            ),
          ),
      ),
      'Only the requests of this route, as its template: `GET /jds/{jdId}`.',
    ),
    after: described(z.optional(instant), 'Only requests at or after this instant (ISO 8601).'),
    before: described(z.optional(instant), 'Only requests at or before this instant (ISO 8601).'),
  })
  .check(
    z.refine(
      (query) =>
        query.after === undefined ||
        query.before === undefined ||
        Date.parse(query.after) <= Date.parse(query.before),
      { message: 'must not be after before', path: ['after'] },
    ),
  );
export type ListRequestsQuery = z.infer<typeof listRequestsQuery>;

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const REQUEST_LOG_REQUESTS = {
  listRequests: { query: listRequestsQuery },
} as const satisfies RouteRequests<typeof REQUEST_LOG_ROUTES>;
