import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { AUDIT_ROUTES } from './routes.js';
import { freeText, id, page, slicePagination, timestamp } from '../schemas/response-parts.js';
import { AUDIT_ACTIONS } from './actions.js';
import { LIMITS } from '../schemas/limits.js';

/** Printable ASCII without spaces: ids, the actor, request ids. */
const PRINTABLE = /^[\x21-\x7e]+$/;

/** An entry of the security history, exactly as GET /audit-log answers it. */
export const auditEntry = z.strictObject({
  id,
  at: timestamp,
  action: z.enum(AUDIT_ACTIONS),
  object: z.strictObject({
    type: z.enum(['key', 'webhook', 'jd', 'review']),
    id: z.string().check(z.maxLength(64), z.regex(PRINTABLE)),
    /** its version after the change, where it has one (a JD's) */
    version: z.nullable(z.number()),
    /** what it belongs to, where it belongs to something: a review's application */
    parent: z.optional(
      z.strictObject({
        type: z.literal('application'),
        id: z.string().check(z.maxLength(64), z.regex(PRINTABLE)),
      }),
    ),
  }),
  /** the acting key's id, or "operator" for the admin CLI */
  actor: z.string().check(z.maxLength(64), z.regex(PRINTABLE)),
  /** the acting key's name when it acted; null for the operator (the admin CLI acts with no key) */
  actorName: z.nullable(freeText(LIMITS.keyName)),
  /** on a change to an existing object: the names (never the values) of the fields it changed */
  changedFields: z.optional(
    z
      .array(z.string().check(z.maxLength(64), z.regex(/^[A-Za-z][A-Za-z0-9]*$/)))
      .check(z.maxLength(64)),
  ),
  requestId: z.string().check(z.maxLength(128), z.regex(PRINTABLE)),
  /** IPv4 or IPv6 */
  clientIp: z.nullable(z.string().check(z.maxLength(64), z.regex(/^[0-9A-Fa-f.:]+$/))),
  /** `METHOD /path/{parameter}`, or `admin <command>` for the CLI */
  route: z.string().check(z.maxLength(200), z.regex(/^[\x20-\x7e]+$/)),
  /** where the change was made: through the API with the key, in the developer console as the key, or by the admin CLI */
  via: z.enum(['api', 'console', 'cli']),
});

export const AUDIT_RESPONSES = {
  listAuditLog: z.strictObject({
    success: z.literal(true),
    data: page(auditEntry),
    pagination: slicePagination,
  }),
} as const satisfies RouteResponses<typeof AUDIT_ROUTES>;

export const AUDIT_SCHEMA_NAMES: [z.ZodMiniType, string][] = [[auditEntry, 'AuditEntry']];
