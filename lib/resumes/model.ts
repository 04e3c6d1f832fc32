import type { ApplicationCopyItem } from '../matching/copies.js';
import { createHash } from 'node:crypto';
import {
  asScore,
  byHighest,
  type ScoreIdentity,
  scoreIdentity,
  withStaleness,
} from '../matching/scores.js';
import { type ChangeIndexKey, pendingChange } from '../db/log/changes.js';
import { sortableTime, tenantPk } from '../db/ids.js';
import type { ApplicationStatus } from '../matching/statuses.js';
import type { ParseStatus } from './statuses.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * A parsed resume, with the short metadata the lists show. Each of its applications has a copy of its
 * own under the resume (`RESUME#<id>#APP#<applicationId>`, what the candidates view shows of it), so
 * a resume's item does not grow with its applications: one Query of the resume's copies reads them.
 */
export type ResumeMetadata = Record<string, unknown> & {
  name?: string;
  email?: string;
  skills?: string[];
  experience?: string;
};

/** The short metadata of list and candidate views: skills and experience only. */
export type MetadataSummary = { skills?: string[]; experience?: string };

export interface ResumeItem {
  pk: string;
  sk: string;
  entity: 'RESUME';
  id: string;
  fileName: string;
  parseStatus: ParseStatus;
  metadata: ResumeMetadata;
  createdAt: string;
  updatedAt: string;
  fileNameLower: string;
  metadataSummary: MetadataSummary;
  version: number;
  /** version at which the candidate's name or e-mail last changed */
  identityVersion: number;
  /** the identityVersion every application's copy is known to hold */
  identitySyncedVersion: number;
  /** the product's version of this resume */
  sourceVersion?: number;
  gsi1sk: string;
  /** the changes index's key (lib/db/log/changes.ts): pending on an item being written */
  gsi4sk: ChangeIndexKey;
}

/** A resume's entry in the list index (what lists and the candidates view read). */
export type ResumeListEntry = Pick<
  ResumeItem,
  'id' | 'fileName' | 'parseStatus' | 'metadataSummary' | 'createdAt'
>;

/** A resume's entry in the slim list-keys index (what a file-name search reads). */
export type ResumeKeysEntry = Pick<ResumeItem, 'pk' | 'sk' | 'gsi1sk' | 'fileNameLower'>;

export const resumeKeys = {
  item: (spaceId: SpaceId, resumeId: string) => ({
    pk: tenantPk(spaceId),
    sk: `RESUME#${resumeId}`,
  }),
  /** The resume id in an item's sort key. */
  idOf: (sortKey: string) => sortKey.slice('RESUME#'.length),
  /** What finds a resume by its candidate's e-mail: a hash of it (never the address), then the resume id. */
  email: (spaceId: SpaceId, emailHash: string, resumeId: string) => ({
    pk: tenantPk(spaceId),
    sk: `EMAIL#${emailHash}#${resumeId}`,
  }),
  /** Sort-key prefix of the resumes whose candidate has this e-mail. */
  emailPrefix: (emailHash: string) => `EMAIL#${emailHash}#`,
  /** In the list index: all resumes, newest first. */
  listPrefix: 'R#',
  listSort: (createdAt: string, resumeId: string) => `R#${sortableTime(createdAt)}#${resumeId}`,
};

/** A resume found by its candidate's e-mail: the key holds a hash of the address, the item the resume id. */
export interface CandidateEmailItem {
  pk: string;
  sk: string;
  entity: 'CANDIDATE_EMAIL';
  resumeId: string;
}

/** An e-mail address as it is compared: trimmed, lower-cased (addresses are matched case-insensitively). */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The e-mail's hash in the index key: SHA-256 of the tenant and the normalized address, so the table's
 * keys (and their copies in backups and streams) never hold an address in clear, and equal addresses of
 * two tenants do not share a key.
 */
export function emailHash(spaceId: SpaceId, email: string): string {
  return createHash('sha256')
    .update(`${spaceId}\n${normalizedEmail(email)}`)
    .digest('base64url');
}

