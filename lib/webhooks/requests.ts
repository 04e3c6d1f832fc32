import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { WEBHOOK_ROUTES } from './routes.js';
import { EVENT_TYPES } from '../events/types.js';
import {
  cursorQuery,
  eventIdOrInstant,
  optionalText,
  pageLimitQuery,
  sliceShape,
} from '../schemas/fields.js';
import { MAX_DELIVERY_RATE } from './model.js';
import { LIMITS } from '../schemas/limits.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../schemas/pages.js';
import { apiVersionField } from '../versions/fields.js';

export const createWebhookBody = z.strictObject({
  // Checked further (scheme, address, DNS) in lib/webhooks/url-safety.ts.
  url: z.string().check(z.minLength(1), z.maxLength(2048), z.meta({ format: 'uri' })),
  events: z.array(z.enum([...EVENT_TYPES, '*'])).check(
    z.minLength(1),
    z.maxLength(EVENT_TYPES.length + 1),
    z.refine((events) => new Set(events).size === events.length, 'must not repeat a type'),
  ),
  description: optionalText(LIMITS.shortText),
  /** deliveries per second the endpoint receives at most (default DEFAULT_DELIVERY_RATE) */
  rateLimit: z.optional(
    z.int32().check(z.gte(1), z.lte(MAX_DELIVERY_RATE), z.meta({ format: 'int32' })),
  ),
  /** the API version its events are shaped for (default: the version the request is served with) */
  apiVersion: z.optional(apiVersionField),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const replayWebhookBody = z.strictObject({ since: eventIdOrInstant });

/** GET /webhooks: at most 10 endpoints, whole, or (like every list) a slice with `limit` and `cursor`. */
export const listWebhooksQuery = z.strictObject(sliceShape);

export const listWebhookDeliveriesQuery = z.strictObject({
  limit: pageLimitQuery({ default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }, 'Deliveries'),
  cursor: cursorQuery(),
});

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const WEBHOOK_REQUESTS = {
  createWebhook: { body: createWebhookBody },
  listWebhooks: { query: listWebhooksQuery },
  listWebhookDeliveries: { query: listWebhookDeliveriesQuery },
  replayWebhook: { body: replayWebhookBody },
} as const satisfies RouteRequests<typeof WEBHOOK_ROUTES>;
