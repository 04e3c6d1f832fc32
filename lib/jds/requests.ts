import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { JD_ROUTES } from './routes.js';
import {
  deltaExcludes,
  deltaShape,
  described,
  freeText,
  optionalShape,
  paginationShape,
  removableShape,
  shapeOf,
  sliceShape,
  text,
} from '../schemas/fields.js';
import { EXTERNAL_ID_LIMIT, EXTERNAL_ID_PATTERN, JD_TEXTS, JD_TYPE_LIMIT } from './fields.js';
import { JD_STATUSES } from './statuses.js';
import { LIMITS } from '../schemas/limits.js';

/** What integrators send about JDs: each route's query and body (a handler imports its own only). */

/** The integrator's own id of a JD, as written to it and as searched for. */
const externalId = z
  .string()
  .check(
    z.maxLength(EXTERNAL_ID_LIMIT),
    z.regex(
      EXTERNAL_ID_PATTERN,
      `must be 1-${EXTERNAL_ID_LIMIT} printable ASCII characters without spaces`,
    ),
  );

export const listJdsQuery = z
  .strictObject({
    ...paginationShape,
    status: described(
      z.optional(z.enum(JD_STATUSES)),
      'Only JDs in this status: DRAFT (created, not yet published), PUBLISHED (on the candidate portal), CLOSED (no longer taking applications), ARCHIVED (kept for the record).',
    ),
    externalId: described(
      z.optional(externalId),
      'The JD your system knows by this id of its own (the `externalId` it was written with): one JD at most.',
    ),
    ...deltaShape,
  })
  .check(
    z.refine((query) => query.externalId === undefined || query.cursor === undefined, {
      message: 'is not taken with externalId: its answer holds one JD at most',
      path: ['cursor'],
    }),
    deltaExcludes('page', 'status', 'externalId'),
  );

/** GET /jds/:jdId: a slice of the JD's applications, when asked for. */
export const getJdQuery = z.strictObject(sliceShape);

/** The texts a JD may have or not (optional in POST, removable in PATCH); `type`, when sent, says something. */
const optionalJdTexts = {
  ...shapeOf(JD_TEXTS.listed, freeText),
  type: text(JD_TYPE_LIMIT),
  ...shapeOf(JD_TEXTS.detailed, freeText),
};
const optionalTexts = { ...optionalJdTexts, externalId };

export const createJdBody = z.strictObject({
  ...shapeOf(JD_TEXTS.required, text),
  ...optionalShape(optionalTexts),
});
export type CreateJdBody = z.infer<typeof createJdBody>;

/**
 * PATCH /jds/:jdId: the fields to change (at least one), each with the rules of POST /jds; an optional
 * field sent as null is removed (`type` goes back to its default), as JSON Merge Patch has it.
 */
export const updateJdBody = z
  .strictObject({
    title: z.optional(text(JD_TEXTS.required.title)),
    description: z.optional(text(JD_TEXTS.required.description)),
    ...removableShape(optionalTexts),
    status: z.optional(z.enum(JD_STATUSES)),
  })
  .check(
    z.refine(
      (body) => Object.values(body).some((value) => value !== undefined),
      'must change at least one field',
    ),
  );
export type UpdateJdBody = z.infer<typeof updateJdBody>;

/**
 * PUT /jds/by-external-id/:externalId: the JD whole, as POST /jds takes it, its external id in the
 * path. Replacing a JD, the optional fields left out are removed; `createdById` is kept from its creation.
 */
export const upsertJdBody = z.strictObject({
  ...shapeOf(JD_TEXTS.required, text),
  ...optionalShape(optionalJdTexts),
});
export type UpsertJdBody = z.infer<typeof upsertJdBody>;

/** An item of POST /jds/batch: a JD as PUT /jds/by-external-id/:externalId takes it, with its `externalId`. */
export const upsertJdsItem = z.strictObject({ externalId, ...upsertJdBody.def.shape });

/**
 * An item of POST /jds/batch as it arrives: each is checked on its own (./upsert.ts), so that one bad
 * item fails alone. The reference shows it as upsertJdsItem (scripts/local/openapi.ts).
 */
export const upsertJdsEntry = described(
  z.unknown(),
  'A JD as PUT /jds/by-external-id/{externalId} takes it, with its `externalId`.',
);

export const upsertJdsBody = z.strictObject({
  items: z.array(upsertJdsEntry).check(z.minLength(1), z.maxLength(LIMITS.batchItems)),
});

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const JD_REQUESTS = {
  listJds: { query: listJdsQuery },
  getJd: { query: getJdQuery },
  createJd: { body: createJdBody },
  updateJd: { body: updateJdBody },
  upsertJd: { body: upsertJdBody },
  upsertJds: { body: upsertJdsBody },
} as const satisfies RouteRequests<typeof JD_ROUTES>;
