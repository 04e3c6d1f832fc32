import type { ApplicationStatus, JdStatus } from '../../domain.js';
import { sortableTime, tenantPk } from '../ids.js';

/**
 * A job description is two items: the head (every field a list shows, with its list and status index
 * keys) and the body (description and requirements, up to 100 KB each), so that no list or existence
 * check ever reads a description. The body sorts right after the head.
 */
export const DEFAULT_JD_TYPE = 'full-time';

/** What a JD list shows; the head holds it, and so do the list and status index entries. */
export interface JdSummary {
  id: string;
  title: string;
  status: JdStatus;
  department?: string;
  location?: string;
  experience?: string;
  type: string;
  salary?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Versions of a head: every write of the head increments `version`; `titleVersion` is the version at
 * which the title last changed, `titleSyncedVersion` the one every application's copy is known to hold.
 */
export interface JdHeadVersions {
  version: number;
  titleVersion: number;
  titleSyncedVersion: number;
}

export interface JdHeadItem extends JdSummary, JdHeadVersions {
  pk: string;
  sk: string;
  entity: 'JD';
  createdById: string;
  /** the product's version of this JD (absent for a JD created through the API) */
  sourceVersion?: number;
  /** set while DELETE /jds/:jdId checks that it has no application (lib/db/jds.ts, removeJd) */
  deleting?: string;
  /** when an integrator last changed it (PATCH /jds/:jdId): a product event that happened before is ignored */
  editedAt?: string;
  gsi1sk: string;
  gsi2sk: string;
}

export interface JdBodyItem {
  pk: string;
  sk: string;
  entity: 'JD_BODY';
  description: string;
  requirements?: string;
}

export const jdKeys = {
  head: (tenantId: string, jdId: string) => ({ pk: tenantPk(tenantId), sk: `JD#${jdId}` }),
  body: (tenantId: string, jdId: string) => ({ pk: tenantPk(tenantId), sk: `JD#${jdId}#BODY` }),
  /** Sort-key range holding the head and the body (ids contain no "#"). */
  collection: (jdId: string) => ({ from: `JD#${jdId}`, to: `JD#${jdId}#\uffff` }),
  /** In the list index: all JDs, newest first. */
  listPrefix: 'J#',
  listSort: (createdAt: string, jdId: string) => `J#${sortableTime(createdAt)}#${jdId}`,
  /** In the status index: the JDs of one status, newest first. */
  statusPrefix: (status: JdStatus) => `${status}#`,
  statusSort: (status: JdStatus, createdAt: string, jdId: string) =>
    `${status}#${sortableTime(createdAt)}#${jdId}`,
};

/** How long a `deleting` mark holds off new applications: a delete that crashed after marking lets go after this. */
export const DELETING_STALE_MS = 60_000;

export const NEW_JD_HEAD: JdHeadVersions = { version: 1, titleVersion: 1, titleSyncedVersion: 1 };

export function headItem(
  tenantId: string,
  jd: JdSummary & { createdById: string },
  versions: JdHeadVersions = NEW_JD_HEAD,
  sourceVersion?: number,
): JdHeadItem {
  const item: JdHeadItem = {
    ...jdKeys.head(tenantId, jd.id),
    entity: 'JD',
    ...jd,
    ...versions,
    gsi1sk: jdKeys.listSort(jd.createdAt, jd.id),
    gsi2sk: jdKeys.statusSort(jd.status, jd.createdAt, jd.id),
  };
  if (sourceVersion !== undefined) item.sourceVersion = sourceVersion;
  return item;
}

export function bodyItem(
  tenantId: string,
  jdId: string,
  body: { description: string; requirements?: string | undefined },
): JdBodyItem {
  const item: JdBodyItem = {
    ...jdKeys.body(tenantId, jdId),
    entity: 'JD_BODY',
    description: body.description,
  };
  if (body.requirements !== undefined) item.requirements = body.requirements;
  return item;
}

/** A JD as a list shows it, from its head or an index entry (fields a JD does not have are absent). */
export function toJdSummary(item: JdSummary): JdSummary {
  const summary: JdSummary = {
    id: item.id,
    title: item.title,
    status: item.status,
    type: item.type,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
  for (const field of ['department', 'location', 'experience', 'salary'] as const) {
    if (item[field] !== undefined) summary[field] = item[field];
  }
  return summary;
}

export interface JdDetail extends JdSummary {
  description: string;
  requirements?: string;
  applications: { id: string; status: ApplicationStatus }[];
}

export function toJdDetail(
  head: JdHeadItem,
  body: JdBodyItem | undefined,
  applications: JdDetail['applications'],
): JdDetail {
  const detail: JdDetail = {
    ...toJdSummary(head),
    description: body?.description ?? '',
    applications,
  };
  if (body?.requirements !== undefined) detail.requirements = body.requirements;
  return detail;
}
