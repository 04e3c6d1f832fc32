import { longPollCeilings } from '../config.js';
import type { Db } from '../db/client.js';
import { isConditionFailure, updateItem } from '../db/dynamo.js';
import { tenantPk } from '../db/ids.js';
import type { SpaceId } from '../db/spaces.js';
import { PARTITION_PREFIXES, TTL_ATTRIBUTE } from '../db/table.js';
import { WaitLimitedError } from '../errors.js';
import { logger } from '../observability/logger.js';

/**
 * A ceiling on the long-polls waiting at once. Each waiting GET /events holds a function instance for
 * up to its wait, so without one a thousand idle listeners would take the account's whole Lambda
 * concurrency, and every other route with it. A wait is counted as it begins, in the window of
 * WINDOW_MS it begins in, for its tenant and for the service, and given back when it ends; a wait
 * lasts at most WINDOW_MS, so the waits held at any moment began in this window or the one before,
 * and at most twice a window's count are held at once. Giving back is what lets one listener that
 * hears an event every second wait again and again; it is best effort, since a count that was not
 * given back (a function cut off) ends with its window. A wait past either count is refused at once
 * (429 `wait_limited`, after the window), never throttled by Lambda into an answer that is not the API's.
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
  const perWindow = (ceiling: number) => Math.max(1, Math.floor(ceiling / 2));
  const tenantKey = { pk: tenantPk(spaceId), sk: `WAITS#${window}` };
  const serviceKey = { pk: `${PARTITION_PREFIXES.waits}${window}`, sk: 'WAITS' };
  // The tenant's first: a tenant over its own share does not count against everyone's.
  if (!(await count(db, tenantKey, perWindow(ceilings.tenant), windowEnd)))
    throw new WaitLimitedError('tenant', windowEnd - now);
  if (!(await count(db, serviceKey, perWindow(ceilings.service), windowEnd))) {
    await giveBack(db, tenantKey);
    throw new WaitLimitedError('service', windowEnd - now);
  }
  return {
    release: async () => {
      await Promise.all([giveBack(db, tenantKey), giveBack(db, serviceKey)]);
    },
  };
}
