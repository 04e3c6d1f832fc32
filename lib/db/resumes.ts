import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import type { Db } from './client.js';
import { counterDelta, readCount } from './counters.js';
import { applicationKeys } from './application-keys.js';
import { isValidId, newId, nowIso, sortableTime, tenantPk } from './ids.js';
import {
  decodeCursor,
  encodeCursor,
  type ListSource,
  listPage,
  type Page,
  type PageRequest,
  pageCount,
} from './pagination.js';
import { batchGet, queryAll } from './query.js';
import { INDEXES } from './table.js';
import { conditionFailedAt, ignoreConditionFailure, type TransactItems, transactWrite } from './transact.js';

import type { ParseStatus } from '../domain.js';

export { PARSE_STATUSES, type ParseStatus } from '../domain.js';

export type ResumeMetadata = Record<string, unknown> & {
  name?: string;
  email?: string;
  skills?: string[];
  experience?: string;
};

/** An application as the resume keeps it, for the candidates view. */
export interface ApplicationCopy {
  id: string;
  jdId: string;
  jdTitle: string;
  /** the JD's titleVersion this copy holds */
  jdTitleVersion: number;
  status: string;
  aiScores: number[];
  createdAt: string;
}

export interface Resume {
  id: string;
  fileName: string;
  parseStatus: ParseStatus;
  metadata: ResumeMetadata;
  createdAt: string;
}

export interface ResumeSummary {
  id: string;
  fileName: string;
  parseStatus: ParseStatus;
  metadata: { skills?: string[]; experience?: string };
  createdAt: string;
}

export interface Candidate extends ResumeSummary {
  applications: {
    id: string;
    status: string;
    aiScores: { overallScore: number }[];
    jobDescription: { id: string; title: string };
  }[];
}

export interface ResumeImport {
  id?: string | undefined;
  fileName: string;
  parseStatus?: ParseStatus | undefined;
  metadata?: ResumeMetadata | undefined;
  createdAt?: string | undefined;
}

export const resumeKeys = {
  item: (tenantId: string, resumeId: string) => ({ pk: tenantPk(tenantId), sk: `RESUME#${resumeId}` }),
  /** The resume id in an item's sort key. */
  idOf: (sortKey: string) => sortKey.slice('RESUME#'.length),
  /** In the list index: all resumes, newest first. */
  listPrefix: 'R#',
  listSort: (createdAt: string, resumeId: string) => `R#${sortableTime(createdAt)}#${resumeId}`,
};

/** The short metadata of list and candidate views: skills and experience only. */
export function summarizeMetadata(metadata: ResumeMetadata | undefined): ResumeSummary['metadata'] {
  const summary: ResumeSummary['metadata'] = {};
  if (Array.isArray(metadata?.skills)) summary.skills = metadata.skills;
  if (typeof metadata?.experience === 'string') summary.experience = metadata.experience;
  return summary;
}

/** Name and e-mail as the applications carry them (null when the parser found none). */
export function candidateIdentity(metadata: ResumeMetadata | undefined) {
  return {
    candidate: typeof metadata?.name === 'string' ? metadata.name : null,
    email: typeof metadata?.email === 'string' ? metadata.email : null,
  };
}

function toSummary(item: Record<string, unknown>): ResumeSummary {
  return {
    id: item.id as string,
    fileName: item.fileName as string,
    parseStatus: item.parseStatus as ParseStatus,
    metadata: (item.metadataSummary as ResumeSummary['metadata']) ?? {},
    createdAt: item.createdAt as string,
  };
}

function toCandidate(item: Record<string, unknown>): Candidate {
  const copies = Object.values((item.applications as Record<string, ApplicationCopy>) ?? {});
  copies.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return {
    ...toSummary(item),
    applications: copies.map((copy) => ({
      id: copy.id,
      status: copy.status,
      aiScores: [...copy.aiScores].sort((a, b) => b - a).map((overallScore) => ({ overallScore })),
      jobDescription: { id: copy.jdId, title: copy.jdTitle },
    })),
  };
}

/** The resume item, with its list index keys and the copies of its applications. */
export function resumeItem(
  tenantId: string,
  resume: Resume,
  state: {
    applications: Record<string, ApplicationCopy>;
    updatedAt: string;
    version: number;
    /** version at which the candidate's name or e-mail last changed */
    identityVersion: number;
    /** the identityVersion every application's copy is known to hold */
    identitySyncedVersion: number;
  },
) {
  return {
    ...resumeKeys.item(tenantId, resume.id),
    entity: 'RESUME',
    ...resume,
    fileNameLower: resume.fileName.toLowerCase(),
    metadataSummary: summarizeMetadata(resume.metadata),
    ...state,
    gsi1sk: resumeKeys.listSort(resume.createdAt, resume.id),
  };
}

export async function readResumeItem(db: Db, tenantId: string, resumeId: string) {
  if (!isValidId(resumeId)) return undefined;
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: resumeKeys.item(tenantId, resumeId), ConsistentRead: true }),
  );
  return Item;
}

