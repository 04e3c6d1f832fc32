import * as z from 'zod/mini';
import { paginationShape } from '../fields.js';
import { LIMITS } from '../limits.js';

export const listResumesQuery = z.strictObject(paginationShape);

export const listCandidatesQuery = z.strictObject({
  ...paginationShape,
  search: z.optional(z.string().check(z.maxLength(LIMITS.search))),
});
