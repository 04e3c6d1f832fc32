import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { REQUEST_LOG_ROUTES } from './routes.js';
import {
  apiVersion,
  freeText,
  page,
  slicePagination,
  success,
  timestamp,
  token,
} from '../schemas/response-parts.js';
import { LIMITS } from '../schemas/limits.js';
import { ENTRY_LIMITS } from './entry.js';

/** An entry of the request log, exactly as GET /requests answers it. */
export const requestLogEntry = z.strictObject({
  /** the Request-Id its answer carried */
  requestId: token(128),
  time: timestamp,
  method: z.string().check(z.maxLength(10), z.regex(/^[A-Z]+$/)),
  /** below /api/v1, without the query string */
  path: z.string().check(z.maxLength(ENTRY_LIMITS.path), z.regex(/^\/[\x20-\x7e]*$/)),
  /** the route's template; null when no route matched */
  route: z.nullable(z.string().check(z.maxLength(200), z.regex(/^[A-Z]+ \/[\x21-\x7e]*$/))),
  status: z.int32().check(z.gte(100), z.lte(599), z.meta({ format: 'int32' })),
  /** the envelope's code, on an error */
  code: z.nullable(z.string().check(z.maxLength(64), z.regex(/^[a-z_]+$/))),
  durationMs: z.int32().check(z.gte(0), z.meta({ format: 'int32' })),
  keyId: token(64),
  /** the key's name when it made the request */
  keyName: freeText(LIMITS.keyName),
  /** the API version the answer was shaped for */
  apiVersion: z.nullable(apiVersion),
  /** the Idempotency-Key sent, and whether the answer replayed the first one's */
  idempotencyKey: z.nullable(freeText(ENTRY_LIMITS.idempotencyKey)),
  replayed: z.boolean(),
  /** the names of the query parameters sent; never their values */
  queryParameters: z
    .array(z.string().check(z.maxLength(ENTRY_LIMITS.queryName), z.regex(/^[\x21-\x7e]+$/)))
    .check(z.maxLength(ENTRY_LIMITS.queryNames)),
  userAgent: z.nullable(freeText(ENTRY_LIMITS.userAgent)),
  /** IPv4 or IPv6: the client's address, kept as long as the entry (30 days) */
  clientIp: z.nullable(z.string().check(z.maxLength(64), z.regex(/^[0-9A-Fa-f.:]+$/))),
});

export const REQUEST_LOG_RESPONSES = {
  listRequests: z.strictObject({
    success: z.literal(true),
    data: page(requestLogEntry),
    pagination: slicePagination,
  }),
  getRequest: success(requestLogEntry),
} as const satisfies RouteResponses<typeof REQUEST_LOG_ROUTES>;

export const REQUEST_LOG_SCHEMA_NAMES: [z.ZodMiniType, string][] = [
  [requestLogEntry, 'RequestLogEntry'],
];
