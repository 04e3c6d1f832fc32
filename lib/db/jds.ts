import pMap from 'p-map';
import type { ApplicationStatus, JdStatus } from '../domain.js';
import { NotFoundError } from '../errors.js';
import type { Db } from './client.js';
import { counterDelta, readCount } from './counters.js';
import { conditionFailedAt, getItem, ignoreConditionFailure, optimistically, queryAll, transactWrite, updateItem } from './dynamo.js';
import { type ApplicationItem, applicationKeys, type MatchEntry } from './entities/application.js';
import {
  bodyItem,
  DEFAULT_JD_TYPE,
  headItem,
  type JdBodyItem,
  type JdDetail,
  type JdHeadItem,
  type JdHeadVersions,
  jdKeys,
  NEW_JD_HEAD,
  type JdSummary,
  toJdDetail,
  toJdSummary,
} from './entities/jd.js';
import { resumeKeys } from './entities/resume.js';
import type { IdempotencyClaim } from './idempotency.js';
import { isValidId, newId, nowIso, tenantPk } from './ids.js';
import { type ListEntry, listPage, type Page, type PageRequest } from './pagination.js';
import { INDEXES } from './table.js';

export { JD_STATUSES, type JdStatus } from '../domain.js';
export { DEFAULT_JD_TYPE, type JdDetail, jdKeys, type JdSummary };

export interface JdInput {
  title: string;
  description: string;
  createdById: string;
  department?: string | undefined;
  location?: string | undefined;
  experience?: string | undefined;
  type?: string | undefined;
  salary?: string | undefined;
  requirements?: string | undefined;
}

/** What the product side (dashboard, import) may also set. */
export interface JdImport extends JdInput {
  id?: string | undefined;
  status?: JdStatus | undefined;
  createdAt?: string | undefined;
}

function headFields(input: JdImport, id: string, status: JdStatus, createdAt: string, updatedAt: string): JdSummary & { createdById: string } {
  const jd: JdSummary & { createdById: string } = {
    id,
    title: input.title,
    status,
    type: input.type ?? DEFAULT_JD_TYPE,
    createdAt,
    updatedAt,
    createdById: input.createdById,
  };
  for (const field of ['department', 'location', 'experience', 'salary'] as const) {
    const value = input[field];
    if (value !== undefined) jd[field] = value;
  }
  return jd;
}

/**
 * Creates a JD in DRAFT: head, body and the tenant's JD counts change together (with the request's
 * idempotency record, when it has one).
 */
export async function createJd(
  db: Db,
  tenantId: string,
  input: JdInput,
  options: { now?: Date; claim?: IdempotencyClaim<JdSummary & { status: 'DRAFT' }> | undefined } = {},
): Promise<JdSummary & { status: 'DRAFT' }> {
  const at = nowIso(options.now);
  const head = headItem(tenantId, headFields(input, newId(), 'DRAFT', at, at));
  const summary = { ...toJdSummary(head), status: 'DRAFT' as const };
  await transactWrite(db, [
    { Put: { TableName: db.tableName, Item: head, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: db.tableName, Item: bodyItem(tenantId, head.id, input) } },
    counterDelta(db, tenantId, 'JD', { total: 1, DRAFT: 1 }),
    ...(options.claim ? [options.claim.item(summary)] : []),
  ]);
  return summary;
}

function readHead(db: Db, tenantId: string, jdId: string): Promise<JdHeadItem | undefined> {
  if (!isValidId(jdId)) return Promise.resolve(undefined);
  return getItem<JdHeadItem>(db, jdKeys.head(tenantId, jdId), { consistent: true });
}

/** True when the JD exists in this tenant (strongly consistent). */
export async function jdExists(db: Db, tenantId: string, jdId: string): Promise<boolean> {
  if (!isValidId(jdId)) return false;
  return (await getItem<Pick<JdHeadItem, 'id'>>(db, jdKeys.head(tenantId, jdId), { consistent: true, projection: 'id' })) !== undefined;
}

/**
 * Creates or replaces a JD with a given id, status and creation time (product-side writes and the
 * import). Counts move with the status. A changed title reaches every application's copy (on its
 * resume) after the head is written, each copy only if it holds an older title, and the head is then
 * marked synced; a propagation cut short is finished by the next save, so re-runs converge.
 */
export async function saveJd(
  db: Db,
  tenantId: string,
  input: JdImport,
  now = new Date(),
): Promise<{ jd: JdSummary; created: boolean }> {
  const id = input.id ?? newId();
  const { fields, versions, created } = await optimistically(async () => {
    const existing = input.id ? await readHead(db, tenantId, id) : undefined;
    const at = nowIso(now);
    const status = input.status ?? existing?.status ?? 'DRAFT';
    const fields = headFields(input, id, status, input.createdAt ?? existing?.createdAt ?? at, at);
    const counter = !existing
      ? counterDelta(db, tenantId, 'JD', { total: 1, [status]: 1 })
      : existing.status !== status
        ? counterDelta(db, tenantId, 'JD', { [existing.status]: -1, [status]: 1 })
        : undefined;
    const versions: JdHeadVersions = existing
      ? {
          version: existing.version + 1,
          titleVersion: existing.title !== fields.title ? existing.version + 1 : existing.titleVersion,
          titleSyncedVersion: existing.titleSyncedVersion,
        }
      : NEW_JD_HEAD;
    await transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: headItem(tenantId, fields, versions),
          // Optimistic: the head we counted and versioned from must still be the stored one.
          ConditionExpression: existing ? 'version = :v' : 'attribute_not_exists(pk)',
          ...(existing ? { ExpressionAttributeValues: { ':v': existing.version } } : {}),
        },
      },
      { Put: { TableName: db.tableName, Item: bodyItem(tenantId, id, input) } },
      ...(counter ? [counter] : []),
    ]);
    return { fields, versions, created: !existing };
  }, headChanged);
  if (versions.titleSyncedVersion !== versions.titleVersion) await propagateJdTitle(db, tenantId, id, fields.title, versions.titleVersion);
  return { jd: toJdSummary(fields), created };
}

