import type { Db } from '../db/client.js';
import { getItem } from '../db/dynamo.js';
import type { TombstoneItem } from '../db/entities/tombstone.js';
import { isValidId, tenantPk } from '../db/ids.js';
import {
  type Listed,
  type SliceRequest,
  type SliceSource,
  wholeOrSlice,
} from '../db/pagination.js';
import { INDEXES } from '../db/table.js';
import { type JdHeadItem, jdKeys } from '../jds/model.js';
import {
  type Application,
  type ApplicationItem,
  applicationKeys,
  type ApplicationPointerItem,
  type Match,
  type MatchEntry,
  toApplication,
  toMatch,
} from './model.js';

/**
 * Applications as stored: a JD's ranked matches and one application with its scores. Applications are
 * written by the product alone (./sync.ts).
 */

/**
 * The matches index's entries of one JD, best score first (ties: earliest application, then id).
 * `name` binds a cursor to the list it was issued for.
 */
export function matchesOfJd(
  tenantId: string,
  jdId: string,
  name: string,
  projection?: string,
): SliceSource {
  return {
    tenantPk: tenantPk(tenantId),
    name: `${name}:${jdId}`,
    query: {
      IndexName: INDEXES.matches.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': tenantPk(tenantId),
        ':prefix': applicationKeys.matchesPrefix(jdId),
      },
      // The keys stay in the projection: a slice's cursor is made of them.
      ...(projection
        ? {
            ProjectionExpression: `${projection}, sk, gsi3sk`,
            ExpressionAttributeNames: { '#status': 'status' },
          }
        : {}),
    },
    sortKey: 'gsi3sk',
    startKey: (id, sort) => ({ ...applicationKeys.item(tenantId, jdId, id), gsi3sk: sort }),
  };
}

/**
 * The applications of a JD, best score first: all of them, or the slice asked for. The JD's existence
 * (strongly consistent GetItem, a deleted JD's tombstone is not one) and the ranked index are read in
 * parallel.
 */
export async function listMatches(
  db: Db,
  tenantId: string,
  jdId: string,
  slice?: SliceRequest,
): Promise<Listed<Match> | undefined> {
  if (!isValidId(jdId)) return undefined;
  const [head, entries] = await Promise.all([
    getItem<Pick<JdHeadItem | TombstoneItem, 'entity'>>(db, jdKeys.head(tenantId, jdId), {
      consistent: true,
      projection: 'entity',
    }),
    wholeOrSlice<MatchEntry>(db, matchesOfJd(tenantId, jdId, 'matches'), slice),
  ]);
  return head?.entity === 'JD' ? { ...entries, items: entries.items.map(toMatch) } : undefined;
}

/** One application with every score and its provenance (GET /applications/:id), through its pointer. */
export async function readApplication(
  db: Db,
  tenantId: string,
  applicationId: string,
): Promise<Application | undefined> {
  if (!isValidId(applicationId)) return undefined;
  const pointer = await getItem<ApplicationPointerItem | TombstoneItem>(
    db,
    applicationKeys.pointer(tenantId, applicationId),
    { consistent: true },
  );
  if (pointer?.entity !== 'APPLICATION_POINTER') return undefined;
  const application = await getItem<ApplicationItem>(
    db,
    applicationKeys.item(tenantId, pointer.jdId, applicationId),
    { consistent: true },
  );
  return application && toApplication(application);
}
