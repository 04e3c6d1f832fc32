import type { ChangeIndexKey } from '../db/log/changes.js';
import { pendingChange } from '../db/log/changes.js';
import { tenantPk } from '../db/ids.js';
import type { SpaceId } from '../db/spaces.js';
import { tombstoneExpiry } from '../db/entities/tombstone.js';
import type { ScoreIdentity } from './scores.js';
import type { ApplicationStatus } from './statuses.js';

/**
 * What a candidate (a resume with its applications, GET /candidates) shows of its applications is
 * kept under the resume: a copy of each application, and the candidate's change entry, which every
 * write that changes what the candidate shows writes again (its resume's, its applications', their
 * JDs' titles). Resumes, JDs and applications all write them, so they are declared here, below the
 * three.
 */
export const copyKeys = {
  /** The copy of one of its applications, sorted right after the resume (ids contain no "#"). */
  copy: (spaceId: SpaceId, resumeId: string, applicationId: string) => ({
    pk: tenantPk(spaceId),
    sk: `RESUME#${resumeId}#APP#${applicationId}`,
  }),
  /** Sort-key prefix of a resume's application copies. */
  copiesPrefix: (resumeId: string) => `RESUME#${resumeId}#APP#`,
  /** What says a candidate (the resume and what GET /candidates shows of its applications) changed. */
  candidateChange: (spaceId: SpaceId, resumeId: string) => ({
    pk: tenantPk(spaceId),
    sk: `CANDIDATE#${resumeId}`,
  }),
};

/** An application as the candidates view shows it, kept under its resume. */
export interface ApplicationCopyItem {
  pk: string;
  sk: string;
  entity: 'APPLICATION_COPY';
  id: string;
  jdId: string;
  jdTitle: string;
  /** the JD's titleVersion this copy holds */
  jdTitleVersion: number;
  status: ApplicationStatus;
  /** highest first: bare numbers (written before provenance), or each score's identity */
  aiScores: (number | ScoreIdentity)[];
  createdAt: string;
}

/**
 * A candidate's entry in the changes index (GET /candidates' delta walk): written, with a new time, in
 * every write that changes what GET /candidates shows of the candidate (its resume, an application's
 * copy, its erasure). It holds no personal data: the walk reads the resume and the copies.
 */
export interface CandidateChangeItem {
  pk: string;
  sk: string;
  entity: 'CANDIDATE_CHANGE';
  id: string;
  /** the changes index's key (lib/db/log/changes.ts): pending on an item being written */
  gsi4sk: ChangeIndexKey;
  /** an erased candidate's goes with its tombstone */
  ttl?: number;
}

/** A candidate's change entry; an erased candidate's (`erasedAt`) expires with its tombstone. */
export function candidateChangeItem(
  spaceId: SpaceId,
  resumeId: string,
  erasedAt?: Date,
): CandidateChangeItem {
  return {
    ...copyKeys.candidateChange(spaceId, resumeId),
    entity: 'CANDIDATE_CHANGE',
    id: resumeId,
    gsi4sk: pendingChange('candidate', resumeId),
    ...(erasedAt ? { ttl: tombstoneExpiry(erasedAt) } : {}),
  };
}
