import { copyKeys, candidateChangeItem } from '../matching/copies.js';
import { noteChanges } from '../db/log/entries.js';
import pMap from 'p-map';
import type { Db } from '../db/client.js';
import {
  batchGet,
  getItem,
  guards,
  ignoreConditionFailure,
  optimistically,
  queryAll,
  type TransactItem,
  transactWrite,
} from '../db/dynamo.js';
import { recordEvent } from '../events/model.js';
import type { ApplicationEventData } from './events.js';
import {
  type ProductWrite,
  type TombstoneItem,
  tombstoneItem,
  versionVerdict,
} from '../db/entities/tombstone.js';
import { nowIso, underPrefix } from '../db/ids.js';
import { replacing } from '../db/versioned-writes.js';
import type { ApplicationStatus } from '../matching/statuses.js';
import { ConflictError, InvalidInputError, MissingParentError } from '../errors.js';
import {
  applicationRemovalOnHead,
  applicationWriteOnHead,
  isBeingDeleted,
} from '../jds/deleting-mark.js';
import { type JdHeadItem, jdKeys } from '../jds/model.js';
import { type JdTitle, titleCopy } from '../jds/title-copies.js';
import { candidateIdentity, type ResumeItem, resumeKeys } from '../resumes/model.js';
import { applicationItems, type ApplicationState, reviewKeys } from './model.js';
import {
  type ApplicationItem,
  applicationKeys,
  type ApplicationPointerItem,
} from '../matching/items.js';
import { type AiScore, asScore, byHighest, newestScore } from '../matching/scores.js';
import { isScore, SCORE_RANGE } from '../schemas/limits.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * What the product's events do to applications (lib/product-events): each carries the product's
 * version of the application, and one no newer than what is stored is ignored; the deletion of a JD
 * or the erasure of a resume removes theirs. Integrators only read applications.
 */

/** A score as the product reports it (lib/product-events/data.ts validated it): `scoredAt` in any offset. */
type ReportedScore = { [K in keyof AiScore]?: AiScore[K] | undefined } & { overallScore: number };

export interface ApplicationImport {
  id?: string | undefined;
  jdId: string;
  resumeId: string;
  status?: ApplicationStatus | undefined;
  aiScores?: ReportedScore[] | undefined;
  createdAt?: string | undefined;
}

/** The scores to store, highest first, each with only what was reported and `scoredAt` in UTC (so that it sorts). */
function storedScores(scores: ReportedScore[]): AiScore[] {
  return scores
    .map((reported) => {
      if (!isScore(reported.overallScore))
        throw new InvalidInputError(
          `overallScore: must be a number from ${SCORE_RANGE.min} to ${SCORE_RANGE.max}, got ${reported.overallScore}`,
        );
      const score: AiScore = { overallScore: reported.overallScore };
      if (reported.scoredAt !== undefined)
        score.scoredAt = new Date(reported.scoredAt).toISOString();
      if (reported.model !== undefined)
        score.model = { id: reported.model.id, version: reported.model.version };
      if (reported.criteria !== undefined) {
        score.criteria = reported.criteria.map(({ name, score: value, weight }) =>
          weight === undefined ? { name, score: value } : { name, score: value, weight },
        );
      }
      if (reported.summary !== undefined) score.summary = reported.summary;
      return score;
    })
    .sort(byHighest);
}

/** The condition of the pointer write: over nothing, its own live pointer, or the tombstone of a deletion. */
function pointerCondition(stored: ApplicationPointerItem | TombstoneItem | undefined) {
  if (stored?.entity !== 'APPLICATION_POINTER') return replacing(stored);
  return {
    ConditionExpression: 'entity = :pointer',
    ExpressionAttributeValues: { ':pointer': 'APPLICATION_POINTER' },
  };
}

/**
 * Writes an application, its copy under the resume and its pointer together, guarded by the versions of the
 * application, the resume and the JD head (whose title and the candidate's identity it copies: a
 * concurrent change of either makes this write retry with the new value, never miss it), and by what
 * was at its pointer.
 */
