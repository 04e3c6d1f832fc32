import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { JD_ROUTES } from './routes.js';
import { APPLICATION_STATUSES } from '../matching/statuses.js';
import { shapeOf } from '../schemas/fields.js';
import {
  deletedEntry,
  freeText,
  id,
  paginatedOrDelta,
  success,
  timestamp,
  whole,
  wholeOrSlice,
} from '../schemas/response-parts.js';
import { EXTERNAL_ID_LIMIT, JD_TEXTS, JD_TYPE_LIMIT } from './fields.js';
import { JD_STATUSES } from './statuses.js';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { LIMITS } from '../schemas/limits.js';

/** What the JD routes answer, exactly (the tests and the OpenAPI document read it). */

const optionalText = (max: number) => z.optional(freeText(max));
/** The integrator's own id of the JD, when it gave one: wherever a JD is named. */
const externalId = z.optional(
  z.string().check(z.maxLength(EXTERNAL_ID_LIMIT), z.regex(/^[\x21-\x7e]+$/)),
);

export const jdSummary = z.strictObject({
  id,
  title: freeText(JD_TEXTS.required.title),
  status: z.enum(JD_STATUSES),
  ...shapeOf(JD_TEXTS.listed, optionalText),
  type: freeText(JD_TYPE_LIMIT),
  externalId,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const jdApplication = z.strictObject({ id, status: z.enum(APPLICATION_STATUSES) });
export const jd = z.strictObject({
  ...jdSummary.def.shape,
  description: freeText(JD_TEXTS.required.description),
  ...shapeOf(JD_TEXTS.detailed, optionalText),
  /** when its title, description, experience or requirements last changed (null: never since it was created): scores given before are stale */
  scoringInputsChangedAt: z.nullable(timestamp),
  applications: whole(jdApplication),
});
/** POST /jds's answer: the JD as GET /jds/:id shows it, in DRAFT. */
export const newJd = z.strictObject({ ...jd.def.shape, status: z.literal('DRAFT') });
/** What `jd.created` and `jd.updated` carry. */
export const jdEventData = z.strictObject({
  id,
  title: freeText(JD_TEXTS.required.title),
  status: z.enum(JD_STATUSES),
  previousStatus: z.optional(z.enum(JD_STATUSES)),
  /** true when what scores are computed from changed (title, description, experience, requirements): scores given before are stale */
  scoringInputsChanged: z.optional(z.literal(true)),
  externalId,
  updatedAt: timestamp,
});
/** How a deleted JD shows in GET /jds's delta walk: with its external id, when it had one. */
export const jdDeletedEntry = z.strictObject({ ...deletedEntry.def.shape, externalId });
/** What `jd.deleted` carries. */
export const jdDeletedData = z.strictObject({ id, externalId, updatedAt: timestamp });

/** What an item of POST /jds/batch did: the JD it created or replaced, or left as it was. */
export const upsertedJd = z.strictObject({
  externalId: z.string().check(z.maxLength(EXTERNAL_ID_LIMIT), z.regex(/^[\x21-\x7e]+$/)),
  id,
  outcome: z.enum(['created', 'updated', 'unchanged']),
});
/** An item of POST /jds/batch that failed, alone: its error as a PUT of it would have answered it. */
export const failedBatchItem = z.strictObject({
  /** as sent (cut to 200 characters), when the item had one */
  externalId: z.optional(freeText(200)),
  error: z.strictObject({
    /** the status a PUT of this item alone would have answered */
    status: z.number(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: freeText(400),
    details: z.optional(
      z
        .array(
          z.strictObject({
            field: freeText(200),
            rule: z.string().check(z.maxLength(64), z.regex(/^[a-z0-9_]+$/)),
            message: freeText(200),
          }),
        )
        .check(z.maxLength(5)),
    ),
  }),
});

export const JD_RESPONSES = {
  listJds: paginatedOrDelta(jdSummary, jdDeletedEntry),
  getJd: wholeOrSlice(jd),
  createJd: success(newJd),
  updateJd: wholeOrSlice(jd),
  upsertJd: wholeOrSlice(jd),
  /** a result per item, in the order sent */
  upsertJds: success(
    z.array(z.union([upsertedJd, failedBatchItem])).check(z.maxLength(LIMITS.batchItems)),
  ),
  /** 204: no body */
  deleteJd: z.strictObject({}),
} as const satisfies RouteResponses<typeof JD_ROUTES>;

export const JD_SCHEMA_NAMES: [z.ZodMiniType, string][] = [
  [jdSummary, 'JdSummary'],
  [jd, 'Jd'],
  [jdApplication, 'JdApplication'],
  [newJd, 'NewJd'],
  [jdDeletedEntry, 'JdDeletedEntry'],
  [upsertedJd, 'UpsertedJd'],
  [failedBatchItem, 'FailedBatchItem'],
];
