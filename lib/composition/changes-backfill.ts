import { backfilledChange } from '../db/log/changes.js';
import type { Db } from '../db/client.js';
import { forEachQueried, isConditionFailure, sendTransaction } from '../db/dynamo.js';
import { noteChanges } from '../db/log/entries.js';
import { tenantPk } from '../db/ids.js';
import { candidateChangeItem } from '../matching/copies.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * One-off upgrade of a tenant written before delta walks: every JD, resume and application without an
 * entry in the changes index gets one, and every resume without a candidate change entry gets one, each
 * stamped as it is written (not at the item's `updatedAt`: a token handed out meanwhile would be past
 * it), so the next walk of every client hands them over, whenever it started. An item written meanwhile
 * already has its entry and is left as it is. Deletions made before the upgrade are not reported (their
 * tombstones have no entry). Safe to run while the service runs, and again.
 */
export async function indexChanges(
  db: Db,
  spaceId: SpaceId,
): Promise<{ indexed: number; skipped: number }> {
  const counts = { indexed: 0, skipped: 0 };
  await forEachQueried<{ sk: string; entity: string; id: string; gsi4sk?: string }>(
    db,
    {
      KeyConditionExpression: 'pk = :pk',
      // Resumes whatever their entry: a candidate's entry came later than the resume's.
      FilterExpression:
        '(entity IN (:jd, :application) AND attribute_not_exists(gsi4sk)) OR entity = :resume',
      ExpressionAttributeValues: {
        ':pk': tenantPk(spaceId),
        ':jd': 'JD',
        ':resume': 'RESUME',
        ':application': 'APPLICATION',
      },
      ProjectionExpression: 'pk, sk, entity, id, gsi4sk',
    },
    async (item) => {
      if (item.entity === 'RESUME' && (await indexCandidate(db, spaceId, item.id)))
        counts.indexed += 1;
      if (item.gsi4sk === undefined)
        counts[(await indexItem(db, spaceId, item)) ? 'indexed' : 'skipped'] += 1;
    },
  );
  return counts;
}

/** Gives an item its entry, unless it got one meanwhile (a write); whether it did. */
async function indexItem(
  db: Db,
  spaceId: SpaceId,
  item: { sk: string; entity: string; id: string },
): Promise<boolean> {
  // One time for the entry and its note in the log: a walk reads an item stamped before its note as
  // not yet written (lib/db/log/walk.ts), and would wait on it.
  const now = new Date();
  const entry = backfilledChange(item, now);
  if (!entry) return false;
  const key = { pk: tenantPk(spaceId), sk: item.sk };
  try {
    // With its note in the ordered log (lib/db/log/), where walks of an upgraded space read changes.
    await sendTransaction(
      db,
      [
        {
          Update: {
            TableName: db.tableName,
            Key: key,
            UpdateExpression: 'SET gsi4sk = :entry',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi4sk)',
            ExpressionAttributeValues: { ':entry': entry },
          },
        },
        noteChanges(spaceId, { [entry.charAt(0)]: [item.sk] }),
      ],
      now,
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** A candidate's change entry (stamped as it is written), unless it has one; whether it was written. */
async function indexCandidate(db: Db, spaceId: SpaceId, resumeId: string): Promise<boolean> {
  try {
    await sendTransaction(db, [
      {
        Put: {
          TableName: db.tableName,
          Item: candidateChangeItem(spaceId, resumeId),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      noteChanges(spaceId),
    ]);
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}
