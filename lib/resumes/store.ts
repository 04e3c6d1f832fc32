import pMap from 'p-map';
import { readScoringInputsChanges } from '../jds/staleness.js';
import type { Db } from '../db/client.js';
import { readCount } from '../db/counters.js';
import { batchGet, getItem, queryAll, queryUpTo } from '../db/dynamo.js';
import type { TombstoneItem } from '../db/entities/tombstone.js';
import { isValidId, tenantPk, underPrefix } from '../db/ids.js';
import {
  decodeCursor,
  encodeCursor,
  itemsWithinPageBytes,
  type ListEntry,
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
  type Resume,
  type ResumeItem,
  type ResumeKeysEntry,
  type ResumeListEntry,
  type ResumeSummary,
  resumeKeys,
  toCandidate,
  toResume,
  toResumeSummary,
} from './model.js';
import { type ApplicationCopyItem, copyKeys } from '../matching/copies.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Resumes as stored, and the candidates view (each resume with its applications, from the copies kept
 * under it). Resumes are written by the product alone (./sync.ts).
 */

/** The resume, or the tombstone of its erasure, or nothing. */
export function readStoredResume(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
): Promise<ResumeItem | TombstoneItem | undefined> {
  return getItem<ResumeItem | TombstoneItem>(db, resumeKeys.item(spaceId, resumeId), {
    consistent: true,
  });
}

export async function readResumeItem(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
): Promise<ResumeItem | undefined> {
  if (!isValidId(resumeId)) return undefined;
  const stored = await readStoredResume(db, spaceId, resumeId);
  return stored?.entity === 'RESUME' ? stored : undefined;
}

/** A resume in full (GET /resumes/:id). */
export async function readResume(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
): Promise<Resume | undefined> {
  const item = await readResumeItem(db, spaceId, resumeId);
  return item && toResume(item);
}

/** Every application copy under a resume (the attributes `projection` names), for the writes that act on them. */
export function copiesOf<K extends keyof ApplicationCopyItem>(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
  projection: string,
): Promise<Pick<ApplicationCopyItem, K>[]> {
  return queryAll<Pick<ApplicationCopyItem, K>>(db, {
    ...underPrefix(spaceId, copyKeys.copiesPrefix(resumeId)),
    ProjectionExpression: projection,
    ConsistentRead: true,
  });
}

function resumeListSource(spaceId: SpaceId, name: string): ListSource {
  return {
    name,
    index: INDEXES.list,
    keysIndex: INDEXES.listKeys,
    tenantPk: tenantPk(spaceId),
    sortPrefix: resumeKeys.listPrefix,
    baseSortKey: (id) => resumeKeys.item(spaceId, id).sk,
    idOf: resumeKeys.idOf,
  };
}

type ResumeEntry = ResumeListEntry & ListEntry;

export function listResumes(
  db: Db,
  spaceId: SpaceId,
  request: PageRequest,
): Promise<Page<ResumeSummary>> {
  return listPage<ResumeEntry, ResumeSummary>(
    db,
    resumeListSource(spaceId, 'resumes'),
    request,
    readCount(db, spaceId, 'RESUME'),
    async (entries) => entries.map(toResumeSummary),
  );
}

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

/** A page of the resumes' delta walk (GET /resumes?updatedSince= or ?syncToken=), from the changes index alone. */
export function listResumeChanges(db: Db, spaceId: SpaceId, request: DeltaRequest) {
  return deltaPage<ResumeListEntry & ChangeEntry, ResumeSummary>(
    db,
    spaceId,
    'resumes',
    'resume',
    request,
    async (entries) => entries.map(toResumeSummary),
  );
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
