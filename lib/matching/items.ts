import type { ChangeIndexKey } from '../db/log/changes.js';
import { sortableTime, sortKeyUnder, tenantPk } from '../db/ids.js';
import type { SpaceId } from '../db/spaces.js';
import type { SliceSource } from '../db/pagination.js';
import { INDEXES } from '../db/table.js';
import type { ApplicationStatus, ReviewOutcome } from './statuses.js';
import type { ScoreModel, StoredScore } from './scores.js';

/**
 * An application is three items, always written and removed together: the application in its JD's
 * collection (ranked in the matches index by its best score), its copy under its resume (lib/resumes/model.ts),
 * and a pointer from its id, so that a write addressed by application id alone finds its JD and resume.
 */
export interface ApplicationItem {
  pk: string;
  sk: string;
  entity: 'APPLICATION';
  id: string;
  jdId: string;
  resumeId: string;
  status: ApplicationStatus;
  /** every AI score with its provenance, highest first */
  scores: StoredScore[];
  /** the best score, and when and by which model it was given; absent until scored (or not reported) */
  aiScore?: number;
  aiScoredAt?: string;
  aiModel?: ScoreModel;
  /** when the newest score was given (GET /applications?scoredSince=); absent until a dated score, and on items written before it was kept */
  lastScoredAt?: string;
  /** how many reviews it has (lib/applications/reviews.ts), and the newest one; absent until reviewed */
  reviewCount?: number;
  lastReview?: LatestReview;
  /** the candidate's name and e-mail, copied from the resume at identityVersion */
  candidate: string | null;
  email: string | null;
  identityVersion: number;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** the product's version of this application */
  sourceVersion?: number;
  gsi3sk: string;
  /** the changes index's key (lib/db/log/changes.ts): pending on an item being written */
  gsi4sk: ChangeIndexKey;
}

/** What an application (and its matches entry) holds of its newest review. */
export interface LatestReview {
  outcome: ReviewOutcome;
  reviewedAt: string;
  /** the reviewed score's time (null: the score was not dated) */
  scoredAt: string | null;
}

export interface ApplicationPointerItem {
  pk: string;
  sk: string;
  entity: 'APPLICATION_POINTER';
  jdId: string;
  resumeId: string;
}

/** An application's entry in the matches index. */
export type MatchEntry = Pick<
  ApplicationItem,
  | 'id'
  | 'resumeId'
  | 'candidate'
  | 'email'
  | 'aiScore'
  | 'aiScoredAt'
  | 'aiModel'
  | 'status'
  | 'lastReview'
>;

export const applicationKeys = {
  item: (spaceId: SpaceId, jdId: string, applicationId: string) => ({
    pk: tenantPk(spaceId),
    sk: `APP#${jdId}#${applicationId}`,
  }),
  /** Sort-key prefix of every application of the tenant (not their pointers: "APPID#"). */
  all: 'APP#',
  /** Sort-key prefix of one JD's applications (ids contain no "#"). */
  ofJd: (jdId: string) => `APP#${jdId}#`,
  pointer: (spaceId: SpaceId, applicationId: string) => ({
    pk: tenantPk(spaceId),
    sk: `APPID#${applicationId}`,
  }),
  /** Prefix of one JD's entries in the matches index. */
  matchesPrefix: (jdId: string) => `${jdId}#`,
  /**
   * Ascending order of this key is the ranking: best score descending ("A#" + 100 - score, fixed
   * width), unscored after every scored one ("B#"), ties by earliest application, then by id.
   */
  matchSort: (
    jdId: string,
    bestScore: number | undefined,
    createdAt: string,
    applicationId: string,
  ) =>
    bestScore === undefined
      ? `${jdId}#B#${sortableTime(createdAt)}#${applicationId}`
      : `${jdId}#A#${(100 - bestScore).toFixed(6).padStart(10, '0')}#${sortableTime(createdAt)}#${applicationId}`,
};

/**
 * The matches index's entries of one JD, best score first (ties: earliest application, then id).
 * `name` binds a cursor to the list it was issued for.
 */
export function matchesOfJd(
  spaceId: SpaceId,
  jdId: string,
  name: string,
  projection?: string,
): SliceSource {
  const matches = sortKeyUnder('gsi3sk', applicationKeys.matchesPrefix(jdId));
  return {
    tenantPk: tenantPk(spaceId),
    name: `${name}:${jdId}`,
    query: {
      IndexName: INDEXES.matches.name,
      KeyConditionExpression: `pk = :pk AND ${matches.condition}`,
      ExpressionAttributeValues: { ':pk': tenantPk(spaceId), ...matches.values },
      // The keys stay in the projection: a slice's cursor is made of them.
      ...(projection
        ? {
            ProjectionExpression: `${projection}, sk, gsi3sk`,
            ExpressionAttributeNames: { '#status': 'status' },
          }
        : {}),
    },
    sortKey: 'gsi3sk',
    startKey: (id, sort) => ({ ...applicationKeys.item(spaceId, jdId, id), gsi3sk: sort }),
  };
}
