import type { JdStatus } from '../domain.js';
import {
  ConflictError,
  JdTooLargeError,
  NotFoundError,
  PreconditionFailedError,
} from '../errors.js';
import { jdBytes, LIMITS } from '../schemas/limits.js';
import type { Db } from './client.js';
import { counterDelta, readCount } from './counters.js';
import {
  getItem,
  ignoreConditionFailure,
  isConditionFailure,
  optimistically,
  queryAll,
  queryUpTo,
  transactWrite,
  updateItem,
} from './dynamo.js';
import { matchesOfJd, removeApplications } from './applications.js';
import { type ApplicationItem, applicationKeys, type MatchEntry } from './entities/application.js';
import { type JdEventData, recordEvent } from './entities/event.js';
import {
  type ProductWrite,
  type TombstoneItem,
  tombstoneItem,
  versionVerdict,
} from './entities/tombstone.js';
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
import { isValidId, newId, nowIso, tenantPk, underPrefix } from './ids.js';
import {
  type ListEntry,
  listPage,
  type Page,
  type PageRequest,
  type SlicePagination,
  type SliceRequest,
  wholeOrSlice,
} from './pagination.js';
import { INDEXES } from './table.js';
import { firstItemChanged, propagate, replacing, writeTombstone } from './versioned-writes.js';

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

function headFields(
  input: JdImport,
  id: string,
  status: JdStatus,
  createdAt: string,
  updatedAt: string,
): JdSummary & { createdById: string } {
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
  options: {
    now?: Date;
    claim?: IdempotencyClaim<JdSummary & { status: 'DRAFT' }> | undefined;
  } = {},
): Promise<JdSummary & { status: 'DRAFT' }> {
  const at = nowIso(options.now);
  const head = headItem(tenantId, headFields(input, newId(), 'DRAFT', at, at));
  const summary = { ...toJdSummary(head), status: 'DRAFT' as const };
  await transactWrite(db, [
    {
      Put: { TableName: db.tableName, Item: head, ConditionExpression: 'attribute_not_exists(pk)' },
    },
    { Put: { TableName: db.tableName, Item: bodyItem(tenantId, head.id, input) } },
    counterDelta(tenantId, 'JD', { total: 1, DRAFT: 1 }),
    recordEvent(tenantId, 'jd.created', jdEventData(summary)),
    ...(options.claim ? [options.claim.item(summary)] : []),
  ]);
  return summary;
}

/** A JD's event data; `previousStatus` when the write moved it from another status. */
function jdEventData(
  jd: Pick<JdSummary, 'id' | 'title' | 'status' | 'updatedAt'>,
  before?: JdStatus,
): JdEventData {
  const data: JdEventData = {
    id: jd.id,
    title: jd.title,
    status: jd.status,
    updatedAt: jd.updatedAt,
  };
  if (before !== undefined && before !== jd.status) data.previousStatus = before;
  return data;
}

/** True when the JD exists in this tenant (strongly consistent; a deleted JD's tombstone is not one). */
export async function jdExists(db: Db, tenantId: string, jdId: string): Promise<boolean> {
  if (!isValidId(jdId)) return false;
  const head = await getItem<Pick<JdHeadItem | TombstoneItem, 'entity'>>(
    db,
    jdKeys.head(tenantId, jdId),
    { consistent: true, projection: 'entity' },
  );
  return head?.entity === 'JD';
}

/**
 * Applies the product's version `sourceVersion` of a JD (its id given): created, replaced, or ignored
 * when what is stored (the JD, or the tombstone of its deletion) is as new or newer. Counts move with
 * the status. A changed title reaches every application's copy (on its resume) after the head is
 * written, each copy only if it holds an older title, and the head is then marked synced; a
 * propagation cut short is finished by the next save, so re-runs converge.
 */
