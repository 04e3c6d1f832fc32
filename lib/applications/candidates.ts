import pMap from 'p-map';
import { readScoringInputsChanges } from '../jds/staleness.js';
import type { Db } from '../db/client.js';
import { readCount } from '../db/counters.js';
import { batchGet, queryAll, queryUpTo } from '../db/dynamo.js';
import { underPrefix } from '../db/ids.js';
import {
  decodeCursor,
  encodeCursor,
  itemsWithinPageBytes,
  type ListSource,
  listPage,
  type Page,
  type PageRequest,
  pageCount,
} from '../db/pagination.js';
import { changeKeys } from '../db/log/changes.js';
import {
  type ChangeEntry,
  type DeletedEntry,
  type DeltaRequest,
  deltaPage,
} from '../db/log/walk.js';
import { INDEXES } from '../db/table.js';
import { queryTimeRange } from '../db/time-range-query.js';
import { LIMITS } from '../schemas/limits.js';
import {
  type Candidate,
  type CandidateEmailItem,
  emailHash,
  normalizedEmail,
  type ResumeKeysEntry,
  type ResumeListEntry,
  resumeKeys,
  toCandidate,
} from '../resumes/model.js';
import { type ResumeEntry, resumeListSource } from '../resumes/store.js';
import { type ApplicationCopyItem, copyKeys } from '../matching/copies.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * The candidates view (GET /candidates): each resume with its applications, from the copies kept
 * under it, and each score's staleness from its JD. It reads resumes, applications and JDs, so it
 * lives with applications, the one resource that may read the other two.
 */

/** How many resumes of a candidates page have their applications read at once. */
const CANDIDATE_READ_CONCURRENCY = 16;

/**
 * The page's resumes, each with its applications (one Query of at most LIMITS.candidateApplications + 1
 * copies each, the highest application ids first), the page ending early past PAGE_BYTES with its
 * applications. `sortKeyOf` gives an entry's place in the list, for the cursor after it.
 */
async function withApplications(
  db: Db,
  spaceId: SpaceId,
  source: ListSource,
  page: Page<ResumeListEntry>,
  sortKeyOf: (entry: ResumeListEntry) => string,
): Promise<Page<Candidate>> {
  const candidates = await candidatesOf(db, spaceId, page.items);
  const kept = itemsWithinPageBytes(candidates);
  if (kept === candidates.length) return { ...page, items: candidates };
  const last = page.items[kept - 1] as ResumeListEntry;
  return {
    ...page,
    items: candidates.slice(0, kept),
    nextCursor: await encodeCursor(source, { s: sortKeyOf(last), i: last.id, p: page.page + 1 }),
  };
}

/**
 * Candidates of `resumes`: each with its applications (read CANDIDATE_READ_CONCURRENCY resumes at a
 * time), and each score's staleness from its JD's head (one BatchGet of the JDs shown).
 */
async function candidatesOf(
  db: Db,
  spaceId: SpaceId,
  resumes: readonly ResumeListEntry[],
): Promise<Candidate[]> {
  const copies = await pMap(resumes, (resume) => candidateCopies(db, spaceId, resume.id), {
    concurrency: CANDIDATE_READ_CONCURRENCY,
  });
  const changes = await readScoringInputsChanges(
    db,
    spaceId,
    copies.flatMap((shown) =>
      shown.slice(0, LIMITS.candidateApplications).map((copy) => copy.jdId),
    ),
  );
  return resumes.map((resume, i) =>
    toCandidate(resume, copies[i] ?? [], LIMITS.candidateApplications, changes),
  );
}

/**
 * What a candidate shows of its applications: up to LIMITS.candidateApplications + 1 copies (one more
 * tells `applicationsHasMore`), the highest application ids first; eventually consistent (half the
 * cost): a view, not a write.
 */
async function candidateCopies(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
): Promise<ApplicationCopyItem[]> {
  const { items } = await queryUpTo<ApplicationCopyItem>(
    db,
    { ...underPrefix(spaceId, copyKeys.copiesPrefix(resumeId)), ScanIndexForward: false },
    LIMITS.candidateApplications + 1,
  );
  return items;
}

/** What a candidate shows of its resume, read from the resume item (the search path). */
const SUMMARY_PROJECTION = 'id, fileName, parseStatus, metadataSummary, createdAt';

/**
 * Resumes with their applications, newest first. With `search`, every slim entry (keys and the
 * lower-cased file name) is read to find the matches and their exact total, in parallel time ranges
 * (queryTimeRange: a few calls in sequence whatever the tenant's size); only the page's resumes are
 * then read.
 */
