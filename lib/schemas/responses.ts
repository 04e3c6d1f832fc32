import * as z from 'zod/mini';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { EVENT_TYPES } from '../domain.js';
import {
  APPLICATION_RESPONSES,
  APPLICATION_SCHEMA_NAMES,
  applicationEventData,
  applicationScoredData,
} from '../applications/responses.js';
import {
  KEY_RESPONSES,
  KEY_SCHEMA_NAMES,
  keyCreatedData,
  keyRevokedData,
} from '../keys/responses.js';
import { WEBHOOK_RESPONSES, WEBHOOK_SCHEMA_NAMES } from '../webhooks/responses.js';
import { JD_RESPONSES, JD_SCHEMA_NAMES, jdEventData } from '../jds/responses.js';
import { RESUME_RESPONSES, RESUME_SCHEMA_NAMES, resumeEventData } from '../resumes/responses.js';
import { LIMITS } from './limits.js';
import {
  eventId,
  freeText,
  id,
  page,
  pagination,
  slicePagination,
  success,
  timestamp,
  token,
} from './response-parts.js';

/**
 * Response schemas: what every endpoint returns, exactly (strict objects, so an extra field fails),
 * with the bounds the service holds them to (lengths from LIMITS, list sizes from pagination). Used by
 * the tests and by the OpenAPI document, where SCHEMA_NAMES gives the resources their names; no
 * function bundles this file.
 */
const deleted = z.strictObject({ id, updatedAt: timestamp });
const event = <T extends (typeof EVENT_TYPES)[number], D extends z.ZodMiniType>(type: T, data: D) =>
  z.strictObject({ id: eventId, type: z.literal(type), createdAt: timestamp, data });
/** Each event type, as GET /events and webhook deliveries carry it. */
export const EVENT_SCHEMAS = {
  'jd.created': event('jd.created', jdEventData),
  'jd.updated': event('jd.updated', jdEventData),
  'jd.deleted': event('jd.deleted', deleted),
  'resume.created': event('resume.created', resumeEventData),
  'resume.updated': event('resume.updated', resumeEventData),
  'resume.deleted': event('resume.deleted', deleted),
  'application.created': event('application.created', applicationEventData),
  'application.updated': event('application.updated', applicationEventData),
  'application.scored': event('application.scored', applicationScoredData),
  'application.deleted': event(
    'application.deleted',
    z.strictObject({ id, jdId: id, resumeId: id, updatedAt: timestamp }),
  ),
  'key.created': event('key.created', keyCreatedData),
  'key.revoked': event('key.revoked', keyRevokedData),
} as const satisfies Record<(typeof EVENT_TYPES)[number], z.ZodMiniType>;
/** An event of the log, as GET /events and webhook deliveries carry it. */
export const eventSchema = z.discriminatedUnion(
  'type',
  Object.values(EVENT_SCHEMAS) as unknown as [
    (typeof EVENT_SCHEMAS)['jd.created'],
    ...(typeof EVENT_SCHEMAS)[keyof typeof EVENT_SCHEMAS][],
  ],
);

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
  [eventSchema, 'Event'],
  [pagination, 'Pagination'],
  [slicePagination, 'SlicePagination'],
  [errorResponse, 'Error'],
  ...Object.entries(EVENT_SCHEMAS).map(
    ([type, schema]) =>
      [
        schema,
        `${type
          .split('.')
          .map((part) => part[0]?.toUpperCase() + part.slice(1))
          .join('')}Event`,
      ] as [z.ZodMiniType, string],
  ),
]);

export const responses = {
  ...JD_RESPONSES,
  ...RESUME_RESPONSES,
  ...APPLICATION_RESPONSES,
  ...KEY_RESPONSES,
  listEvents: z.strictObject({
    success: z.literal(true),
    data: page(eventSchema),
    pagination: z.strictObject({
      limit: z.number(),
      nextCursor: z.optional(eventId),
      hasMore: z.boolean(),
    }),
  }),
  getEvent: success(eventSchema),
  ...WEBHOOK_RESPONSES,
} as const;
