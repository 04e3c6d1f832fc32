import type { ApplicationStatus } from '../domain.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.js';
import type { Db } from './client.js';
import { batchGet, conditionFailedAt, getItem, optimistically, queryAll, transactWrite } from './dynamo.js';
import {
  type ApplicationItem,
  applicationItems,
  applicationKeys,
  type ApplicationPointerItem,
  type ApplicationState,
  type Match,
  type MatchEntry,
  toMatch,
} from './entities/application.js';
import { type JdHeadItem, jdKeys } from './entities/jd.js';
import { candidateIdentity, type ResumeItem, resumeKeys } from './entities/resume.js';
import { isValidId, newId, nowIso, tenantPk } from './ids.js';
import { jdExists } from './jds.js';
import { INDEXES } from './table.js';

export { APPLICATION_STATUSES, type ApplicationStatus } from '../domain.js';
export { applicationKeys, type Match };

export interface ApplicationImport {
  id?: string | undefined;
  jdId: string;
  resumeId: string;
  status?: ApplicationStatus | undefined;
  aiScores?: { overallScore: number }[] | undefined;
  createdAt?: string | undefined;
}

export function isValidScore(score: number): boolean {
  return Number.isFinite(score) && score >= 0 && score <= 100;
}

function sortScores(scores: number[]): number[] {
  for (const score of scores) {
    if (!isValidScore(score)) throw new InvalidInputError(`overallScore: must be a number from 0 to 100, got ${score}`);
  }
  return [...scores].sort((a, b) => b - a);
}

/** What an application copies from its JD: the title, with the versions that guard the copy. */
type JdForApplication = Pick<JdHeadItem, 'title' | 'version' | 'titleVersion'>;

/** Everything a write of an application reads first: the application, its resume and its JD head. */
interface StoredApplication {
  application: ApplicationItem;
  resume: ResumeItem;
  jd: JdForApplication;
}

/**
 * Writes an application and its copy on the resume together, guarded by the versions of the
 * application, the resume and the JD head (whose title and the candidate's identity it copies: a
 * concurrent change of either makes this write retry with the new value, never miss it).
 */
async function writeApplication(
  db: Db,
  tenantId: string,
  next: ApplicationState,
  previous: ApplicationItem | undefined,
  resume: ResumeItem,
  jd: JdForApplication,
  now: Date,
): Promise<void> {
  const items = applicationItems(
    tenantId,
    next,
    { version: (previous?.version ?? 0) + 1, updatedAt: nowIso(now) },
    { ...candidateIdentity(resume.metadata), identityVersion: resume.identityVersion },
    jd,
  );
  await transactWrite(db, [
    {
      Put: {
        TableName: db.tableName,
        Item: items.application,
        ConditionExpression: previous === undefined ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(previous === undefined ? {} : { ExpressionAttributeValues: { ':v': previous.version } }),
      },
    },
    {
      // Bumping the version makes a concurrent whole-resume write retry instead of dropping this copy.
      Update: {
        TableName: db.tableName,
        Key: resumeKeys.item(tenantId, next.resumeId),
        UpdateExpression: 'SET #apps.#app = :copy, version = :next',
        ConditionExpression: 'version = :rv',
        ExpressionAttributeNames: { '#apps': 'applications', '#app': next.id },
        ExpressionAttributeValues: { ':copy': items.copy, ':rv': resume.version, ':next': resume.version + 1 },
      },
    },
    {
      ConditionCheck: {
        TableName: db.tableName,
        Key: jdKeys.head(tenantId, next.jdId),
        ConditionExpression: 'version = :jv',
        ExpressionAttributeValues: { ':jv': jd.version },
      },
    },
    { Put: { TableName: db.tableName, Item: items.pointer } },
  ]);
}

/** A version condition of the application (0), its resume (1) or its JD head (2) failed: read again. */
const lostARace = (error: unknown) => conditionFailedAt(error, 0) || conditionFailedAt(error, 1) || conditionFailedAt(error, 2);

async function readStored(db: Db, tenantId: string, applicationId: string): Promise<StoredApplication | undefined> {
  if (!isValidId(applicationId)) return undefined;
  const pointer = await getItem<ApplicationPointerItem>(db, applicationKeys.pointer(tenantId, applicationId), { consistent: true });
  if (!pointer) return undefined;
  const items = await batchGet<ApplicationItem | ResumeItem | JdHeadItem>(
    db,
    [
      applicationKeys.item(tenantId, pointer.jdId, applicationId),
      resumeKeys.item(tenantId, pointer.resumeId),
      jdKeys.head(tenantId, pointer.jdId),
    ],
    { consistent: true },
  );
  const application = items.find((item): item is ApplicationItem => item.entity === 'APPLICATION');
  const resume = items.find((item): item is ResumeItem => item.entity === 'RESUME');
  const jd = items.find((item): item is JdHeadItem => item.entity === 'JD');
  return application && resume && jd ? { application, resume, jd } : undefined;
}

