import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { applicationKeys } from './application-keys.js';
import type { Db } from './client.js';
import { isValidId, newId, nowIso, tenantPk } from './ids.js';
import { jdExists, jdKeys } from './jds.js';
import { batchGet, queryAll } from './query.js';
import { type ApplicationCopy, candidateIdentity, type ResumeMetadata, resumeKeys } from './resumes.js';
import { INDEXES } from './table.js';
import { conditionFailedAt, transactWrite } from './transact.js';

import type { ApplicationStatus } from '../domain.js';

export { APPLICATION_STATUSES, type ApplicationStatus } from '../domain.js';

export interface Match {
  applicationId: string;
  resumeId: string;
  candidate: string | null;
  email: string | null;
  aiScore: number | null;
  status: ApplicationStatus;
}

export interface ApplicationImport {
  id?: string | undefined;
  jdId: string;
  resumeId: string;
  status?: ApplicationStatus | undefined;
  aiScores?: { overallScore: number }[] | undefined;
  createdAt?: string | undefined;
}

export { applicationKeys };

export function isValidScore(score: number): boolean {
  return Number.isFinite(score) && score >= 0 && score <= 100;
}

function sortScores(scores: number[]): number[] {
  for (const score of scores) {
    if (!isValidScore(score)) throw new ValidationError(`overallScore: must be a number from 0 to 100, got ${score}`);
  }
  return [...scores].sort((a, b) => b - a);
}

export interface ApplicationState {
  id: string;
  jdId: string;
  resumeId: string;
  status: ApplicationStatus;
  scores: number[];
  createdAt: string;
  version: number;
}

/**
 * The three items of an application: the application in its JD's collection (with its rank in the
 * matches index), its copy on the resume, and the pointer from its id.
 */
export function applicationItems(
  tenantId: string,
  next: Omit<ApplicationState, 'version'>,
  version: number,
  candidate: ReturnType<typeof candidateIdentity> & { identityVersion: number },
  jd: { title: string; titleVersion: number },
  now: Date,
) {
  const best = next.scores[0];
  const copy: ApplicationCopy = {
    id: next.id,
    jdId: next.jdId,
    jdTitle: jd.title,
    jdTitleVersion: jd.titleVersion,
    status: next.status,
    aiScores: next.scores,
    createdAt: next.createdAt,
  };
  return {
    application: {
      ...applicationKeys.item(tenantId, next.jdId, next.id),
      entity: 'APPLICATION',
      id: next.id,
      jdId: next.jdId,
      resumeId: next.resumeId,
      status: next.status,
      scores: next.scores,
      aiScore: best,
      ...candidate,
      createdAt: next.createdAt,
      updatedAt: nowIso(now),
      version,
      gsi3sk: applicationKeys.matchSort(next.jdId, best, next.createdAt, next.id),
    },
    copy,
    pointer: {
      ...applicationKeys.pointer(tenantId, next.id),
      entity: 'APPLICATION_POINTER',
      jdId: next.jdId,
      resumeId: next.resumeId,
    },
  };
}

/** What an application write copies from its JD: the title, and the versions that guard the copy. */
interface JdForApplication {
  title: string;
  version: number;
  titleVersion: number;
}

/**
 * Writes an application and its copy on the resume together, guarded by the versions of the
 * application, the resume and the JD head (whose title and the candidate's identity it copies: a
 * concurrent change of either makes this write retry with the new value, never miss it).
 */
