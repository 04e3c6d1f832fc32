import type { Db } from '../db/client.js';
import { batchGet, getItem, queryUpTo } from '../db/dynamo.js';
import type { TombstoneItem } from '../db/entities/tombstone.js';
import { isValidId, tenantPk, underPrefix } from '../db/ids.js';
import { NotFoundError } from '../errors.js';
import {
  filteredSlicePage,
  type Listed,
  type Slice,
  type SliceRequest,
  wholeOrSlice,
} from '../db/pagination.js';
import { type ChangeEntry, type DeltaRequest, deltaPage } from '../db/log/walk.js';
import { type JdHeadItem, jdKeys } from '../jds/model.js';
import { type ApplicationCopyItem, copyKeys } from '../matching/copies.js';
import {
  APPLICATION_ENTRY_ATTRIBUTES,
  type Application,
  type ApplicationEntry,
  type ApplicationEntryItem,
  type ApplicationFilter,
  type Match,
  passesFilter,
  type Review,
  type ReviewItem,
  reviewKeys,
  toApplication,
  toApplicationEntry,
  toMatch,
  toReview,
} from './model.js';
import {
  type ApplicationItem,
  applicationKeys,
  type ApplicationPointerItem,
  type MatchEntry,
  matchesOfJd,
} from '../matching/items.js';
import { LIMITS } from '../schemas/limits.js';
import { readScoringInputsChanges } from '../jds/staleness.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Applications as stored: a JD's ranked matches, and one application with its scores and reviews.
 * The product writes applications (./sync.ts); integrators write reviews only (./reviews.ts).
 */

/**
 * The applications of a JD, best score first: all of them, or the slice asked for. The JD's existence
 * (strongly consistent GetItem, a deleted JD's tombstone is not one) and the ranked index are read in
 * parallel.
 */
export async function listMatches(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  slice?: SliceRequest,
): Promise<Listed<Match> | undefined> {
  if (!isValidId(jdId)) return undefined;
  const [head, entries] = await Promise.all([
    getItem<
      Pick<JdHeadItem | TombstoneItem, 'entity'> & Pick<JdHeadItem, 'scoringInputsChangedAt'>
    >(db, jdKeys.head(spaceId, jdId), {
      consistent: true,
      projection: 'entity, scoringInputsChangedAt',
    }),
    wholeOrSlice<MatchEntry>(db, matchesOfJd(spaceId, jdId, 'matches'), slice),
  ]);
  if (head?.entity !== 'JD') return undefined;
  const changedAt = head.scoringInputsChangedAt;
  return { ...entries, items: entries.items.map((entry) => toMatch(entry, changedAt)) };
}

/** Where an application lives (its JD and resume), from its id; undefined when it is not (or no longer) there. */
export async function readApplicationPointer(
  db: Db,
  spaceId: SpaceId,
  applicationId: string,
): Promise<ApplicationPointerItem | undefined> {
  if (!isValidId(applicationId)) return undefined;
  const pointer = await getItem<ApplicationPointerItem | TombstoneItem>(
    db,
    applicationKeys.pointer(spaceId, applicationId),
    { consistent: true },
  );
  return pointer?.entity === 'APPLICATION_POINTER' ? pointer : undefined;
}

/** An application's reviews, newest first (at most LIMITS.reviewsPerApplication exist). */
export async function readReviews(
  db: Db,
  spaceId: SpaceId,
  applicationId: string,
): Promise<Review[]> {
  return (await readReviewItems(db, spaceId, applicationId)).map(toReview);
}

/** One review of an application; 404 when the application has no such review. */
export async function readReview(
  db: Db,
  spaceId: SpaceId,
  applicationId: string,
  reviewId: string,
): Promise<Review> {
  const found = isValidId(applicationId)
    ? (await readReviewItems(db, spaceId, applicationId)).find((item) => item.id === reviewId)
    : undefined;
  if (!found) throw new NotFoundError('Review');
  return toReview(found);
}

/** An application's reviews as stored (with their audit entries' keys), newest first. */
export async function readReviewItems(
  db: Db,
  spaceId: SpaceId,
  applicationId: string,
): Promise<ReviewItem[]> {
  const { items } = await queryUpTo<ReviewItem>(
    db,
    {
      ...underPrefix(spaceId, reviewKeys.ofApplication(applicationId)),
      ScanIndexForward: false,
      ConsistentRead: true,
    },
    LIMITS.reviewsPerApplication,
  );
  return items;
}

