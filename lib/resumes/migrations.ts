import { copyKeys } from '../matching/copies.js';
import { noteChanges } from '../db/log/entries.js';
import type { Db } from '../db/client.js';
import { forEachQueried, guards, queryAll, transactWrite, updateItem } from '../db/dynamo.js';
import { applicationKeys } from '../matching/items.js';
import { candidateEmailItem, candidateIdentity, type ResumeItem, resumeKeys } from './model.js';
import { type ApplicationCopyItem, candidateChangeItem } from '../matching/copies.js';
import { underPrefix } from '../db/ids.js';
import type { SpaceId } from '../db/spaces.js';

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
  spaceId: SpaceId,
): Promise<{ resumes: number; copies: number; skipped: number }> {
  const resumes = await queryAll<ResumeWithCopyMap>(db, {
    ...underPrefix(spaceId, 'RESUME#', { ':resume': 'RESUME' }),
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
              Key: applicationKeys.item(spaceId, copy.jdId, copy.id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          }),
          MOVE.on('copy', {
            Put: {
              TableName: db.tableName,
              Item: {
                ...copyKeys.copy(spaceId, resume.id, copy.id),
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
      Key: resumeKeys.item(spaceId, resume.id),
      UpdateExpression: 'REMOVE applications',
    });
    // The candidate now shows these applications: its delta walk tells clients synced before.
    await transactWrite(db, [
      { Put: { TableName: db.tableName, Item: candidateChangeItem(spaceId, resume.id) } },
      noteChanges(spaceId),
    ]);
    moved.resumes += 1;
  }
  return moved;
}

/** An e-mail entry is written only while the resume still has the identity it was read with. */
const INDEX = guards('resume');

/**
 * One-off upgrade of a tenant written before candidates could be found by e-mail: each resume's
 * e-mail gets its index entry (GET /candidates?email=), written with a check that the resume's
 * identity (name, e-mail) is still the one read, so an erasure or a change of address meanwhile cannot
 * leave an entry behind. Safe to run while the service runs, and again. Returns how many resumes it
 * indexed and skipped (no e-mail, or changed meanwhile: the product's write indexed it).
 */
export async function indexCandidateEmails(
  db: Db,
  spaceId: SpaceId,
): Promise<{ indexed: number; skipped: number }> {
  const counts = { indexed: 0, skipped: 0 };
  await forEachQueried<Pick<ResumeItem, 'id' | 'metadata' | 'identityVersion'>>(
    db,
    {
      ...underPrefix(spaceId, 'RESUME#', { ':resume': 'RESUME' }),
      FilterExpression: 'entity = :resume',
      ProjectionExpression: 'id, metadata, identityVersion',
      ConsistentRead: true,
    },
    async (resume) => {
      counts[await indexEmailOf(db, spaceId, resume)] += 1;
    },
  );
  return counts;
}

/** Writes the index entry of one resume's e-mail, if it has one and its identity is still the one read. */
async function indexEmailOf(
  db: Db,
  spaceId: SpaceId,
  resume: Pick<ResumeItem, 'id' | 'metadata' | 'identityVersion'>,
): Promise<'indexed' | 'skipped'> {
  const { email } = candidateIdentity(resume.metadata);
  if (email === null || email.trim() === '') return 'skipped';
  try {
    await transactWrite(db, [
      INDEX.on('resume', {
        ConditionCheck: {
          TableName: db.tableName,
          Key: resumeKeys.item(spaceId, resume.id),
          ConditionExpression: 'entity = :resume AND identityVersion = :v',
          ExpressionAttributeValues: { ':resume': 'RESUME', ':v': resume.identityVersion },
        },
      }),
      { Put: { TableName: db.tableName, Item: candidateEmailItem(spaceId, email, resume.id) } },
    ]);
    return 'indexed';
  } catch (error) {
    if (!INDEX.failed(error)) throw error;
    return 'skipped';
  }
}
