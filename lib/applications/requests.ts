import * as z from 'zod/mini';
import { ID_PATTERN } from '../db/ids.js';
import {
  cursorParameter,
  deltaExcludes,
  deltaShape,
  positiveInteger,
  scoreParameter,
  sliceShape,
} from '../schemas/fields.js';
import { APPLICATION_STATUSES } from './statuses.js';

/** What integrators send about applications and matches: each route's query. */

/** GET /matches/:jdId: a slice of the ranked applications, when asked for. */
export const listMatchesQuery = z.strictObject(sliceShape);

const idFilter = z
  .string()
  .check(
    z.maxLength(64),
    z.regex(ID_PATTERN, 'must be an id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-"'),
  );

/** GET /applications: a page (by cursor) of the tenant's applications, filtered as asked. */
export const listApplicationsQuery = z
  .strictObject({
    limit: z.optional(positiveInteger),
    cursor: z.optional(cursorParameter),
    jdId: z.optional(idFilter),
    resumeId: z.optional(idFilter),
    status: z.optional(z.enum(APPLICATION_STATUSES)),
    minScore: z.optional(scoreParameter),
    maxScore: z.optional(scoreParameter),
    scoredSince: z.optional(z.iso.datetime({ offset: true }).check(z.maxLength(35))),
    ...deltaShape,
  })
  .check(
    deltaExcludes('jdId', 'resumeId', 'status', 'minScore', 'maxScore', 'scoredSince'),
    z.refine(
      (query) =>
        query.minScore === undefined ||
        query.maxScore === undefined ||
        Number(query.minScore) <= Number(query.maxScore),
      { message: 'must not be above maxScore', path: ['minScore'] },
    ),
  );
export type ListApplicationsQuery = z.infer<typeof listApplicationsQuery>;
