import * as z from 'zod/mini';
import { LIMITS } from '../schemas/limits.js';
import { freeText, score, timestamp } from '../schemas/response-parts.js';

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
});
/** A score with all of its provenance, as the product reported it. */
export const aiScore = z.strictObject({
  ...scoreIdentity.def.shape,
  criteria: z.optional(
    z
      .array(
        z.strictObject({
          name: freeText(LIMITS.criterionName),
          score,
          weight: z.optional(z.number().check(z.gte(0), z.lte(100))),
        }),
      )
      .check(z.maxLength(LIMITS.criteriaPerScore)),
  ),
  summary: z.optional(freeText(LIMITS.scoreSummary)),
});