export async function getResume(db: Db, tenantId: string, resumeId: string): Promise<Resume | undefined> {
  const item = await readResumeItem(db, tenantId, resumeId);
  if (!item) return undefined;
  return {
    id: item.id as string,
    fileName: item.fileName as string,
    parseStatus: item.parseStatus as ParseStatus,
    metadata: (item.metadata as ResumeMetadata) ?? {},
    createdAt: item.createdAt as string,
  };
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
  for (let attempt = 1; ; attempt++) {
    const existing = input.id ? await readResumeItem(db, tenantId, id) : undefined;
    const at = nowIso(now);
    const metadata = input.metadata ?? (existing?.metadata as ResumeMetadata | undefined) ?? {};
    const resume: Resume = {
      id,
      fileName: input.fileName,
      parseStatus: input.parseStatus ?? (existing?.parseStatus as ParseStatus | undefined) ?? 'PENDING',
      metadata,
      createdAt: input.createdAt ?? (existing?.createdAt as string | undefined) ?? at,
    };
    const version = (existing?.version as number | undefined) ?? 0;
    const identity = candidateIdentity(metadata);
    const before = candidateIdentity(existing?.metadata as ResumeMetadata | undefined);
    const identityChanged = !existing || identity.candidate !== before.candidate || identity.email !== before.email;
    const identityVersion = identityChanged ? version + 1 : ((existing?.identityVersion as number | undefined) ?? 0);
    const item = resumeItem(tenantId, resume, {
      applications: (existing?.applications as Record<string, ApplicationCopy> | undefined) ?? {},
      updatedAt: at,
      version: version + 1,
      identityVersion,
      // A new resume has no application to tell.
      identitySyncedVersion: existing ? ((existing.identitySyncedVersion as number | undefined) ?? 0) : identityVersion,
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
    try {
      await transactWrite(db, items);
    } catch (error) {
      if (conditionFailedAt(error, 0) && attempt < 3) continue;
      throw error;
    }
    if (item.identitySyncedVersion !== item.identityVersion) await propagateIdentity(db, tenantId, item);
    return { resume, created: !existing };
  }
}

/** How many copies a propagation updates at once. */
const PROPAGATION_CONCURRENCY = 16;

/** Brings every application's copy of the candidate's name and e-mail to the resume's, then marks it synced. */
async function propagateIdentity(db: Db, tenantId: string, resume: ReturnType<typeof resumeItem>): Promise<void> {
  const identity = candidateIdentity(resume.metadata);
  await pMap(
    Object.values(resume.applications),
    (copy) =>
      ignoreConditionFailure(
        db.client.send(
          new UpdateCommand({
            TableName: db.tableName,
            Key: applicationKeys.item(tenantId, copy.jdId, copy.id),
            UpdateExpression: 'SET candidate = :candidate, email = :email, identityVersion = :v',
            // Gone, or already given this identity or a newer one by another writer: nothing to do.
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(identityVersion) OR identityVersion < :v)',
            ExpressionAttributeValues: { ':candidate': identity.candidate, ':email': identity.email, ':v': resume.identityVersion },
          }),
        ),
      ),
    { concurrency: PROPAGATION_CONCURRENCY },
  );
  await ignoreConditionFailure(
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: resumeKeys.item(tenantId, resume.id),
        UpdateExpression: 'SET identitySyncedVersion = :v',
        // A newer identity may have arrived meanwhile: that save propagates it and marks it.
        ConditionExpression: 'identityVersion = :v',
        ExpressionAttributeValues: { ':v': resume.identityVersion },
      }),
    ),
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

export function listResumes(db: Db, tenantId: string, request: PageRequest): Promise<Page<ResumeSummary>> {
  return listPage(db, resumeListSource(tenantId, 'resumes'), request, readCount(db, tenantId, 'RESUME'), toSummary);
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
    return listPage(db, resumeListSource(tenantId, 'candidates'), request, readCount(db, tenantId, 'RESUME'), toCandidate);
  }
  const needle = request.search.toLowerCase();
  const source = resumeListSource(tenantId, `candidates?search=${needle}`);
  const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor, source.name);
  const matches = (await queryAll(db, {
    IndexName: INDEXES.listKeys.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(gsi1sk, :prefix)',
    FilterExpression: 'contains(fileNameLower, :needle)',
    ExpressionAttributeValues: {
      ':pk': source.tenantPk,
      ':prefix': source.sortPrefix,
      ':needle': needle,
    },
    // No ProjectionExpression: the entries are slim already, it would not lower the cost, and DynamoDB
    // Local answers several times slower with one.
    ScanIndexForward: false,
  })) as { sk: string; gsi1sk: string }[];

  const page = cursor ? cursor.p : request.page;
  let start = cursor ? matches.findIndex((match) => match.gsi1sk < cursor.s) : (page - 1) * request.limit;
  if (start < 0) start = matches.length;
  const slice = matches.slice(start, start + request.limit);
  const items = await batchGet(
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
