import pMap from 'p-map';
import type { ParseStatus } from '../domain.js';
import type { Db } from './client.js';
import { counterDelta, readCount } from './counters.js';
import {
  batchGet,
  getItem,
  optimistically,
  queryAll,
  queryUpTo,
  type TransactItems,
  transactWrite,
} from './dynamo.js';
import { type ApplicationItem, applicationKeys } from './entities/application.js';
import { recordEvent } from './entities/event.js';
import { type ProductWrite, type TombstoneItem, versionVerdict } from './entities/tombstone.js';
import { removeApplications } from './applications.js';
import {
  type Candidate,
  candidateIdentity,
  type Resume,
  type ApplicationCopyItem,
  type ResumeItem,
  type ResumeKeysEntry,
  type ResumeListEntry,
  type ResumeMetadata,
  type ResumeSummary,
  resumeItem,
  resumeKeys,
  toCandidate,
  toResume,
  toResumeSummary,
} from './entities/resume.js';
import { LIMITS } from '../schemas/limits.js';
import { isValidId, nowIso, tenantPk, underPrefix } from './ids.js';
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
} from './pagination.js';
import { queryTimeRange } from './time-range-query.js';
import { INDEXES } from './table.js';
import { firstItemChanged, propagate, replacing, writeTombstone } from './versioned-writes.js';

export { PARSE_STATUSES, type ParseStatus } from '../domain.js';
export type { Candidate, Resume, ResumeMetadata, ResumeSummary };

export interface ResumeImport {
  id?: string | undefined;
  fileName: string;
  parseStatus?: ParseStatus | undefined;
  metadata?: ResumeMetadata | undefined;
  createdAt?: string | undefined;
}

/** The resume, or the tombstone of its erasure, or nothing. */
function readStored(
  db: Db,
  tenantId: string,
  resumeId: string,
): Promise<ResumeItem | TombstoneItem | undefined> {
  return getItem<ResumeItem | TombstoneItem>(db, resumeKeys.item(tenantId, resumeId), {
    consistent: true,
  });
}

export async function readResumeItem(
  db: Db,
  tenantId: string,
  resumeId: string,
): Promise<ResumeItem | undefined> {
  if (!isValidId(resumeId)) return undefined;
  const stored = await readStored(db, tenantId, resumeId);
  return stored?.entity === 'RESUME' ? stored : undefined;
}

export async function getResume(
  db: Db,
  tenantId: string,
  resumeId: string,
): Promise<Resume | undefined> {
  const item = await readResumeItem(db, tenantId, resumeId);
  return item && toResume(item);
}

/**
 * Applies the product's version `sourceVersion` of a resume (its id given): created, updated, or
 * ignored when what is stored (the resume, or the tombstone of its erasure) is as new or newer.
 *
 * A new name or e-mail must reach the copy on every application, however many there are (a transaction
 * holds at most 100 items). The resume records the version at which its identity changed
 * (`identityVersion`); after the resume is written, each application's copy is updated unless it
 * already holds that identity or a newer one, and the resume is then marked synced. A propagation cut
 * short (a crash, a timeout) is finished by the next save of the resume, so re-runs converge.
 */