const stateOf = (item: ApplicationItem): ApplicationState => ({
  id: item.id,
  jdId: item.jdId,
  resumeId: item.resumeId,
  status: item.status,
  scores: item.scores,
  createdAt: item.createdAt,
});

/**
 * Creates an application (or updates one with the same id, as the import does). Its JD and resume
 * must exist in the tenant; an application never moves to another JD or resume.
 */
export async function saveApplication(
  db: Db,
  tenantId: string,
  input: ApplicationImport,
  now = new Date(),
): Promise<{ id: string; created: boolean }> {
  const id = input.id ?? newId();
  const scores = input.aiScores ? sortScores(input.aiScores.map((score) => score.overallScore)) : undefined;
  return optimistically(async () => {
    const existing = input.id ? await readStored(db, tenantId, id) : undefined;
    if (existing && (existing.application.jdId !== input.jdId || existing.application.resumeId !== input.resumeId)) {
      throw new ConflictError(`Application ${id} belongs to JD ${existing.application.jdId} and resume ${existing.application.resumeId}`);
    }
    const found = existing ?? (await readParents(db, tenantId, input.jdId, input.resumeId));
    const next: ApplicationState = {
      id,
      jdId: input.jdId,
      resumeId: input.resumeId,
      status: input.status ?? existing?.application.status ?? 'SCREENING',
      scores: scores ?? existing?.application.scores ?? [],
      createdAt: input.createdAt ?? existing?.application.createdAt ?? nowIso(now),
    };
    await writeApplication(db, tenantId, next, existing?.application, found.resume, found.jd, now);
    return { id, created: !existing };
  }, lostARace);
}

/** The JD head and resume a new application needs; both must exist in the tenant. */
async function readParents(db: Db, tenantId: string, jdId: string, resumeId: string): Promise<{ resume: ResumeItem; jd: JdHeadItem }> {
  const items = await batchGet<JdHeadItem | ResumeItem>(db, [jdKeys.head(tenantId, jdId), resumeKeys.item(tenantId, resumeId)], {
    consistent: true,
  });
  const jd = items.find((item): item is JdHeadItem => item.entity === 'JD');
  const resume = items.find((item): item is ResumeItem => item.entity === 'RESUME');
  if (!jd) throw new NotFoundError(`JD ${jdId}`);
  if (!resume) throw new NotFoundError(`Resume ${resumeId}`);
  return { jd, resume };
}

async function changeApplication(
  db: Db,
  tenantId: string,
  applicationId: string,
  change: (state: ApplicationState) => Partial<ApplicationState>,
  now: Date,
): Promise<void> {
  await optimistically(async () => {
    const existing = await readStored(db, tenantId, applicationId);
    if (!existing) throw new NotFoundError('Application');
    const state = stateOf(existing.application);
    await writeApplication(db, tenantId, { ...state, ...change(state) }, existing.application, existing.resume, existing.jd, now);
  }, lostARace);
}

/** Records one AI score; the application ranks by its best score. */
export function recordAiScore(db: Db, tenantId: string, applicationId: string, overallScore: number, now = new Date()): Promise<void> {
  const checked = sortScores([overallScore]);
  return changeApplication(db, tenantId, applicationId, (state) => ({ scores: sortScores([...state.scores, ...checked]) }), now);
}

export function setApplicationStatus(
  db: Db,
  tenantId: string,
  applicationId: string,
  status: ApplicationStatus,
  now = new Date(),
): Promise<void> {
  return changeApplication(db, tenantId, applicationId, () => ({ status }), now);
}

/**
 * Every application of a JD, best score first: the JD's existence (strongly consistent GetItem)
 * and the ranked index are read in parallel.
 */
export async function listMatches(db: Db, tenantId: string, jdId: string): Promise<Match[] | undefined> {
  if (!isValidId(jdId)) return undefined;
  const [exists, entries] = await Promise.all([
    jdExists(db, tenantId, jdId),
    queryAll<MatchEntry>(db, {
      IndexName: INDEXES.matches.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': applicationKeys.matchesPrefix(jdId) },
    }),
  ]);
  return exists ? entries.map(toMatch) : undefined;
}
