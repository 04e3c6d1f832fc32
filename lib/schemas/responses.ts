import * as z from 'zod/mini';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { SCOPES } from '../auth/scopes.js';
import { APPLICATION_STATUSES, EVENT_TYPES, JD_STATUSES, PARSE_STATUSES } from '../domain.js';

/**
 * Response schemas: what every endpoint returns, exactly (strict objects, so an extra field fails).
 * Used by the tests and by the OpenAPI document.
 */
const timestamp = z.iso.datetime();
/** The spec's page fields, and what every list answers: `hasMore`, and `nextCursor` exactly when it is true. */
const pagination = z.strictObject({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
  hasMore: z.boolean(),
  nextCursor: z.optional(z.string()),
});
const success = <T extends z.ZodMiniType>(data: T) => z.strictObject({ success: z.literal(true), data });
/** The pagination of an opt-in slice (present only when `limit` or `cursor` was sent). */
const slicePagination = z.strictObject({ limit: z.number(), hasMore: z.boolean(), nextCursor: z.optional(z.string()) });
/** A list the spec hands over whole, with the pagination of a slice when one was asked for. */
const wholeOrSlice = <T extends z.ZodMiniType>(data: T) =>
  z.strictObject({ success: z.literal(true), data, pagination: z.optional(slicePagination) });
const paginated = <T extends z.ZodMiniType>(item: T) =>
  z.strictObject({ success: z.literal(true), data: z.array(item), pagination });

const jdListItem = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.enum(JD_STATUSES),
  department: z.optional(z.string()),
  location: z.optional(z.string()),
  experience: z.optional(z.string()),
  type: z.string(),
  salary: z.optional(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const shortMetadata = z.strictObject({ skills: z.optional(z.array(z.string())), experience: z.optional(z.string()) });
const resumeListItem = z.strictObject({
  id: z.string(),
  fileName: z.string(),
  parseStatus: z.enum(PARSE_STATUSES),
  metadata: shortMetadata,
  createdAt: timestamp,
});
const apiKeyRecord = z.strictObject({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  createdAt: timestamp,
  createdBy: z.string(),
  lastUsedAt: z.nullable(timestamp),
  revokedAt: z.nullable(timestamp),
  expiresAt: z.nullable(timestamp),
});
const quota = z.strictObject({ limit: z.number(), used: z.number(), remaining: z.number(), resetAt: timestamp });

const jdEventData = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.enum(JD_STATUSES),
  previousStatus: z.optional(z.enum(JD_STATUSES)),
  updatedAt: timestamp,
});
const resumeEventData = z.strictObject({ id: z.string(), parseStatus: z.enum(PARSE_STATUSES), updatedAt: timestamp });
const applicationEventData = z.strictObject({
  id: z.string(),
  jdId: z.string(),
  resumeId: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  previousStatus: z.optional(z.enum(APPLICATION_STATUSES)),
  aiScore: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  updatedAt: timestamp,
});
const deleted = z.strictObject({ id: z.string(), updatedAt: timestamp });
const event = <T extends (typeof EVENT_TYPES)[number], D extends z.ZodMiniType>(type: T, data: D) =>
  z.strictObject({ id: z.string(), type: z.literal(type), createdAt: timestamp, data });
/** An event of the log, as GET /events and webhook deliveries carry it. */
export const eventSchema = z.discriminatedUnion('type', [
  event('jd.created', jdEventData),
  event('jd.updated', jdEventData),
  event('jd.deleted', deleted),
  event('resume.created', resumeEventData),
  event('resume.updated', resumeEventData),
  event('resume.deleted', deleted),
  event('application.created', applicationEventData),
  event('application.updated', applicationEventData),
  event('application.deleted', z.strictObject({ id: z.string(), jdId: z.string(), resumeId: z.string(), updatedAt: timestamp })),
  event('key.created', z.strictObject({ id: z.string(), name: z.string(), scopes: z.array(z.enum(SCOPES)), expiresAt: z.nullable(timestamp), updatedAt: timestamp })),
  event('key.revoked', z.strictObject({ id: z.string(), name: z.string(), updatedAt: timestamp })),
]);

