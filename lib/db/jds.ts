import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { NotFoundError } from '../errors.js';
import type { Db } from './client.js';
import type { IdempotencyClaim } from './idempotency.js';
import { counterDelta, readCount } from './counters.js';
import { applicationKeys } from './application-keys.js';
import { isValidId, newId, nowIso, sortableTime, tenantPk } from './ids.js';
import { listPage, type Page, type PageRequest } from './pagination.js';
import { queryAll } from './query.js';
import { resumeKeys } from './resumes.js';
import { INDEXES } from './table.js';
import { conditionFailedAt, ignoreConditionFailure, transactWrite } from './transact.js';

import type { JdStatus } from '../domain.js';

export { JD_STATUSES, type JdStatus } from '../domain.js';
export const DEFAULT_JD_TYPE = 'full-time';

/** The slim part of a JD: everything a list shows. Lives in the head item. */
export interface JdSummary {
  id: string;
  title: string;
  status: JdStatus;
  department?: string;
  location?: string;
  experience?: string;
  type: string;
  salary?: string;
  createdAt: string;
  updatedAt: string;
}

export interface JdDetail extends JdSummary {
  description: string;
  requirements?: string;
  applications: { id: string; status: string }[];
}

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

// Head and body are separate items so that reading a JD's list fields never reads its description
// or requirements (up to 100 KB each); the body sorts right after the head.
export const jdKeys = {
  head: (tenantId: string, jdId: string) => ({ pk: tenantPk(tenantId), sk: `JD#${jdId}` }),
  body: (tenantId: string, jdId: string) => ({ pk: tenantPk(tenantId), sk: `JD#${jdId}#BODY` }),
  /** Sort-key range holding the head and the body (ids contain no "#"). */
  collection: (jdId: string) => ({ from: `JD#${jdId}`, to: `JD#${jdId}#\uffff` }),
  /** In the list index: all JDs, newest first. */
  listPrefix: 'J#',
  listSort: (createdAt: string, jdId: string) => `J#${sortableTime(createdAt)}#${jdId}`,
  /** In the status index: the JDs of one status, newest first. */
  statusPrefix: (status: JdStatus) => `${status}#`,
  statusSort: (status: JdStatus, createdAt: string, jdId: string) => `${status}#${sortableTime(createdAt)}#${jdId}`,
};

const SUMMARY_FIELDS = [
  'id',
  'title',
  'status',
  'department',
  'location',
  'experience',
  'type',
  'salary',
  'createdAt',
  'updatedAt',
] as const;

export function toJdSummary(item: Record<string, unknown>): JdSummary {
  const summary: Record<string, unknown> = {};
  for (const field of SUMMARY_FIELDS) if (item[field] !== undefined) summary[field] = item[field];
  return summary as unknown as JdSummary;
}

/**
 * Versions of a JD head: every write of the head increments `version`; `titleVersion` is the version
 * at which the title last changed, `titleSyncedVersion` the one every application's copy holds.
 */
export interface JdHeadVersions {
  version: number;
  titleVersion: number;
  titleSyncedVersion: number;
}

const NEW_HEAD: JdHeadVersions = { version: 1, titleVersion: 1, titleSyncedVersion: 1 };

/** The head item of a JD, with its list and status index keys. */
export function headItem(tenantId: string, jd: JdSummary & { createdById: string }, versions: JdHeadVersions = NEW_HEAD) {
  return {
    ...jdKeys.head(tenantId, jd.id),
    entity: 'JD',
    ...jd,
    ...versions,
    gsi1sk: jdKeys.listSort(jd.createdAt, jd.id),
    gsi2sk: jdKeys.statusSort(jd.status, jd.createdAt, jd.id),
  };
}

export function bodyItem(tenantId: string, jdId: string, input: Pick<JdInput, 'description' | 'requirements'>) {
  return {
    ...jdKeys.body(tenantId, jdId),
    entity: 'JD_BODY',
    description: input.description,
    requirements: input.requirements,
  };
}

