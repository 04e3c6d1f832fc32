import { longPollCeilings } from '../config.js';
import type { Db } from '../db/client.js';
import { getItem, isConditionFailure, updateItem } from '../db/dynamo.js';
import { tenantPk } from '../db/ids.js';
import type { SpaceId } from '../db/spaces.js';
import { PARTITION_PREFIXES, TTL_ATTRIBUTE } from '../db/table.js';
import { WaitLimitedError } from '../errors.js';
import { logger } from '../observability/logger.js';

/**
 * A ceiling on the long-polls waiting at once. Each waiting GET /events holds a function instance for
 * up to its wait, so without one a thousand idle listeners would take the account's whole Lambda
 * concurrency, and every other route with it. A wait is counted as it begins, in the window of
 * WINDOW_MS it begins in, for its tenant and for the service, and given back when it ends. A wait
 * lasts at most WINDOW_MS, so the waits held at any moment began in this window or the one before:
 * held = the previous window's count (which only falls, as its waits end) + this window's. A wait is
 * admitted while that sum is under the ceiling, so N listeners hold N places (counting each window
 * alone against half the ceiling let only half of it be held: a 20 s wait ends in the next window,
 * and its give-back freed a count no new wait used). The previous count is read before this one is
 * raised, and can only have fallen since, so a burst of waits at once never passes the ceiling. Giving
 * back is best effort: a count that was not given back (a function cut off) ends with the window
 * after its own. A wait past either ceiling is refused at once (429 `wait_limited`, after the window),
 * never throttled by Lambda into an answer that is not the API's.
 */
export const WINDOW_MS = 20_000;

/** Counts live an hour past their window (DynamoDB's TTL removes them). */
const KEPT_SECONDS = 3600;

async function count(
  db: Db,
  key: { pk: string; sk: string },
  most: number,
  windowEnd: number,
): Promise<boolean> {
  try {
    await updateItem(db, {
      Key: key,
      UpdateExpression: 'ADD waits :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ConditionExpression: 'attribute_not_exists(waits) OR waits < :most',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':one': 1,
        ':most': most,
        ':ttl': Math.ceil(windowEnd / 1000) + KEPT_SECONDS,
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives a counted wait back (best effort: a count left behind ends with its window). */
async function giveBack(db: Db, key: { pk: string; sk: string }): Promise<void> {
  try {
    await updateItem(db, {
      Key: key,
      UpdateExpression: 'ADD waits :less',
      ConditionExpression: 'waits > :none',
      ExpressionAttributeValues: { ':less': -1, ':none': 0 },
    });
  } catch (error) {
    logger.warn('A wait was not given back', { error: error as Error });
  }
}

/** The waits still counted in a window (a strongly consistent read: it may only fall once read). */
async function counted(db: Db, key: { pk: string; sk: string }): Promise<number> {
  const item = await getItem<{ waits?: number }>(db, key, { consistent: true });
  return item?.waits ?? 0;
}

/**
 * Counts a wait about to begin, or throws WaitLimitedError when its tenant's or the service's ceiling
 * is reached. Returns what gives it back, once the wait has ended.
 */
export async function claimWaitSlot(
  db: Db,
  spaceId: SpaceId,
  now = Date.now(),
): Promise<{ release: () => Promise<void> }> {
  const ceilings = longPollCeilings();
  const window = now - (now % WINDOW_MS);
  const windowEnd = window + WINDOW_MS;
  const keys = (at: number) => ({
    tenant: { pk: tenantPk(spaceId), sk: `WAITS#${at}` },
    service: { pk: `${PARTITION_PREFIXES.waits}${at}`, sk: 'WAITS' },
  });
  const [current, previous] = [keys(window), keys(window - WINDOW_MS)];
  /** Counts the wait in this window while the waits held (the previous window's and this one's) are under `ceiling`. */
  const admitted = async (whose: 'tenant' | 'service', ceiling: number) => {
    const stillHeld = await counted(db, previous[whose]);
    return stillHeld < ceiling && count(db, current[whose], ceiling - stillHeld, windowEnd);
  };
  // The tenant's first: a tenant over its own share does not count against everyone's.
  if (!(await admitted('tenant', ceilings.tenant)))
    throw new WaitLimitedError('tenant', windowEnd - now);
  if (!(await admitted('service', ceilings.service))) {
    await giveBack(db, current.tenant);
    throw new WaitLimitedError('service', windowEnd - now);
  }
  return {
    release: async () => {
      await Promise.all([giveBack(db, current.tenant), giveBack(db, current.service)]);
    },
  };
}
