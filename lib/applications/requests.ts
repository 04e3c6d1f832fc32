import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { APPLICATION_ROUTES } from './routes.js';
import { ID_PATTERN } from '../db/ids.js';
import {
  cursorParameter,
  deltaExcludes,
  deltaShape,
  optionalText,
  positiveInteger,
  text,
  scoreParameter,
  sliceShape,
} from '../schemas/fields.js';
import { APPLICATION_STATUSES, REVIEW_OUTCOMES } from './statuses.js';
import { LIMITS } from '../schemas/limits.js';

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

/** Who reviewed: the integrator's own id of the person (opaque to the service). */
const reviewer = z
  .string()
  .check(
    z.maxLength(LIMITS.reviewer),
    z.regex(
      /^[\x21-\x7e]{1,128}$/,
      `must be 1-${LIMITS.reviewer} printable ASCII characters without spaces`,
    ),
  );

/** POST /applications/:id/reviews: a person's decision about one of the application's scores. */
export const createReviewBody = z.strictObject({
  /** the score reviewed, by when it was given (and by which model when several share the time); absent: the one every list shows as `aiScore` (the highest) */
  score: z.optional(
    z.strictObject({
      scoredAt: z.iso.datetime({ offset: true }).check(z.maxLength(35)),
      model: z.optional(
        z.strictObject({ id: text(LIMITS.modelField), version: text(LIMITS.modelField) }),
      ),
    }),
  ),
  outcome: z.enum(REVIEW_OUTCOMES),
  reviewer,
  rationale: optionalText(LIMITS.reviewRationale),
});
export type CreateReviewBody = z.infer<typeof createReviewBody>;

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const APPLICATION_REQUESTS = {
  listMatches: { query: listMatchesQuery },
  listApplications: { query: listApplicationsQuery },
  createReview: { body: createReviewBody },
} as const satisfies RouteRequests<typeof APPLICATION_ROUTES>;