async function writeApplication(
  db: Db,
  spaceId: SpaceId,
  next: ApplicationState,
  stored: {
    application: ApplicationItem | undefined;
    pointer: ApplicationPointerItem | TombstoneItem | undefined;
  },
  parents: { resume: ResumeItem; jd: JdTitle },
  now: Date,
  sourceVersion: number,
): Promise<void> {
  const { application: previous } = stored;
  const { resume, jd } = parents;
  const items = applicationItems(
    spaceId,
    next,
    { version: (previous?.version ?? 0) + 1, updatedAt: nowIso(now), sourceVersion },
    { ...candidateIdentity(resume.metadata), identityVersion: resume.identityVersion },
    titleCopy(jd),
  );
  await transactWrite(db, [
    // What GET /candidates shows of the candidate changes with it (their delta walk).
    { Put: { TableName: db.tableName, Item: candidateChangeItem(spaceId, next.resumeId) } },
    WRITE.on('application', {
      Put: {
        TableName: db.tableName,
        Item: items.application,
        ConditionExpression: previous === undefined ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(previous === undefined
          ? {}
          : { ExpressionAttributeValues: { ':v': previous.version } }),
      },
    }),
    // The identity the application copied (not the whole resume's version), so writers of one
    // resume's applications do not fail each other's conditions.
    WRITE.on('resume', {
      ConditionCheck: {
        TableName: db.tableName,
        Key: resumeKeys.item(spaceId, next.resumeId),
        ConditionExpression: 'identityVersion = :iv',
        ExpressionAttributeValues: { ':iv': resume.identityVersion },
      },
    }),
    WRITE.on(
      'jd',
      applicationWriteOnHead(db, spaceId, next.jdId, jd, previous?.status !== next.status, now),
    ),
    WRITE.on('pointer', {
      Put: { TableName: db.tableName, Item: items.pointer, ...pointerCondition(stored.pointer) },
    }),
    // Guarded by the application's own version, like the application it copies.
    { Put: { TableName: db.tableName, Item: items.copy } },
    ...applicationEvents(spaceId, previous, next, items.application.updatedAt),
  ]);
}

/**
 * The events of an application write: created, or updated when its status or scores changed; and
 * `application.scored` when it brings scores the application did not have, for the newest of them (by
 * scoredAt; without one, the highest): a transaction cannot hold an event per score, and the others
 * are in GET /applications/:id.
 */
function applicationEvents(
  spaceId: SpaceId,
  previous: ApplicationItem | undefined,
  next: ApplicationState,
  updatedAt: string,
): TransactItem[] {
  const data: ApplicationEventData = {
    id: next.id,
    jdId: next.jdId,
    resumeId: next.resumeId,
    status: next.status,
    aiScore: next.scores[0]?.overallScore ?? null,
    updatedAt,
  };
  const known = new Set((previous?.scores ?? []).map((score) => canonical(asScore(score))));
  const added = next.scores.filter((score) => !known.has(canonical(score)));
  const events: TransactItem[] = [];
  if (!previous) events.push(recordEvent(spaceId, 'application.created', data));
  else if (
    previous.status !== next.status ||
    added.length > 0 ||
    previous.scores.length !== next.scores.length
  ) {
    if (previous.status !== next.status) data.previousStatus = previous.status;
    events.push(recordEvent(spaceId, 'application.updated', data));
  }
  const newest = newestScore(added);
  if (newest) {
    events.push(
      recordEvent(spaceId, 'application.scored', {
        id: next.id,
        jdId: next.jdId,
        resumeId: next.resumeId,
        aiScore: newest.overallScore,
        model: newest.model ?? null,
        scoredAt: newest.scoredAt ?? null,
        updatedAt,
      }),
    );
  }
  // A write that changes neither status nor scores still changes what the lists show.
  return events.length > 0 ? events : [noteChanges(spaceId)];
}

/** A score as one string, its fields in a fixed order: equal scores, equal strings. */
function canonical(score: AiScore): string {
  return JSON.stringify([
    score.overallScore,
    score.scoredAt,
    score.model?.id,
    score.model?.version,
    score.criteria?.map((c) => [c.name, c.score, c.weight]),
    score.summary,
  ]);
}

/**
 * What an application's write read and guards: the application, its resume's identity, its JD head
 * and its pointer. Any of them changed: read again.
 */
const WRITE = guards('application', 'resume', 'jd', 'pointer');
const lostARace = (error: unknown) => WRITE.failed(error);

/** The pointer (or its tombstone), and through it the application, its resume and its JD head. */
async function readStored(db: Db, spaceId: SpaceId, applicationId: string) {
  const pointer = await getItem<ApplicationPointerItem | TombstoneItem>(
    db,
    applicationKeys.pointer(spaceId, applicationId),
    { consistent: true },
  );
  if (pointer?.entity !== 'APPLICATION_POINTER') return { pointer, application: undefined };
  const items = await batchGet<ApplicationItem | ResumeItem | JdHeadItem | TombstoneItem>(
    db,
    [
      applicationKeys.item(spaceId, pointer.jdId, applicationId),
      resumeKeys.item(spaceId, pointer.resumeId),
      jdKeys.head(spaceId, pointer.jdId),
    ],
    { consistent: true },
  );
  return {
    pointer,
    application: items.find((item): item is ApplicationItem => item.entity === 'APPLICATION'),
    resume: items.find((item): item is ResumeItem => item.entity === 'RESUME'),
    jd: items.find((item): item is JdHeadItem => item.entity === 'JD'),
  };
}

