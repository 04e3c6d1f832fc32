import { requestLogKeys } from '../../request-log/model.js';
import { streamKeys } from '../../events/stream.js';
import type { Db } from '../../db/client.js';
import { auditKeys } from '../../audit/model.js';
import { counterDelta, type CounterKind } from '../../db/counters.js';
import type { IdempotencyClaim } from '../../db/idempotency.js';
import { counterKeys } from '../../db/entities/counter.js';
import {
  deleteItem,
  getItem,
  guards,
  isConditionFailure,
  queryPage,
  transactWrite,
  updateItem,
} from '../../db/dynamo.js';
import { ConflictError } from '../../errors.js';
import { eventKeys, recordEvent } from '../../events/model.js';
import { TENANT_ITEM_SK, type TenantItem, tenantKeys } from '../../db/entities/tenant.js';
import { nowIso, tenantPk } from '../../db/ids.js';
import { isTestSpace, tenantOfSpace, testSpaceOf, type SpaceId } from '../../db/spaces.js';
import { ensureTenant } from '../../db/tenants.js';
import { LOG_PREFIX } from '../../db/log/entries.js';
import { logger } from '../../observability/logger.js';
import { applyProductEvent } from '../product-events/apply.js';
import { eventsOfImport } from '../../product-events/import-file.js';
import { webhookKeys } from '../../webhooks/model.js';
import { sampleData } from './sample-data.js';

/**
 * A tenant's test space: the data its test keys read and write, in a partition of its own (TEST#,
 * lib/db/ids.ts). It starts with the sample data when the tenant's first test key is made, and
 * POST /test/reset puts it back.
 */

/** What the sample data holds, as a reset reports it. */
export interface SampleCounts {
  jds: number;
  resumes: number;
  applications: number;
}

/**
 * The product version of every sample entity: the lowest, so that the product events docs/events.md
 * shows (versions 3 and 4) change them when an integrator simulates them on the sample's ids.
 */
const SAMPLE_VERSION = 1;

/**
 * Writes the sample data into a space through the product consumer's own code (so it holds what a
 * product feed would have written, events included), then marks the space as seeded. Applying it
 * again changes nothing (the same versions are ignored as repeats).
 */
export async function seedSampleData(
  db: Db,
  spaceId: SpaceId,
  now = new Date(),
  deadline = Number.POSITIVE_INFINITY,
): Promise<SampleCounts | undefined> {
  const sample = sampleData(now.getTime());
  for (const event of eventsOfImport(spaceId, sample, SAMPLE_VERSION, now)) {
    // Out of time: what is applied stays, and applying the whole sample again finishes it.
    if (Date.now() > deadline) return undefined;
    await applyProductEvent(db, event, now);
  }
  await updateItem(db, {
    Key: tenantKeys.item(spaceId),
    UpdateExpression: 'SET sampleDataAt = :now',
    ExpressionAttributeValues: { ':now': nowIso(now) },
  });
  return {
    jds: sample.jds?.length ?? 0,
    resumes: sample.resumes?.length ?? 0,
    applications: sample.applications?.length ?? 0,
  };
}

/**
 * Gives a tenant's test space its sample data the first time one of its test keys is made. A space
 * that holds it already (a second test key, or one reset since) is left as it is. Best effort: the key
 * is made already, and its plaintext must reach its maker whatever happens here; a space left without
 * its sample (DynamoDB failed midway) gets it from the next test key or POST /test/reset.
 */
export async function openTestSpace(db: Db, tenantId: string, now = new Date()): Promise<void> {
  const spaceId = testSpaceOf(tenantId);
  try {
    await ensureTenant(db, spaceId, tenantId, now);
    const space = await getItem<Pick<TenantItem, 'sampleDataAt'>>(db, tenantKeys.item(spaceId), {
      consistent: true,
      projection: 'sampleDataAt',
    });
    if (space?.sampleDataAt === undefined) await seedSampleData(db, spaceId, now);
  } catch (error) {
    logger.warn('Test space left without its sample data: a reset or the next test key gives it', {
      error: error instanceof Error ? error.name : String(error),
    });
  }
}

/**
 * The histories a reset keeps whole, by sort-key prefix: the audit log (append-only), the request log, the event log
 * and its head and pending entries (its `test.reset` tells every mirror to clear, after what it
 * cleared; lib/db/log/sequencer.ts), and the counts behind list
 * totals (each counted item a reset deletes takes its count with it, so they stay exact whatever
 * writes race the reset). Sorted: the reset reads only the key ranges between them.
 */
const KEPT_HISTORIES = [
  auditKeys.prefix,
  counterKeys.everyPrefix,
  eventKeys.prefix,
  LOG_PREFIX,
  requestLogKeys.prefix,
].sort();

