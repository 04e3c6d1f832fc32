import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { APPLICATION_ROUTES } from './routes.js';
import { ID_PATTERN } from '../schemas/ids.js';
import {
  cursorQuery,
  deltaExcludes,
  deltaShape,
  described,
  optionalText,
  pageLimitQuery,
  text,
  scoreParameter,
  sliceShape,
} from '../schemas/fields.js';
import { APPLICATION_STATUSES, REVIEW_OUTCOMES } from '../matching/statuses.js';
import { LIMITS } from '../schemas/limits.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../schemas/pages.js';

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
    limit: pageLimitQuery({ default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
    cursor: cursorQuery(),
    jdId: described(z.optional(idFilter), 'Only the applications to this JD.'),
    resumeId: described(
      z.optional(idFilter),
      "Only this resume's (this candidate's) applications.",
    ),
    status: described(
      z.optional(z.enum(APPLICATION_STATUSES)),
      'Only applications in this status: SCREENING (being assessed), SHORTLISTED (chosen for the next step), REJECTED (turned down), HIRED (offered and accepted).',
    ),
    minScore: described(
      z.optional(scoreParameter),
      'Only applications whose best AI score is at least this (0 to 100); unscored ones are left out.',
    ),
    maxScore: described(
      z.optional(scoreParameter),
      'Only applications whose best AI score is at most this (0 to 100); unscored ones are left out.',
    ),
    scoredSince: described(
      z.optional(z.iso.datetime({ offset: true }).check(z.maxLength(35))),
      'Only applications scored at or after this instant (ISO 8601), by their latest score.',
    ),
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
  score: described(
    z.optional(
      z.strictObject({
        scoredAt: z.iso.datetime({ offset: true }).check(z.maxLength(35)),
        model: z.optional(
          z.strictObject({ id: text(LIMITS.modelField), version: text(LIMITS.modelField) }),
        ),
      }),
    ),
    "The score reviewed: its `scoredAt`, and its `model` when two scores share that time (as the application shows them). Absent: the application's best score (`aiScore`).",
  ),
  outcome: described(
    z.enum(REVIEW_OUTCOMES),
    'What the person decided about the score: confirmed (the score stands), overridden (the person decided otherwise than the score), rejected (the score is not to be used: wrong or unfit).',
  ),
  reviewer: described(
    reviewer,
    'Your own id of the person who reviewed (1-128 printable characters, no spaces); the service keeps no other detail of them.',
  ),
  rationale: described(
    optionalText(LIMITS.reviewRationale),
    `Why, in the person's words (at most ${LIMITS.reviewRationale} characters).`,
  ),
});
export type CreateReviewBody = z.infer<typeof createReviewBody>;

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const APPLICATION_REQUESTS = {
  listMatches: { query: listMatchesQuery },
  listApplications: { query: listApplicationsQuery },
  createReview: { body: createReviewBody },
} as const satisfies RouteRequests<typeof APPLICATION_ROUTES>;