export async function saveResume(
  db: Db,
  tenantId: string,
  input: ResumeImport & { id: string },
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<Resume>> {
  const { id } = input;
  const now = options.now ?? new Date();
  const write = await optimistically(async () => {
    const stored = await readStored(db, tenantId, id);
    const ignored = versionVerdict(stored, options.sourceVersion);
    if (ignored) return ignored;
    const existing = stored?.entity === 'RESUME' ? stored : undefined;
    const at = nowIso(now);
    const metadata = input.metadata ?? existing?.metadata ?? {};
    const resume: Resume = {
      id,
      fileName: input.fileName,
      parseStatus: input.parseStatus ?? existing?.parseStatus ?? 'PENDING',
      metadata,
      createdAt: input.createdAt ?? existing?.createdAt ?? at,
    };
    const version = existing?.version ?? 0;
    const identity = candidateIdentity(metadata);
    const before = candidateIdentity(existing?.metadata);
    const identityChanged =
      identity.candidate !== before.candidate || identity.email !== before.email;
    const identityVersion = identityChanged || !existing ? version + 1 : existing.identityVersion;
    const item = resumeItem(tenantId, resume, {
      updatedAt: at,
      version: version + 1,
      identityVersion,
      // A new resume has no application to tell.
      identitySyncedVersion: existing ? existing.identitySyncedVersion : identityVersion,
      sourceVersion: options.sourceVersion,
    });
    const items: TransactItems = [
      { Put: { TableName: db.tableName, Item: item, ...replacing(stored) } },
    ];
    if (!existing) items.push(counterDelta(tenantId, 'RESUME', { total: 1 }));
    if (!existing || changedForIntegrators(existing, resume)) {
      items.push(
        recordEvent(tenantId, existing ? 'resume.updated' : 'resume.created', {
          id,
          parseStatus: resume.parseStatus,
          updatedAt: at,
        }),
      );
    }
    await transactWrite(db, items);
    return { outcome: 'applied' as const, created: !existing, value: resume, item };
  }, firstItemChanged);
  if (write.outcome === 'ignored') return write;
  if (write.item.identitySyncedVersion !== write.item.identityVersion)
    await propagateIdentity(db, tenantId, write.item);
  return { outcome: 'applied', created: write.created, value: write.value };
}

/** Whether a new version of a resume changes what the API shows of it (else no event is recorded). */
function changedForIntegrators(before: ResumeItem, after: Resume): boolean {
  return (
    before.fileName !== after.fileName ||
    before.parseStatus !== after.parseStatus ||
    JSON.stringify(before.metadata) !== JSON.stringify(after.metadata)
  );
}

/**
 * Applies the product's erasure of a resume at `sourceVersion`: the resume becomes a tombstone that
 * holds no personal data, the count moves, then every application of the candidate (with its copy of
 * their name and e-mail) is removed, found through the copies under the resume. A redelivered erasure
 * finds what a cut-short one left and finishes it.
 */
export async function eraseResume(
  db: Db,
  tenantId: string,
  resumeId: string,
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<undefined>> {
  const now = options.now ?? new Date();
  const write = await writeTombstone<ResumeItem>(
    db,
    { key: resumeKeys.item(tenantId, resumeId), of: 'RESUME', id: resumeId },
    () => readStored(db, tenantId, resumeId),
    { sourceVersion: options.sourceVersion, now },
    () => [
      counterDelta(tenantId, 'RESUME', { total: -1 }),
      recordEvent(tenantId, 'resume.deleted', { id: resumeId, updatedAt: nowIso(now) }),
    ],
  );
  if (write.outcome === 'ignored') return write;
  const copies = await copiesOf<'id' | 'jdId'>(db, tenantId, resumeId, 'id, jdId');
  const applications = await batchGet<ApplicationItem>(
    db,
    copies.map(({ id, jdId }) => applicationKeys.item(tenantId, jdId, id)),
    { consistent: true },
  );
  await removeApplications(db, tenantId, applications, now);
  return write;
}

/** Every application copy under a resume (the attributes `projection` names), for the writes that act on them. */
function copiesOf<K extends keyof ApplicationCopyItem>(
  db: Db,
  tenantId: string,
  resumeId: string,
  projection: string,
): Promise<Pick<ApplicationCopyItem, K>[]> {
  return queryAll<Pick<ApplicationCopyItem, K>>(db, {
    ...underPrefix(tenantId, resumeKeys.copiesPrefix(resumeId)),
    ProjectionExpression: projection,
    ConsistentRead: true,
  });
}

/** Brings every application's copy of the candidate's name and e-mail to the resume's, then marks it synced. */
async function propagateIdentity(db: Db, tenantId: string, resume: ResumeItem): Promise<void> {
  const identity = candidateIdentity(resume.metadata);
  await propagate(
    db,
    await copiesOf<'id' | 'jdId'>(db, tenantId, resume.id, 'id, jdId'),
    (copy) => ({
      Key: applicationKeys.item(tenantId, copy.jdId, copy.id),
      UpdateExpression: 'SET candidate = :candidate, email = :email, identityVersion = :v',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(identityVersion) OR identityVersion < :v)',
      ExpressionAttributeValues: {
        ':candidate': identity.candidate,
        ':email': identity.email,
        ':v': resume.identityVersion,
      },
    }),
    {
      Key: resumeKeys.item(tenantId, resume.id),
      UpdateExpression: 'SET identitySyncedVersion = :v',
      ConditionExpression: 'identityVersion = :v',
      ExpressionAttributeValues: { ':v': resume.identityVersion },
    },
  );
}

function resumeListSource(tenantId: string, name: string): ListSource {
  return {
    name,
    index: INDEXES.list,
    keysIndex: INDEXES.listKeys,
    tenantPk: tenantPk(tenantId),
    sortPrefix: resumeKeys.listPrefix,
    baseSortKey: (id) => resumeKeys.item(tenantId, id).sk,
  };
}

type ResumeEntry = ResumeListEntry & ListEntry;

export function listResumes(
  db: Db,
  tenantId: string,
  request: PageRequest,
): Promise<Page<ResumeSummary>> {
  return listPage<ResumeEntry, ResumeSummary>(
    db,
    resumeListSource(tenantId, 'resumes'),
    request,
    readCount(db, tenantId, 'RESUME'),
    toResumeSummary,
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
  tenantId: string,
  source: ListSource,
  page: Page<ResumeListEntry>,
  sortKeyOf: (entry: ResumeListEntry) => string,
): Promise<Page<Candidate>> {
  // Eventually consistent (half the cost): a view, not a write.
  const copiesOfEntry = (resumeId: string) =>
    queryUpTo<ApplicationCopyItem>(
      db,
      { ...underPrefix(tenantId, resumeKeys.copiesPrefix(resumeId)), ScanIndexForward: false },
      LIMITS.candidateApplications + 1,
    );
  const candidates = await pMap(
    page.items,
    async (entry) =>
      toCandidate(entry, (await copiesOfEntry(entry.id)).items, LIMITS.candidateApplications),
    {
      concurrency: CANDIDATE_READ_CONCURRENCY,
    },
  );
  const kept = itemsWithinPageBytes(candidates);
  if (kept === candidates.length) return { ...page, items: candidates };
  const last = page.items[kept - 1] as ResumeListEntry;
  return {
    ...page,
    items: candidates.slice(0, kept),
    nextCursor: await encodeCursor(source, { s: sortKeyOf(last), i: last.id, p: page.page + 1 }),
  };
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
  tenantId: string,
  request: PageRequest & { search?: string | undefined },
): Promise<Page<Candidate>> {
  if (!request.search) {
    const source = resumeListSource(tenantId, 'candidates');
    const page = await listPage<ResumeEntry, ResumeEntry>(
      db,
      source,
      request,
      readCount(db, tenantId, 'RESUME'),
      (entry) => entry,
    );
    return withApplications(
      db,
      tenantId,
      source,
      page,
      (entry) => (entry as ResumeEntry).gsi1sk ?? '',
    );
  }
  const needle = request.search.toLowerCase();
  const source = resumeListSource(tenantId, `candidates?search=${needle}`);
  const cursor =
    request.cursor === undefined ? undefined : await decodeCursor(request.cursor, source);
  const { items: matches } = await queryTimeRange<ResumeKeysEntry>(db, {
    indexName: INDEXES.listKeys.name,
    pk: source.tenantPk,
    sortKey: 'gsi1sk',
    prefix: source.sortPrefix,
    filter: { expression: 'contains(fileNameLower, :needle)', values: { ':needle': needle } },
    expectedEntries: readCount(db, tenantId, 'RESUME'),
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
  return withApplications(db, tenantId, source, result, (entry) => sortKeys.get(entry.id) ?? '');
}
