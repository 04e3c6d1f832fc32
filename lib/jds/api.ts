import { type AuditContext, audited } from '../audit/model.js';
import type { Db } from '../db/client.js';
import { counterDelta } from '../db/counters.js';
import {
  getItem,
  guards,
  isConditionFailure,
  optimistically,
  queryUpTo,
  transactWrite,
} from '../db/dynamo.js';
import { type ApplicationItem, applicationKeys } from '../matching/items.js';
import { recordEvent } from '../events/model.js';
import { type TombstoneItem, tombstoneItem } from '../db/entities/tombstone.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import { isValidId, newId, nowIso, underPrefix } from '../db/ids.js';
import type { SlicePagination } from '../db/pagination.js';
import { putOverRead, readChanged } from '../db/versioned-writes.js';
import {
  ConflictError,
  ExternalIdReleasedError,
  ExternalIdTakenError,
  JdTooLargeError,
  NotFoundError,
} from '../errors.js';
import { etagOf, requireIfMatch } from '../http/etag.js';
import { LIMITS } from '../schemas/limits.js';
import { jdBytes, type OptionalJdField } from './fields.js';
import {
  bodyItem,
  storedBody,
  externalIdItem,
  headFields,
  headItem,
  type JdDetail,
  type JdHeadItem,
  type JdInput,
  changedJdFields,
  jdFieldsDiffer,
  jdKeys,
  scoringInputsState,
  toJdDetail,
  toJdInput,
  toJdSummary,
} from './model.js';
import { markForDeletion, stillMarked, withdrawMark } from './deleting-mark.js';
import { refusedMove, type JdStatus } from './statuses.js';
import { nextVersions, syncTitleCopies } from './title-copies.js';
import {
  holderOfExternalId,
  jdDeletedData,
  jdEventData,
  readJd,
  releaseExternalId,
} from './store.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * What integrators do to JDs (POST, PATCH and DELETE /jds): each write checks If-Match where the
 * route takes it, and records its idempotency claim, with the answer it will give, in its own
 * transaction (so the answer is built before the write). The product's writes are in ./sync.ts.
 */

const EXTERNAL_ID = guards('externalId');

/** The transaction item that reserves `externalId` for a JD: it fails (guarded) when another JD holds it. */
function reserveExternalId(db: Db, spaceId: SpaceId, externalId: string, jdId: string) {
  return EXTERNAL_ID.on('externalId', {
    Put: {
      TableName: db.tableName,
      Item: externalIdItem(spaceId, externalId, jdId),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}

/** A write that failed on its external id: the 409 names the JD holding it (or, if it was freed meanwhile, a retry). */
async function externalIdConflict(db: Db, spaceId: SpaceId, externalId: string): Promise<Error> {
  const holder = await holderOfExternalId(db, spaceId, externalId);
  return holder === undefined
    ? new ExternalIdReleasedError()
    : new ExternalIdTakenError(externalId, holder);
}

/** A new JD as POST /jds answers it: as GET /jds/:id shows it (no application yet), with its ETag. */
export interface NewJdAnswer {
  jd: JdDetail & { status: 'DRAFT' };
  etag: string;
}

/**
 * Creates a JD in DRAFT: head, body and the tenant's JD counts change together (with the request's
 * idempotency record, when it has one), and its external id, when given, is reserved in the same
 * transaction: an external id another JD holds is a 409 naming that JD.
 */
export async function createJd(
  db: Db,
  spaceId: SpaceId,
  input: JdInput,
  options: {
    now?: Date;
    claim?: IdempotencyClaim<NewJdAnswer> | undefined;
    audit?: AuditContext | undefined;
  } = {},
): Promise<NewJdAnswer> {
  const at = nowIso(options.now);
  const head: JdHeadItem = {
    ...headItem(spaceId, headFields(input, newId(), 'DRAFT', at, at)),
    ...scoringInputsState(undefined, input, at).state,
  };
  const summary = { ...toJdSummary(head), status: 'DRAFT' as const };
  const answer: NewJdAnswer = {
    jd: { ...toJdDetail(head, bodyItem(spaceId, head.id, input), []), status: 'DRAFT' },
    etag: etagOf(head.version),
  };
  try {
    await transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: head,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: db.tableName, Item: storedBody(bodyItem(spaceId, head.id, input)) } },
      counterDelta(spaceId, 'JD', { total: 1, DRAFT: 1 }),
      recordEvent(spaceId, 'jd.created', jdEventData(summary)),
      ...audited(db, spaceId, options.audit, 'jd.created', {
        type: 'jd',
        id: head.id,
        version: head.version,
      }),
      ...(input.externalId === undefined
        ? []
        : [reserveExternalId(db, spaceId, input.externalId, head.id)]),
      ...(options.claim ? [options.claim.item(answer)] : []),
    ]);
  } catch (error) {
    if (input.externalId !== undefined && EXTERNAL_ID.failed(error))
      throw await externalIdConflict(db, spaceId, input.externalId);
    throw error;
  }
  return answer;
}

