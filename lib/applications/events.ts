import type { ScoreModel } from '../matching/scores.js';
import type { ApplicationStatus, ReviewOutcome } from '../matching/statuses.js';

/** The data of the application events this resource records (lib/events/model.ts's EventData). */
export interface ApplicationEventData {
  id: string;
  jdId: string;
  resumeId: string;
  status: ApplicationStatus;
  /** present when the status changed */
  previousStatus?: ApplicationStatus;
  /** the best AI score, null while unscored */
  aiScore: number | null;
  updatedAt: string;
}

/** A new score of an application: the number, and when and by which model (null when not reported). */
export interface ApplicationScoredData {
  id: string;
  jdId: string;
  resumeId: string;
  aiScore: number;
  model: { id: string; version: string } | null;
  scoredAt: string | null;
  updatedAt: string;
}

/** A review of one of an application's scores: who reviewed and why stay in GET /applications/:id. */
export interface ApplicationReviewedData {
  id: string;
  jdId: string;
  resumeId: string;
  reviewId: string;
  outcome: ReviewOutcome;
  /** the reviewed score's time and model (null: the product did not say) */
  scoredAt: string | null;
  model: ScoreModel | null;
  reviewedAt: string;
  /** recorded with a blind key */
  blind: boolean;
}

declare module '../events/model.js' {
  interface EventData {
    'application.created': ApplicationEventData;
    'application.updated': ApplicationEventData;
    'application.scored': ApplicationScoredData;
    'application.reviewed': ApplicationReviewedData;
    'application.deleted': { id: string; jdId: string; resumeId: string; updatedAt: string };
  }
}
