import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { WEBHOOK_ROUTES } from './routes.js';
import { EVENT_TYPES } from '../events/types.js';
import { LIMITS } from '../schemas/limits.js';
import {
  eventId,
  freeText,
  id,
  message,
  page,
  slicePagination,
  success,
  timestamp,
  token,
  wholeOrSlice,
} from '../schemas/response-parts.js';
import { MAX_DELIVERY_RATE, MAX_WEBHOOKS } from './model.js';
import { apiVersion } from '../versions/responses.js';
import { RESPONSE_BODY_BYTES } from './deliver.js';

/** What the webhook routes answer, exactly (the tests and the OpenAPI document read it). */

const replayProgress = z.strictObject({
  requestId: token(128),
  after: eventId,
  until: eventId,
  position: eventId,
  queued: z.number(),
  startedAt: timestamp,
  progressAt: timestamp,
});
const health = z.strictObject({
  /** its last 2xx, up to a minute behind; null before the first */
  lastSuccessAt: z.nullable(timestamp),
  lastFailureAt: z.nullable(timestamp),
  /** the first failure of the run going on now; null when it is not failing */
  failingSince: z.nullable(timestamp),
  /** the failed attempts of that run */
  failedAttempts: z.int32().check(z.gte(0), z.meta({ format: 'int32' })),
  /** while failing: the earliest time a failure disables it, if the run goes on */
  disablesAt: z.nullable(timestamp),
});
const webhook = z.strictObject({
  id,
  url: z.url().check(z.maxLength(2048)),
  events: z.array(z.enum([...EVENT_TYPES, '*'])).check(z.maxLength(EVENT_TYPES.length + 1)),
  description: z.optional(freeText(LIMITS.shortText)),
  status: z.enum(['enabled', 'disabled']),
  disabledReason: z.optional(freeText(LIMITS.message)),
  /** deliveries per second at most */
  rateLimit: z.int32().check(z.gte(1), z.lte(MAX_DELIVERY_RATE), z.meta({ format: 'int32' })),
  /** the replay running on the endpoint now */
  replay: z.optional(replayProgress),
  /** the API version its events are shaped for */
  apiVersion,
  /** how its deliveries are going */
  health,
  createdAt: timestamp,
  updatedAt: timestamp,
});
/** A webhook with its signing secret, only in the answers that create one; `secret` is null in the replay of an idempotent create: it is shown once, in the first answer. */
const newWebhook = z.strictObject({
  ...webhook.def.shape,
  secret: z.nullable(z.string().check(z.maxLength(128), z.regex(/^whsec_[A-Za-z0-9+/=]+$/))),
});
const deliveryAttempt = z.strictObject({
  id,
  eventId,
  /** the event's type (absent on an attempt recorded before attempts kept it) */
  eventType: z.optional(z.enum([...EVENT_TYPES, 'webhook.test'])),
  attempt: z.number(),
  trigger: z.enum(['automatic', 'manual', 'test']),
  statusCode: z.nullable(z.number()),
  durationMs: z.number(),
  /** on a failed attempt: what its status means, or why no answer came */
  error: z.optional(freeText(LIMITS.message)),
  /** on a non-2xx answer: the first kilobyte of what the receiver answered, as text */
  responseBody: z.optional(freeText(RESPONSE_BODY_BYTES)),
  at: timestamp,
});

/** The event of a test delivery (POST /webhooks/:id/test): sent, never in the log. */
export const testEventSchema = z.strictObject({
  id: eventId,
  type: z.literal('webhook.test'),
  createdAt: timestamp,
  data: z.strictObject({ webhookId: id, message: freeText(200) }),
});

const queued = z.strictObject({ webhookId: id, eventId, status: z.literal('queued') });

export const WEBHOOK_RESPONSES = {
  createWebhook: success(newWebhook),
  listWebhooks: wholeOrSlice(z.array(webhook).check(z.maxLength(MAX_WEBHOOKS))),
  getWebhook: success(webhook),
  deleteWebhook: message,
  rotateWebhookSecret: success(newWebhook),
  enableWebhook: success(webhook),
  listWebhookDeliveries: z.strictObject({
    success: z.literal(true),
    data: page(deliveryAttempt),
    pagination: slicePagination,
    /** the replay running on the endpoint now, and how far it has come */
    replay: z.optional(replayProgress),
  }),
  retryWebhookDelivery: success(queued),
  testWebhook: success(queued),
  replayWebhook: success(
    z.strictObject({
      webhookId: id,
      requestId: token(128),
      after: eventId,
      until: eventId,
      status: z.literal('queued'),
    }),
  ),
} as const satisfies RouteResponses<typeof WEBHOOK_ROUTES>;

export const WEBHOOK_SCHEMA_NAMES: [z.ZodMiniType, string][] = [
  [webhook, 'Webhook'],
  [newWebhook, 'NewWebhook'],
  [replayProgress, 'ReplayProgress'],
  [deliveryAttempt, 'DeliveryAttempt'],
  [health, 'WebhookHealth'],
  [testEventSchema, 'WebhookTestEvent'],
];