export function candidateEmailItem(
  spaceId: SpaceId,
  email: string,
  resumeId: string,
): CandidateEmailItem {
  return {
    ...resumeKeys.email(spaceId, emailHash(spaceId, email), resumeId),
    entity: 'CANDIDATE_EMAIL',
    resumeId,
  };
}

export interface Resume {
  id: string;
  fileName: string;
  parseStatus: ParseStatus;
  metadata: ResumeMetadata;
  createdAt: string;
}

/**
 * The metadata the lists show: skills (the strings among them) and experience (a string), as the spec
 * shapes them. The product may send them in any shape; another shape is not shown.
 */
export function summarizeMetadata(metadata: ResumeMetadata | undefined): MetadataSummary {
  const summary: MetadataSummary = {};
  const skills: unknown = metadata?.skills;
  if (Array.isArray(skills))
    summary.skills = skills.filter((skill): skill is string => typeof skill === 'string');
  if (typeof metadata?.experience === 'string') summary.experience = metadata.experience;
  return summary;
}

/** Name and e-mail as the applications carry them (null when the parser found none). */
export function candidateIdentity(metadata: ResumeMetadata | undefined): {
  candidate: string | null;
  email: string | null;
} {
  return {
    candidate: typeof metadata?.name === 'string' ? metadata.name : null,
    email: typeof metadata?.email === 'string' ? metadata.email : null,
  };
}

export function resumeItem(
  spaceId: SpaceId,
  resume: Resume,
  state: Pick<
    ResumeItem,
    'updatedAt' | 'version' | 'identityVersion' | 'identitySyncedVersion' | 'sourceVersion'
  >,
): ResumeItem {
  return {
    ...resumeKeys.item(spaceId, resume.id),
    entity: 'RESUME',
    ...resume,
    fileNameLower: resume.fileName.toLowerCase(),
    metadataSummary: summarizeMetadata(resume.metadata),
    ...state,
    gsi1sk: resumeKeys.listSort(resume.createdAt, resume.id),
    gsi4sk: pendingChange('resume', resume.id),
  };
}

/** A resume in full (GET /resumes/:id). */
export function toResume(item: ResumeItem): Resume {
  return {
    id: item.id,
    fileName: item.fileName,
    parseStatus: item.parseStatus,
    metadata: item.metadata,
    createdAt: item.createdAt,
  };
}

export interface ResumeSummary {
  id: string;
  fileName: string;
  parseStatus: ParseStatus;
  metadata: MetadataSummary;
  createdAt: string;
}

/** A resume as a list shows it. */
export function toResumeSummary(entry: ResumeListEntry): ResumeSummary {
  return {
    id: entry.id,
    fileName: entry.fileName,
    parseStatus: entry.parseStatus,
    // Summarized again: items written before skills were checked string by string may hold others.
    metadata: summarizeMetadata(entry.metadataSummary),
    createdAt: entry.createdAt,
  };
}

export interface Candidate extends ResumeSummary {
  applications: {
    id: string;
    status: ApplicationStatus;
    aiScores: (ScoreIdentity & { stale: boolean })[];
    /** when its JD's scoring inputs last changed (null: never) */
    scoringInputsChangedAt: string | null;
    jobDescription: { id: string; title: string };
  }[];
  /** whether the candidate has more applications than the entry shows */
  applicationsHasMore: boolean;
}

/**
 * A resume with its applications (copies, as read: highest application ids first), at most `shown`
 * of them: newest first, each with its scores highest first.
 */
export function toCandidate(
  entry: ResumeListEntry,
  applications: readonly ApplicationCopyItem[],
  shown: number,
  scoringInputsChanges: ReadonlyMap<string, string>,
): Candidate {
  const copies = applications.slice(0, shown);
  copies.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return {
    ...toResumeSummary(entry),
    applications: copies.map((copy) => {
      const changedAt = scoringInputsChanges.get(copy.jdId);
      return {
        id: copy.id,
        status: copy.status,
        aiScores: copy.aiScores
          .map((stored) => withStaleness(scoreIdentity(asScore(stored)), changedAt))
          .sort(byHighest),
        scoringInputsChangedAt: changedAt ?? null,
        jobDescription: { id: copy.jdId, title: copy.jdTitle },
      };
    }),
    applicationsHasMore: applications.length > shown,
  };
}
