import { copyKeys } from '../matching/copies.js';
import { pendingChange } from '../db/log/changes.js';
import { sortableTime, tenantPk } from '../db/ids.js';
import type { ApplicationStatus, ReviewOutcome } from '../matching/statuses.js';
import { type ApplicationCopyItem } from '../matching/copies.js';
import {
  type AiScore,
  asScore,
  byNewest,
  isStale,
  newestScore,
  type ScoreModel,
  scoreIdentity,
  withStaleness,
} from '../matching/scores.js';
import type { SpaceId } from '../db/spaces.js';
import {
  type ApplicationItem,
  applicationKeys,
  type ApplicationPointerItem,
  type LatestReview,
  type MatchEntry,
} from '../matching/items.js';

/*
 * lib/applications stands above lib/jds and lib/resumes: an application joins a JD and a resume, so
 * its writes read both. Neither imports it: what the three share (an application's keys and items,
 * its copies under the resume, statuses, scores, and how they show) is in lib/matching, and the
 * deletions that reach applications are ./cascades.ts.
 */

/** A person's review of one AI score (./reviews.ts). */
export interface Review {
  id: string;
  applicationId: string;
  score: { overallScore: number; scoredAt: string | null; model: ScoreModel | null };
  outcome: ReviewOutcome;
  reviewer: string;
  rationale: string | null;
  reviewedAt: string;
  /** recorded with a blind key: the reviewer was not shown who the candidate is */
  blind: boolean;
}

export type ReviewItem = Omit<Review, 'blind'> & {
  /** absent on reviews made before blind keys: sighted */
  blind?: boolean;
  pk: string;
  sk: string;
  entity: 'REVIEW';
  /** the sort key of its audit entry (GET /audit-log), for the candidate's export */
  auditSk?: string;
};

export const reviewKeys = {
  /** Sort-key prefix of one application's reviews, oldest first (ids contain no "#"). */
  ofApplication: (applicationId: string) => `REVIEW#${applicationId}#`,
  item: (spaceId: SpaceId, applicationId: string, reviewedAt: string, reviewId: string) => ({
    pk: tenantPk(spaceId),
    sk: `REVIEW#${applicationId}#${sortableTime(reviewedAt)}#${reviewId}`,
  }),
};

/** A review as answers show it: without its audit entry's key. */
export function toReview(item: ReviewItem): Review {
  return {
    id: item.id,
    applicationId: item.applicationId,
    score: item.score,
    outcome: item.outcome,
    reviewer: item.reviewer,
    rationale: item.rationale,
    reviewedAt: item.reviewedAt,
    blind: item.blind === true,
  };
}

/** An application's own fields, from which its three items are built. */
export interface ApplicationState {
  id: string;
  jdId: string;
  resumeId: string;
  status: ApplicationStatus;
  /** highest first */
  scores: AiScore[];
  createdAt: string;
  /** kept from the stored application: the product's writes do not change its reviews */
  reviewCount?: number;
  lastReview?: LatestReview;
}

export function applicationItems(
  spaceId: SpaceId,
  application: ApplicationState,
  stored: { version: number; updatedAt: string; sourceVersion?: number | undefined },
  candidate: { candidate: string | null; email: string | null; identityVersion: number },
  /** the JD's title as the copy holds it (lib/jds/title-copies.ts) */
  jdTitle: Pick<ApplicationCopyItem, 'jdTitle' | 'jdTitleVersion'>,
): { application: ApplicationItem; copy: ApplicationCopyItem; pointer: ApplicationPointerItem } {
  const best = application.scores[0];
  const item: ApplicationItem = {
    ...applicationKeys.item(spaceId, application.jdId, application.id),
    entity: 'APPLICATION',
    ...application,
    ...candidate,
    ...stored,
    gsi3sk: applicationKeys.matchSort(
      application.jdId,
      best?.overallScore,
      application.createdAt,
      application.id,
    ),
    gsi4sk: pendingChange('application', application.id),
  };
  if (best !== undefined) item.aiScore = best.overallScore;
  if (best?.scoredAt !== undefined) item.aiScoredAt = best.scoredAt;
  if (best?.model !== undefined) item.aiModel = best.model;
  const lastScoredAt = newestScore(application.scores)?.scoredAt;
  if (lastScoredAt !== undefined) item.lastScoredAt = lastScoredAt;
  if (stored.sourceVersion === undefined) delete item.sourceVersion;
  return {
    application: item,
    copy: {
      ...copyKeys.copy(spaceId, application.resumeId, application.id),
      entity: 'APPLICATION_COPY',
      id: application.id,
      jdId: application.jdId,
      ...jdTitle,
      status: application.status,
      // Summaries and criteria stay on the application alone (GET /applications/:id): the candidates
      // view lists every application of a resume, which their size would take past 6 MB.
      aiScores: application.scores.map(scoreIdentity),
      createdAt: application.createdAt,
    },
    pointer: {
      ...applicationKeys.pointer(spaceId, application.id),
      entity: 'APPLICATION_POINTER',
      jdId: application.jdId,
      resumeId: application.resumeId,
    },
  };
}

