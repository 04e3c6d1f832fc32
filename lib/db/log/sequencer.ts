import { decodeTime } from 'ulid';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ConflictError } from '../../errors.js';
import type { Db } from '../client.js';
import {
  backOff,
  getItem,
  OPTIMISTIC_ATTEMPTS,
  queryPage,
  sendTransaction,
  type WriteItem,
} from '../dynamo.js';
import {
  EVENT_ID_PREFIX,
  EVENT_TTL_SECONDS,
  eventKeys,
  LOG_PREFIX,
  type LogHeadItem,
  PENDING_PREFIX,
  logKeys,
  nextEventId,
  type PendingEntryItem,
} from './entries.js';
import { underPrefix } from '../ids.js';
import type { SpaceId } from '../spaces.js';

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
  /** the oldest pending entries, up to a batch */
  pending: PendingEntryItem[];
  /** whether more entries are pending than `pending` holds */
  more: boolean;
}

/**
 * The head and the oldest pending entries of a space, a batch of them at most: one strongly
 * consistent Query (they share a prefix, the head first), however many are pending.
 */
export async function readLog(db: Db, spaceId: SpaceId): Promise<LogState> {
  const { items, lastKey } = await queryPage<LogHeadItem | PendingEntryItem>(db, {
    ...underPrefix(spaceId, LOG_PREFIX),
    ConsistentRead: true,
    // The head, a batch, and one more to tell whether there are more.
    Limit: SEQUENCE_BATCH + 2,
  });
  const pending = items.filter((item): item is PendingEntryItem => logKeys.isPending(item.sk));
  return {
    head: items.find((item): item is LogHeadItem => logKeys.isHead(item.sk)),
    pending: pending.slice(0, SEQUENCE_BATCH),
    // A page can also end at 1 MB before its Limit: more may be there then too.
    more: pending.length > SEQUENCE_BATCH || lastKey !== undefined,
  };
}

/**
 * The head as a reader of the log takes it: a strongly consistent GetItem, which DynamoDB serializes
 * with transactions (a Query is only read-committed: it might see the head a sequencing transaction
 * wrote before that transaction's events). Every event at or below it is then readable.
 */
export async function readHead(db: Db, spaceId: SpaceId): Promise<LogHeadItem | undefined> {
  return getItem<LogHeadItem>(db, logKeys.head(spaceId), {
    consistent: true,
    projection: 'pk, sk, entity, lastEventId',
  });
}

/**
 * The newest pending entry's sort key: a strongly consistent Query reads every entry committed before
 * it, so an entry at or below it is every entry a reader that began before it must see placed.
 */
async function newestPending(db: Db, spaceId: SpaceId): Promise<string | undefined> {
  const { items } = await queryPage<Pick<PendingEntryItem, 'sk'>>(db, {
    ...underPrefix(spaceId, PENDING_PREFIX),
    ProjectionExpression: 'sk',
    ConsistentRead: true,
    ScanIndexForward: false,
    Limit: 1,
  });
  return items[0]?.sk;
}

/**
 * The head for a reader of the log (GET /events, a delta walk): every entry pending when it began is
 * given its place first (its own write, committed a moment ago, among them, however many wait before
 * it), so a reader never waits for the stream; entries written after it began are the stream's
 * sequencer's, or the next reader's. A reader that loses the race to another sequencer reads again:
 * the winner placed some of them. Reading up to any head is correct; placing first makes the head
 * hold every change committed before the read. `everything`: all that is pending, those written
 * meanwhile too (a replay, whose range must hold every change made before it was asked for).
 */
export async function headForReading(
  db: Db,
  spaceId: SpaceId,
  options: { everything?: boolean } = {},
): Promise<LogHeadItem | undefined> {
  await sequencePending(db, spaceId, options.everything ? {} : { upToStart: true });
  return readHead(db, spaceId);
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
  now: number,
): Record<string, unknown> {
  const { pk: _pk, sk: _sk, entity: _entity, ...event } = entry;
  // Kept 30 days from when it took its place (a late one must not shorten a token's reach).
  const placedAt = Math.max(now, decodeTime(eventId.slice(EVENT_ID_PREFIX.length)));
  const expiresAt = Math.floor(placedAt / 1000) + EVENT_TTL_SECONDS;
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
    // As near its write's time as the order allows: a time position (`eventIdBefore`) then still
    // means what was written after it, give or take the writes that committed out of order.
    last = nextEventId(last, Date.parse(entry.createdAt));
    writes.push(
      {
        Put: {
          TableName: db.tableName,
          Item: sequencedEvent(spaceId, entry, last, now),
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

/**
 * Gives the pending entries of the space their places in the log, a batch a transaction: all of them
 * (the stream's sequencer), or, `upToStart` (a reader), those pending when it began: up to the newest
 * then, read once more than a batch is pending. A lost race reads again; 8 in a row without the head
 * moving (another sequencer placing) are a retryable conflict.
 */
export async function sequencePending(
  db: Db,
  spaceId: SpaceId,
  options: { upToStart?: boolean; now?: () => number } = {},
): Promise<void> {
  const now = options.now ?? Date.now;
  /** a reader's last entry to place (undefined: not read yet, or not needed) */
  let through: string | undefined;
  let lastHead: string | undefined;
  for (let attempt = 1; ; attempt++) {
    const { head, pending, more } = await readLog(db, spaceId);
    const oldest = pending[0];
    if (!oldest || (through !== undefined && oldest.sk > through)) return;
    // Another sequencer moved the head: it is placing, so this one's losses are not in a row.
    if (head?.lastEventId !== lastHead) attempt = 1;
    lastHead = head?.lastEventId;
    // More than a batch waits: a reader places up to the newest entry pending now, no further.
    if (options.upToStart && more && through === undefined)
      through = await newestPending(db, spaceId);
    const { writes } = sequencingWrites(db, spaceId, head, pending, now());
    try {
      await sendTransaction(db, writes);
      const placed = pending.at(-1)?.sk as string;
      if (!more || (through !== undefined && placed >= through)) return;
      attempt = 0;
    } catch (error) {
      if (!lostRace(error)) throw error;
      if (attempt >= OPTIMISTIC_ATTEMPTS)
        throw new ConflictError('The event log is being written; retry shortly', true);
      await backOff(attempt);
    }
  }
}