const replayProgress = z.strictObject({
  requestId: z.string(),
  after: z.string(),
  until: z.string(),
  position: z.string(),
  queued: z.number(),
  startedAt: timestamp,
  progressAt: timestamp,
});
const webhook = z.strictObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum([...EVENT_TYPES, '*'])),
  description: z.optional(z.string()),
  status: z.enum(['enabled', 'disabled']),
  disabledReason: z.optional(z.string()),
  /** the replay running on the endpoint now */
  replay: z.optional(replayProgress),
  createdAt: timestamp,
  updatedAt: timestamp,
});
/** A webhook with its signing secret, only in the answers that create one; `secret` is null in the replay of an idempotent create: it is shown once, in the first answer. */
const webhookWithSecret = z.strictObject({ ...webhook.def.shape, secret: z.nullable(z.string()) });
const deliveryAttempt = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  attempt: z.number(),
  trigger: z.enum(['automatic', 'manual']),
  statusCode: z.nullable(z.number()),
  durationMs: z.number(),
  error: z.optional(z.string()),
  at: timestamp,
});

export const errorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  /** what went wrong, for programs: one of a closed set (lib/errors.ts, docs/api.md) */
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  /** on a 400 about fields: each field and the rule it broke */
  details: z.optional(z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() }))),
  retryAfterMs: z.optional(z.number()),
  /** on a 422 for an answer too large: its size and what one answer can carry, in bytes */
  responseBytes: z.optional(z.number()),
  limitBytes: z.optional(z.number()),
  requestId: z.optional(z.string()),
});

export const responses = {
  listJds: paginated(jdListItem),
  getJd: wholeOrSlice(
    z.strictObject({
      ...jdListItem.def.shape,
      description: z.string(),
      requirements: z.optional(z.string()),
      applications: z.array(z.strictObject({ id: z.string(), status: z.enum(APPLICATION_STATUSES) })),
    }),
  ),
  createJd: success(z.strictObject({ id: z.string(), status: z.literal('DRAFT'), title: z.string() })),
  listResumes: paginated(resumeListItem),
  getResume: success(
    z.strictObject({
      id: z.string(),
      fileName: z.string(),
      parseStatus: z.enum(PARSE_STATUSES),
      metadata: z.record(z.string(), z.unknown()),
      createdAt: timestamp,
    }),
  ),
  listMatches: wholeOrSlice(
    z.array(
      z.strictObject({
        applicationId: z.string(),
        resumeId: z.string(),
        candidate: z.nullable(z.string()),
        email: z.nullable(z.string()),
        aiScore: z.nullable(z.number().check(z.gte(0), z.lte(100))),
        status: z.enum(APPLICATION_STATUSES),
      }),
    ),
  ),
  listCandidates: paginated(
    z.strictObject({
      ...resumeListItem.def.shape,
      applications: z.array(
        z.strictObject({
          id: z.string(),
          status: z.enum(APPLICATION_STATUSES),
          aiScores: z.array(z.strictObject({ overallScore: z.number() })),
          jobDescription: z.strictObject({ id: z.string(), title: z.string() }),
        }),
      ),
    }),
  ),
  /** `key` is null in the replay of an idempotent create: the plaintext is shown once, never stored. */
  createKey: success(z.strictObject({ ...apiKeyRecord.def.shape, key: z.nullable(z.string()) })),
  listKeys: wholeOrSlice(z.array(apiKeyRecord)),
  revokeKey: z.strictObject({ success: z.literal(true), message: z.string() }),
  listEvents: z.strictObject({
    success: z.literal(true),
    data: z.array(eventSchema),
    pagination: z.strictObject({ limit: z.number(), nextCursor: z.optional(z.string()), hasMore: z.boolean() }),
  }),
  getEvent: success(eventSchema),
  createWebhook: success(webhookWithSecret),
  listWebhooks: success(z.array(webhook)),
  getWebhook: success(webhook),
  deleteWebhook: z.strictObject({ success: z.literal(true), message: z.string() }),
  rotateWebhookSecret: success(webhookWithSecret),
  enableWebhook: success(webhook),
  listWebhookDeliveries: z.strictObject({
    success: z.literal(true),
    data: z.array(deliveryAttempt),
    pagination: slicePagination,
    /** the replay running on the endpoint now, and how far it has come */
    replay: z.optional(replayProgress),
  }),
  retryWebhookDelivery: success(z.strictObject({ webhookId: z.string(), eventId: z.string(), status: z.literal('queued') })),
  replayWebhook: success(z.strictObject({ webhookId: z.string(), requestId: z.string(), after: z.string(), until: z.string(), status: z.literal('queued') })),
  whoami: success(
    z.strictObject({
      tenantId: z.string(),
      keyId: z.string(),
      name: z.string(),
      scopes: z.array(z.enum(SCOPES)),
      quota,
    }),
  ),
} as const;
