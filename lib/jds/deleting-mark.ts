import type { Db } from '../db/client.js';
import { ignoreConditionFailure, type TransactItem, updateItem } from '../db/dynamo.js';
import { nowIso } from '../db/ids.js';
import { type JdHeadItem, jdKeys } from './model.js';
import { type JdTitle, titleUnchanged } from './title-copies.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * What DELETE /jds/:jdId and an application's write agree on at the JD's head, both sides in this
 * module:
 * - the delete marks the head `deleting` (markForDeletion), reads the JD's applications, then either
 *   turns the head into a tombstone on the condition that its mark is still there (stillMarked), or
 *   takes the mark back (withdrawMark) and refuses;
 * - every application write on the JD checks that no live mark is there (applicationWriteOnHead), so
 *   none slips in between the delete's read and its tombstone; the product's write of an application
 *   waits while a live mark stands (isBeingDeleted);
 * - an application created, moved to another status or removed changes what GET /jds/:jdId lists, so
 *   its write raises the head's version, which is the JD's ETag (the mark itself leaves it alone: a
 *   refused delete changes nothing).
 * A mark left by a crash is ignored after DELETING_STALE_MS.
 */

/** How long a `deleting` mark holds off new applications: a delete that crashed after marking lets go after this. */
export const DELETING_STALE_MS = 60_000;

const staleBefore = (now: Date) => nowIso(new Date(now.getTime() - DELETING_STALE_MS));

/** True while a delete's mark on the head holds off applications. */
export function isBeingDeleted(head: Pick<JdHeadItem, 'deleting'>, now = new Date()): boolean {
  return (
    head.deleting !== undefined && Date.parse(head.deleting) > now.getTime() - DELETING_STALE_MS
  );
}

/** Marks the head `deleting` at `at`, on the condition that it is still at `version`. */
export async function markForDeletion(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  mark: { version: number; at: string },
): Promise<void> {
  await updateItem(db, {
    Key: jdKeys.head(spaceId, jdId),
    UpdateExpression: 'SET deleting = :at',
    ConditionExpression: 'version = :v',
    ExpressionAttributeValues: { ':v': mark.version, ':at': mark.at },
  });
}

/** Takes a refused delete's own mark back, whatever the version (an application's removal raises it meanwhile). */
export function withdrawMark(db: Db, spaceId: SpaceId, jdId: string, at: string): Promise<void> {
  return ignoreConditionFailure(
    updateItem(db, {
      Key: jdKeys.head(spaceId, jdId),
      UpdateExpression: 'REMOVE deleting',
      ConditionExpression: 'deleting = :at',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

/** The condition of the write that replaces a marked head: unchanged since the mark, and the mark its own. */
export function stillMarked(mark: { version: number; at: string }) {
  return {
    ConditionExpression: 'version = :v AND deleting = :at',
    ExpressionAttributeValues: { ':v': mark.version, ':at': mark.at },
  };
}

/**
 * An application's write on its JD's head: the title it copied is current, no delete's mark stands,
 * and, when what GET /jds/:jdId lists changes (`listChanged`: the application is new or moves to
 * another status), the head's version goes up. A new score alone checks without writing.
 */
export function applicationWriteOnHead(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  jd: JdTitle,
  listChanged: boolean,
  now: Date,
): TransactItem {
  const title = titleUnchanged(jd);
  const check = {
    TableName: db.tableName,
    Key: jdKeys.head(spaceId, jdId),
    ConditionExpression: `${title.condition} AND (attribute_not_exists(deleting) OR deleting < :stale)`,
  };
  const values = { ...title.values, ':stale': staleBefore(now) };
  if (!listChanged) return { ConditionCheck: { ...check, ExpressionAttributeValues: values } };
  return {
    Update: {
      ...check,
      UpdateExpression: 'ADD version :one',
      ExpressionAttributeValues: { ...values, ':one': 1 },
    },
  };
}

/** An application's removal on its live JD's head: the version goes up (one application less listed). */
export function applicationRemovalOnHead(db: Db, spaceId: SpaceId, jdId: string): TransactItem {
  return {
    Update: {
      TableName: db.tableName,
      Key: jdKeys.head(spaceId, jdId),
      UpdateExpression: 'ADD version :one',
      ConditionExpression: 'entity = :jd',
      ExpressionAttributeValues: { ':one': 1, ':jd': 'JD' },
    },
  };
}
