import type { Db } from '../db/client.js';
import { batchGet, queryAll } from '../db/dynamo.js';
import { underPrefix } from '../db/ids.js';
import type { SpaceId } from '../db/spaces.js';
import type { ProductWrite } from '../db/entities/tombstone.js';
import { applyJdTombstone } from '../jds/sync.js';
import { type ApplicationItem, applicationKeys } from '../matching/items.js';
import { copiesOf } from '../resumes/store.js';
import { applyResumeTombstone } from '../resumes/sync.js';
import { removeApplications } from './sync.js';

/**
 * The product's deletions that reach applications: each resource deletes its own items first
 * (lib/jds/sync.ts, lib/resumes/sync.ts), then its applications go here, in steps, with their copies.
 * A redelivered deletion finds what a cut-short one left and finishes it. Here, not in lib/jds or
 * lib/resumes, so that neither of them imports applications: an application joins the two.
 */

/**
 * Applies the product's deletion of a JD at `sourceVersion`: the JD's own part, then every
 * application of the JD. Unlike an integrator's DELETE (lib/jds/api.ts, a 409 while it has
 * applications), it takes them with it: the product decided.
 */
export async function applyJdDeletion(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<undefined>> {
  const now = options.now ?? new Date();
  const write = await applyJdTombstone(db, spaceId, jdId, { ...options, now });
  if (write.outcome === 'applied') {
    const applications = await queryAll<ApplicationItem>(db, {
      ...underPrefix(spaceId, applicationKeys.ofJd(jdId)),
      ConsistentRead: true,
    });
    await removeApplications(db, spaceId, applications, now, { jdDeleted: true });
  }
  return write;
}

/**
 * Applies the product's erasure of a resume at `sourceVersion`: the resume's own part, then every
 * application of the candidate (with its copy of their name and e-mail), found through the copies
 * under the resume.
 */
export async function applyResumeErasure(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<undefined>> {
  const now = options.now ?? new Date();
  const write = await applyResumeTombstone(db, spaceId, resumeId, { ...options, now });
  if (write.outcome === 'ignored') return write;
  const copies = await copiesOf<'id' | 'jdId'>(db, spaceId, resumeId, 'id, jdId');
  const applications = await batchGet<ApplicationItem>(
    db,
    copies.map(({ id, jdId }) => applicationKeys.item(spaceId, jdId, id)),
    { consistent: true },
  );
  await removeApplications(db, spaceId, applications, now, { resumeErased: true });
  return write;
}