/**
 * The JD head and resume an application needs. Either one deleted (its tombstone): the application is
 * of no use any more. Either one not there yet: it may still arrive, so the caller waits.
 */
async function readParents(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  resumeId: string,
): Promise<{ resume: ResumeItem; jd: JdHeadItem } | 'deleted'> {
  const jdKey = jdKeys.head(spaceId, jdId);
  const resumeKey = resumeKeys.item(spaceId, resumeId);
  const items = await batchGet<JdHeadItem | ResumeItem | TombstoneItem>(db, [jdKey, resumeKey], {
    consistent: true,
  });
  const at = (key: { sk: string }) => items.find((item) => item.sk === key.sk);
  const jd = at(jdKey);
  const resume = at(resumeKey);
  if (jd?.entity === 'TOMBSTONE' || resume?.entity === 'TOMBSTONE') return 'deleted';
  if (jd?.entity !== 'JD')
    throw new MissingParentError(`JD ${jdId} of the application has not arrived`);
  // Being deleted through the API: either it goes (the application is then of no use) or it stays; wait.
  if (isBeingDeleted(jd))
    throw new MissingParentError(`JD ${jdId} of the application is being deleted`);
  if (resume?.entity !== 'RESUME')
    throw new MissingParentError(`Resume ${resumeId} of the application has not arrived`);
  return { jd, resume };
}

/**
 * Applies the product's version `sourceVersion` of an application (its id given): created, updated,
 * or ignored when what is stored is as new or newer, or when its JD or resume has been deleted. Its JD
 * and resume must exist in the tenant (MissingParentError until they arrive); an application never
 * moves to another JD or resume.
 */