/** A JD as PATCH /jds/:jdId answers it, with its ETag, and whether the write changed anything. */
export interface JdAnswer {
  jd: JdDetail;
  pagination?: SlicePagination;
  etag: string;
  changed: boolean;
}

/** How many of its applications the answer to PATCH /jds/:jdId shows (a cursor leads to the rest, as in GET /jds/:jdId?limit=). */
export const UPDATE_ANSWER_APPLICATIONS = 100;

/** The fields PATCH /jds/:jdId may change; an optional one given as null is removed. */
export type JdPatch = Partial<Pick<JdInput, 'title' | 'description'>> & {
  [Field in OptionalJdField | 'externalId']?: string | null | undefined;
} & { status?: JdStatus | undefined };

/**
 * Changes a JD (PATCH /jds/:jdId): the fields given, and its status to CLOSED or ARCHIVED only.
 * `ifMatch` (the If-Match header), when given, must name the stored version (or be `*`). The head,
 * body, counts, `jd.updated` and the idempotency record change together, on the condition that the
 * head is the one read; a new title then reaches every application's copy. A patch that changes
 * nothing writes nothing (and records no event). The answer is the JD as GET /jds/:jdId?limit=100
 * shows it: the first 100 applications, a cursor for the rest.
 */
export async function updateJd(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  patch: JdPatch,
  options: {
    ifMatch?: string | undefined;
    now?: Date;
    claim?: IdempotencyClaim<JdAnswer> | undefined;
    audit?: AuditContext | undefined;
    /** only while the JD holds this external id (an upsert's): else NotFoundError, as if it were gone */
    holding?: string | undefined;
  } = {},
): Promise<JdAnswer> {
  if (!isValidId(jdId)) throw new NotFoundError('JD');
  const now = options.now ?? new Date();
  const write = await optimistically(async () => {
    // The answer holds the first applications only: with the JD's texts it is also the idempotency record (< 400 KB).
    const { head, body, applications } = await readJd(db, spaceId, jdId, {
      limit: UPDATE_ANSWER_APPLICATIONS,
    });
    if (!head) throw new NotFoundError('JD');
    if (options.holding !== undefined && head.externalId !== options.holding)
      throw new NotFoundError('JD');
    requireIfMatch(options.ifMatch, head.version, 'JD');
    const status = patch.status ?? head.status;
    const refused = refusedMove(head.status, status);
    if (refused) throw new ConflictError(refused);
    const input = patched(toJdInput(head, body), patch);
    const bytes = jdBytes(input);
    if (bytes > LIMITS.jdBytes) throw new JdTooLargeError(LIMITS.jdBytes, bytes);
    const at = nowIso(now);
    const fields = headFields(input, jdId, status, head.createdAt, at);
    const changed = status !== head.status || jdFieldsDiffer(toJdInput(head, body), input);
    const versions = changed ? nextVersions(head, fields.title) : head;
    const scoring = scoringInputsState(head, input, at, toJdInput(head, body));
    // The head as it will be stored (with the edit's time), or as it is when nothing changes.
    const next: JdHeadItem = changed
      ? {
          ...headItem(spaceId, fields, versions, head.sourceVersion),
          editedAt: at,
          ...scoring.state,
        }
      : head;
    const answer: JdAnswer = {
      jd: toJdDetail(next, changed ? bodyItem(spaceId, jdId, input) : body, applications.items),
      ...(applications.pagination ? { pagination: applications.pagination } : {}),
      etag: etagOf(versions.version),
      changed,
    };
    if (!changed) {
      if (options.claim) await transactWrite(db, [options.claim.item(answer)]);
      return { answer, versions, title: head.title };
    }
    const externalIdMoves = input.externalId !== head.externalId;
    try {
      await transactWrite(db, [
        putOverRead(db.tableName, next, head),
        { Put: { TableName: db.tableName, Item: storedBody(bodyItem(spaceId, jdId, input)) } },
        ...(status !== head.status
          ? [counterDelta(spaceId, 'JD', { [head.status]: -1, [status]: 1 })]
          : []),
        recordEvent(spaceId, 'jd.updated', jdEventData(fields, head.status, scoring.changed)),
        ...audited(
          db,
          spaceId,
          options.audit,
          'jd.updated',
          { type: 'jd', id: jdId, version: versions.version },
          [
            ...(status !== head.status ? ['status'] : []),
            ...changedJdFields(toJdInput(head, body), input),
          ],
        ),
        ...(externalIdMoves && head.externalId !== undefined
          ? [releaseExternalId(db, spaceId, head)]
          : []),
        ...(externalIdMoves && input.externalId !== undefined
          ? [reserveExternalId(db, spaceId, input.externalId, jdId)]
          : []),
        ...(options.claim ? [options.claim.item(answer)] : []),
      ]);
    } catch (error) {
      if (input.externalId !== undefined && EXTERNAL_ID.failed(error))
        throw await externalIdConflict(db, spaceId, input.externalId);
      throw error;
    }
    return { answer, versions, title: fields.title };
  }, readChanged);
  await syncTitleCopies(db, spaceId, jdId, write.title, write.versions);
  return write.answer;
}

