import pMap from 'p-map';
import type { ParseStatus } from '../domain.js';
import type { Db } from './client.js';
import { counterDelta, readCount } from './counters.js';
import {
  batchGet,
  conditionFailedAt,
  getItem,
  ignoreConditionFailure,
  optimistically,
  queryAll,
  type TransactItems,
  transactWrite,
  updateItem,
} from './dynamo.js';
import { applicationKeys } from './entities/application.js';
import {
  type Candidate,
  candidateIdentity,
  type Resume,
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
import { isValidId, newId, nowIso, tenantPk } from './ids.js';
import { decodeCursor, encodeCursor, type ListEntry, type ListSource, listPage, type Page, type PageRequest, pageCount } from './pagination.js';
import { INDEXES } from './table.js';

export { PARSE_STATUSES, type ParseStatus } from '../domain.js';
export type { Candidate, Resume, ResumeMetadata, ResumeSummary };

export interface ResumeImport {
  id?: string | undefined;
  fileName: string;
  parseStatus?: ParseStatus | undefined;
  metadata?: ResumeMetadata | undefined;
  createdAt?: string | undefined;
}

export function readResumeItem(db: Db, tenantId: string, resumeId: string): Promise<ResumeItem | undefined> {
  if (!isValidId(resumeId)) return Promise.resolve(undefined);
  return getItem<ResumeItem>(db, resumeKeys.item(tenantId, resumeId), { consistent: true });
}

export async function getResume(db: Db, tenantId: string, resumeId: string): Promise<Resume | undefined> {
  const item = await readResumeItem(db, tenantId, resumeId);
  return item && toResume(item);
}

/**
 * Creates a resume, or updates one with the same id (import, parse-status changes).
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
  input: ResumeImport,
  now = new Date(),
): Promise<{ resume: Resume; created: boolean }> {
  const id = input.id ?? newId();
  const { item, resume, created } = await optimistically(async () => {
    const existing = input.id ? await readResumeItem(db, tenantId, id) : undefined;
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
    const identityChanged = !existing || identity.candidate !== before.candidate || identity.email !== before.email;
    const identityVersion = identityChanged || !existing ? version + 1 : existing.identityVersion;
    const item = resumeItem(tenantId, resume, {
      applications: existing?.applications ?? {},
      updatedAt: at,
      version: version + 1,
      identityVersion,
      // A new resume has no application to tell.
      identitySyncedVersion: existing ? existing.identitySyncedVersion : identityVersion,
    });
    const items: TransactItems = [
      {
        Put: {
          TableName: db.tableName,
          Item: item,
          ConditionExpression: existing ? 'version = :v' : 'attribute_not_exists(pk)',
          ...(existing ? { ExpressionAttributeValues: { ':v': version } } : {}),
        },
      },
    ];
    if (!existing) items.push(counterDelta(db, tenantId, 'RESUME', { total: 1 }));
    await transactWrite(db, items);
    return { item, resume, created: !existing };
  }, (error) => conditionFailedAt(error, 0));
  if (item.identitySyncedVersion !== item.identityVersion) await propagateIdentity(db, tenantId, item);
  return { resume, created };
}

/** How many copies a propagation updates at once. */
const PROPAGATION_CONCURRENCY = 16;

/** Brings every application's copy of the candidate's name and e-mail to the resume's, then marks it synced. */
async function propagateIdentity(db: Db, tenantId: string, resume: ResumeItem): Promise<void> {
  const identity = candidateIdentity(resume.metadata);
  await pMap(
    Object.values(resume.applications),
    (copy) =>
      ignoreConditionFailure(
        updateItem(db, {
          Key: applicationKeys.item(tenantId, copy.jdId, copy.id),
          UpdateExpression: 'SET candidate = :candidate, email = :email, identityVersion = :v',
          // Gone, or already given this identity or a newer one by another writer: nothing to do.
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(identityVersion) OR identityVersion < :v)',
          ExpressionAttributeValues: { ':candidate': identity.candidate, ':email': identity.email, ':v': resume.identityVersion },
        }),
      ),
    { concurrency: PROPAGATION_CONCURRENCY },
  );
  await ignoreConditionFailure(
    updateItem(db, {
      Key: resumeKeys.item(tenantId, resume.id),
      UpdateExpression: 'SET identitySyncedVersion = :v',
      // A newer identity may have arrived meanwhile: that save propagates it and marks it.
      ConditionExpression: 'identityVersion = :v',
      ExpressionAttributeValues: { ':v': resume.identityVersion },
    }),
  );
}

/** Product-side parse progress: a new status and, when parsing completes, the parsed metadata. */
export async function setParseStatus(
  db: Db,
  tenantId: string,
  resumeId: string,
  parseStatus: ParseStatus,
  metadata?: ResumeMetadata,
): Promise<Resume | undefined> {
  const existing = await getResume(db, tenantId, resumeId);
  if (!existing) return undefined;
  const { resume } = await saveResume(db, tenantId, {
    id: resumeId,
    fileName: existing.fileName,
    parseStatus,
    metadata: metadata ?? existing.metadata,
  });
  return resume;
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

export function listResumes(db: Db, tenantId: string, request: PageRequest): Promise<Page<ResumeSummary>> {
  return listPage<ResumeEntry, ResumeSummary>(
    db,
    resumeListSource(tenantId, 'resumes'),
    request,
    readCount(db, tenantId, 'RESUME'),
    toResumeSummary,
  );
}

/**
 * Resumes with their applications, newest first. With `search`, every slim entry (keys and the
 * lower-cased file name) is scanned to find the matches and their exact total; only the page's
 * resumes are then read.
 */
export async function listCandidates(
  db: Db,
  tenantId: string,
  request: PageRequest & { search?: string | undefined },
): Promise<Page<Candidate>> {
  if (!request.search) {
    return listPage<ResumeEntry, Candidate>(
      db,
      resumeListSource(tenantId, 'candidates'),
      request,
      readCount(db, tenantId, 'RESUME'),
      toCandidate,
    );
  }
  const needle = request.search.toLowerCase();
  const source = resumeListSource(tenantId, `candidates?search=${needle}`);
  const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor, source.name);
  const matches = await queryAll<ResumeKeysEntry>(db, {
    IndexName: INDEXES.listKeys.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(gsi1sk, :prefix)',
    FilterExpression: 'contains(fileNameLower, :needle)',
    ExpressionAttributeValues: { ':pk': source.tenantPk, ':prefix': source.sortPrefix, ':needle': needle },
    // No ProjectionExpression: the entries are slim already, it would not lower the cost, and DynamoDB
    // Local answers several times slower with one.
    ScanIndexForward: false,
  });

  const page = cursor ? cursor.p : request.page;
  let start = cursor ? matches.findIndex((match) => match.gsi1sk < cursor.s) : (page - 1) * request.limit;
  if (start < 0) start = matches.length;
  const slice = matches.slice(start, start + request.limit);
  const items = await batchGet<ResumeItem>(
    db,
    slice.map((match) => ({ pk: source.tenantPk, sk: match.sk })),
  );
  const result: Page<Candidate> = {
    items: items.map(toCandidate),
    page,
    limit: request.limit,
    total: matches.length,
    pages: pageCount(matches.length, request.limit),
  };
  const last = slice.at(-1);
  if (last && start + request.limit < matches.length) {
    result.nextCursor = encodeCursor(source.name, { s: last.gsi1sk, i: resumeKeys.idOf(last.sk), p: page + 1 });
  }
  return result;
}
