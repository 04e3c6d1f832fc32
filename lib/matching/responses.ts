import * as z from 'zod/mini';
import { score } from '../schemas/fields.js';
import { LIMITS } from '../schemas/limits.js';
import { freeText, id, timestamp } from '../schemas/response-parts.js';
import { APPLICATION_STATUSES, REVIEW_OUTCOMES } from './statuses.js';

/**
 * How an application, its scores and its reviews show in answers: GET /applications/:id, and each
 * candidate's applications (GET /candidates), so declared below both resources.
 */

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
export const scoringInputsChangedAt = z.nullable(timestamp);
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