export interface Match {
  applicationId: string;
  resumeId: string;
  candidate: string | null;
  email: string | null;
  aiScore: number | null;
  /** when the score shown was given, and by which model (null when not reported) */
  scoredAt: string | null;
  model: ScoreModel | null;
  status: ApplicationStatus;
  reviewed: boolean;
  reviewOutcome: ReviewOutcome | null;
  stale: boolean;
  scoringInputsChangedAt: string | null;
}

/**
 * The score a list shows of an application (its best), with when and by which model it was given, and
 * whether it predates its JD's last change of scoring inputs (`changedAt`; an unscored one is not stale).
 */
function shownScore(
  item: Pick<ApplicationItem, 'aiScore' | 'aiScoredAt' | 'aiModel'>,
  changedAt: string | undefined,
) {
  return {
    aiScore: item.aiScore ?? null,
    scoredAt: item.aiScoredAt ?? null,
    model: item.aiModel ?? null,
    stale: item.aiScore !== undefined && isStale(item.aiScoredAt, changedAt),
    scoringInputsChangedAt: changedAt ?? null,
  };
}

export function toMatch(entry: MatchEntry, changedAt: string | undefined): Match {
  return {
    applicationId: entry.id,
    resumeId: entry.resumeId,
    candidate: entry.candidate,
    email: entry.email,
    ...shownScore(entry, changedAt),
    status: entry.status,
    reviewed: entry.lastReview !== undefined,
    reviewOutcome: entry.lastReview?.outcome ?? null,
  };
}

/** One application with every score and its provenance (GET /applications/:id). */
export interface Application {
  id: string;
  jdId: string;
  resumeId: string;
  status: ApplicationStatus;
  /** the best score, as the matches show it */
  aiScore: number | null;
  /** newest first by scoredAt; scores without one after them, highest first */
  aiScores: (AiScore & { stale: boolean })[];
  /** newest first */
  reviews: Review[];
  scoringInputsChangedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toApplication(
  item: ApplicationItem,
  reviews: Review[],
  changedAt: string | undefined,
): Application {
  return {
    id: item.id,
    jdId: item.jdId,
    resumeId: item.resumeId,
    status: item.status,
    aiScore: item.aiScore ?? null,
    aiScores: item.scores
      .map(asScore)
      .sort(byNewest)
      .map((score) => withStaleness(score, changedAt)),
    reviews,
    scoringInputsChangedAt: changedAt ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** What GET /applications reads of an application: everything its entry shows and its filters test, never the scores. */
export const APPLICATION_ENTRY_ATTRIBUTES = [
  'id',
  'jdId',
  'resumeId',
  'status',
  'aiScore',
  'aiScoredAt',
  'aiModel',
  'lastScoredAt',
  'createdAt',
  'updatedAt',
] as const;

export type ApplicationEntryItem = Pick<
  ApplicationItem,
  (typeof APPLICATION_ENTRY_ATTRIBUTES)[number]
>;

/** An application as GET /applications lists it: the score it ranks by (the best), with what identifies it. */
export interface ApplicationEntry {
  id: string;
  jdId: string;
  resumeId: string;
  status: ApplicationStatus;
  aiScore: number | null;
  scoredAt: string | null;
  model: ScoreModel | null;
  stale: boolean;
  scoringInputsChangedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toApplicationEntry(
  item: ApplicationEntryItem,
  changedAt: string | undefined,
): ApplicationEntry {
  return {
    id: item.id,
    jdId: item.jdId,
    resumeId: item.resumeId,
    status: item.status,
    ...shownScore(item, changedAt),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** What GET /applications may be asked to keep; absent fields keep everything. */
export interface ApplicationFilter {
  jdId?: string | undefined;
  resumeId?: string | undefined;
  status?: ApplicationStatus | undefined;
  /** inclusive bounds of the best score; either one leaves unscored applications out */
  minScore?: number | undefined;
  maxScore?: number | undefined;
  /** an instant (ms): applications whose newest score was given at or after it */
  scoredSince?: number | undefined;
}

/** Whether an application passes every filter (the rule, once, for every walk GET /applications makes). */
export function passesFilter(item: ApplicationEntryItem, filter: ApplicationFilter): boolean {
  if (filter.jdId !== undefined && item.jdId !== filter.jdId) return false;
  if (filter.resumeId !== undefined && item.resumeId !== filter.resumeId) return false;
  if (filter.status !== undefined && item.status !== filter.status) return false;
  if (filter.minScore !== undefined || filter.maxScore !== undefined) {
    if (item.aiScore === undefined) return false;
    if (filter.minScore !== undefined && item.aiScore < filter.minScore) return false;
    if (filter.maxScore !== undefined && item.aiScore > filter.maxScore) return false;
  }
  if (filter.scoredSince !== undefined) {
    // Items written before lastScoredAt was kept have only their best score's time.
    const scoredAt = item.lastScoredAt ?? item.aiScoredAt;
    if (scoredAt === undefined || Date.parse(scoredAt) < filter.scoredSince) return false;
  }
  return true;
}