export async function saveJd(
  db: Db,
  tenantId: string,
  input: JdImport & { id: string },
  options: { sourceVersion: number; now?: Date; occurredAt?: string },
): Promise<ProductWrite<JdSummary>> {
  const { id } = input;
  const now = options.now ?? new Date();
  const write = await optimistically(async () => {
    const stored = await getItem<JdHeadItem | TombstoneItem>(db, jdKeys.head(tenantId, id), {
      consistent: true,
    });
    const ignored = versionVerdict(stored, options.sourceVersion);
    if (ignored) return ignored;
    const existing = stored?.entity === 'JD' ? stored : undefined;
    // An integrator's edit (PATCH) is newer than a product change that happened before it.
    if (
      existing?.editedAt !== undefined &&
      options.occurredAt !== undefined &&
      options.occurredAt <= existing.editedAt
    ) {
      return { outcome: 'ignored' as const, reason: 'edited' as const };
    }
    const at = nowIso(now);
    const status = input.status ?? existing?.status ?? 'DRAFT';
    const fields = headFields(input, id, status, input.createdAt ?? existing?.createdAt ?? at, at);
    const counter = !existing
      ? counterDelta(tenantId, 'JD', { total: 1, [status]: 1 })
      : existing.status !== status
        ? counterDelta(tenantId, 'JD', { [existing.status]: -1, [status]: 1 })
        : undefined;
    const versions: JdHeadVersions = existing
      ? {
          version: existing.version + 1,
          titleVersion:
            existing.title !== fields.title ? existing.version + 1 : existing.titleVersion,
          titleSyncedVersion: existing.titleSyncedVersion,
        }
      : NEW_JD_HEAD;
    await transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: headItem(tenantId, fields, versions, options.sourceVersion),
          // Optimistic: the head (or tombstone, or nothing) we counted and versioned from is still there.
          ...replacing(stored),
        },
      },
      { Put: { TableName: db.tableName, Item: bodyItem(tenantId, id, input) } },
      ...(counter ? [counter] : []),
      recordEvent(
        tenantId,
        existing ? 'jd.updated' : 'jd.created',
        jdEventData(fields, existing?.status),
      ),
    ]);
    return { outcome: 'applied' as const, created: !existing, value: fields, versions };
  }, firstItemChanged);
  if (write.outcome === 'ignored') return write;
  const { versions, value } = write;
  if (versions.titleSyncedVersion !== versions.titleVersion)
    await propagateJdTitle(db, tenantId, id, value.title, versions.titleVersion);
  return { outcome: 'applied', created: write.created, value: toJdSummary(value) };
}

/**
 * Applies the product's deletion of a JD at `sourceVersion`: the head becomes a tombstone, the body
 * goes, the counts move, and then every application of the JD is deleted (with its copy on its
 * resume), in steps; a redelivered delete finishes what a cut-short one left.
 */
