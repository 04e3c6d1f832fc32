import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { APPLICATION_ROUTES } from './routes.js';
import { APPLICATION_STATUSES, REVIEW_OUTCOMES } from './statuses.js';
import { score } from '../schemas/fields.js';
import { LIMITS } from '../schemas/limits.js';
import {
  freeText,
  fromMetadata,
  id,
  deletedEntry,
  deltaEntry,
  deltaPagination,
  page,
  slicePagination,
  success,
  timestamp,
  whole,
  wholeOrSlice,
} from '../schemas/response-parts.js';

/** What the application and match routes answer, exactly (the tests and the OpenAPI document read it). */

/** Which model produced a score, as the product names it. */
export const scoreModel = z.strictObject({
  id: freeText(LIMITS.modelField),
  version: freeText(LIMITS.modelField),
});
/** A score with what identifies it: when and by which model (each present when the product reported it). */
export const scoreIdentity = z.strictObject({
  overallScore: score,
  scoredAt: z.optional(timestamp),
  model: z.optional(scoreModel),
  /** given before its JD's scoring inputs last changed (an undated score, once they changed) */
  stale: z.boolean(),
});
/** When the JD's scoring inputs (title, description, experience, requirements) last changed; null: never since it was created. */
const scoringInputsChangedAt = z.nullable(timestamp);
/** A score with all of its provenance, as the product reported it. */
export const aiScore = z.strictObject({
  ...scoreIdentity.def.shape,
  criteria: z.optional(
    z
      .array(
        z.strictObject({
          name: freeText(LIMITS.criterionName),
          score,
          weight: z.optional(score),
        }),
      )
      .check(z.maxLength(LIMITS.criteriaPerScore)),
  ),
  summary: z.optional(freeText(LIMITS.scoreSummary)),
});
export const matchEntry = z.strictObject({
  applicationId: id,
  resumeId: id,
  candidate: z.nullable(fromMetadata),
  email: z.nullable(fromMetadata),
  aiScore: z.nullable(score),
  /** when the score shown was given, and by which model: null when the product did not say */
  scoredAt: z.nullable(timestamp),
  model: z.nullable(scoreModel),
  status: z.enum(APPLICATION_STATUSES),
  /** whether a person reviewed one of its scores, and what the newest review decided */
  reviewed: z.boolean(),
  reviewOutcome: z.nullable(z.enum(REVIEW_OUTCOMES)),
  /** whether the score shown predates the JD's last change of scoring inputs */
  stale: z.boolean(),
  scoringInputsChangedAt,
});
/** A person's review of one AI score (POST /applications/:id/reviews). */
export const review = z.strictObject({
  id,
  applicationId: id,
  /** the score reviewed, as the application shows it */
  score: z.strictObject({
    overallScore: score,
    scoredAt: z.nullable(timestamp),
    model: z.nullable(scoreModel),
  }),
  outcome: z.enum(REVIEW_OUTCOMES),
  reviewer: freeText(LIMITS.reviewer),
  rationale: z.nullable(freeText(LIMITS.reviewRationale)),
  reviewedAt: timestamp,
  /** recorded with a blind key: the reviewer was not shown who the candidate is (docs/compliance.md) */
  blind: z.boolean(),
});
export const application = z.strictObject({
  id,
  jdId: id,
  resumeId: id,
  status: z.enum(APPLICATION_STATUSES),
  aiScore: z.nullable(score),
  aiScores: z.array(aiScore).check(z.maxLength(LIMITS.scoresPerApplication)),
  /** every review of its scores, newest first */
  reviews: z.array(review).check(z.maxLength(LIMITS.reviewsPerApplication)),
  scoringInputsChangedAt,
  createdAt: timestamp,
  updatedAt: timestamp,
});
/** An application as GET /applications lists it: its best score with what identifies it, never the scores' criteria or summaries. */
export const applicationEntry = z.strictObject({
  id,
  jdId: id,
  resumeId: id,
  status: z.enum(APPLICATION_STATUSES),
  aiScore: z.nullable(score),
  scoredAt: z.nullable(timestamp),
  model: z.nullable(scoreModel),
  /** whether the score shown predates the JD's last change of scoring inputs */
  stale: z.boolean(),
  scoringInputsChangedAt,
  createdAt: timestamp,
  updatedAt: timestamp,
});
/** What `application.created` and `application.updated` carry. */
export const applicationEventData = z.strictObject({
  id,
  jdId: id,
  resumeId: id,
  status: z.enum(APPLICATION_STATUSES),
  previousStatus: z.optional(z.enum(APPLICATION_STATUSES)),
  aiScore: z.nullable(score),
  updatedAt: timestamp,
});
/** What `application.scored` carries: the newest score an upsert brought. */
export const applicationScoredData = z.strictObject({
  id,
  jdId: id,
  resumeId: id,
  aiScore: score,
  model: z.nullable(scoreModel),
  scoredAt: z.nullable(timestamp),
  updatedAt: timestamp,
});

/** What `application.reviewed` carries: which score was reviewed and the decision, not who or why. */
export const applicationReviewedData = z.strictObject({
  id,
  jdId: id,
  resumeId: id,
  reviewId: id,
  outcome: z.enum(REVIEW_OUTCOMES),
  scoredAt: z.nullable(timestamp),
  model: z.nullable(scoreModel),
  reviewedAt: timestamp,
  /** recorded with a blind key; absent in the events of reviews made before blind keys: not blind */
  blind: z.optional(z.boolean()),
});

export const APPLICATION_RESPONSES = {
  listMatches: wholeOrSlice(whole(matchEntry)),
  getApplication: success(application),
  createReview: success(review),
  getReview: success(review),
  // A page, or a page of the delta walk (`kind`, as on the other lists that walk deltas).
  listApplications: z.discriminatedUnion('kind', [
    z.strictObject({
      success: z.literal(true),
      kind: z.literal('page'),
      data: page(applicationEntry),
      pagination: slicePagination,
    }),
    z.strictObject({
      success: z.literal(true),
      kind: z.literal('changes'),
      data: page(deltaEntry(applicationEntry, deletedEntry)),
      pagination: deltaPagination,
    }),
  ]),
} as const satisfies RouteResponses<typeof APPLICATION_ROUTES>;

export const APPLICATION_SCHEMA_NAMES: [z.ZodMiniType, string][] = [
  [matchEntry, 'MatchEntry'],
  [application, 'Application'],
  [review, 'Review'],
  [applicationEntry, 'ApplicationEntry'],
  [aiScore, 'AiScore'],
  [scoreIdentity, 'ScoreIdentity'],
  [scoreModel, 'ScoreModel'],
];
