import { noteChanges } from './log/entries.js';
import type { SpaceId } from './spaces.js';
import pMap from 'p-map';
import type { Db } from './client.js';
import {
  guards,
  ignoreConditionFailure,
  optimistically,
  type TransactItem,
  type TransactItems,
  transactWrite,
  type UpdateInput,
  updateItem,
} from './dynamo.js';
import {
  type ProductWrite,
  type TombstoneItem,
  type TombstoneOf,
  tombstoneItem,
  versionVerdict,
} from './entities/tombstone.js';

/**
 * What the product's versioned writes of JDs, resumes and applications share: a write replaces exactly
 * what it read (or retries), a deletion leaves a tombstone, and a change copied onto many items is
 * brought to each copy after the write and then marked synced.
 */

/** What may be stored at a product entity's key: the live item (with its version) or the tombstone of its deletion. */
type Stored = { entity: string; version?: number; sourceVersion?: number };

/** The condition of a write that replaces what it read at a key: a live item, a tombstone, or nothing. */
export function replacing(stored: Stored | undefined): {
  ConditionExpression: string;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  if (!stored) return { ConditionExpression: 'attribute_not_exists(pk)' };
  if (stored.entity === 'TOMBSTONE')
    return {
      ConditionExpression: 'sourceVersion = :sv',
      ExpressionAttributeValues: { ':sv': stored.sourceVersion },
    };
  return {
    ConditionExpression: 'version = :v',
    ExpressionAttributeValues: { ':v': stored.version },
  };
}

const READ = guards('read');

/** `item` put where `stored` was read, guarded: it goes in only over what was read. */
export function putOverRead(
  tableName: string,
  item: object,
  stored: Stored | undefined,
): TransactItem {
  return READ.on('read', {
    Put: { TableName: tableName, Item: item as Record<string, unknown>, ...replacing(stored) },
  });
}

/** What a versioned write read changed before it wrote: read again and decide again. */
export const readChanged = (error: unknown) => READ.failed(error);

/**
 * Applies the product's deletion at `sourceVersion` of what lives at `key`: it becomes a tombstone, in
 * one transaction with `alongside(live)` when there was a live item. A repeat of the same deletion
 * answers applied again, so its caller finishes a clean-up a cut-short one left; an older one is stale.
 */
export function writeTombstone<T extends Stored>(
  db: Db,
  target: { spaceId: SpaceId; key: { pk: string; sk: string }; of: TombstoneOf; id: string },
  read: () => Promise<T | TombstoneItem | undefined>,
  options: { sourceVersion: number; now: Date },
  alongside: (live: T) => TransactItem[],
): Promise<ProductWrite<undefined>> {
  return optimistically(async (): Promise<ProductWrite<undefined>> => {
    const stored = await read();
    const tombstone = stored?.entity === 'TOMBSTONE' ? (stored as TombstoneItem) : undefined;
    if (tombstone && options.sourceVersion <= tombstone.sourceVersion) {
      return options.sourceVersion === tombstone.sourceVersion
        ? { outcome: 'applied', created: false, value: undefined }
        : { outcome: 'ignored', reason: 'stale' };
    }
    const live = tombstone ? undefined : (stored as T | undefined);
    if (live && versionVerdict(live, options.sourceVersion))
      return { outcome: 'ignored', reason: 'stale' };
    // A JD's external id stays with its deletion (a newer deletion keeps the older one's).
    const externalId =
      (live as { externalId?: string } | undefined)?.externalId ?? tombstone?.externalId;
    await transactWrite(db, [
      putOverRead(
        db.tableName,
        tombstoneItem(
          target.key,
          target.of,
          target.id,
          options.sourceVersion,
          options.now,
          externalId,
        ),
        stored,
      ),
      // With no live item, nothing records an event: the tombstone's change is noted alone.
      ...(live ? alongside(live) : [noteChanges(target.spaceId)]),
    ]);
    return { outcome: 'applied', created: false, value: undefined };
  }, readChanged);
}

/** How many copies a propagation updates at once. */
const PROPAGATION_CONCURRENCY = 16;

/**
 * Brings a change to every copy of it (`update` of each target: conditional, so a copy already holding
 * this version or a newer one is left alone; a transaction when what the copy feeds must change with
 * it), then marks the source synced (`markSynced`: conditional on
 * the version propagated, since a newer one arriving meanwhile propagates and marks itself).
 */
export async function propagate<T>(
  db: Db,
  targets: T[],
  update: (target: T) => UpdateInput | TransactItems,
  markSynced: UpdateInput,
): Promise<void> {
  await pMap(
    targets,
    (target) => {
      const write = update(target);
      return ignoreConditionFailure(
        Array.isArray(write) ? transactWrite(db, write) : updateItem(db, write),
      );
    },
    { concurrency: PROPAGATION_CONCURRENCY },
  );
  await ignoreConditionFailure(updateItem(db, markSynced));
}
