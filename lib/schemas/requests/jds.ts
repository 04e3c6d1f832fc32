import * as z from 'zod/mini';
import { JD_STATUSES } from '../../domain.js';
import { optionalText, paginationShape, sliceShape, text } from '../fields.js';
import { LIMITS } from '../limits.js';

export const listJdsQuery = z.strictObject({ ...paginationShape, status: z.optional(z.enum(JD_STATUSES)) });

/** GET /jds/:jdId: a slice of the JD's applications, when asked for. */
export const getJdQuery = z.strictObject(sliceShape);

/** GET /matches/:jdId: a slice of the ranked applications, when asked for. */
export const listMatchesQuery = z.strictObject(sliceShape);

/** The fields a JD may have or not, the same in POST and PATCH. */
const optionalJdFields = {
  department: optionalText(LIMITS.shortText),
  location: optionalText(LIMITS.shortText),
  experience: optionalText(LIMITS.shortText),
  type: z.optional(text(LIMITS.shortText)),
  salary: optionalText(LIMITS.shortText),
  requirements: optionalText(LIMITS.longText),
};

export const createJdBody = z.strictObject({
  title: text(LIMITS.title),
  description: text(LIMITS.longText),
  createdById: text(LIMITS.createdById),
  ...optionalJdFields,
});
export type CreateJdBody = z.infer<typeof createJdBody>;

/** PATCH /jds/:jdId: the fields to change (at least one), each with the rules of POST /jds. */
export const updateJdBody = z
  .strictObject({
    title: z.optional(text(LIMITS.title)),
    description: z.optional(text(LIMITS.longText)),
    ...optionalJdFields,
    status: z.optional(z.enum(JD_STATUSES)),
  })
  .check(z.refine((body) => Object.values(body).some((value) => value !== undefined), 'must change at least one field'));
export type UpdateJdBody = z.infer<typeof updateJdBody>;
