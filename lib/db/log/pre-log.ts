import { decodeTime } from 'ulid';
import { CLOCK_MARGIN_MS, deltaSettleMs, eventSettleMs } from '../../config.js';
import type { Db } from '../client.js';
import { updateItem } from '../dynamo.js';
import type { SpaceId } from '../spaces.js';
import { signToken } from '../pagination.js';
import { EVENT_ID_PREFIX, eventIdBefore, type LogHeadItem, logKeys } from './entries.js';

/**
 * The regime of a space from before the ordered log, in one file: what its readers do until the
 * upgrade (`npm run admin -- order-event-log`) marks the space and the settle window has passed.
 * GET /events reads the log only up to the settle window behind the present (config.eventSettleMs),
 * and a delta walk reads the changes index alone, behind the window and the index's lag
 * (config.deltaSettleMs), with tokens that hold a time rather than a place.
 *
 * Where readers branch on it, each calling in here: lib/db/log/walk.ts's deltaPage (walksTheLog) and
 * indexPage (a walk with no log to lead on to ends at its cut, cutToken), lib/events/store.ts's
 * listEvents (isOrderedAt, settledEnd), and the settle windows of lib/config.ts.
 *
 * Deleted by the release after every tenant is marked: PRE_LOG_DELETED_IN names it. That release's
 * upgrade note requires `order-event-log` to have run on every tenant; its code reads every space as
 * ordered (a head without `orderedFrom` is then an error), and a time token from before it is
 * answered 410 `sync_token_expired`, as an expired one is.
 */
export const PRE_LOG_DELETED_IN = 'the first release after every tenant has run order-event-log';

/**
 * Whether a reader of the space reads its log up to the head, with no settle window: the space is
 * ordered (new, or marked by the upgrade) and the settle window has passed since, so every event
 * written before it, with an id from its write's clock, is committed or never will be.
 */
export function isOrderedAt(head: LogHeadItem | undefined, now: number): boolean {
  return head?.orderedFrom !== undefined && now >= head.orderedFrom + eventSettleMs();
}

/** Where GET /events of a space not yet ordered stops: just before the settle window. */
export function settledEnd(now: number): string {
  return eventIdBefore(now - eventSettleMs());
}

/**
 * How long before a delta walk's handover to the log a space must already have been ordered for the
 * walk to read its log: a write stamped before the upgrade by a slow clock or a slow commit may be
 * noted in the log only after it. (A walk's own place in the log needs no margin: an event's id time
 * is never before its write's stamp, lib/db/log/entries.ts.)
 */
const HANDOVER_CLOCK_MARGIN_MS = 60_000;

/**
 * How a delta walk reads its space: from the ordered log once every change the walk may read from it
 * is noted there (the space marked before the handover, `handoverMs` back, and its margin), else from
 * the changes index alone (indexWalkRange).
 */
export function walksTheLog(
  head: LogHeadItem | undefined,
  now: number,
  handoverMs: number,
): boolean {
  return isOrderedAt(head, now - handoverMs - HANDOVER_CLOCK_MARGIN_MS);
}

/**
 * What a delta walk of a space not yet ordered reads of the changes index: from its start (a time, or
 * the time of a place in the log, less the clocks' margin) up to the cut, the settle window and the
 * index's lag behind the present.
 */
export function indexWalkRange(
  start: { time: number } | { position: string },
  now: number,
): { since: number; cut: number } {
  const since =
    'time' in start
      ? start.time
      : start.position === ''
        ? 0
        : decodeTime(start.position.slice(EVENT_ID_PREFIX.length)) - CLOCK_MARGIN_MS;
  return { since, cut: now - deltaSettleMs() };
}

/** The token of a walk the changes index alone served: the next walk reads from its cut (a time). */
export function cutToken(
  scope: { tenantPk: string; list: string },
  cut: number,
  now: number,
): Promise<string> {
  return signToken({ tenantPk: scope.tenantPk, name: `sync:${scope.list}` }, { t: cut, i: now });
}

/**
 * One-off upgrade of a space from before the ordered log (`npm run admin -- order-event-log`): from
 * `now` on its readers need no settle window once the window has passed (isOrderedAt), and its delta
 * walks read the log once the index handover has too. Run once the release that sequences events is
 * everywhere (no function of an older release still writes events with their write's own ids); a
 * space marked already keeps its mark. Answers the mark the space holds.
 */
export async function markOrdered(db: Db, spaceId: SpaceId, now: number): Promise<number> {
  const head = await updateItem<LogHeadItem>(db, {
    Key: logKeys.head(spaceId),
    UpdateExpression: 'SET entity = :entity, orderedFrom = if_not_exists(orderedFrom, :now)',
    ExpressionAttributeValues: { ':entity': 'LOG_HEAD', ':now': now },
    ReturnValues: 'ALL_NEW',
  });
  return head.orderedFrom as number;
}
