import { copyKeys } from '../matching/copies.js';
import { limitOf } from '../http/pagination.js';
import { EXPORT_PAGE } from '../resumes/requests.js';
import pMap from 'p-map';
import { toApplication, toReview } from '../applications/model.js';
import { type ApplicationItem, applicationKeys } from '../matching/items.js';
import { readReviewItems } from '../applications/store.js';
import { readScoringInputsChanges } from '../jds/staleness.js';
import { type AuditEntry, type AuditItem, toAuditEntry } from '../audit/model.js';
import type { Db } from '../db/client.js';
import { batchGet } from '../db/dynamo.js';
import { isValidId, nowIso, tenantPk, underPrefix } from '../db/ids.js';
import {
  decodeCursor,
  encodeCursor,
  itemsWithinPageBytes,
  type Slice,
  type SliceRequest,
  slicePage,
} from '../db/pagination.js';
import { type Resume, toResume } from '../resumes/model.js';
import { type ApplicationCopyItem } from '../matching/copies.js';
import { readResumeItem } from '../resumes/store.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * A candidate's data on request (GET /candidates/:resumeId/export): what a data subject access
 * request needs, as one JSON document per page. Every page holds the parsed resume; the applications
 * (each with every score and its provenance, the JD it is for, every review and each review's audit
 * entry) come a page at a time, by cursor, because a candidate may hold thousands of applications of
 * 100 scores each: far more than one answer carries.
 */

/** The page asked for: `limit` (default 10, clamped at 20) applications after `cursor`. */
export function exportPage(query: { limit?: string | undefined; cursor?: string | undefined }) {
  return { limit: limitOf(query.limit, EXPORT_PAGE), cursor: query.cursor };
}

export type ExportedReview = ReturnType<typeof toReview> & { auditEntry: AuditEntry | null };
export type ExportedApplication = Omit<ReturnType<typeof toApplication>, 'reviews'> & {
  jobDescription: { id: string; title: string };
  reviews: ExportedReview[];
};

export interface CandidateExport {
  exportedAt: string;
  resume: Resume;
  applications: ExportedApplication[];
}

/** One page of a candidate's export, or undefined when the resume is not there (or erased). */
export async function exportCandidate(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
  request: SliceRequest,
): Promise<{ data: CandidateExport; slice: Omit<Slice<unknown>, 'items'> } | undefined> {
  if (!isValidId(resumeId)) return undefined;
  const resume = await readResumeItem(db, spaceId, resumeId);
  if (!resume) return undefined;
  const pk = tenantPk(spaceId);
  const source = {
    tenantPk: pk,
    name: `export:${resumeId}`,
    query: { ...underPrefix(spaceId, copyKeys.copiesPrefix(resumeId)), ConsistentRead: true },
    sortKey: 'sk',
    startKey: (id: string) => copyKeys.copy(spaceId, resumeId, id),
  };
  const { items: copies, ...slice } = await slicePage<ApplicationCopyItem>(db, source, request);
  const [applications, changes, reviews] = await Promise.all([
    batchGet<ApplicationItem>(
      db,
      copies.map((copy) => applicationKeys.item(spaceId, copy.jdId, copy.id)),
      { consistent: true },
    ),
    readScoringInputsChanges(
      db,
      spaceId,
      copies.map((copy) => copy.jdId),
    ),
    pMap(copies, (copy) => readReviewItems(db, spaceId, copy.id), { concurrency: 8 }),
  ]);
  const auditKeys = reviews
    .flat()
    .flatMap((review) => (review.auditSk ? [{ pk, sk: review.auditSk }] : []));
  const audits = new Map(
    (await batchGet<AuditItem>(db, auditKeys)).map((item) => [item.sk, toAuditEntry(item)]),
  );
  const byId = new Map(applications.map((application) => [application.id, application]));
  const exported = copies.flatMap((copy, i) => {
    const application = byId.get(copy.id);
    // Removed since its copy was read: not the candidate's any more.
    if (!application) return [];
    const { reviews: _none, ...shown } = toApplication(application, [], changes.get(copy.jdId));
    const entry: ExportedApplication = {
      ...shown,
      jobDescription: { id: copy.jdId, title: copy.jdTitle },
      reviews: (reviews[i] ?? []).map((review) => ({
        ...toReview(review),
        auditEntry: (review.auditSk && audits.get(review.auditSk)) || null,
      })),
    };
    return [{ copy, entry }];
  });
  // Each application may hold ~0.5 MB (100 scores, 50 reviews at their bounds): the page ends early
  // past PAGE_BYTES, with a cursor right after its last application.
  const kept = itemsWithinPageBytes(exported.map(({ entry }) => entry));
  const last = exported[kept - 1]?.copy;
  if (kept < exported.length && last) {
    slice.hasMore = true;
    const at =
      request.cursor === undefined ? undefined : await decodeCursor(request.cursor, source);
    slice.nextCursor = await encodeCursor(source, { s: last.sk, i: last.id, p: (at?.p ?? 1) + 1 });
  }
  return {
    data: {
      exportedAt: nowIso(),
      resume: toResume(resume),
      applications: exported.slice(0, kept).map(({ entry }) => entry),
    },
    slice,
  };
}
