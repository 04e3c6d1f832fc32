import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { AUDIT_ROUTES } from './routes.js';
import { cursorParameter, positiveInteger } from '../schemas/fields.js';

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
    limit: z.optional(positiveInteger),
    cursor: z.optional(cursorParameter),
    objectId: z.optional(token(64, 'an id')),
    actor: z.optional(token(64, 'a key id or "operator"')),
    since: z.optional(instant),
    until: z.optional(instant),
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