async function writeApplication(
  db: Db,
  tenantId: string,
  next: Omit<ApplicationState, 'version'>,
  previousVersion: number | undefined,
  resume: Record<string, unknown>,
  jd: JdForApplication,
  now: Date,
): Promise<void> {
  const identity = { ...candidateIdentity(resume.metadata as ResumeMetadata | undefined), identityVersion: resume.identityVersion as number };
  const items = applicationItems(tenantId, next, (previousVersion ?? 0) + 1, identity, jd, now);
  await transactWrite(db, [
    {
      Put: {
        TableName: db.tableName,
        Item: items.application,
        ConditionExpression: previousVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(previousVersion === undefined ? {} : { ExpressionAttributeValues: { ':v': previousVersion } }),
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
        ExpressionAttributeValues: { ':copy': items.copy, ':rv': resume.version, ':next': (resume.version as number) + 1 },
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

const jdForApplication = (head: Record<string, unknown>): JdForApplication => ({
  title: head.title as string,
  version: head.version as number,
  titleVersion: head.titleVersion as number,
});

async function readState(db: Db, tenantId: string, applicationId: string) {
  if (!isValidId(applicationId)) return undefined;
  const { Item: pointer } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: applicationKeys.pointer(tenantId, applicationId),
      ConsistentRead: true,
    }),
  );
  if (!pointer) return undefined;
  const [application, resume, jd] = await batchGet(
    db,
    [
      applicationKeys.item(tenantId, pointer.jdId as string, applicationId),
      resumeKeys.item(tenantId, pointer.resumeId as string),
      jdKeys.head(tenantId, pointer.jdId as string),
    ],
    { consistent: true },
  );
  if (!application || !resume || !jd) return undefined;
  return {
    state: {
      id: applicationId,
      jdId: application.jdId,
      resumeId: application.resumeId,
      status: application.status,
      scores: application.scores,
      createdAt: application.createdAt,
      version: application.version,
    } as ApplicationState,
    resume,
    jd: jdForApplication(jd),
  };
}

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
  for (let attempt = 1; ; attempt++) {
    const existing = input.id ? await readState(db, tenantId, id) : undefined;
    if (existing && (existing.state.jdId !== input.jdId || existing.state.resumeId !== input.resumeId)) {
      throw new ConflictError(
        `Application ${id} belongs to JD ${existing.state.jdId} and resume ${existing.state.resumeId}`,
      );
    }
    const [head, resume] = existing
      ? [undefined, existing.resume]
      : await batchGet(db, [jdKeys.head(tenantId, input.jdId), resumeKeys.item(tenantId, input.resumeId)], {
          consistent: true,
        }).then((items) => [
          items.find((item) => item.entity === 'JD'),
          items.find((item) => item.entity === 'RESUME'),
        ]);
    const jd = existing?.jd ?? (head ? jdForApplication(head) : undefined);
    if (!jd) throw new NotFoundError(`JD ${input.jdId}`);
    if (!resume) throw new NotFoundError(`Resume ${input.resumeId}`);
    const next = {
      id,
      jdId: input.jdId,
      resumeId: input.resumeId,
      status: input.status ?? existing?.state.status ?? 'SCREENING',
      scores: scores ?? existing?.state.scores ?? [],
      createdAt: input.createdAt ?? existing?.state.createdAt ?? nowIso(now),
    };
    try {
      await writeApplication(db, tenantId, next, existing?.state.version, resume, jd, now);
      return { id, created: !existing };
    } catch (error) {
      if ((conditionFailedAt(error, 0) || conditionFailedAt(error, 1) || conditionFailedAt(error, 2)) && attempt < 3) continue;
      throw error;
    }
  }
}

async function changeApplication(
  db: Db,
  tenantId: string,
  applicationId: string,
  change: (state: ApplicationState) => Partial<ApplicationState>,
  now: Date,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const existing = await readState(db, tenantId, applicationId);
    if (!existing) throw new NotFoundError('Application');
    const next = { ...existing.state, ...change(existing.state) };
    try {
      await writeApplication(db, tenantId, next, existing.state.version, existing.resume, existing.jd, now);
      return;
    } catch (error) {
      if ((conditionFailedAt(error, 0) || conditionFailedAt(error, 1) || conditionFailedAt(error, 2)) && attempt < 3) continue;
      throw error;
    }
  }
}

/** Records one AI score; the application ranks by its best score. */
export function recordAiScore(db: Db, tenantId: string, applicationId: string, overallScore: number, now = new Date()) {
  const [score] = sortScores([overallScore]);
  return changeApplication(
    db,
    tenantId,
    applicationId,
    (state) => ({ scores: sortScores([...state.scores, score as number]) }),
    now,
  );
}

export function setApplicationStatus(
  db: Db,
  tenantId: string,
  applicationId: string,
  status: ApplicationStatus,
  now = new Date(),
) {
  return changeApplication(db, tenantId, applicationId, () => ({ status }), now);
}

/**
 * Every application of a JD, best score first: the JD's existence (strongly consistent GetItem)
 * and the ranked index are read in parallel.
 */
export async function listMatches(db: Db, tenantId: string, jdId: string): Promise<Match[] | undefined> {
  if (!isValidId(jdId)) return undefined;
  const [exists, items] = await Promise.all([
    jdExists(db, tenantId, jdId),
    queryAll(db, {
      IndexName: INDEXES.matches.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': applicationKeys.matchesPrefix(jdId) },
    }),
  ]);
  if (!exists) return undefined;
  return items.map((item) => ({
    applicationId: item.id as string,
    resumeId: item.resumeId as string,
    candidate: (item.candidate as string | null | undefined) ?? null,
    email: (item.email as string | null | undefined) ?? null,
    aiScore: (item.aiScore as number | undefined) ?? null,
    status: item.status as ApplicationStatus,
  }));
}
