import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { AUDIT_ROUTES } from './routes.js';
import { cursorQuery, described, pageLimitQuery } from '../schemas/fields.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../schemas/pages.js';

const instant = z.iso.datetime({ offset: true }).check(z.maxLength(35));
const token = (max: number, what: string) =>
  z
    .string()
    .check(
      z.maxLength(max),
      z.regex(/^[\x21-\x7e]+$/, `must be ${what}: printable ASCII characters without spaces`),
    );

/** GET /audit-log: newest first, by cursor; filters by the object changed, who changed it and when. */
export const listAuditLogQuery = z
  .strictObject({
    limit: pageLimitQuery({ default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }, 'Entries'),
    cursor: cursorQuery(),
    objectId: described(
      z.optional(token(64, 'an id')),
      'Only the entries about this object (a JD, key, webhook, review… by its id).',
    ),
    actor: described(
      z.optional(token(64, 'a key id or "operator"')),
      'Only the changes made by this key (its id), or by `operator` (the admin command line).',
    ),
    since: described(z.optional(instant), 'Only entries at or after this instant (ISO 8601).'),
    until: described(z.optional(instant), 'Only entries at or before this instant (ISO 8601).'),
  })
  .check(
    z.refine(
      (query) =>
        query.since === undefined ||
        query.until === undefined ||
        Date.parse(query.since) <= Date.parse(query.until),
      { message: 'must not be after until', path: ['since'] },
    ),
  );
export type ListAuditLogQuery = z.infer<typeof listAuditLogQuery>;

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const AUDIT_REQUESTS = {
  listAuditLog: { query: listAuditLogQuery },
} as const satisfies RouteRequests<typeof AUDIT_ROUTES>;
