import * as z from 'zod/mini';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { APPLICATION_RESPONSES, APPLICATION_SCHEMA_NAMES } from '../applications/responses.js';
import { AUDIT_RESPONSES, AUDIT_SCHEMA_NAMES } from '../audit/responses.js';
import { REQUEST_LOG_RESPONSES, REQUEST_LOG_SCHEMA_NAMES } from '../request-log/responses.js';
import { EVENT_RESPONSES, EVENT_SCHEMA_NAMES } from './events.js';
import { JD_RESPONSES, JD_SCHEMA_NAMES } from '../jds/responses.js';
import { KEY_RESPONSES, KEY_SCHEMA_NAMES } from '../keys/responses.js';
import { RESUME_RESPONSES, RESUME_SCHEMA_NAMES } from '../resumes/responses.js';
import { WEBHOOK_RESPONSES, WEBHOOK_SCHEMA_NAMES } from '../webhooks/responses.js';
import { TEST_MODE_RESPONSES, TEST_MODE_SCHEMA_NAMES } from './test-mode/responses.js';
import { MCP_RESPONSES } from '../mcp/responses.js';
import type { RouteId } from './routes.js';
import { LIMITS } from '../schemas/limits.js';
import {
  deletedEntry,
  deltaPagination,
  freeText,
  id,
  pagination,
  slicePagination,
  token,
} from '../schemas/response-parts.js';

/**
 * Response schemas: what every endpoint returns, exactly (strict objects, so an extra field fails),
 * with the bounds the service holds them to (lengths from LIMITS, list sizes from pagination). Used by
 * the tests and by the OpenAPI document, where SCHEMA_NAMES gives the resources their names; no
 * function bundles this file.
 */
export const errorResponse = z.strictObject({
  success: z.literal(false),
  error: freeText(LIMITS.message),
  /** what went wrong, for programs: one of a closed set (lib/errors.ts, docs/api.md) */
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  /** on a 400 about fields: each field and the rule it broke */
  details: z.optional(
    z
      .array(
        z.strictObject({
          field: freeText(LIMITS.message),
          rule: z.string().check(z.maxLength(64), z.regex(/^[a-z0-9_]+$/)),
          message: freeText(LIMITS.message),
        }),
      )
      .check(z.maxLength(LIMITS.fieldProblems)),
  ),
  retryAfterMs: z.optional(z.number()),
  /** on a 409 for an external id already in use: the JD that holds it */
  existingId: z.optional(id),
  /** on a 422 for an answer too large: its size and what one answer can carry, in bytes */
  responseBytes: z.optional(z.number()),
  limitBytes: z.optional(z.number()),
  requestId: z.optional(token(128)),
});

/**
 * The named schemas of the OpenAPI document (components/schemas): every resource, envelope part and
 * event, so a generated client has a type for each. The document refers to them wherever they occur.
 */
export const SCHEMA_NAMES = new Map<z.ZodMiniType, string>([
  ...JD_SCHEMA_NAMES,
  ...RESUME_SCHEMA_NAMES,
  ...APPLICATION_SCHEMA_NAMES,
  ...KEY_SCHEMA_NAMES,
  ...WEBHOOK_SCHEMA_NAMES,
  ...AUDIT_SCHEMA_NAMES,
  ...REQUEST_LOG_SCHEMA_NAMES,
  ...TEST_MODE_SCHEMA_NAMES,
  [pagination, 'Pagination'],
  [slicePagination, 'SlicePagination'],
  [deltaPagination, 'DeltaPagination'],
  [deletedEntry, 'DeletedEntry'],
  [errorResponse, 'Error'],
  ...EVENT_SCHEMA_NAMES,
]);

const assembled = {
  ...JD_RESPONSES,
  ...RESUME_RESPONSES,
  ...APPLICATION_RESPONSES,
  ...KEY_RESPONSES,
  ...EVENT_RESPONSES,
  ...WEBHOOK_RESPONSES,
  ...AUDIT_RESPONSES,
  ...REQUEST_LOG_RESPONSES,
  ...TEST_MODE_RESPONSES,
  ...MCP_RESPONSES,
} as const;
/**
 * Every route's answer. Whole because each resource's table is held to its own routes where it is
 * declared (`satisfies RouteResponses<…>`): a route without an answer fails to compile there, once,
 * and not again at every reader of this table.
 */
export const responses = assembled as typeof assembled & Record<RouteId, z.ZodMiniType>;
