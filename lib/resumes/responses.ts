import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { RESUME_ROUTES } from './routes.js';
import { application, review, scoreIdentity } from '../matching/responses.js';
import { auditEntry } from '../audit/responses.js';
import { APPLICATION_STATUSES } from '../matching/statuses.js';
import { PARSE_STATUSES } from './statuses.js';
import { LIMITS } from '../schemas/limits.js';
import {
  freeText,
  fromMetadata,
  id,
  paginatedOrDelta,
  slicePagination,
  success,
  timestamp,
} from '../schemas/response-parts.js';

/** What the resume and candidate routes answer, exactly (the tests and the OpenAPI document read it). */

/** The list's short form of the parsed metadata (each bounded by the resume's 128 KB of metadata). */
const shortMetadata = z.strictObject({
  skills: z.optional(
    z.array(fromMetadata).check(z.maxLength(Math.floor(LIMITS.metadataBytes / 3))),
  ),
  experience: z.optional(fromMetadata),
});
export const resumeSummary = z.strictObject({
  id,
  fileName: freeText(LIMITS.shortText),
  parseStatus: z.enum(PARSE_STATUSES),
  metadata: shortMetadata,
  createdAt: timestamp,
});
export const resume = z.strictObject({
  ...resumeSummary.def.shape,
  metadata: z.record(fromMetadata, z.unknown()),
});
export const candidateApplication = z.strictObject({
  id,
  status: z.enum(APPLICATION_STATUSES),
  aiScores: z.array(scoreIdentity).check(z.maxLength(LIMITS.scoresPerApplication)),
  /** when the JD's scoring inputs last changed (null: never since it was created): a score given before is stale */
  scoringInputsChangedAt: z.nullable(timestamp),
  jobDescription: z.strictObject({ id, title: freeText(LIMITS.title) }),
});
export const candidate = z.strictObject({
  ...resumeSummary.def.shape,
  applications: z.array(candidateApplication).check(z.maxLength(LIMITS.candidateApplications)),
  applicationsHasMore: z.boolean(),
});
/** What `resume.created` and `resume.updated` carry. */
export const resumeEventData = z.strictObject({
  id,
  parseStatus: z.enum(PARSE_STATUSES),
  updatedAt: timestamp,
});

/** A candidate's data on request: the resume, and a page of its applications with all that is held about each. */
export const candidateExport = z.strictObject({
  exportedAt: timestamp,
  resume,
  applications: z
    .array(
      z.strictObject({
        ...application.def.shape,
        jobDescription: z.strictObject({ id, title: freeText(LIMITS.title) }),
        reviews: z
          .array(
            z.strictObject({
              ...review.def.shape,
              /** the review's entry in GET /audit-log (null once the log's retention removed it) */
              auditEntry: z.nullable(auditEntry),
            }),
          )
          .check(z.maxLength(LIMITS.reviewsPerApplication)),
      }),
    )
    .check(z.maxLength(20)),
});

export const RESUME_RESPONSES = {
  listResumes: paginatedOrDelta(resumeSummary),
  getResume: success(resume),
  listCandidates: paginatedOrDelta(candidate),
  exportCandidate: z.strictObject({
    success: z.literal(true),
    data: candidateExport,
    pagination: slicePagination,
  }),
} as const satisfies RouteResponses<typeof RESUME_ROUTES>;

export const RESUME_SCHEMA_NAMES: [z.ZodMiniType, string][] = [
  [resumeSummary, 'ResumeSummary'],
  [resume, 'Resume'],
  [candidate, 'Candidate'],
  [candidateApplication, 'CandidateApplication'],
  [candidateExport, 'CandidateExport'],
];
