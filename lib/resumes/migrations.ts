import type { Db } from '../db/client.js';
import { guards, queryAll, transactWrite, updateItem } from '../db/dynamo.js';
import { applicationKeys } from '../applications/model.js';
import { type ApplicationCopyItem, resumeKeys } from './model.js';
import { underPrefix } from '../db/ids.js';

/** A resume as versions before copies were items kept it: a map of its applications' copies. */
interface ResumeWithCopyMap {
  sk: string;
  id: string;
  applications: Record<string, Omit<ApplicationCopyItem, 'pk' | 'sk' | 'entity'>>;
}

/** A copy moves only while its application exists, and only where no copy is. */
const MOVE = guards('application', 'copy');

/**
 * One-off upgrade of a tenant written by a version that kept each resume's application copies in a
 * map on the resume item (which outgrew 400 KB at ~1,900 applications): every copy becomes an item of
 * its own under the resume, written only while its application still exists and no newer copy is
 * there, then the map is removed. Safe to run while the service runs, and again: a copy already moved
 * is left as it is. Returns how many resumes and copies it moved.
 */
export async function moveApplicationCopiesToItems(
  db: Db,
  tenantId: string,
): Promise<{ resumes: number; copies: number; skipped: number }> {
  const resumes = await queryAll<ResumeWithCopyMap>(db, {
    ...underPrefix(tenantId, 'RESUME#', { ':resume': 'RESUME' }),
    FilterExpression: 'entity = :resume AND attribute_exists(applications)',
    ConsistentRead: true,
  });
  const moved = { resumes: 0, copies: 0, skipped: 0 };
  for (const resume of resumes) {
    for (const copy of Object.values(resume.applications)) {
      try {
        await transactWrite(db, [
          MOVE.on('application', {
            ConditionCheck: {
              TableName: db.tableName,
              Key: applicationKeys.item(tenantId, copy.jdId, copy.id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          }),
          MOVE.on('copy', {
            Put: {
              TableName: db.tableName,
              Item: {
                ...resumeKeys.copy(tenantId, resume.id, copy.id),
                entity: 'APPLICATION_COPY',
                ...copy,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }),
        ]);
        moved.copies += 1;
      } catch (error) {
        // The application is gone, or the copy was written (moved before, or by a newer write): leave it.
        if (!MOVE.failed(error)) throw error;
        moved.skipped += 1;
      }
    }
    await updateItem(db, {
      Key: resumeKeys.item(tenantId, resume.id),
      UpdateExpression: 'REMOVE applications',
    });
    moved.resumes += 1;
  }
  return moved;
}
