import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ApplicationStatus } from '../matching/statuses.js';
import { type ChangeIndexKey, pendingChange } from '../db/log/changes.js';
import { sortableTime, tenantPk } from '../db/ids.js';
import { definedFields } from '../objects.js';
import {
  DEFAULT_JD_TYPE,
  DETAILED_JD_FIELDS,
  JD_TEXT_FIELDS,
  type DetailedJdField,
  LISTED_JD_FIELDS,
  type ListedJdField,
} from './fields.js';
import type { JdStatus } from './statuses.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * A job description is two items: the head (every field a list shows, with its list and status index
 * keys) and the body (description and requirements, up to 100 KB each), so that no list or existence
 * check ever reads a description. The body sorts right after the head.
 */

/** A JD's texts as written (POST /jds, a product event, an import). */
export type JdInput = {
  title: string;
  description: string;
  createdById: string;
  type?: string | undefined;
  /** the integrator's own id (POST or PATCH /jds only: the product's writes keep what is stored) */
  externalId?: string | undefined;
} & { [Field in ListedJdField | DetailedJdField]?: string | undefined };

/** Whether two versions of a JD's fields differ in any text it holds or in its external id. */
export function jdFieldsDiffer(before: JdInput, after: JdInput): boolean {
  return changedJdFields(before, after).length > 0;
}

/** The names of the JD's fields whose values differ between `before` and `after` (an audit entry's `changedFields`). */
export function changedJdFields(before: JdInput, after: JdInput): string[] {
  return [...JD_TEXT_FIELDS, 'externalId' as const].filter(
    (field) => (before[field] ?? null) !== (after[field] ?? null),
  );
}

/** What the product side (dashboard, import) may also set. */
export interface JdImport extends JdInput {
  id?: string | undefined;
  status?: JdStatus | undefined;
  createdAt?: string | undefined;
}

/** What a JD list shows; the head holds it, and so do the list and status index entries. */
export type JdSummary = {
  id: string;
  title: string;
  status: JdStatus;
  type: string;
  createdAt: string;
  updatedAt: string;
  /** on the head (GET /jds/:jdId, GET /jds?externalId=, the write's answer); list index entries predate it */
  externalId?: string;
} & { [Field in ListedJdField]?: string };

/**
 * Versions of a head: every write of the head increments `version`; `titleVersion` is the version at
 * which the title last changed, `titleSyncedVersion` the one every application's copy is known to hold.
 */
export interface JdHeadVersions {
  version: number;
  titleVersion: number;
  titleSyncedVersion: number;
}

export type JdHeadItem = JdSummary &
  JdHeadVersions & {
    pk: string;
    sk: string;
    entity: 'JD';
    createdById: string;
    /** the product's version of this JD (absent for a JD created through the API) */
    sourceVersion?: number;
    /** set while DELETE /jds/:jdId checks that it has no application (./deleting-mark.ts) */
    deleting?: string;
    /** when an integrator last changed it (PATCH /jds/:jdId): a product event that happened before is ignored */
    editedAt?: string;
  } & ScoringInputsState & {
    gsi1sk: string;
    gsi2sk: string;
    /** the changes index's key (lib/db/log/changes.ts): pending on an item being written */
    gsi4sk: ChangeIndexKey;
  };

/** Holds an external id for one JD of the tenant: its existence is the uniqueness, written with the head. */
export interface JdExternalIdItem {
  pk: string;
  sk: string;
  entity: 'JD_EXTERNAL_ID';
  jdId: string;
}

export type JdBodyItem = {
  pk: string;
  sk: string;
  entity: 'JD_BODY';
  description: string;
} & { [Field in DetailedJdField]?: string };

/**
 * A body as it is stored: its texts as attributes, or, where that takes the item into fewer KB,
 * deflated together into `texts` (storedBody).
 */
export type StoredJdBodyItem =
  JdBodyItem | { pk: string; sk: string; entity: 'JD_BODY'; texts: Uint8Array };

/** DynamoDB's size of an item of string attributes: each name's bytes and its value's. */
const stringItemBytes = (item: Record<string, string>) =>
  Object.entries(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value),
    0,
  );

/**
 * The body as its Put writes it. DynamoDB bills a transaction 2 write units for each KB (rounded up)
 * of each item, and a body is most of a JD's bytes: prose, which deflates to about half, so a body
 * whose texts deflated fit in fewer KB is stored so (a 1.2 KB description: 2 units instead of 4), and
 * one that gains nothing stays readable as it is. Only `readBody` reads it back.
 */
export function storedBody(body: JdBodyItem): StoredJdBodyItem {
  const { pk, sk, entity, ...texts } = body;
  const plainBytes = stringItemBytes(body);
  if (plainBytes <= 1024) return body;
  const packed = deflateRawSync(JSON.stringify(texts));
  const packedBytes = stringItemBytes({ pk, sk, entity }) + 'texts'.length + packed.length;
  return Math.ceil(packedBytes / 1024) < Math.ceil(plainBytes / 1024)
    ? { pk, sk, entity, texts: packed }
    : body;
}

/** A stored body with its texts as attributes, however it was stored (storedBody). */
export function readBody(item: StoredJdBodyItem): JdBodyItem {
  if (!('texts' in item)) return item;
  const { texts, ...keys } = item;
  return {
    ...keys,
    ...(JSON.parse(inflateRawSync(texts).toString('utf8')) as Omit<
      JdBodyItem,
      'pk' | 'sk' | 'entity'
    >),
  };
}

/**
 * What scores are computed from: a score given before these last changed is stale (shown at read time,
 * lib/jds/staleness.ts). The head keeps a digest of them, so a write tells a change without
 * reading the body, and when they last changed.
 */