export async function deleteJd(
  db: Db,
  tenantId: string,
  jdId: string,
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<undefined>> {
  const now = options.now ?? new Date();
  const key = jdKeys.head(tenantId, jdId);
  const write = await writeTombstone<JdHeadItem>(
    db,
    { key, of: 'JD', id: jdId },
    () => getItem<JdHeadItem | TombstoneItem>(db, key, { consistent: true }),
    { sourceVersion: options.sourceVersion, now },
    (head) => [
      { Delete: { TableName: db.tableName, Key: jdKeys.body(tenantId, jdId) } },
      counterDelta(tenantId, 'JD', { total: -1, [head.status]: -1 }),
      recordEvent(tenantId, 'jd.deleted', { id: jdId, updatedAt: nowIso(now) }),
    ],
  );
  if (write.outcome === 'applied') {
    const applications = await queryAll<ApplicationItem>(db, {
      ...underPrefix(tenantId, applicationKeys.ofJd(jdId)),
      ConsistentRead: true,
    });
    await removeApplications(db, tenantId, applications, now);
  }
  return write;
}

/**
 * Deletes a JD through the API (DELETE /jds/:jdId), only while it has no application, so that no
 * candidate's history goes with it. `ifMatch` (the If-Match header), when given, must name the stored
 * version (or be `*`). An application written at the same moment must not slip in between the check
 * and the delete: the head is first marked `deleting`, which every application write checks (its
 * condition fails, and on its retry it waits for the mark to go); then the JD's applications are
 * read, strongly consistent; none: the head becomes a tombstone (holding the product's version, so
 * an older product upsert cannot bring it back), with its body, counts and `jd.deleted`, on the
 * condition that the head is still the marked one. Some: the mark is taken back and the answer is
 * 409. The mark leaves the version (the ETag) alone, since a refused delete changes nothing; a change
 * made meanwhile replaces the head, mark and all, and the delete starts over. A mark left by a crash
 * is ignored after DELETING_STALE_MS.
 */
export async function removeJd(
  db: Db,
  tenantId: string,
  jdId: string,
  options: { ifMatch?: string | undefined; now?: Date } = {},
): Promise<void> {
  if (!isValidId(jdId)) throw new NotFoundError('JD');
  const now = options.now ?? new Date();
  const key = jdKeys.head(tenantId, jdId);
  await optimistically(async () => {
    const head = await getItem<JdHeadItem | TombstoneItem>(db, key, { consistent: true });
    if (head?.entity !== 'JD') throw new NotFoundError('JD');
    if (!ifMatchAllows(options.ifMatch, head.version))
      throw staleIfMatch(options.ifMatch, head.version);
    const mark = { ':v': head.version, ':at': nowIso(now) };
    await updateItem(db, {
      Key: key,
      UpdateExpression: 'SET deleting = :at',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: mark,
    });
    const { items } = await queryUpTo<Pick<ApplicationItem, 'id'>>(
      db,
      {
        ...underPrefix(tenantId, applicationKeys.ofJd(jdId)),
        ProjectionExpression: 'id',
        ConsistentRead: true,
      },
      1,
    );
    if (items.length > 0) {
      await ignoreConditionFailure(
        updateItem(db, {
          Key: key,
          UpdateExpression: 'REMOVE deleting',
          ConditionExpression: 'version = :v AND deleting = :at',
          ExpressionAttributeValues: mark,
        }),
      );
      throw new ConflictError(
        `JD ${jdId} has applications, which deleting it would take with it: close or archive it instead`,
      );
    }
    await transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: tombstoneItem(key, 'JD', jdId, head.sourceVersion ?? 0, now),
          ConditionExpression: 'version = :v AND deleting = :at',
          ExpressionAttributeValues: mark,
        },
      },
      { Delete: { TableName: db.tableName, Key: jdKeys.body(tenantId, jdId) } },
      counterDelta(tenantId, 'JD', { total: -1, [head.status]: -1 }),
      recordEvent(tenantId, 'jd.deleted', { id: jdId, updatedAt: nowIso(now) }),
    ]);
  }, isConditionFailure);
}

/** Brings the JD title on every application's copy (under its resume) to `title`, then marks the head synced. */
async function propagateJdTitle(
  db: Db,
  tenantId: string,
  jdId: string,
  title: string,
  titleVersion: number,
): Promise<void> {
  const applications = await queryAll<Pick<ApplicationItem, 'id' | 'resumeId'>>(db, {
    ...underPrefix(tenantId, applicationKeys.ofJd(jdId)),
    ProjectionExpression: 'id, resumeId',
    ConsistentRead: true,
  });
  await propagate(
    db,
    applications,
    (application) => ({
      Key: resumeKeys.copy(tenantId, application.resumeId, application.id),
      UpdateExpression: 'SET jdTitle = :title, jdTitleVersion = :tv',
      ConditionExpression: 'attribute_exists(pk) AND jdTitleVersion < :tv',
      ExpressionAttributeValues: { ':title': title, ':tv': titleVersion },
    }),
    {
      Key: jdKeys.head(tenantId, jdId),
      UpdateExpression: 'SET titleSyncedVersion = :tv',
      ConditionExpression: 'titleVersion = :tv',
      ExpressionAttributeValues: { ':tv': titleVersion },
    },
  );
}

/** A JD's head, body and applications (or the slice asked for), read in parallel. */
async function readJd(db: Db, tenantId: string, jdId: string, slice?: SliceRequest) {
  const range = jdKeys.collection(jdId);
  const [items, applications] = await Promise.all([
    queryAll<JdHeadItem | JdBodyItem>(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': tenantPk(tenantId),
        ':from': range.from,
        ':to': range.to,
      },
      ConsistentRead: true,
    }),
    wholeOrSlice<Pick<MatchEntry, 'id' | 'status'>>(
      db,
      matchesOfJd(tenantId, jdId, 'jd-applications', 'id, #status'),
      slice,
    ),
  ]);
  return {
    head: items.find((item): item is JdHeadItem => item.entity === 'JD'),
    body: items.find((item): item is JdBodyItem => item.entity === 'JD_BODY'),
    applications: {
      items: applications.items.map(({ id, status }) => ({ id, status })),
      pagination: applications.pagination,
    },
  };
}