/** Every sort key that starts with `prefix` is below this one. */
const pastPrefix = (prefix: string) =>
  `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;

/** The key conditions of the ranges a reset reads: everything but the kept histories. */
function rangesToClear(): { condition: string; values: Record<string, string> }[] {
  const bounds = KEPT_HISTORIES;
  return [
    { condition: 'sk < :hi', values: { ':hi': bounds[0] as string } },
    ...bounds.slice(0, -1).map((prefix, i) => ({
      condition: 'sk BETWEEN :lo AND :hi',
      values: { ':lo': pastPrefix(prefix), ':hi': bounds[i + 1] as string },
    })),
    { condition: 'sk >= :lo', values: { ':lo': pastPrefix(bounds.at(-1) as string) } },
  ];
}

/**
 * What a reset keeps among what it reads: the space's own item, its webhook endpoints and the
 * connections listening to its event stream (they hear its `test.reset`).
 */
function keptByReset(sortKey: string): boolean {
  return (
    sortKey === TENANT_ITEM_SK ||
    sortKey.startsWith(streamKeys.prefix) ||
    (sortKey.startsWith(webhookKeys.prefix) &&
      !sortKey.slice(webhookKeys.prefix.length).includes('#'))
  );
}

/** An item as a reset reads it: enough to delete it, and the count it holds a place in. */
interface ReadForReset {
  pk: string;
  sk: string;
  entity?: string;
  status?: string;
}

/** What a JD head or a resume counts in: the JD counts have one field per status too. */
function countsOf(
  item: ReadForReset,
): { kind: CounterKind; deltas: Record<string, number> } | undefined {
  if (item.entity === 'JD' && item.status !== undefined)
    return { kind: 'JD', deltas: { total: -1, [item.status]: -1 } };
  if (item.entity === 'RESUME') return { kind: 'RESUME', deltas: { total: -1 } };
  return undefined;
}

const COUNTED = guards('counted');

/** The condition that an item is still what the reset read: its kind, and a JD's status. */
function stillAsRead(item: ReadForReset): {
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues: Record<string, string>;
} {
  const jd = item.entity === 'JD' && item.status !== undefined;
  return {
    ConditionExpression: jd ? 'entity = :entity AND #status = :status' : 'entity = :entity',
    ...(jd ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
    ExpressionAttributeValues: {
      ':entity': item.entity ?? '',
      ...(jd ? { ':status': item.status ?? '' } : {}),
    },
  };
}

/**
 * Deletes one item a reset read, on condition that it is still what was read: a write in between
 * (a JD's status changed, a tombstone brought back to life by a newer upsert) makes it read the item
 * again and decide again. A counted one (a JD head, a resume) goes in one transaction with its count.
 * So the counts stay exact however writes race the reset.
 */
async function deleteForReset(db: Db, spaceId: SpaceId, read: ReadForReset): Promise<void> {
  let item: ReadForReset | undefined = read;
  for (let attempt = 1; item && attempt <= 5; attempt++) {
    const key: { pk: string; sk: string } = { pk: item.pk, sk: item.sk };
    const counts = countsOf(item);
    try {
      if (item.entity === undefined) await deleteItem(db, key);
      else if (!counts) await deleteItem(db, key, stillAsRead(item));
      else
        await transactWrite(db, [
          COUNTED.on('counted', {
            Delete: { TableName: db.tableName, Key: key, ...stillAsRead(item) },
          }),
          counterDelta(spaceId, counts.kind, counts.deltas),
        ]);
      return;
    } catch (error) {
      if (!COUNTED.failed(error) && !isConditionFailure(error)) throw error;
      item = await getItem<ReadForReset>(db, key, {
        consistent: true,
        projection: 'pk, sk, entity, #status',
        names: { '#status': 'status' },
      });
    }
  }
  if (item)
    throw new ConflictError('The test space kept changing while it was reset: reset again', true);
}

export type ResetOutcome =
  | { complete: true; deletedItems: number; sampleData: SampleCounts }
  | { complete: false; deletedItems: number; sampleData: null };

/** How long one call resets before it answers (the function has 10 s), deleting and seeding together. */
const RESET_BUDGET_MS = 6_000;
/** Deletes in flight at once. */
const DELETE_CONCURRENCY = 25;
/** Keys read per page: a page is deleted within a second or two, so the budget is checked often. */
const DELETE_PAGE = 500;

type ResetProgress = NonNullable<TenantItem['reset']>;
const RESET_NAMES = { '#reset': 'reset' };

/**
 * The reset under way in the space, or a new one: marked on the space's item (with resetAt, so that
 * sync tokens issued before it answer 410) before anything is deleted, as a walk that reads the space
 * from here on may hold what goes. Two calls at once share one reset.
 */
async function resetUnderWay(db: Db, spaceId: SpaceId, now: Date): Promise<ResetProgress> {
  const read = async () =>
    (
      await getItem<Pick<TenantItem, 'reset'>>(db, tenantKeys.item(spaceId), {
        consistent: true,
        projection: '#reset',
        names: RESET_NAMES,
      })
    )?.reset;
  const underWay = await read();
  if (underWay) return underWay;
  const started: ResetProgress = { phase: 'clearing', startedAt: nowIso(now), deletedItems: 0 };
  try {
    await updateItem(db, {
      Key: tenantKeys.item(spaceId),
      UpdateExpression: 'SET resetAt = :at, #reset = :reset',
      ConditionExpression: 'attribute_not_exists(#reset)',
      ExpressionAttributeNames: RESET_NAMES,
      ExpressionAttributeValues: { ':at': started.startedAt, ':reset': started },
    });
    return started;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await read()) ?? started;
  }
}

/** Deletes what a reset deletes, until done or `deadline`: how many it deleted, and whether it is done. */
async function clearSpace(
  db: Db,
  spaceId: SpaceId,
  deadline: number,
): Promise<{ deleted: number; done: boolean }> {
  let deleted = 0;
  for (const range of rangesToClear()) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await queryPage<ReadForReset>(db, {
        KeyConditionExpression: `pk = :pk AND ${range.condition}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': tenantPk(spaceId), ...range.values },
        ProjectionExpression: 'pk, sk, entity, #status',
        ConsistentRead: true,
        Limit: DELETE_PAGE,
        ExclusiveStartKey: startKey,
      });
      const doomed = page.items.filter((item) => !keptByReset(item.sk));
      for (let i = 0; i < doomed.length; i += DELETE_CONCURRENCY) {
        if (Date.now() > deadline) return { deleted, done: false };
        const batch = doomed.slice(i, i + DELETE_CONCURRENCY);
        await Promise.all(batch.map((item) => deleteForReset(db, spaceId, item)));
        deleted += batch.length;
      }
      startKey = page.lastKey;
    } while (startKey);
  }
  return { deleted, done: true };
}

