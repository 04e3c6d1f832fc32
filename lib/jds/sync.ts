import type { Db } from '../db/client.js';
import { counterDelta } from '../db/counters.js';
import { getItem, optimistically, transactWrite } from '../db/dynamo.js';
import { recordEvent } from '../events/model.js';
import { type ProductWrite, type TombstoneItem, versionVerdict } from '../db/entities/tombstone.js';
import { nowIso } from '../db/ids.js';
import { putOverRead, readChanged, writeTombstone } from '../db/versioned-writes.js';
import {
  bodyItem,
  storedBody,
  headFields,
  headItem,
  type JdHeadItem,
  type JdImport,
  type JdSummary,
  jdKeys,
  NEW_JD_HEAD,
  scoringInputsState,
  toJdSummary,
} from './model.js';
import { jdDeletedData, jdEventData, releaseExternalId } from './store.js';
import { nextVersions, syncTitleCopies } from './title-copies.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * What the product's events do to JDs (lib/product-events): each carries the product's version of the
 * JD, and one no newer than what is stored is ignored. Integrators' writes are in ./api.ts.
 */

/**
 * Applies the product's version `sourceVersion` of a JD (its id given): created, replaced, or ignored
 * when what is stored (the JD, or the tombstone of its deletion) is as new or newer, or when an
 * integrator changed the JD after the product's change happened. Counts move with the status. A
 * changed title reaches every application's copy (on its resume) after the head is written, each copy
 * only if it holds an older title, and the head is then marked synced; a propagation cut short is
 * finished by the next upsert, so re-runs converge.
 */
export async function applyJdUpsert(
  db: Db,
  spaceId: SpaceId,
  input: JdImport & { id: string },
  options: { sourceVersion: number; now?: Date; occurredAt?: string },
): Promise<ProductWrite<JdSummary>> {
  const { id } = input;
  const now = options.now ?? new Date();
  const write = await optimistically(async () => {
    const stored = await getItem<JdHeadItem | TombstoneItem>(db, jdKeys.head(spaceId, id), {
      consistent: true,
    });
    const ignored = versionVerdict(stored, options.sourceVersion);
    if (ignored) return ignored;
    const existing = stored?.entity === 'JD' ? stored : undefined;
    // An integrator's edit (PATCH) is newer than a product change that happened before it.
    if (
      existing?.editedAt !== undefined &&
      options.occurredAt !== undefined &&
      options.occurredAt <= existing.editedAt
    ) {
      return { outcome: 'ignored' as const, reason: 'edited' as const };
    }
    const at = nowIso(now);
    const status = input.status ?? existing?.status ?? 'DRAFT';
    // The external id is the integrator's: the product's version of the JD keeps what is stored.
    const fields = headFields(
      { ...input, externalId: existing?.externalId },
      id,
      status,
      input.createdAt ?? existing?.createdAt ?? at,
      at,
    );
    const counter = !existing
      ? counterDelta(spaceId, 'JD', { total: 1, [status]: 1 })
      : existing.status !== status
        ? counterDelta(spaceId, 'JD', { [existing.status]: -1, [status]: 1 })
        : undefined;
    const versions = existing ? nextVersions(existing, fields.title) : NEW_JD_HEAD;
    // When the product changed them (not when the event arrived): scores it gave after are current.
    const changedAt =
      options.occurredAt !== undefined && options.occurredAt < at ? options.occurredAt : at;
    const scoring = scoringInputsState(existing, input, changedAt);
    await transactWrite(db, [
      // Optimistic: the head (or tombstone, or nothing) we counted and versioned from is still there.
      putOverRead(
        db.tableName,
        { ...headItem(spaceId, fields, versions, options.sourceVersion), ...scoring.state },
        stored,
      ),
      { Put: { TableName: db.tableName, Item: storedBody(bodyItem(spaceId, id, input)) } },
      ...(counter ? [counter] : []),
      recordEvent(
        spaceId,
        existing ? 'jd.updated' : 'jd.created',
        jdEventData(fields, existing?.status, scoring.changed),
      ),
    ]);
    return { outcome: 'applied' as const, created: !existing, value: fields, versions };
  }, readChanged);
  if (write.outcome === 'ignored') return write;
  const { versions, value } = write;
  await syncTitleCopies(db, spaceId, id, value.title, versions);
  return { outcome: 'applied', created: write.created, value: toJdSummary(value) };
}

/**
 * The JD's own part of the product's deletion of a JD at `sourceVersion`: the head becomes a
 * tombstone, the body goes, the counts move. Its applications go after, with it
 * (lib/applications/cascades.ts's applyJdDeletion, which calls this).
 */
export async function applyJdTombstone(
  db: Db,
  spaceId: SpaceId,
  jdId: string,
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<undefined>> {
  const now = options.now ?? new Date();
  const key = jdKeys.head(spaceId, jdId);
  const write = await writeTombstone<JdHeadItem>(
    db,
    { spaceId, key, of: 'JD', id: jdId },
    () => getItem<JdHeadItem | TombstoneItem>(db, key, { consistent: true }),
    { sourceVersion: options.sourceVersion, now },
    (head) => [
      { Delete: { TableName: db.tableName, Key: jdKeys.body(spaceId, jdId) } },
      ...(head.externalId === undefined ? [] : [releaseExternalId(db, spaceId, head)]),
      counterDelta(spaceId, 'JD', { total: -1, [head.status]: -1 }),
      recordEvent(spaceId, 'jd.deleted', jdDeletedData(head, now)),
    ],
  );
  return write;
}