/** A JD as GET /jds/:jdId answers it, with its ETag (its head's version). */
export interface VersionedJd {
  jd: JdDetail;
  pagination?: SlicePagination;
  etag: string;
}

/** The ETag of a JD: its head's version, quoted; every change to the JD raises it. */
export const jdEtag = (version: number) => `"${version}"`;

/**
 * A JD with its body (one strongly consistent Query of head and body) and the id and status of every
 * application, or of the slice of them asked for, in match order (from the slim matches index, in
 * parallel).
 */
export async function getJd(
  db: Db,
  tenantId: string,
  jdId: string,
  slice?: SliceRequest,
): Promise<VersionedJd | undefined> {
  if (!isValidId(jdId)) return undefined;
  const { head, body, applications } = await readJd(db, tenantId, jdId, slice);
  if (!head) return undefined;
  return {
    jd: toJdDetail(head, body, applications.items),
    ...(applications.pagination ? { pagination: applications.pagination } : {}),
    etag: jdEtag(head.version),
  };
}

/** The statuses an integrator may move a JD to, from each (publishing is done in the product). */
const INTEGRATOR_TRANSITIONS: Record<JdStatus, readonly JdStatus[]> = {
  DRAFT: ['CLOSED', 'ARCHIVED'],
  PUBLISHED: ['CLOSED', 'ARCHIVED'],
  CLOSED: ['ARCHIVED'],
  ARCHIVED: [],
};

/** How many of its applications the answer to PATCH /jds/:jdId shows (a cursor leads to the rest, as in GET /jds/:jdId?limit=). */
export const UPDATE_ANSWER_APPLICATIONS = 100;

/** The fields PATCH /jds/:jdId may change; an optional one given as null is removed. */
export type JdPatch = Partial<Pick<JdInput, 'title' | 'description'>> & {
  [Field in 'department' | 'location' | 'experience' | 'type' | 'salary' | 'requirements']?:
    string | null | undefined;
} & { status?: JdStatus | undefined };

/**
 * Changes a JD through the API (PATCH /jds/:jdId): the fields given, and its status to CLOSED or
 * ARCHIVED only. `ifMatch` (the If-Match header), when given, must name the stored version (or be
 * `*`). The head, body, counts, `jd.updated` and the idempotency record change together, on the
 * condition that the head is the one read; a new title then reaches every application's copy. A
 * patch that changes nothing writes nothing (and records no event). The answer is the JD as GET
 * /jds/:jdId?limit=100 shows it: the first 100 applications, a cursor for the rest.
 */
