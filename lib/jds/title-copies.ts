import { copyKeys, candidateChangeItem } from '../matching/copies.js';
import { noteChanges } from '../db/log/entries.js';
import type { Db } from '../db/client.js';
import { queryAll } from '../db/dynamo.js';
import { underPrefix } from '../db/ids.js';
import { propagate } from '../db/versioned-writes.js';
import { type ApplicationItem, applicationKeys } from '../matching/items.js';
import { type JdHeadItem, type JdHeadVersions, jdKeys } from './model.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * The copy of a JD's title on its applications' copies (under each resume: GET /candidates and a
 * candidate's export show it). One protocol, both of its sides in this module:
 * - the JD's writes version the title: `titleVersion` is the head's version at which the title last
 *   changed (nextVersions), and `titleSyncedVersion` the one every copy is known to hold. After a write
 *   that leaves them apart, syncTitleCopies brings every copy to the title, then marks the head synced.
 * - an application's write copies the title it read with its version (titleCopy), on the condition
 *   that the head's title version is still that one (titleUnchanged): a rename racing it makes the
 *   write retry with the new title instead of leaving the old one behind.
 * A copy only moves forward (to a higher title version), so a replayed or racing sync changes nothing twice.
 */

/** What an application copies from its JD's head: the title, and the version that guards the copy. */
export type JdTitle = Pick<JdHeadItem, 'title' | 'titleVersion'>;

/** The versions of a head written over `stored` with `title`: one more, and the title's if it changed. */
export function nextVersions(stored: JdHeadItem, title: string): JdHeadVersions {
  return {
    version: stored.version + 1,
    titleVersion: stored.title !== title ? stored.version + 1 : stored.titleVersion,
    titleSyncedVersion: stored.titleSyncedVersion,
  };
}

/** The title fields of an application's copy, from the head it read. */
export function titleCopy(jd: JdTitle): { jdTitle: string; jdTitleVersion: number } {
  return { jdTitle: jd.title, jdTitleVersion: jd.titleVersion };
}

/** The condition on the head under which an application's copy of `jd` is current. */
export function titleUnchanged(jd: JdTitle) {
  return { condition: 'titleVersion = :tv', values: { ':tv': jd.titleVersion } };
}

/**
 * After a JD's write: when the copies may hold an older title, brings each one to `title` (with the
 * candidate's change entry, for their delta walk), then marks the head synced at `titleVersion`.
 */
export async function syncTitleCopies(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  title: string,
  versions: JdHeadVersions,
): Promise<void> {
  if (versions.titleSyncedVersion === versions.titleVersion) return;
  const applications = await queryAll<Pick<ApplicationItem, 'id' | 'resumeId'>>(db, {
    ...underPrefix(spaceId, applicationKeys.ofJd(jdId)),
    ProjectionExpression: 'id, resumeId',
    ConsistentRead: true,
  });
  await propagate(
    db,
    applications,
    // In one transaction: a copy that already holds this title or a newer one, or is gone, changes
    // nothing and reports nothing.
    (application) => [
      {
        Update: {
          TableName: db.tableName,
          Key: copyKeys.copy(spaceId, application.resumeId, application.id),
          UpdateExpression: 'SET jdTitle = :title, jdTitleVersion = :tv',
          ConditionExpression: 'attribute_exists(pk) AND jdTitleVersion < :tv',
          ExpressionAttributeValues: { ':title': title, ':tv': versions.titleVersion },
        },
      },
      {
        Put: { TableName: db.tableName, Item: candidateChangeItem(spaceId, application.resumeId) },
      },
      noteChanges(spaceId),
    ],
    {
      Key: jdKeys.head(spaceId, jdId),
      UpdateExpression: 'SET titleSyncedVersion = :tv',
      ConditionExpression: 'titleVersion = :tv',
      ExpressionAttributeValues: { ':tv': versions.titleVersion },
    },
  );
}
