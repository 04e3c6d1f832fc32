import { longPollCeilings } from '../config.js';
import type { Db } from '../db/client.js';
import { isConditionFailure, updateItem } from '../db/dynamo.js';
import { tenantPk } from '../db/ids.js';
import type { SpaceId } from '../db/spaces.js';
import { PARTITION_PREFIXES, TTL_ATTRIBUTE } from '../db/table.js';
import { WaitLimitedError } from '../errors.js';

/**
 * A ceiling on the long-polls waiting at once. Each waiting GET /events holds a function instance for
 * up to its wait, so without one a thousand idle listeners would take the account's whole Lambda
 * concurrency, and every other route with it. A wait is counted once, as it begins, in the window of
 * WINDOW_MS it begins in, for its tenant and for the service; a wait lasts at most WINDOW_MS, so the
 * waits held at any moment began in this window or the one before, and at most twice a window's count
 * are held at once. Counting starts needs no release (a function cut off leaks nothing) and one write
 * each; a wait past either count is refused at once (429 `wait_limited`, after the window), never
 * throttled by Lambda into an answer that is not the API's.
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

/** Counts a wait about to begin, or throws WaitLimitedError when its tenant's or the service's ceiling is reached. */
export async function claimWaitSlot(db: Db, spaceId: SpaceId, now = Date.now()): Promise<void> {
  const ceilings = longPollCeilings();
  const window = now - (now % WINDOW_MS);
  const windowEnd = window + WINDOW_MS;
  const perWindow = (ceiling: number) => Math.max(1, Math.floor(ceiling / 2));
  // The tenant's first: a tenant over its own share does not count against everyone's.
  if (
    !(await count(
      db,
      { pk: tenantPk(spaceId), sk: `WAITS#${window}` },
      perWindow(ceilings.tenant),
      windowEnd,
    ))
  )
    throw new WaitLimitedError('tenant', windowEnd - now);
  if (
    !(await count(
      db,
      { pk: `${PARTITION_PREFIXES.waits}${window}`, sk: 'WAITS' },
      perWindow(ceilings.service),
      windowEnd,
    ))
  )
    throw new WaitLimitedError('service', windowEnd - now);
}
