import { type AuditContext, auditEntry } from '../audit/model.js';
import type { Db } from '../db/client.js';
import { getItem, guards, optimistically, transactWrite } from '../db/dynamo.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import { isValidId, newId, nowIso } from '../db/ids.js';
import { recordEvent } from '../events/model.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { LIMITS } from '../schemas/limits.js';
import { type Review, type ReviewItem, reviewKeys } from './model.js';
import { type ApplicationItem, applicationKeys, type LatestReview } from '../matching/items.js';
import { readApplicationPointer } from './store.js';
import type { ReviewOutcome } from '../matching/statuses.js';
import { type AiScore, asScore, type ScoreModel } from '../matching/scores.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Human review of AI scores (POST /applications/:id/reviews): a person's decision about one specific
 * score of an application, recorded append-only. Each review is its own item next to the application;
 * the application holds how many it has and the latest one (shown in the matches index), and a review
 * raises its version, so a product write that read it before starts again and keeps them.
 */

/** The score a review is of, as the application shows it. */
type ReviewedScore = Review['score'];

/** What a review names of the score it is of: its time, and its model when several share the time. */
export interface ScoreReference {
  scoredAt: string;
  model?: ScoreModel | undefined;
}

const sameModel = (a: ScoreModel | undefined, b: ScoreModel) =>
  a !== undefined && a.id === b.id && a.version === b.version;

/**
 * The score of `scores` (stored highest first) a review is of: the one named (its time, in any offset,
 * and its model when given), or without a reference the one every list shows as the application's
 * `aiScore`: the first, whose time and model the lists show with it, so equal scores are no ambiguity.
 * A review binds to what the reviewer was shown, never to a score they may not have seen. None such,
 * or two the reference cannot tell apart, is a 409.
 */
export function reviewedScore(
  scores: readonly AiScore[],
  reference: ScoreReference | undefined,
): ReviewedScore {
  if (scores.length === 0)
    throw new ConflictError('The application has no AI score to review: it has not been scored');
  let found: AiScore | undefined;
  if (reference === undefined) {
    found = scores[0];
  } else {
    const at = new Date(reference.scoredAt).toISOString();
    const model = reference.model;
    const candidates = scores.filter(
      (score) => score.scoredAt === at && (model === undefined || sameModel(score.model, model)),
    );
    if (candidates.length > 1)
      throw new ConflictError(
        `The application has ${candidates.length} scores given at ${at}: name the model too (score.model)`,
      );
    found = candidates[0];
    if (!found)
      throw new ConflictError(
        `The application has no score given at ${at}${model ? ` by ${model.id} ${model.version}` : ''}: its scores are in GET /applications/:id`,
      );
  }
  const score = found as AiScore;
  return {
    overallScore: score.overallScore,
    scoredAt: score.scoredAt ?? null,
    model: score.model ?? null,
  };
}

export interface ReviewInput {
  score?: ScoreReference | undefined;
  outcome: ReviewOutcome;
  reviewer: string;
  rationale?: string | undefined;
  /** recorded with a blind key (lib/composition/blind.ts) */
  blind?: boolean | undefined;
}

const REVIEW = guards('application');

/**
 * Records a review of one of an application's scores. The review, the application's count and latest
 * review (raising its version), `application.reviewed` and the idempotency record are one transaction,
 * on the condition that the application is the one read (its scores unchanged) and holds fewer than
 * LIMITS.reviewsPerApplication reviews.
 */
export async function createReview(
  db: Db,
  spaceId: SpaceId,
  applicationId: string,
  input: ReviewInput,
  options: {
    now?: Date;
    claim?: IdempotencyClaim<Review> | undefined;
    audit?: AuditContext | undefined;
  } = {},
): Promise<Review> {
  if (!isValidId(applicationId)) throw new NotFoundError('Application');
  return optimistically(
    async () => {
      const pointer = await readApplicationPointer(db, spaceId, applicationId);
      const application =
        pointer &&
        (await getItem<ApplicationItem>(
          db,
          applicationKeys.item(spaceId, pointer.jdId, applicationId),
          { consistent: true },
        ));
      if (!application) throw new NotFoundError('Application');
      const count = application.reviewCount ?? 0;
      if (count >= LIMITS.reviewsPerApplication)
        throw new ConflictError(
          `The application holds ${count} reviews, the most it may: record a correction in your own system`,
        );
      const score = reviewedScore(application.scores.map(asScore), input.score);
      const reviewedAt = nowIso(options.now);
      const review: Review = {
        id: newId(),
        applicationId,
        score,
        outcome: input.outcome,
        reviewer: input.reviewer,
        rationale: input.rationale ?? null,
        reviewedAt,
        blind: input.blind === true,
      };
      const latest: LatestReview = {
        outcome: review.outcome,
        reviewedAt,
        scoredAt: score.scoredAt,
      };
      // Its audit entry's key stays with it: the candidate's export shows the entry.
      const audit =
        options.audit &&
        auditEntry(db, spaceId, options.audit, 'review.created', {
          type: 'review',
          id: review.id,
          version: null,
          parent: { type: 'application', id: applicationId },
        });
      await transactWrite(db, [
        {
          Put: {
            TableName: db.tableName,
            Item: {
              ...reviewKeys.item(spaceId, applicationId, reviewedAt, review.id),
              entity: 'REVIEW',
              ...review,
              ...(audit ? { auditSk: audit.Put.Item.sk } : {}),
            } satisfies ReviewItem,
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        REVIEW.on('application', {
          Update: {
            TableName: db.tableName,
            Key: applicationKeys.item(spaceId, application.jdId, applicationId),
            UpdateExpression:
              'SET lastReview = :latest, version = version + :one ADD reviewCount :one',
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':latest': latest, ':one': 1, ':v': application.version },
          },
        }),
        recordEvent(spaceId, 'application.reviewed', {
          id: applicationId,
          jdId: application.jdId,
          resumeId: application.resumeId,
          reviewId: review.id,
          outcome: review.outcome,
          scoredAt: score.scoredAt,
          model: score.model,
          reviewedAt,
          blind: review.blind,
        }),
        ...(audit ? [audit] : []),
        ...(options.claim ? [options.claim.item(review)] : []),
      ]);
      return review;
    },
    (error) => REVIEW.failed(error),
  );
}