/** The update that moves the space's reset on, on condition that it is still the one this call read. */
function progressUpdate(db: Db, spaceId: SpaceId, from: ResetProgress, to: ResetProgress | null) {
  return {
    Update: {
      TableName: db.tableName,
      Key: tenantKeys.item(spaceId),
      ...(to === null
        ? { UpdateExpression: 'REMOVE #reset SET resetAt = :now' }
        : { UpdateExpression: 'SET #reset = :to' }),
      ConditionExpression: '#reset.startedAt = :startedAt',
      ExpressionAttributeNames: RESET_NAMES,
      ExpressionAttributeValues: {
        ':startedAt': from.startedAt,
        ...(to === null ? { ':now': nowIso(new Date()) } : { ':to': to }),
      },
    },
  };
}

/**
 * Puts a test space back to the sample data: deletes every item in it but the space's own item, its
 * webhook endpoints (whose deliveries go with the rest) and the histories it keeps (audit log, event
 * log, counts), records `test.reset`, then seeds the sample again. One call works for 6 s at most: a
 * space too large to reset in one answers `complete: false`, and the next call goes on with the same
 * reset from where this one stopped (the space's item holds its phase), never starting it again, so
 * that a reset always ends. A write made while a reset runs may or may not outlive it; the counts stay
 * exact either way. With `claim` (an Idempotency-Key), the finished reset's answer is recorded in the
 * transaction that finishes it, for the key's retries.
 */
export async function resetTestSpace(
  db: Db,
  spaceId: SpaceId,
  options: { now?: Date; budgetMs?: number; claim?: IdempotencyClaim<ResetOutcome> } = {},
): Promise<ResetOutcome> {
  // The route serves test keys only and its grant names only TEST#: this says so a third time.
  if (!isTestSpace(spaceId)) throw new Error(`Not a test space: ${spaceId}`);
  const now = options.now ?? new Date();
  const deadline = Date.now() + (options.budgetMs ?? RESET_BUDGET_MS);
  // The space's own item first (a space whose first seeding failed has none).
  await ensureTenant(db, spaceId, tenantOfSpace(spaceId), now);
  const progress = await resetUnderWay(db, spaceId, now);
  let deletedItems = progress.deletedItems;
  if (progress.phase === 'clearing') {
    const cleared = await clearSpace(db, spaceId, deadline);
    deletedItems += cleared.deleted;
    const next: ResetProgress = {
      ...progress,
      phase: cleared.done ? 'seeding' : 'clearing',
      deletedItems,
    };
    // Everything of the space before it is gone: one event says so, to the log and every endpoint,
    // in the move to seeding, so that no call of the same reset records it twice.
    await transactWrite(db, [
      progressUpdate(db, spaceId, progress, next),
      ...(cleared.done
        ? [recordEvent(spaceId, 'test.reset', { resetAt: progress.startedAt })]
        : []),
    ]).catch((error: unknown) => {
      // Another call of the same reset moved it on first: it goes on from there.
      if (!isConditionFailure(error)) throw error;
    });
    if (!cleared.done) return { complete: false, deletedItems, sampleData: null };
  }
  const sampleData = await seedSampleData(db, spaceId, new Date(progress.startedAt), deadline);
  if (!sampleData) return { complete: false, deletedItems, sampleData: null };
  const outcome: ResetOutcome = { complete: true, deletedItems, sampleData };
  // And marked again once done: a walk during the reset may have read what it deleted.
  await transactWrite(db, [
    progressUpdate(db, spaceId, progress, null),
    ...(options.claim ? [options.claim.item(outcome)] : []),
  ]).catch((error: unknown) => {
    // Another call of the same reset finished it: this one did the same.
    if (!isConditionFailure(error)) throw error;
  });
  return outcome;
}