function summaryOf(input: JdImport, id: string, status: JdStatus, createdAt: string, updatedAt: string) {
  return {
    id,
    title: input.title,
    status,
    department: input.department,
    location: input.location,
    experience: input.experience,
    type: input.type ?? DEFAULT_JD_TYPE,
    salary: input.salary,
    createdAt,
    updatedAt,
    createdById: input.createdById,
  };
}

/**
 * Creates a JD in DRAFT: head, body and the tenant's JD counts change together (with the request's
 * idempotency record, when it has one).
 */
export async function createJd(
  db: Db,
  tenantId: string,
  input: JdInput,
  options: { now?: Date; claim?: IdempotencyClaim<JdSummary> | undefined } = {},
): Promise<JdSummary> {
  const at = nowIso(options.now);
  const jd = summaryOf(input, newId(), 'DRAFT', at, at);
  const summary = toJdSummary(jd);
  await transactWrite(db, [
    { Put: { TableName: db.tableName, Item: headItem(tenantId, jd), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: db.tableName, Item: bodyItem(tenantId, jd.id, input) } },
    counterDelta(db, tenantId, 'JD', { total: 1, DRAFT: 1 }),
    ...(options.claim ? [options.claim.item(summary)] : []),
  ]);
  return summary;
}

async function readHead(db: Db, tenantId: string, jdId: string) {
  if (!isValidId(jdId)) return undefined;
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: jdKeys.head(tenantId, jdId), ConsistentRead: true }),
  );
  return Item;
}

/** True when the JD exists in this tenant (strongly consistent). */
export async function jdExists(db: Db, tenantId: string, jdId: string): Promise<boolean> {
  if (!isValidId(jdId)) return false;
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: jdKeys.head(tenantId, jdId),
      ConsistentRead: true,
      ProjectionExpression: 'id',
    }),
  );
  return Item !== undefined;
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
  for (let attempt = 1; ; attempt++) {
    const existing = input.id ? await readHead(db, tenantId, id) : undefined;
    const at = nowIso(now);
    const status = input.status ?? (existing?.status as JdStatus | undefined) ?? 'DRAFT';
    const createdAt = input.createdAt ?? (existing?.createdAt as string | undefined) ?? at;
    const jd = summaryOf(input, id, status, createdAt, at);
    const oldStatus = existing?.status as JdStatus | undefined;
    const counter = !existing
      ? counterDelta(db, tenantId, 'JD', { total: 1, [status]: 1 })
      : oldStatus !== status && oldStatus
        ? counterDelta(db, tenantId, 'JD', { [oldStatus]: -1, [status]: 1 })
        : undefined;
    const version = (existing?.version as number | undefined) ?? 0;
    const versions: JdHeadVersions = existing
      ? {
          version: version + 1,
          titleVersion: existing.title !== jd.title ? version + 1 : (existing.titleVersion as number),
          titleSyncedVersion: existing.titleSyncedVersion as number,
        }
      : NEW_HEAD;
    try {
      await transactWrite(db, [
        {
          Put: {
            TableName: db.tableName,
            Item: headItem(tenantId, jd, versions),
            // Optimistic: the head we counted and versioned from must still be the stored one.
            ConditionExpression: existing ? 'version = :v' : 'attribute_not_exists(pk)',
            ...(existing ? { ExpressionAttributeValues: { ':v': version } } : {}),
          },
        },
        { Put: { TableName: db.tableName, Item: bodyItem(tenantId, id, input) } },
        ...(counter ? [counter] : []),
      ]);
    } catch (error) {
      if (conditionFailedAt(error, 0) && attempt < 3) continue;
      throw error;
    }
    if (versions.titleSyncedVersion !== versions.titleVersion) {
      await propagateJdTitle(db, tenantId, id, jd.title, versions.titleVersion);
    }
    return { jd: toJdSummary(jd), created: !existing };
  }
}

/** How many copies a propagation updates at once. */
const PROPAGATION_CONCURRENCY = 16;

