import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { APPLICATION_ROUTES } from './routes.js';
import { APPLICATION_STATUSES, REVIEW_OUTCOMES } from '../matching/statuses.js';
import { score } from '../schemas/fields.js';
import {
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
import {
  aiScore,
  application,
  review,
  scoreIdentity,
  scoreModel,
  scoringInputsChangedAt,
} from '../matching/responses.js';

/** What the application and match routes answer, exactly (the tests and the OpenAPI document read it). */

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