/** One application with every score and its provenance (GET /applications/:id), through its pointer. */
export async function readApplication(
  db: Db,
  spaceId: SpaceId,
  applicationId: string,
): Promise<Application | undefined> {
  const pointer = await readApplicationPointer(db, spaceId, applicationId);
  if (!pointer) return undefined;
  const [application, reviews, jd] = await Promise.all([
    getItem<ApplicationItem>(db, applicationKeys.item(spaceId, pointer.jdId, applicationId), {
      consistent: true,
    }),
    readReviews(db, spaceId, applicationId),
    // When its scoring inputs last changed: the scores' staleness.
    getItem<Pick<JdHeadItem, 'scoringInputsChangedAt'>>(db, jdKeys.head(spaceId, pointer.jdId), {
      projection: 'scoringInputsChangedAt',
    }),
  ]);
  return application && toApplication(application, reviews, jd?.scoringInputsChangedAt);
}

const ENTRY_PROJECTION = APPLICATION_ENTRY_ATTRIBUTES.map((name) => `#${name}`).join(', ');
const ENTRY_NAMES = Object.fromEntries(
  APPLICATION_ENTRY_ATTRIBUTES.map((name) => [`#${name}`, name]),
);

/**
 * A page of the tenant's applications (GET /applications) that pass `filter`, in the order of the walk
 * it takes: with `resumeId`, the resume's application copies (its applications by id); with `jdId`,
 * the JD's applications (by id); otherwise every application of the tenant (by JD, then id). The
 * other filters are tested on the applications read (docs/api.md says which ones an index serves).
 */
export async function listApplications(
  db: Db,
  spaceId: SpaceId,
  filter: ApplicationFilter,
  request: SliceRequest,
): Promise<Slice<ApplicationEntry>> {
  const slice = await filteredApplications(db, spaceId, filter, request);
  return { ...slice, items: await toEntries(db, spaceId, slice.items) };
}

/** Applications as GET /applications shows them, each score's staleness read from its JD's head. */
async function toEntries(
  db: Db,
  spaceId: SpaceId,
  items: ApplicationEntryItem[],
): Promise<ApplicationEntry[]> {
  const changes = await readScoringInputsChanges(
    db,
    spaceId,
    items.map((item) => item.jdId),
  );
  return items.map((item) => toApplicationEntry(item, changes.get(item.jdId)));
}

async function filteredApplications(
  db: Db,
  spaceId: SpaceId,
  filter: ApplicationFilter,
  request: SliceRequest,
): Promise<Slice<ApplicationEntryItem>> {
  const pk = tenantPk(spaceId);
  const name = `applications:${JSON.stringify(filter)}`;
  const keep = (item: ApplicationEntryItem | undefined) =>
    item && passesFilter(item, filter) ? item : undefined;
  const filtered = Object.entries(filter).some(
    ([field, value]) => value !== undefined && field !== (filter.resumeId ? 'resumeId' : 'jdId'),
  );

  if (filter.resumeId !== undefined) {
    if (!isValidId(filter.resumeId)) return { items: [], limit: request.limit, hasMore: false };
    const resumeId = filter.resumeId;
    return filteredSlicePage<ApplicationCopyItem, ApplicationEntryItem>(
      db,
      {
        tenantPk: pk,
        name,
        query: {
          ...underPrefix(spaceId, copyKeys.copiesPrefix(resumeId)),
          ProjectionExpression: 'sk, id, jdId',
        },
        sortKey: 'sk',
        startKey: (id) => copyKeys.copy(spaceId, resumeId, id),
      },
      request,
      {
        filtered,
        // A copy names its application's JD: the page's applications are read in one BatchGet.
        items: async (copies) => {
          const found = await batchGet<ApplicationEntryItem & { pk: string; sk: string }>(
            db,
            copies.map((copy) => applicationKeys.item(spaceId, copy.jdId, copy.id)),
            { projection: ENTRY_PROJECTION, names: ENTRY_NAMES },
          );
          const byId = new Map(found.map((item) => [item.id, item]));
          return copies.map((copy) => keep(byId.get(copy.id)));
        },
      },
    );
  }

  if (filter.jdId !== undefined && !isValidId(filter.jdId))
    return { items: [], limit: request.limit, hasMore: false };
  const prefix =
    filter.jdId === undefined ? applicationKeys.all : applicationKeys.ofJd(filter.jdId);
  return filteredSlicePage<ApplicationEntryItem & { sk: string }, ApplicationEntryItem>(
    db,
    {
      tenantPk: pk,
      name,
      query: {
        ...underPrefix(spaceId, prefix),
        ProjectionExpression: `sk, ${ENTRY_PROJECTION}`,
        ExpressionAttributeNames: ENTRY_NAMES,
      },
      sortKey: 'sk',
      startKey: (_id, sort) => ({ pk, sk: sort }),
    },
    request,
    { filtered, items: async (items) => items.map(keep) },
  );
}

/** A page of the applications' delta walk (GET /applications?updatedSince= or ?syncToken=), from the changes index alone. */
export function listApplicationChanges(db: Db, spaceId: SpaceId, request: DeltaRequest) {
  return deltaPage<ApplicationEntryItem & ChangeEntry, ApplicationEntry>(
    db,
    spaceId,
    'applications',
    'application',
    request,
    (entries) => toEntries(db, spaceId, entries),
  );
}