/** Brings the JD title on every application's copy (held by its resume) to `title`, then marks the head synced. */
async function propagateJdTitle(db: Db, tenantId: string, jdId: string, title: string, titleVersion: number): Promise<void> {
  await pMap(
    await applicationsOf(db, tenantId, jdId),
    (application) =>
      ignoreConditionFailure(
        db.client.send(
          new UpdateCommand({
            TableName: db.tableName,
            Key: resumeKeys.item(tenantId, application.resumeId),
            // Bumping the version makes a concurrent whole-resume write retry instead of reverting this.
            UpdateExpression: 'SET #apps.#app.#title = :title, #apps.#app.#titleVersion = :tv ADD version :one',
            // Gone, or already holding this title or a newer one: nothing to do.
            ConditionExpression: 'attribute_exists(#apps.#app) AND (attribute_not_exists(#apps.#app.#titleVersion) OR #apps.#app.#titleVersion < :tv)',
            ExpressionAttributeNames: { '#apps': 'applications', '#app': application.id, '#title': 'jdTitle', '#titleVersion': 'jdTitleVersion' },
            ExpressionAttributeValues: { ':title': title, ':tv': titleVersion, ':one': 1 },
          }),
        ),
      ),
    { concurrency: PROPAGATION_CONCURRENCY },
  );
  await ignoreConditionFailure(
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: jdKeys.head(tenantId, jdId),
        UpdateExpression: 'SET titleSyncedVersion = :tv',
        // A newer title may have arrived meanwhile: that save propagates it and marks it.
        ConditionExpression: 'titleVersion = :tv',
        ExpressionAttributeValues: { ':tv': titleVersion },
      }),
    ),
  );
}

async function applicationsOf(db: Db, tenantId: string, jdId: string) {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': applicationKeys.item(tenantId, jdId, '').sk },
    ProjectionExpression: 'id, resumeId',
    ConsistentRead: true,
  });
  return items as { id: string; resumeId: string }[];
}

/** Moves a JD to another status (publish, close, archive) and moves its count with it. */
export async function setJdStatus(db: Db, tenantId: string, jdId: string, status: JdStatus, now = new Date()) {
  for (let attempt = 1; ; attempt++) {
    const head = await readHead(db, tenantId, jdId);
    if (!head) throw new NotFoundError('JD');
    const oldStatus = head.status as JdStatus;
    if (oldStatus === status) return toJdSummary(head);
    const updatedAt = nowIso(now);
    try {
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
              ':gsi2sk': jdKeys.statusSort(status, head.createdAt as string, jdId),
              ':at': updatedAt,
            },
          },
        },
        counterDelta(db, tenantId, 'JD', { [oldStatus]: -1, [status]: 1 }),
      ]);
      return toJdSummary({ ...head, status, updatedAt });
    } catch (error) {
      if (conditionFailedAt(error, 0) && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * A JD with its body (one strongly consistent Query of head and body) and the id and status of every
 * application, in match order (from the slim matches index, in parallel).
 */
export async function getJd(db: Db, tenantId: string, jdId: string): Promise<JdDetail | undefined> {
  if (!isValidId(jdId)) return undefined;
  const range = jdKeys.collection(jdId);
  const [items, matches] = await Promise.all([
    queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':from': range.from, ':to': range.to },
      ConsistentRead: true,
    }),
    queryAll(db, {
      IndexName: INDEXES.matches.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': applicationKeys.matchesPrefix(jdId) },
      ProjectionExpression: 'id, #status',
      ExpressionAttributeNames: { '#status': 'status' },
    }),
  ]);
  const head = items.find((item) => item.entity === 'JD');
  if (!head) return undefined;
  const body = items.find((item) => item.entity === 'JD_BODY');
  const applications = matches.map((item) => ({ id: item.id as string, status: item.status as string }));
  const detail: JdDetail = {
    ...toJdSummary(head),
    description: (body?.description as string | undefined) ?? '',
    applications,
  };
  if (body?.requirements !== undefined) detail.requirements = body.requirements as string;
  return detail;
}

/** A page of the tenant's JDs, newest first, optionally of one status. */
export function listJds(
  db: Db,
  tenantId: string,
  request: PageRequest & { status?: JdStatus | undefined },
): Promise<Page<JdSummary>> {
  const byStatus = request.status !== undefined;
  return listPage(
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
