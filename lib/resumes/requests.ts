import * as z from 'zod/mini';
import { optionalText, paginationShape } from '../schemas/fields.js';
import { LIMITS } from '../schemas/limits.js';

/** What integrators send about resumes and candidates: each route's query. */

export const listResumesQuery = z.strictObject(paginationShape);

export const listCandidatesQuery = z.strictObject({
  ...paginationShape,
  search: optionalText(LIMITS.search),
});