export async function updateJd(
  db: Db,
  tenantId: string,
  jdId: string,
  patch: JdPatch,
  options: {
    ifMatch?: string | undefined;
    now?: Date;
    claim?: IdempotencyClaim<VersionedJd> | undefined;
  } = {},
): Promise<VersionedJd> {
  if (!isValidId(jdId)) throw new NotFoundError('JD');
  const now = options.now ?? new Date();
  const write = await optimistically(async () => {
    // The answer holds the first applications only: with the JD's texts it is also the idempotency record (< 400 KB).
    const { head, body, applications } = await readJd(db, tenantId, jdId, {
      limit: UPDATE_ANSWER_APPLICATIONS,
    });
    if (!head) throw new NotFoundError('JD');
    if (!ifMatchAllows(options.ifMatch, head.version))
      throw staleIfMatch(options.ifMatch, head.version);
    const status = patch.status ?? head.status;
    if (status !== head.status && !INTEGRATOR_TRANSITIONS[head.status].includes(status)) {
      const allowed = INTEGRATOR_TRANSITIONS[head.status];
      throw new ConflictError(
        `A JD that is ${head.status} can move to ${allowed.length ? allowed.join(' or ') : 'no other status'} through the API, not to ${status}: publishing is done in the product`,
      );
    }
    const input = patched(toJdInput(head, body), patch);
    const bytes = jdBytes(input);
    if (bytes > LIMITS.jdBytes) throw new JdTooLargeError(LIMITS.jdBytes, bytes);
    const at = nowIso(now);
    const fields = headFields(input, jdId, status, head.createdAt, at);
    const changed =
      JSON.stringify([
        toJdSummary({ ...fields, updatedAt: '' }),
        input.description,
        input.requirements,
      ]) !==
      JSON.stringify([
        toJdSummary({ ...head, updatedAt: '' }),
        body?.description,
        body?.requirements,
      ]);
    const versions: JdHeadVersions = changed
      ? {
          version: head.version + 1,
          titleVersion: head.title !== fields.title ? head.version + 1 : head.titleVersion,
          titleSyncedVersion: head.titleSyncedVersion,
        }
      : head;
    // The head as it will be stored (with the edit's time), or as it is when nothing changes.
    const next: JdHeadItem = changed
      ? { ...headItem(tenantId, fields, versions, head.sourceVersion), editedAt: at }
      : head;
    const answer: VersionedJd = {
      jd: toJdDetail(next, changed ? bodyItem(tenantId, jdId, input) : body, applications.items),
      ...(applications.pagination ? { pagination: applications.pagination } : {}),
      etag: jdEtag(versions.version),
    };
    if (!changed) {
      if (options.claim) await transactWrite(db, [options.claim.item(answer)]);
      return { answer, versions, title: head.title };
    }
    await transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: next,
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': head.version },
        },
      },
      { Put: { TableName: db.tableName, Item: bodyItem(tenantId, jdId, input) } },
      ...(status !== head.status
        ? [counterDelta(tenantId, 'JD', { [head.status]: -1, [status]: 1 })]
        : []),
      recordEvent(tenantId, 'jd.updated', jdEventData(fields, head.status)),
      ...(options.claim ? [options.claim.item(answer)] : []),
    ]);
    return { answer, versions, title: fields.title };
  }, firstItemChanged);
  if (write.versions.titleSyncedVersion !== write.versions.titleVersion)
    await propagateJdTitle(db, tenantId, jdId, write.title, write.versions.titleVersion);
  return write.answer;
}

/** Whether an If-Match header lets a write go over `version`: absent, `*`, or a list naming its ETag. */
function ifMatchAllows(header: string | undefined, version: number): boolean {
  if (header === undefined) return true;
  const tags = header.split(',').map((tag) => tag.trim());
  return tags.includes('*') || tags.includes(jdEtag(version));
}

function staleIfMatch(ifMatch: string | undefined, version: number): PreconditionFailedError {
  return new PreconditionFailedError(
    `If-Match ${ifMatch} is not the JD's current version (ETag ${jdEtag(version)}): read it again, then decide`,
  );
}

/** A stored JD as the input it was written from. */
function toJdInput(head: JdHeadItem, body: JdBodyItem | undefined): JdImport {
  const input: JdImport = {
    title: head.title,
    description: body?.description ?? '',
    createdById: head.createdById,
    type: head.type,
  };
  for (const field of ['department', 'location', 'experience', 'salary'] as const)
    if (head[field] !== undefined) input[field] = head[field];
  if (body?.requirements !== undefined) input.requirements = body.requirements;
  return input;
}

/** A JD's input with a patch applied: the fields sent replace, those sent as null go (RFC 7396). */
function patched(stored: JdImport, patch: JdPatch): JdImport {
  const { status: _status, ...fields } = patch;
  const input: JdImport = { ...stored };
  for (const field of Object.keys(fields) as (keyof typeof fields)[]) {
    const value = fields[field];
    if (value === null) delete input[field];
    else if (value !== undefined) input[field] = value;
  }
  return input;
}

/** A JD's entry in the list and status indexes. */
type JdListEntry = JdSummary & ListEntry;

/** A page of the tenant's JDs, newest first, optionally of one status. */
export function listJds(
  db: Db,
  tenantId: string,
  request: PageRequest & { status?: JdStatus | undefined },
): Promise<Page<JdSummary>> {
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
