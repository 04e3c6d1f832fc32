import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { EVENT_ROUTES } from '../events/routes.js';
import {
  applicationEventData,
  applicationReviewedData,
  applicationScoredData,
} from '../applications/responses.js';
import { EVENT_TYPES } from '../events/types.js';
import { jdDeletedData, jdEventData } from '../jds/responses.js';
import { keyCreatedData, keyRevokedData } from '../keys/responses.js';
import { resumeEventData } from '../resumes/responses.js';
import { eventId, id, page, success, timestamp } from '../schemas/response-parts.js';

/** Each event as the log keeps it and webhooks carry it, and what the event routes answer. */

const deleted = z.strictObject({ id, updatedAt: timestamp });
const event = <T extends (typeof EVENT_TYPES)[number], D extends z.ZodMiniType>(type: T, data: D) =>
  z.strictObject({ id: eventId, type: z.literal(type), createdAt: timestamp, data });
/** Each event type, as GET /events and webhook deliveries carry it. */
export const EVENT_SCHEMAS = {
  'jd.created': event('jd.created', jdEventData),
  'jd.updated': event('jd.updated', jdEventData),
  'jd.deleted': event('jd.deleted', jdDeletedData),
  'resume.created': event('resume.created', resumeEventData),
  'resume.updated': event('resume.updated', resumeEventData),
  'resume.deleted': event('resume.deleted', deleted),
  'application.created': event('application.created', applicationEventData),
  'application.updated': event('application.updated', applicationEventData),
  'application.scored': event('application.scored', applicationScoredData),
  'application.reviewed': event('application.reviewed', applicationReviewedData),
  'application.deleted': event(
    'application.deleted',
    z.strictObject({ id, jdId: id, resumeId: id, updatedAt: timestamp }),
  ),
  'key.created': event('key.created', keyCreatedData),
  'key.revoked': event('key.revoked', keyRevokedData),
  'test.reset': event('test.reset', z.strictObject({ resetAt: timestamp })),
} as const satisfies Record<(typeof EVENT_TYPES)[number], z.ZodMiniType>;
/** An event of the log, as GET /events and webhook deliveries carry it. */
export const eventSchema = z.discriminatedUnion(
  'type',
  Object.values(EVENT_SCHEMAS) as unknown as [
    (typeof EVENT_SCHEMAS)['jd.created'],
    ...(typeof EVENT_SCHEMAS)[keyof typeof EVENT_SCHEMAS][],
  ],
);

export const EVENT_RESPONSES = {
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
} as const satisfies RouteResponses<typeof EVENT_ROUTES>;

export const EVENT_SCHEMA_NAMES: [z.ZodMiniType, string][] = [
  [eventSchema, 'Event'],
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
];