/** The head's version (or absence) the write relied on changed under it. */
const headChanged = (error: unknown) => conditionFailedAt(error, 0);

/** How many copies a propagation updates at once. */
const PROPAGATION_CONCURRENCY = 16;

/** Brings the JD title on every application's copy (held by its resume) to `title`, then marks the head synced. */
async function propagateJdTitle(db: Db, tenantId: string, jdId: string, title: string, titleVersion: number): Promise<void> {
  const applications = await queryAll<Pick<ApplicationItem, 'id' | 'resumeId'>>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': applicationKeys.ofJd(jdId) },
    ProjectionExpression: 'id, resumeId',
    ConsistentRead: true,
  });
  await pMap(
    applications,
    (application) =>
      ignoreConditionFailure(
        updateItem(db, {
          Key: resumeKeys.item(tenantId, application.resumeId),
          // Bumping the version makes a concurrent whole-resume write retry instead of reverting this.
          UpdateExpression: 'SET #apps.#app.#title = :title, #apps.#app.#titleVersion = :tv ADD version :one',
          // Gone, or already holding this title or a newer one: nothing to do.
          ConditionExpression: 'attribute_exists(#apps.#app) AND (attribute_not_exists(#apps.#app.#titleVersion) OR #apps.#app.#titleVersion < :tv)',
          ExpressionAttributeNames: { '#apps': 'applications', '#app': application.id, '#title': 'jdTitle', '#titleVersion': 'jdTitleVersion' },
          ExpressionAttributeValues: { ':title': title, ':tv': titleVersion, ':one': 1 },
        }),
      ),
    { concurrency: PROPAGATION_CONCURRENCY },
  );
  await ignoreConditionFailure(
    updateItem(db, {
      Key: jdKeys.head(tenantId, jdId),
      UpdateExpression: 'SET titleSyncedVersion = :tv',
      // A newer title may have arrived meanwhile: that save propagates it and marks it.
      ConditionExpression: 'titleVersion = :tv',
      ExpressionAttributeValues: { ':tv': titleVersion },
    }),
  );
}

/** Moves a JD to another status (publish, close, archive) and moves its count with it. */
export function setJdStatus(db: Db, tenantId: string, jdId: string, status: JdStatus, now = new Date()): Promise<JdSummary> {
  return optimistically(async () => {
    const head = await readHead(db, tenantId, jdId);
    if (!head) throw new NotFoundError('JD');
    if (head.status === status) return toJdSummary(head);
    const updatedAt = nowIso(now);
    await transactWrite(db, [
      {
        Update: {
          TableName: db.tableName,
          Key: jdKeys.head(tenantId, jdId),
          UpdateExpression: 'SET #status = :new, gsi2sk = :gsi2sk, updatedAt = :at ADD version :one',
          ConditionExpression: 'version = :v',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':new': status,
            ':v': head.version,
            ':one': 1,
            ':gsi2sk': jdKeys.statusSort(status, head.createdAt, jdId),
            ':at': updatedAt,
          },
        },
      },
      counterDelta(db, tenantId, 'JD', { [head.status]: -1, [status]: 1 }),
    ]);
    return toJdSummary({ ...head, status, updatedAt });
  }, headChanged);
}

/**
 * A JD with its body (one strongly consistent Query of head and body) and the id and status of every
 * application, in match order (from the slim matches index, in parallel).
 */
export async function getJd(db: Db, tenantId: string, jdId: string): Promise<JdDetail | undefined> {
  if (!isValidId(jdId)) return undefined;
  const range = jdKeys.collection(jdId);
  const [items, matches] = await Promise.all([
    queryAll<JdHeadItem | JdBodyItem>(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':from': range.from, ':to': range.to },
      ConsistentRead: true,
    }),
    queryAll<Pick<MatchEntry, 'id' | 'status'>>(db, {
      IndexName: INDEXES.matches.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': applicationKeys.matchesPrefix(jdId) },
      ProjectionExpression: 'id, #status',
      ExpressionAttributeNames: { '#status': 'status' },
    }),
  ]);
  const head = items.find((item): item is JdHeadItem => item.entity === 'JD');
  if (!head) return undefined;
  const body = items.find((item): item is JdBodyItem => item.entity === 'JD_BODY');
  const applications: { id: string; status: ApplicationStatus }[] = matches.map(({ id, status }) => ({ id, status }));
  return toJdDetail(head, body, applications);
}

/** A JD's entry in the list and status indexes. */
type JdListEntry = JdSummary & ListEntry;

/** A page of the tenant's JDs, newest first, optionally of one status. */
export function listJds(db: Db, tenantId: string, request: PageRequest & { status?: JdStatus | undefined }): Promise<Page<JdSummary>> {
  const byStatus = request.status !== undefined;
  return listPage<JdListEntry, JdSummary>(
    db,
    {
      name: request.status ? `jds?status=${request.status}` : 'jds',
      index: byStatus ? INDEXES.status : INDEXES.list,
      keysIndex: byStatus ? INDEXES.statusKeys : INDEXES.listKeys,
      tenantPk: tenantPk(tenantId),
      sortPrefix: request.status ? jdKeys.statusPrefix(request.status) : jdKeys.listPrefix,
      baseSortKey: (id) => jdKeys.head(tenantId, id).sk,
    },
    request,
    readCount(db, tenantId, 'JD', request.status ?? 'total'),
    toJdSummary,
  );
}