export async function listCandidates(
  db: Db,
  spaceId: SpaceId,
  request: PageRequest & { search?: string | undefined; email?: string | undefined },
): Promise<Page<Candidate>> {
  if (request.email !== undefined) return candidatesByEmail(db, spaceId, request.email, request);
  if (!request.search) {
    const source = resumeListSource(spaceId, 'candidates');
    const page = await listPage<ResumeEntry, ResumeEntry>(
      db,
      source,
      request,
      readCount(db, spaceId, 'RESUME'),
      async (entries) => entries,
    );
    return withApplications(
      db,
      spaceId,
      source,
      page,
      (entry) => (entry as ResumeEntry).gsi1sk ?? '',
    );
  }
  const needle = request.search.toLowerCase();
  const source = resumeListSource(spaceId, `candidates?search=${needle}`);
  const cursor =
    request.cursor === undefined ? undefined : await decodeCursor(request.cursor, source);
  const { items: matches } = await queryTimeRange<ResumeKeysEntry>(db, {
    indexName: INDEXES.listKeys.name,
    pk: source.tenantPk,
    sortKey: 'gsi1sk',
    prefix: source.sortPrefix,
    filter: { expression: 'contains(fileNameLower, :needle)', values: { ':needle': needle } },
    expectedEntries: readCount(db, spaceId, 'RESUME'),
  });

  const page = cursor ? cursor.p : request.page;
  let start = cursor
    ? matches.findIndex((match) => match.gsi1sk < cursor.s)
    : (page - 1) * request.limit;
  if (start < 0) start = matches.length;
  const slice = matches.slice(start, start + request.limit);
  const items = await batchGet<ResumeListEntry & { pk: string; sk: string }>(
    db,
    slice.map((match) => ({ pk: source.tenantPk, sk: match.sk })),
    { projection: SUMMARY_PROJECTION },
  );
  const result: Page<ResumeListEntry> = {
    items,
    page,
    limit: request.limit,
    total: matches.length,
    pages: pageCount(matches.length, request.limit),
  };
  const last = slice.at(-1);
  if (last && start + request.limit < matches.length) {
    result.nextCursor = await encodeCursor(source, {
      s: last.gsi1sk,
      i: resumeKeys.idOf(last.sk),
      p: page + 1,
    });
  }
  const sortKeys = new Map(slice.map((match) => [resumeKeys.idOf(match.sk), match.gsi1sk]));
  return withApplications(db, spaceId, source, result, (entry) => sortKeys.get(entry.id) ?? '');
}

/**
 * The candidates whose resume holds this e-mail (GET /candidates?email=), compared case-insensitively
 * and whole, never as a substring: read from the e-mail index (a hash of the address, ./model.ts),
 * then each resume, kept only while it still holds that address (an entry is written with its resume
 * and removed by its erasure, so this only guards against reading between the two). Newest first, on
 * one page: a candidate's resumes are few.
 */
async function candidatesByEmail(
  db: Db,
  spaceId: SpaceId,
  email: string,
  request: PageRequest,
): Promise<Page<Candidate>> {
  const entries = await queryAll<CandidateEmailItem>(
    db,
    underPrefix(spaceId, resumeKeys.emailPrefix(emailHash(spaceId, email))),
  );
  const resumes = await batchGet<
    ResumeListEntry & { pk: string; sk: string; metadata?: { email?: unknown } }
  >(
    db,
    entries.map((entry) => resumeKeys.item(spaceId, entry.resumeId)),
    {
      projection: `${SUMMARY_PROJECTION}, #metadata.#email`,
      names: { '#metadata': 'metadata', '#email': 'email' },
    },
  );
  const matching = resumes
    .filter(
      (resume) =>
        typeof resume.metadata?.email === 'string' &&
        normalizedEmail(resume.metadata.email) === normalizedEmail(email),
    )
    .map(({ pk: _pk, sk: _sk, metadata: _metadata, ...entry }) => entry)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  // A page that ends early (past PAGE_BYTES) hands a cursor naming its last resume.
  const source = resumeListSource(spaceId, `candidates?email=${emailHash(spaceId, email)}`);
  const cursor =
    request.cursor === undefined ? undefined : await decodeCursor(request.cursor, source);
  const start = cursor
    ? matching.findIndex((resume) => resume.id === cursor.i) + 1
    : (request.page - 1) * request.limit;
  const pageNumber = cursor ? cursor.p : request.page;
  const page: Page<ResumeListEntry> = {
    items: start > 0 || !cursor ? matching.slice(start, start + request.limit) : [],
    page: pageNumber,
    limit: request.limit,
    total: matching.length,
    pages: pageCount(matching.length, request.limit),
  };
  const last = page.items.at(-1);
  if (last && start + request.limit < matching.length)
    page.nextCursor = await encodeCursor(source, { s: '', i: last.id, p: pageNumber + 1 });
  return withApplications(db, spaceId, source, page, () => '');
}

/**
 * A page of the candidates' delta walk (GET /candidates?updatedSince= or ?syncToken=): the candidates
 * whose resume or applications changed, from their change entries, each read as GET /candidates
 * shows it (its resume, then its applications' copies); one whose resume is gone shows as deleted.
 */
export function listCandidateChanges(db: Db, spaceId: SpaceId, request: DeltaRequest) {
  return deltaPage<ChangeEntry, Candidate>(
    db,
    spaceId,
    'candidates',
    'candidate',
    request,
    async (entries) => {
      const resumes = await batchGet<
        ResumeListEntry & { pk: string; sk: string; entity: string; deletedAt?: string }
      >(
        db,
        entries.map((entry) => resumeKeys.item(spaceId, entry.id)),
        { projection: `${SUMMARY_PROJECTION}, entity, deletedAt` },
      );
      const byId = new Map(resumes.map((resume) => [resumeKeys.idOf(resume.sk), resume]));
      const live = resumes.flatMap((resume) => {
        if (resume.entity !== 'RESUME') return [];
        const { pk: _pk, sk: _sk, entity: _entity, deletedAt: _deletedAt, ...listed } = resume;
        return [listed];
      });
      const candidates = new Map(
        (await candidatesOf(db, spaceId, live)).map((candidate) => [candidate.id, candidate]),
      );
      return entries.map((entry): Candidate | DeletedEntry => {
        const candidate = candidates.get(entry.id);
        if (candidate) return candidate;
        return {
          id: entry.id,
          deleted: true,
          deletedAt:
            byId.get(entry.id)?.deletedAt ??
            new Date(changeKeys.timeOf(entry.gsi4sk)).toISOString(),
        };
      });
    },
  );
}