export const SCORING_INPUTS = ['title', 'description', 'experience', 'requirements'] as const;

export interface ScoringInputsState {
  /** a digest of the scoring inputs as last written (absent on heads written before it was kept) */
  scoringInputs?: string;
  /** when they last changed after the JD was created (absent: never) */
  scoringInputsChangedAt?: string;
}

type ScoringInputs = { [Field in (typeof SCORING_INPUTS)[number]]?: string | undefined };

const scoringInputsDigest = (input: ScoringInputs) =>
  createHash('sha256')
    .update(JSON.stringify(SCORING_INPUTS.map((field) => input[field] ?? null)))
    .digest('base64url')
    .slice(0, 22);

/**
 * The scoring-input state of a head written from `input` at `at` over `stored` (none: a new JD), and
 * whether the write changes them.
 */
export function scoringInputsState(
  stored: ScoringInputsState | undefined,
  input: ScoringInputs,
  at: string,
  /** the stored JD's inputs, for a head written before digests were kept (PATCH reads its body) */
  before?: ScoringInputs,
): { state: ScoringInputsState; changed: boolean } {
  const digest = scoringInputsDigest(input);
  // A head written before digests were kept, and no body to compare: its inputs count as unchanged.
  const previous = stored?.scoringInputs ?? (before && scoringInputsDigest(before));
  const changed = previous !== undefined && previous !== digest;
  const changedAt = changed ? at : stored?.scoringInputsChangedAt;
  return {
    state: {
      scoringInputs: digest,
      ...(changedAt === undefined ? {} : { scoringInputsChangedAt: changedAt }),
    },
    changed,
  };
}

export const jdKeys = {
  head: (spaceId: SpaceId, jdId: string) => ({ pk: tenantPk(spaceId), sk: `JD#${jdId}` }),
  /** The JD id in its head's sort key. */
  idOf: (sortKey: string) => sortKey.slice('JD#'.length),
  body: (spaceId: SpaceId, jdId: string) => ({ pk: tenantPk(spaceId), sk: `JD#${jdId}#BODY` }),
  /** The item that reserves an external id for one JD. */
  externalId: (spaceId: SpaceId, externalId: string) => ({
    pk: tenantPk(spaceId),
    sk: `JDEXT#${externalId}`,
  }),
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

export const NEW_JD_HEAD: JdHeadVersions = { version: 1, titleVersion: 1, titleSyncedVersion: 1 };

/** The head's fields of a JD written from `input`. */
export function headFields(
  input: JdInput,
  id: string,
  status: JdStatus,
  createdAt: string,
  updatedAt: string,
): JdSummary & { createdById: string } {
  return {
    id,
    title: input.title,
    status,
    type: input.type ?? DEFAULT_JD_TYPE,
    createdAt,
    updatedAt,
    createdById: input.createdById,
    ...definedFields(input, LISTED_JD_FIELDS),
    ...(input.externalId === undefined ? {} : { externalId: input.externalId }),
  };
}

export function externalIdItem(
  spaceId: SpaceId,
  externalId: string,
  jdId: string,
): JdExternalIdItem {
  return { ...jdKeys.externalId(spaceId, externalId), entity: 'JD_EXTERNAL_ID', jdId };
}

export function headItem(
  spaceId: SpaceId,
  jd: JdSummary & { createdById: string },
  versions: JdHeadVersions = NEW_JD_HEAD,
  sourceVersion?: number,
): JdHeadItem {
  const item: JdHeadItem = {
    ...jdKeys.head(spaceId, jd.id),
    entity: 'JD',
    ...jd,
    ...versions,
    gsi1sk: jdKeys.listSort(jd.createdAt, jd.id),
    gsi2sk: jdKeys.statusSort(jd.status, jd.createdAt, jd.id),
    gsi4sk: pendingChange('jd', jd.id),
  };
  if (sourceVersion !== undefined) item.sourceVersion = sourceVersion;
  return item;
}

export function bodyItem(
  spaceId: SpaceId,
  jdId: string,
  input: Pick<JdInput, 'description' | DetailedJdField>,
): JdBodyItem {
  return {
    ...jdKeys.body(spaceId, jdId),
    entity: 'JD_BODY',
    description: input.description,
    ...definedFields(input, DETAILED_JD_FIELDS),
  };
}

/** A stored JD as the input it was written from. */
export function toJdInput(head: JdHeadItem, body: JdBodyItem | undefined): JdInput {
  return {
    title: head.title,
    description: body?.description ?? '',
    createdById: head.createdById,
    type: head.type,
    ...definedFields(head, LISTED_JD_FIELDS),
    ...(head.externalId === undefined ? {} : { externalId: head.externalId }),
    ...(body ? definedFields(body, DETAILED_JD_FIELDS) : {}),
  };
}

/** A JD as a list shows it, from its head or an index entry (fields a JD does not have are absent). */
export function toJdSummary(item: JdSummary): JdSummary {
  return {
    id: item.id,
    title: item.title,
    status: item.status,
    type: item.type,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    ...definedFields(item, LISTED_JD_FIELDS),
    ...(item.externalId === undefined ? {} : { externalId: item.externalId }),
  };
}

export type JdDetail = JdSummary & {
  description: string;
  scoringInputsChangedAt: string | null;
  applications: { id: string; status: ApplicationStatus }[];
} & { [Field in DetailedJdField]?: string };

export function toJdDetail(
  head: JdHeadItem,
  body: JdBodyItem | undefined,
  applications: JdDetail['applications'],
): JdDetail {
  return {
    ...toJdSummary(head),
    description: body?.description ?? '',
    scoringInputsChangedAt: head.scoringInputsChangedAt ?? null,
    applications,
    ...(body ? definedFields(body, DETAILED_JD_FIELDS) : {}),
  };
}