export function applyApplicationUpsert(
  db: Db,
  spaceId: SpaceId,
  input: ApplicationImport & { id: string },
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<{ id: string }>> {
  const { id } = input;
  const now = options.now ?? new Date();
  const scores = input.aiScores ? storedScores(input.aiScores) : undefined;
  return optimistically(async (): Promise<ProductWrite<{ id: string }>> => {
    const stored = await readStored(db, spaceId, id);
    const ignored = versionVerdict(stored.application ?? stored.pointer, options.sourceVersion);
    if (ignored) return ignored;
    const existing = stored.application;
    if (existing && (existing.jdId !== input.jdId || existing.resumeId !== input.resumeId)) {
      throw new ConflictError(
        `Application ${id} belongs to JD ${existing.jdId} and resume ${existing.resumeId}`,
      );
    }
    const parents =
      existing && 'resume' in stored && stored.resume && stored.jd
        ? { resume: stored.resume, jd: stored.jd }
        : await readParents(db, spaceId, input.jdId, input.resumeId);
    if (parents === 'deleted') return { outcome: 'ignored', reason: 'deleted' };
    const next: ApplicationState = {
      id,
      jdId: input.jdId,
      resumeId: input.resumeId,
      status: input.status ?? existing?.status ?? 'SCREENING',
      scores: scores ?? existing?.scores.map(asScore) ?? [],
      createdAt: input.createdAt ?? existing?.createdAt ?? nowIso(now),
      // Reviews are the integrator's (./reviews.ts): a review raises the version, so this write read them.
      ...(existing?.lastReview === undefined
        ? {}
        : { reviewCount: existing.reviewCount ?? 0, lastReview: existing.lastReview }),
    };
    await writeApplication(db, spaceId, next, stored, parents, now, options.sourceVersion);
    return { outcome: 'applied', created: !existing, value: { id } };
  }, lostARace);
}

/** How many applications a JD deletion or a resume erasure removes at once. */
const CLEANUP_CONCURRENCY = 8;

/** Removes every application given, each with its copy and pointer (a JD's deletion, a resume's erasure). */
export async function removeApplications(
  db: Db,
  spaceId: SpaceId,
  applications: ApplicationItem[],
  now: Date,
  options: { resumeErased?: boolean; jdDeleted?: boolean } = {},
): Promise<void> {
  // One already removed by a racing removal (its JD's deletion, its resume's erasure): that one recorded the event.
  await pMap(
    applications,
    (application) =>
      ignoreConditionFailure(
        removeApplication(db, spaceId, application, now, {
          resumeErased: options.resumeErased ?? false,
          jdLive: !options.jdDeleted,
        }),
      ),
    { concurrency: CLEANUP_CONCURRENCY },
  );
}

/**
 * Removes one application in one transaction: the application, its copy under the resume, its pointer
 * (which becomes a tombstone) and its `application.deleted` event. The application must still be there
 * (a condition): of two removals racing, one records the event and the other fails its condition.
 * While its JD is live, the removal raises the JD's version (GET /jds/:jdId lists one application
 * less); a JD deleted meanwhile is left as it is.
 */
async function removeApplication(
  db: Db,
  spaceId: SpaceId,
  application: ApplicationItem,
  now: Date,
  options: { sourceVersion?: number; resumeErased: boolean; jdLive: boolean },
): Promise<void> {
  try {
    const reviews = application.reviewCount
      ? await queryAll<{ pk: string; sk: string }>(db, {
          ...underPrefix(spaceId, reviewKeys.ofApplication(application.id)),
          ProjectionExpression: 'pk, sk',
          ConsistentRead: true,
        })
      : [];
    await transactWrite(db, removalItems(db, spaceId, application, reviews, now, options));
  } catch (error) {
    if (options.jdLive && WRITE.failed(error, 'jd'))
      return removeApplication(db, spaceId, application, now, { ...options, jdLive: false });
    // Reviewed since it was read: again, with its reviews. Gone: another removal took it.
    if (WRITE.failed(error, 'application')) {
      const fresh = await getItem<ApplicationItem>(
        db,
        applicationKeys.item(spaceId, application.jdId, application.id),
        { consistent: true },
      );
      if (fresh && fresh.reviewCount !== application.reviewCount)
        return removeApplication(db, spaceId, fresh, now, options);
    }
    throw error;
  }
}

function removalItems(
  db: Db,
  spaceId: SpaceId,
  application: ApplicationItem,
  reviews: { pk: string; sk: string }[],
  now: Date,
  options: { sourceVersion?: number; resumeErased: boolean; jdLive: boolean },
): TransactItem[] {
  const sourceVersion = options.sourceVersion ?? application.sourceVersion ?? 0;
  const pointer = applicationKeys.pointer(spaceId, application.id);
  return [
    ...(options.jdLive
      ? [WRITE.on('jd', applicationRemovalOnHead(db, spaceId, application.jdId))]
      : []),
    {
      Put: {
        TableName: db.tableName,
        // An erased candidate's change entry expires with its tombstone.
        Item: candidateChangeItem(
          spaceId,
          application.resumeId,
          options.resumeErased ? now : undefined,
        ),
      },
    },
    // As many reviews as were read: a review recorded meanwhile fails this, and the removal reads again.
    WRITE.on('application', {
      Delete: {
        TableName: db.tableName,
        Key: applicationKeys.item(spaceId, application.jdId, application.id),
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(reviewCount) OR reviewCount = :reviews)',
        ExpressionAttributeValues: { ':reviews': application.reviewCount ?? 0 },
      },
    }),
    // Its reviews go with it: an erased candidate keeps nothing a person wrote about them.
    ...reviews.map((key): TransactItem => ({
      Delete: { TableName: db.tableName, Key: { pk: key.pk, sk: key.sk } },
    })),
    {
      Delete: {
        TableName: db.tableName,
        Key: copyKeys.copy(spaceId, application.resumeId, application.id),
      },
    },
    {
      Put: {
        TableName: db.tableName,
        Item: tombstoneItem(pointer, 'APPLICATION', application.id, sourceVersion, now),
      },
    },
    recordEvent(spaceId, 'application.deleted', {
      id: application.id,
      jdId: application.jdId,
      resumeId: application.resumeId,
      updatedAt: nowIso(now),
    }),
  ];
}

/** Applies the product's deletion of an application at `sourceVersion` (a tombstone stays at its pointer). */
export function applyApplicationDeletion(
  db: Db,
  spaceId: SpaceId,
  applicationId: string,
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<undefined>> {
  const now = options.now ?? new Date();
  return optimistically(async (): Promise<ProductWrite<undefined>> => {
    const stored = await readStored(db, spaceId, applicationId);
    const ignored = versionVerdict(stored.application ?? stored.pointer, options.sourceVersion);
    if (ignored)
      return {
        outcome: 'ignored',
        reason:
          ignored.reason === 'duplicate' && stored.pointer?.entity === 'TOMBSTONE'
            ? 'duplicate'
            : 'stale',
      };
    if (stored.application) {
      await removeApplication(db, spaceId, stored.application, now, {
        sourceVersion: options.sourceVersion,
        resumeErased: false,
        jdLive: true,
      });
    } else {
      // Not there (yet): the tombstone makes an older upsert that arrives later be ignored.
      const key = applicationKeys.pointer(spaceId, applicationId);
      await transactWrite(db, [
        WRITE.on('pointer', {
          Put: {
            TableName: db.tableName,
            Item: tombstoneItem(key, 'APPLICATION', applicationId, options.sourceVersion, now),
            ...pointerCondition(stored.pointer),
          },
        }),
        noteChanges(spaceId),
      ]);
    }
    return { outcome: 'applied', created: false, value: undefined };
  }, lostARace);
}