/** A JD's input with a patch applied: the fields sent replace, those sent as null go (RFC 7396). */
function patched(stored: JdInput, patch: JdPatch): JdInput {
  const { status: _status, ...fields } = patch;
  const input: JdInput = { ...stored };
  for (const field of Object.keys(fields) as (keyof typeof fields)[]) {
    const value = fields[field];
    if (value === null) delete input[field];
    else if (value !== undefined) input[field] = value;
  }
  return input;
}

/**
 * Deletes a JD (DELETE /jds/:jdId), only while it has no application, so that no candidate's history
 * goes with it. `ifMatch` (the If-Match header), when given, must name the stored version (or be
 * `*`). An application written at the same moment must not slip in between the check and the
 * delete: the head is first marked (./deleting-mark.ts, the protocol every application write keeps);
 * then the JD's applications are read, strongly consistent; none: the head becomes a tombstone (holding
 * the product's version, so an older product upsert cannot bring it back), with its body, counts and
 * `jd.deleted`, on the condition that the head is still the marked one. Some: the mark is taken back
 * and the answer is 409. A change made meanwhile replaces the head, mark and all, and the delete
 * starts over.
 */
export async function deleteJd(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  options: { ifMatch?: string | undefined; now?: Date; audit?: AuditContext | undefined } = {},
): Promise<void> {
  if (!isValidId(jdId)) throw new NotFoundError('JD');
  const now = options.now ?? new Date();
  const key = jdKeys.head(spaceId, jdId);
  // Any condition of the mark, its removal or the tombstone failing means the head changed: start over.
  await optimistically(async () => {
    const head = await getItem<JdHeadItem | TombstoneItem>(db, key, { consistent: true });
    if (head?.entity !== 'JD') throw new NotFoundError('JD');
    requireIfMatch(options.ifMatch, head.version, 'JD');
    const mark = { version: head.version, at: nowIso(now) };
    await markForDeletion(db, spaceId, jdId, mark);
    const { items } = await queryUpTo<Pick<ApplicationItem, 'id'>>(
      db,
      {
        ...underPrefix(spaceId, applicationKeys.ofJd(jdId)),
        ProjectionExpression: 'id',
        ConsistentRead: true,
      },
      1,
    );
    if (items.length > 0) {
      await withdrawMark(db, spaceId, jdId, mark.at);
      throw new ConflictError(
        `JD ${jdId} has applications, which deleting it would take with it: close or archive it instead`,
      );
    }
    await transactWrite(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: tombstoneItem(key, 'JD', jdId, head.sourceVersion ?? 0, now, head.externalId),
          ...stillMarked(mark),
        },
      },
      { Delete: { TableName: db.tableName, Key: jdKeys.body(spaceId, jdId) } },
      ...(head.externalId === undefined ? [] : [releaseExternalId(db, spaceId, head)]),
      counterDelta(spaceId, 'JD', { total: -1, [head.status]: -1 }),
      recordEvent(spaceId, 'jd.deleted', jdDeletedData(head, now)),
      ...audited(db, spaceId, options.audit, 'jd.deleted', {
        type: 'jd',
        id: jdId,
        version: head.version,
      }),
    ]);
  }, isConditionFailure);
}
