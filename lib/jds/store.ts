import { matchesOfJd } from '../matching/items.js';
import type { Db } from '../db/client.js';
import { readCount } from '../db/counters.js';
import { batchGet, getItem, queryAll, type WriteItem } from '../db/dynamo.js';
import type { MatchEntry } from '../matching/items.js';
import type { EventData } from '../events/model.js';
import type { JdEventData } from './events.js';
import type { TombstoneItem } from '../db/entities/tombstone.js';
import { isValidId, nowIso, tenantPk } from '../db/ids.js';
import {
  type ListEntry,
  listPage,
  type Page,
  type PageRequest,
  type SlicePagination,
  type SliceRequest,
  wholeOrSlice,
} from '../db/pagination.js';
import { changeKeys } from '../db/log/changes.js';
import {
  type ChangeEntry,
  type DeletedEntry,
  type DeltaRequest,
  deltaPage,
} from '../db/log/walk.js';
import { INDEXES } from '../db/table.js';
import {
  type JdBodyItem,
  type JdDetail,
  type JdExternalIdItem,
  type JdHeadItem,
  type JdSummary,
  jdKeys,
  readBody,
  type StoredJdBodyItem,
  toJdDetail,
  toJdSummary,
} from './model.js';
import type { JdStatus } from './statuses.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * JDs as stored: the reads, and what both writers (./api.ts for integrators, ./sync.ts for the
 * product) do alike. What the wire shows of a version (ETags) is the API's to decide.
 */

/** A JD's event data; `previousStatus` when the write moved it from another status. */
export function jdEventData(
  jd: Pick<JdSummary, 'id' | 'title' | 'status' | 'updatedAt' | 'externalId'>,
  before?: JdStatus,
  scoringInputsChanged = false,
): JdEventData {
  const data: JdEventData = {
    id: jd.id,
    title: jd.title,
    status: jd.status,
    updatedAt: jd.updatedAt,
  };
  // An ATS reconciles by its own id: every event naming a JD names it too.
  if (jd.externalId !== undefined) data.externalId = jd.externalId;
  if (before !== undefined && before !== jd.status) data.previousStatus = before;
  // The product re-scores on it: scores given before are stale from now on.
  if (scoringInputsChanged) data.scoringInputsChanged = true;
  return data;
}

/** `jd.deleted`'s data: the JD's id, and its external id when it had one. */
export function jdDeletedData(
  head: Pick<JdSummary, 'id' | 'externalId'>,
  now: Date,
): EventData['jd.deleted'] {
  return {
    id: head.id,
    ...(head.externalId === undefined ? {} : { externalId: head.externalId }),
    updatedAt: nowIso(now),
  };
}

/** True when the JD exists in this tenant (strongly consistent; a deleted JD's tombstone is not one). */
export async function jdExists(db: Db, spaceId: SpaceId, jdId: string): Promise<boolean> {
  if (!isValidId(jdId)) return false;
  const head = await getItem<Pick<JdHeadItem | TombstoneItem, 'entity'>>(
    db,
    jdKeys.head(spaceId, jdId),
    { consistent: true, projection: 'entity' },
  );
  return head?.entity === 'JD';
}

const bodyOf = (item: StoredJdBodyItem | undefined): JdBodyItem | undefined =>
  item && readBody(item);

/** A JD's head, body and applications (or the slice asked for), read in parallel. */
export async function readJd(db: Db, spaceId: SpaceId, jdId: string, slice?: SliceRequest) {
  const range = jdKeys.collection(jdId);
  const [items, applications] = await Promise.all([
    queryAll<JdHeadItem | StoredJdBodyItem>(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': tenantPk(spaceId),
        ':from': range.from,
        ':to': range.to,
      },
      ConsistentRead: true,
    }),
    wholeOrSlice<Pick<MatchEntry, 'id' | 'status'>>(
      db,
      matchesOfJd(spaceId, jdId, 'jd-applications', 'id, #status'),
      slice,
    ),
  ]);
  return {
    head: items.find((item): item is JdHeadItem => item.entity === 'JD'),
    body: bodyOf(items.find((item): item is StoredJdBodyItem => item.entity === 'JD_BODY')),
    applications: {
      items: applications.items.map(({ id, status }) => ({ id, status })),
      pagination: applications.pagination,
    },
  };
}

/** A JD in full with its version (every change raises it). */
export interface VersionedJd {
  jd: JdDetail;
  pagination?: SlicePagination;
  version: number;
}

/**
 * A JD with its body (one strongly consistent Query of head and body) and the id and status of every
 * application, or of the slice of them asked for, in match order (from the slim matches index, in
 * parallel).
 */
export async function readJdDetail(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  slice?: SliceRequest,
): Promise<VersionedJd | undefined> {
  if (!isValidId(jdId)) return undefined;
  const { head, body, applications } = await readJd(db, spaceId, jdId, slice);
  if (!head) return undefined;
  return {
    jd: toJdDetail(head, body, applications.items),
    ...(applications.pagination ? { pagination: applications.pagination } : {}),
    version: head.version,
  };
}

/** A JD's entry in the slim list and status indexes: its keys. */
type JdKeysEntry = ListEntry & { pk: string };

