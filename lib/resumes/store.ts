import type { Db } from '../db/client.js';
import { readCount } from '../db/counters.js';
import { getItem, queryAll } from '../db/dynamo.js';
import type { TombstoneItem } from '../db/entities/tombstone.js';
import { isValidId, tenantPk, underPrefix } from '../db/ids.js';
import {
  type ListEntry,
  type ListSource,
  listPage,
  type Page,
  type PageRequest,
} from '../db/pagination.js';
import { type ChangeEntry, type DeltaRequest, deltaPage } from '../db/log/walk.js';
import { INDEXES } from '../db/table.js';
import {
  type Resume,
  type ResumeItem,
  type ResumeListEntry,
  type ResumeSummary,
  resumeKeys,
  toResume,
  toResumeSummary,
} from './model.js';
import { type ApplicationCopyItem, copyKeys } from '../matching/copies.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Resumes as stored. Resumes are written by the product alone (./sync.ts); the candidates view (each
 * resume with its applications) is read in lib/applications/candidates.ts.
 */

/** The resume, or the tombstone of its erasure, or nothing. */
export function readStoredResume(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
): Promise<ResumeItem | TombstoneItem | undefined> {
  return getItem<ResumeItem | TombstoneItem>(db, resumeKeys.item(spaceId, resumeId), {
    consistent: true,
  });
}

export async function readResumeItem(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
): Promise<ResumeItem | undefined> {
  if (!isValidId(resumeId)) return undefined;
  const stored = await readStoredResume(db, spaceId, resumeId);
  return stored?.entity === 'RESUME' ? stored : undefined;
}

/** A resume in full (GET /resumes/:id). */
export async function readResume(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
): Promise<Resume | undefined> {
  const item = await readResumeItem(db, spaceId, resumeId);
  return item && toResume(item);
}

/** Every application copy under a resume (the attributes `projection` names), for the writes that act on them. */
export function copiesOf<K extends keyof ApplicationCopyItem>(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
  projection: string,
): Promise<Pick<ApplicationCopyItem, K>[]> {
  return queryAll<Pick<ApplicationCopyItem, K>>(db, {
    ...underPrefix(spaceId, copyKeys.copiesPrefix(resumeId)),
    ProjectionExpression: projection,
    ConsistentRead: true,
  });
}

/** A list of the space's resumes, as GET /resumes and GET /candidates page it (`name`: the list's). */
export function resumeListSource(spaceId: SpaceId, name: string): ListSource {
  return {
    name,
    index: INDEXES.list,
    keysIndex: INDEXES.listKeys,
    tenantPk: tenantPk(spaceId),
    sortPrefix: resumeKeys.listPrefix,
    baseSortKey: (id) => resumeKeys.item(spaceId, id).sk,
    idOf: resumeKeys.idOf,
  };
}

export type ResumeEntry = ResumeListEntry & ListEntry;

export function listResumes(
  db: Db,
  spaceId: SpaceId,
  request: PageRequest,
): Promise<Page<ResumeSummary>> {
  return listPage<ResumeEntry, ResumeSummary>(
    db,
    resumeListSource(spaceId, 'resumes'),
    request,
    readCount(db, spaceId, 'RESUME'),
    async (entries) => entries.map(toResumeSummary),
  );
}

/** A page of the resumes' delta walk (GET /resumes?updatedSince= or ?syncToken=), from the changes index alone. */
export function listResumeChanges(db: Db, spaceId: SpaceId, request: DeltaRequest) {
  return deltaPage<ResumeListEntry & ChangeEntry, ResumeSummary>(
    db,
    spaceId,
    'resumes',
    'resume',
    request,
    async (entries) => entries.map(toResumeSummary),
  );
}
