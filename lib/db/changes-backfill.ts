import { backfilledChange, changeKeys } from './changes.js';
import type { Db } from './client.js';
import {
  ignoreConditionFailure,
  isConditionFailure,
  putItem,
  queryPage,
  updateItem,
} from './dynamo.js';
import { tenantPk } from './ids.js';
import { candidateChangeItem } from '../resumes/model.js';

/**
 * One-off upgrade of a tenant written before delta walks: every JD, resume and application without an
 * entry in the changes index gets one at its own `updatedAt`, so the first walk (`updatedSince`) hands
 * it over. An item written meanwhile already has its entry and is left as it is. Deletions made before
 * the upgrade are not reported (their tombstones have no entry); safe to run again.
 */
export async function indexChanges(
  db: Db,
  tenantId: string,
): Promise<{ indexed: number; skipped: number }> {
  const counts = { indexed: 0, skipped: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryPage<{ sk: string; entity: string; id: string; updatedAt: string }>(
      db,
      {
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'entity IN (:jd, :resume, :application) AND attribute_not_exists(gsi4sk)',
        ExpressionAttributeValues: {
          ':pk': tenantPk(tenantId),
          ':jd': 'JD',
          ':resume': 'RESUME',
          ':application': 'APPLICATION',
        },
        ProjectionExpression: 'pk, sk, entity, id, updatedAt',
        ExclusiveStartKey: startKey,
      },
    );
    for (const item of page.items) {
      const entry = backfilledChange(item);
      if (!entry) {
        counts.skipped += 1;
        continue;
      }
      if (item.entity === 'RESUME') await backfillCandidate(db, tenantId, item);
      try {
        await updateItem(db, {
          Key: { pk: tenantPk(tenantId), sk: item.sk },
          UpdateExpression: 'SET gsi4sk = :entry',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi4sk)',
          ExpressionAttributeValues: { ':entry': entry },
        });
        counts.indexed += 1;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        counts.skipped += 1;
      }
    }
    startKey = page.lastKey;
  } while (startKey);
  return counts;
}

/** A candidate's change entry, at its resume's `updatedAt`, unless one was written meanwhile. */
async function backfillCandidate(
  db: Db,
  tenantId: string,
  resume: { id: string; updatedAt: string },
): Promise<void> {
  await ignoreConditionFailure(
    putItem(db, {
      Item: {
        ...candidateChangeItem(tenantId, resume.id),
        gsi4sk: `${changeKeys.at('candidate', Date.parse(resume.updatedAt))}${resume.id}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}