/**
 * The heads behind index entries, by sort key (a head deleted since is a tombstone, or gone). Lists
 * and delta walks read JDs from their heads, not from what an index projects: a field declared listed
 * (./fields.ts) reaches them with no new index version. One eventually consistent BatchGetItem:
 * 0.5 RCU a head (a head holds the listed fields only: under 4 KB).
 */
async function headsAt(
  db: Db,
  entries: readonly { pk: string; sk: string }[],
): Promise<Map<string, JdHeadItem | TombstoneItem>> {
  const heads = await batchGet<(JdHeadItem | TombstoneItem) & { pk: string; sk: string }>(
    db,
    entries.map(({ pk, sk }) => ({ pk, sk })),
  );
  return new Map(heads.map((head) => [head.sk, head]));
}

/** A page of the tenant's JDs, newest first, optionally of one status. */
export async function listJds(
  db: Db,
  spaceId: SpaceId,
  request: PageRequest & { status?: JdStatus | undefined; externalId?: string | undefined },
): Promise<Page<JdSummary>> {
  if (request.externalId !== undefined) {
    // One JD at most: read through the item that reserves the external id, never a list index.
    const found = await findJdByExternalId(db, spaceId, request.externalId);
    const items =
      found && (request.status === undefined || found.status === request.status) ? [found] : [];
    return {
      items: request.page === 1 ? items : [],
      page: request.page,
      limit: request.limit,
      total: items.length,
      pages: items.length,
    };
  }
  // The slim indexes give the order and the keys; the heads give the JDs.
  const keysIndex = request.status !== undefined ? INDEXES.statusKeys : INDEXES.listKeys;
  return listPage<JdKeysEntry, JdSummary>(
    db,
    {
      name: request.status ? `jds?status=${request.status}` : 'jds',
      index: keysIndex,
      keysIndex,
      tenantPk: tenantPk(spaceId),
      sortPrefix: request.status ? jdKeys.statusPrefix(request.status) : jdKeys.listPrefix,
      baseSortKey: (id) => jdKeys.head(spaceId, id).sk,
      idOf: jdKeys.idOf,
    },
    request,
    readCount(db, spaceId, 'JD', request.status ?? 'total'),
    async (entries) => {
      const heads = await headsAt(db, entries);
      return entries.map(({ sk }) => {
        const head = heads.get(sk);
        // An index lags its table: a head whose status moved on is in its new status's page.
        if (
          head?.entity !== 'JD' ||
          (request.status !== undefined && head.status !== request.status)
        )
          return undefined;
        return toJdSummary(head);
      });
    },
  );
}

/** The transaction item that frees a JD's external id, if it still names this JD. */
export function releaseExternalId(
  db: Db,
  spaceId: SpaceId,
  head: Pick<JdHeadItem, 'id' | 'externalId'>,
): WriteItem {
  return {
    Delete: {
      TableName: db.tableName,
      Key: jdKeys.externalId(spaceId, head.externalId ?? ''),
      ConditionExpression: 'attribute_not_exists(pk) OR jdId = :jd',
      ExpressionAttributeValues: { ':jd': head.id },
    },
  };
}

/** The JD an external id names (GET /jds?externalId=), as a list shows it, or undefined. */
export async function findJdByExternalId(
  db: Db,
  spaceId: SpaceId,
  externalId: string,
): Promise<JdSummary | undefined> {
  const reserved = await getItem<JdExternalIdItem>(db, jdKeys.externalId(spaceId, externalId), {
    consistent: true,
  });
  if (!reserved) return undefined;
  const head = await getItem<JdHeadItem | TombstoneItem>(db, jdKeys.head(spaceId, reserved.jdId), {
    consistent: true,
  });
  return head?.entity === 'JD' && head.externalId === externalId ? toJdSummary(head) : undefined;
}

/** Which JD holds an external id now (strongly consistent), to name it in a 409. */
export async function holderOfExternalId(
  db: Db,
  spaceId: SpaceId,
  externalId: string,
): Promise<string | undefined> {
  return (
    await getItem<JdExternalIdItem>(db, jdKeys.externalId(spaceId, externalId), {
      consistent: true,
    })
  )?.jdId;
}

/**
 * A page of the JDs' delta walk (GET /jds?updatedSince= or ?syncToken=): the changes index gives the
 * order, the heads the JDs; an entry whose head is gone by the read shows as deleted (its tombstone's
 * time and external id), as the tombstone's own entry does.
 */
export function listJdChanges(db: Db, spaceId: SpaceId, request: DeltaRequest) {
  return deltaPage<ChangeEntry, JdSummary>(db, spaceId, 'jds', 'jd', request, async (entries) => {
    const heads = await headsAt(db, entries);
    return entries.map((entry): JdSummary | DeletedEntry => {
      const head = heads.get(entry.sk);
      if (head?.entity === 'JD') return toJdSummary(head);
      return {
        id: entry.id,
        deleted: true,
        deletedAt: head?.deletedAt ?? new Date(changeKeys.timeOf(entry.gsi4sk)).toISOString(),
        ...(head?.externalId === undefined ? {} : { externalId: head.externalId }),
      };
    });
  });
}
