import * as z from 'zod/mini';
import { JD_STATUSES } from '../../domain.js';
import { freeText, paginationShape, removable, sliceShape, text } from '../fields.js';
import { LIMITS } from '../limits.js';

export const listJdsQuery = z.strictObject({
  ...paginationShape,
  status: z.optional(z.enum(JD_STATUSES)),
});

/** GET /jds/:jdId: a slice of the JD's applications, when asked for. */
export const getJdQuery = z.strictObject(sliceShape);

/** GET /matches/:jdId: a slice of the ranked applications, when asked for. */
export const listMatchesQuery = z.strictObject(sliceShape);

/** The texts a JD may have or not: optional in POST, removable in PATCH. */
const shortText = freeText(LIMITS.shortText);
const longText = freeText(LIMITS.longText);
const optionalJdFields = {
  department: z.optional(shortText),
  location: z.optional(shortText),
  experience: z.optional(shortText),
  type: z.optional(text(LIMITS.shortText)),
  salary: z.optional(shortText),
  requirements: z.optional(longText),
};

export const createJdBody = z.strictObject({
  title: text(LIMITS.title),
  description: text(LIMITS.longText),
  createdById: text(LIMITS.createdById),
  ...optionalJdFields,
});
export type CreateJdBody = z.infer<typeof createJdBody>;

/**
 * PATCH /jds/:jdId: the fields to change (at least one), each with the rules of POST /jds; an optional
 * field sent as null is removed (`type` goes back to its default), as JSON Merge Patch has it.
 */
export const updateJdBody = z
  .strictObject({
    title: z.optional(text(LIMITS.title)),
    description: z.optional(text(LIMITS.longText)),
    department: removable(shortText),
    location: removable(shortText),
    experience: removable(shortText),
    type: removable(text(LIMITS.shortText)),
    salary: removable(shortText),
    requirements: removable(longText),
    status: z.optional(z.enum(JD_STATUSES)),
  })
  .check(
    z.refine(
      (body) => Object.values(body).some((value) => value !== undefined),
      'must change at least one field',
    ),
  );
export type UpdateJdBody = z.infer<typeof updateJdBody>;
