import * as z from 'zod/mini';
import { optionalText, paginationShape } from '../fields.js';
import { LIMITS } from '../limits.js';

export const listResumesQuery = z.strictObject(paginationShape);

export const listCandidatesQuery = z.strictObject({
  ...paginationShape,
  search: optionalText(LIMITS.search),
});
