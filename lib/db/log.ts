import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { eventSettleMs } from '../config.js';
import { ConflictError } from '../errors.js';
import type { Db } from './client.js';
import {
  OPTIMISTIC_ATTEMPTS,
  queryAll,
  sendTransaction,
  updateItem,
  type WriteItem,
} from './dynamo.js';
import {
  EVENT_TTL_SECONDS,
  eventKeys,
  LOG_PREFIX,
  type LogHeadItem,
  logKeys,
  nextEventId,
  type PendingEntryItem,
} from './entities/log.js';
import { tenantPk } from './ids.js';
import type { SpaceId } from './spaces.js';

/**
 * The ordered log of a space: the event log (GET /events, webhooks) and what the delta walks read.
 *
 * A write records its event as a pending entry, in its own transaction (lib/events/model.ts's
 * recordEvent). The sequencer (`sequencePending`) moves pending entries into the log: each gets the
 * next event id above the head's `lastEventId`, and the head moves to the last of them, in one
 * transaction conditioned on the head as it was read. Two sequencers of one space therefore take turns
 * (the loser reads again), and a transaction that commits puts its entries above every entry already
 * readable. A reader that reads the head and then the log up to it has seen every entry that will
 * ever sit at or below it: no clock, and no bound on how late a write commits, is in that argument.
 *
 * Who sequences: the webhook dispatcher, on each pending entry the table's stream brings (about a
 * second after the write), and every reader of the log, before it reads (so a reader never waits for
 * the stream). The pending entry is deleted in the sequencing transaction, conditioned on being there:
 * an entry is sequenced once, whoever gets to it first.
 */

/** Pending entries sequenced per transaction: each is a Put and a Delete, with the head's update, within DynamoDB's 100 items. */
export const SEQUENCE_BATCH = 49;

export interface LogState {
  /** the head as read (absent: a space whose log has no head yet) */
  head: LogHeadItem | undefined;
  /** the pending entries, oldest first */
  pending: PendingEntryItem[];
}

/** The head and every pending entry of a space: one strongly consistent Query (they share a prefix). */
export async function readLog(db: Db, spaceId: SpaceId): Promise<LogState> {
  const items = await queryAll<LogHeadItem | PendingEntryItem>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantPk(spaceId), ':prefix': LOG_PREFIX },
    ConsistentRead: true,
  });
  return {
    head: items.find((item): item is LogHeadItem => logKeys.isHead(item.sk)),
    pending: items.filter((item): item is PendingEntryItem => logKeys.isPending(item.sk)),
  };
}

/**
 * The item a pending entry becomes at `eventId`: the same attributes, at its place in the log; an
 * event (`EVENT`), or a change that records none (`CHANGE`: read by the delta walks, listed by no
 * event reader, and left out of the webhooks' stream filter).
 */
function sequencedEvent(
  spaceId: SpaceId,
  entry: PendingEntryItem,
  eventId: string,
): Record<string, unknown> {
  const { pk: _pk, sk: _sk, entity: _entity, ...event } = entry;
  const expiresAt = Math.floor(Date.parse(entry.createdAt) / 1000) + EVENT_TTL_SECONDS;
  return {
    ...event,
    ...eventKeys.item(spaceId, eventId),
    entity: entry.type === undefined ? 'CHANGE' : 'EVENT',
    id: eventId,
    ttl: expiresAt,
  };
}

/**
 * The writes that give `entries` their places after `head`: their events, their pending entries
 * deleted, and the head moved, conditioned on the head as read.
 */
function sequencingWrites(
  db: Db,
  spaceId: SpaceId,
  head: LogHeadItem | undefined,
  entries: PendingEntryItem[],
  now: number,
): { writes: WriteItem[]; last: string } {
  let last = head?.lastEventId;
  const writes: WriteItem[] = [];
  for (const entry of entries) {
    last = nextEventId(last, now);
    writes.push(
      {
        Put: {
          TableName: db.tableName,
          Item: sequencedEvent(spaceId, entry, last),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Delete: {
          TableName: db.tableName,
          Key: { pk: entry.pk, sk: entry.sk },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    );
  }
  writes.push({
    Update: {
      TableName: db.tableName,
      Key: logKeys.head(spaceId),
      UpdateExpression: 'SET entity = :entity, lastEventId = :last',
      ConditionExpression:
        head?.lastEventId === undefined
          ? 'attribute_not_exists(lastEventId)'
          : 'lastEventId = :before',
      ExpressionAttributeValues: {
        ':entity': 'LOG_HEAD',
        ':last': last,
        ...(head?.lastEventId === undefined ? {} : { ':before': head.lastEventId }),
      },
    },
  });
  return { writes, last: last as string };
}

/** Whether a sequencing transaction lost a race (another sequencer moved the head or took an entry first). */
function lostRace(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some(
      (reason) => reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict',
    )
  );
}

const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 10 * attempt));

/**
 * Gives every pending entry of the space its place in the log, and answers the head as it then is
 * (every entry at or below its `lastEventId` is readable). A lost race reads again; 8 attempts in all,
 * then a retryable conflict.
 */
export async function sequencePending(
  db: Db,
  spaceId: SpaceId,
  now: () => number = Date.now,
): Promise<LogHeadItem | undefined> {
  for (let attempt = 1; ; attempt++) {
    const { head, pending } = await readLog(db, spaceId);
    if (pending.length === 0) return head;
    const batch = pending.slice(0, SEQUENCE_BATCH);
    const { writes, last } = sequencingWrites(db, spaceId, head, batch, now());
    try {
      await sendTransaction(db, writes);
      if (pending.length === batch.length)
        return { ...logKeys.head(spaceId), entity: 'LOG_HEAD', ...head, lastEventId: last };
      // More than one batch: the next goes on from the head just written, read again.
      attempt = 0;
    } catch (error) {
      if (!lostRace(error)) throw error;
      if (attempt >= OPTIMISTIC_ATTEMPTS)
        throw new ConflictError('The event log is being written; retry shortly', true);
      await backOff(attempt);
    }
  }
}

/**
 * Whether a reader of the space reads its log up to the head, with no settle window: the space is
 * ordered (new, or marked by the upgrade) and the settle window has passed since, so every event
 * written before it, with an id from its write's clock, is committed or never will be.
 */
export function isOrderedAt(head: LogHeadItem | undefined, now: number): boolean {
  return head?.orderedFrom !== undefined && now >= head.orderedFrom + eventSettleMs();
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
