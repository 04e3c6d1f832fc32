import type { ConnectionTransport } from '../aws/connections.js';
import type { Db } from '../db/client.js';
import {
  conditionFailure,
  deleteItem,
  getItem,
  guards,
  ignoreConditionFailure,
  isConditionFailure,
  queryAll,
  transactWrite,
  updateItem,
} from '../db/dynamo.js';
import { ConflictError } from '../errors.js';
import { tenantPk, underPrefix } from '../db/ids.js';
import { headForReading } from '../db/log/sequencer.js';
import type { LogHeadItem } from '../db/log/entries.js';
import type { SpaceId } from '../db/spaces.js';
import type { PublicEvent } from './model.js';
import { type EventPage, listEvents } from './store.js';

/**
 * The event stream (GET /events pushed over a WebSocket): each connection subscribed to a space is an
 * item in the space's partition, holding its place in the log (`position`: the last event id sent to
 * it). Whoever learns of new events (the dispatcher, on the table's stream; the subscribe itself, for
 * what is there already) delivers them with `deliver`, which reads the log after the connection's
 * place and sends what it finds, oldest first.
 *
 * Why a connection hears each event once and in order, whoever delivers: a sender first takes the
 * connection (`sendingSince`, conditioned on no one holding it), sends, then moves `position` to the
 * last event sent and lets go, conditioned on still holding it. A sender that finds it held tells the
 * holder instead (`more`, conditioned on the hold still being there, else it takes the connection
 * itself), and the holder, seeing `more` as it lets go, looks again: an event placed while one sender
 * held the connection is never passed over by the other. A sender cut off mid-send (its function
 * stopped) holds it for STALE_HOLD_MS at most; the next takes over from the position, so the events
 * it had sent may come again, never fewer.
 */

const STREAM_PREFIX = 'STREAM#';

/** Where the stream is, under the API's base URL: `wss://<the API's domain>/api/v1/events/stream`. */
export const EVENT_STREAM_PATH = '/events/stream';

/**
 * A client's keep-alive and API Gateway's own answer to it (a mock integration: no function runs).
 * API Gateway closes a connection after 10 minutes without a message; protocol pings do not count.
 */
export const PING_FRAME = '{"action":"ping"}';
export const PONG_FRAME = '{"type":"pong"}';

/** How long a sender may hold a connection before another takes it over (a function cut off). */
export const STALE_HOLD_MS = 30_000;

/** API Gateway closes a WebSocket after 2 hours: its item outlives it by a margin, then expires. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 10 * 60;

/** Events sent per read of the log: a subscribe's backlog goes out in pages of this many. */
const DELIVERY_PAGE = 100;

export const streamKeys = {
  prefix: STREAM_PREFIX,
  item: (spaceId: SpaceId, connectionId: string) => ({
    pk: tenantPk(spaceId),
    sk: `${STREAM_PREFIX}${connectionId}`,
  }),
  /** the space's count of its connections (under the counters' prefix: a test space's reset keeps it, as it keeps them) */
  count: (spaceId: SpaceId) => ({ pk: tenantPk(spaceId), sk: 'COUNT#STREAM' }),
};

export interface StreamConnectionItem {
  pk: string;
  sk: string;
  entity: 'STREAM_CONNECTION';
  connectionId: string;
  keyId: string;
  /**
   * opened by a console session (its cookie at the upgrade): the session, by consoleSessionHash, so
   * that the connection ends with it (signed out, idle, past its lifetime) as with its key
   */
  session?: string;
  /** the API version its frames are shaped in: the key's, or the one its upgrade asked for */
  apiVersion: string;
  connectedAt: string;
  /** the last event id sent to it ('' before the log's first); absent until it subscribes */
  position?: string;
  /** while a sender holds it: since when (epoch ms) */
  sendingSince?: number;
  /** set by a sender that found it held: its holder looks again before letting go */
  more?: true;
  ttl: number;
}

/**
 * Where frames go (lib/aws/connections.ts), and what a frame of an event is in a connection's API
 * version (lib/composition/event-stream.ts).
 */
export interface ConnectionPost extends ConnectionTransport {
  /** the frame of one event, as GET /events shows it in `apiVersion` */
  frame(event: PublicEvent, apiVersion: string): string;
  /** the frame that says a subscribe took, and after which event id ('' : the log's start) */
  subscribed(after: string): string;
  /**
   * Of these keys of the space's tenant, those that no longer open anything (revoked, expired): a
   * connection outlives its upgrade, and one of such a key is closed rather than sent another event.
   */
  keysRevoked(db: Db, spaceId: SpaceId, keyIds: string[]): Promise<Set<string>>;
  /** Of these console sessions (StreamConnectionItem.session), those that have ended: their connections are closed as well. */
  sessionsEnded(db: Db, sessions: string[]): Promise<Set<string>>;
}

/**
 * The most connections one space holds open: each event costs each of them two writes in the space's
 * partition (1,000 a second), so a tenant's listeners are bounded as its waits are.
 */
export const MAX_CONNECTIONS_PER_SPACE = 100;

/**
 * How many connections a space holds: one item beside them, changed in the same transaction as the
 * connection's own item (counted as it is written, at $connect, up to the ceiling; given back as it is
 * deleted, once, whoever deletes it: $disconnect, a delivery that found it gone, a revoked key's close).
 * `version` moves with every change, so that a recount (below) never overwrites one it did not see.
 */
export interface StreamCountItem {
  pk: string;
  sk: string;
  entity: 'STREAM_COUNT';
  open: number;
  version: number;
}

const COUNT_NAMES = { '#open': 'open', '#version': 'version' };
const OPENED = guards('slot');
const CLOSED = guards('connection', 'counted');

/** Whether the space's count of connections stands at the ceiling (a strongly consistent read of it). */
export async function connectionsFull(db: Db, spaceId: SpaceId): Promise<boolean> {
  const count = await getItem<StreamCountItem>(db, streamKeys.count(spaceId), {
    consistent: true,
  });
  return (count?.open ?? 0) >= MAX_CONNECTIONS_PER_SPACE;
}

/**
 * A connection opened (an upgrade the authorizer let through): not yet subscribed. It takes a place
 * under the ceiling in the same transaction that writes it, so upgrades that come at once never pass
 * it. At the ceiling the space's connections are counted again (recount): a connection that never
 * said goodbye (API Gateway's $disconnect is best effort) stops counting once it is past API
 * Gateway's 2 hours. False: the space is full.
 */
export async function openConnection(
  db: Db,
  spaceId: SpaceId,
  connection: { connectionId: string; keyId: string; apiVersion: string; session?: string },
  now = new Date(),
): Promise<boolean> {
  const item: StreamConnectionItem = {
    ...streamKeys.item(spaceId, connection.connectionId),
    entity: 'STREAM_CONNECTION',
    ...connection,
    connectedAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await transactWrite(db, [
        OPENED.on('slot', {
          Update: {
            TableName: db.tableName,
            Key: streamKeys.count(spaceId),
            UpdateExpression: 'SET entity = :entity ADD #open :one, #version :one',
            ConditionExpression: 'attribute_not_exists(#open) OR #open < :most',
            ExpressionAttributeNames: COUNT_NAMES,
            ExpressionAttributeValues: {
              ':entity': 'STREAM_COUNT',
              ':one': 1,
              ':most': MAX_CONNECTIONS_PER_SPACE,
            },
          },
        }),
        {
          Put: {
            TableName: db.tableName,
            Item: item,
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
      return true;
    } catch (error) {
      if (!OPENED.failed(error)) throw error;
      if (attempt >= 3) return false;
      await recount(db, spaceId, Date.now());
    }
  }
}

/**
 * Counts the space's connections again, from their items: those past their time (API Gateway closed
 * them at 2 hours; their $disconnect never came) are deleted and not counted, nor are those DynamoDB's
 * TTL already removed. The count is set only if nothing changed it meanwhile (its version), so a
 * connection written or deleted while this reads is never missed: an item is only ever added or
 * deleted with a change of the count, or past its time.
 */
async function recount(db: Db, spaceId: SpaceId, now: number): Promise<void> {
  const count = await getItem<StreamCountItem>(db, streamKeys.count(spaceId), {
    consistent: true,
  });
  const connections = await queryAll<Pick<StreamConnectionItem, 'sk' | 'ttl'>>(db, {
    ...underPrefix(spaceId, STREAM_PREFIX),
    ProjectionExpression: 'sk, #ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ConsistentRead: true,
  });
  const nowSeconds = Math.floor(now / 1000);
  const past = connections.filter((connection) => connection.ttl <= nowSeconds);
  await Promise.all(
    past.map(({ sk }) =>
      ignoreConditionFailure(
        deleteItem(
          db,
          { pk: tenantPk(spaceId), sk },
          {
            ConditionExpression: '#ttl <= :now',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':now': nowSeconds },
          },
        ),
      ),
    ),
  );
  await ignoreConditionFailure(
    updateItem(db, {
      Key: streamKeys.count(spaceId),
      UpdateExpression: 'SET entity = :entity, #open = :open ADD #version :one',
      ConditionExpression: count ? '#version = :seen' : 'attribute_not_exists(pk)',
      ExpressionAttributeNames: COUNT_NAMES,
      ExpressionAttributeValues: {
        ':entity': 'STREAM_COUNT',
        ':open': connections.length - past.length,
        ':one': 1,
        ...(count ? { ':seen': count.version } : {}),
      },
    }),
  );
}

/**
 * A connection closed, or gone: forgotten, and its place given back in the same transaction, once
 * (whoever comes second finds it gone). A connection the count never held (one from before the count,
 * when it stands at 0) is deleted alone.
 */
export async function closeConnection(
  db: Db,
  spaceId: SpaceId,
  connectionId: string,
): Promise<void> {
  const key = streamKeys.item(spaceId, connectionId);
  try {
    await transactWrite(db, [
      CLOSED.on('connection', {
        Delete: { TableName: db.tableName, Key: key, ConditionExpression: 'attribute_exists(pk)' },
      }),
      CLOSED.on('counted', {
        Update: {
          TableName: db.tableName,
          Key: streamKeys.count(spaceId),
          UpdateExpression: 'ADD #open :less, #version :one',
          ConditionExpression: '#open > :none',
          ExpressionAttributeNames: COUNT_NAMES,
          ExpressionAttributeValues: { ':less': -1, ':one': 1, ':none': 0 },
        },
      }),
    ]);
  } catch (error) {
    if (CLOSED.failed(error, 'connection')) return;
    if (!CLOSED.failed(error, 'counted')) throw error;
    await deleteItem(db, key);
  }
}

/** How long a subscribe waits for another sender of the same connection to let go. */
const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * Subscribes a connection from `after` (an event id: what follows it), or from the log's head (only
 * what is placed from now on), then sends it what is there already. The place is set and the
 * connection held in one write, so the `subscribed` frame goes before any event: a fan-out that comes
 * meanwhile tells this sender to look again. A subscribe on a connection already subscribed replaces
 * the first, but never moves its place back: it goes on from the later of `after` and the last event
 * sent, so no event comes twice on one connection (the place is set on condition that it is still the
 * one read). False: no such connection (it closed, or never opened).
 * `deadline` (epoch ms): a backlog not sent by then is left to the client, whose connection is closed
 * after the last event it got (it resumes from there).
 */
export async function subscribe(
  db: Db,
  spaceId: SpaceId,
  connectionId: string,
  after: string | undefined,
  post: ConnectionPost,
  deadline?: number,
): Promise<boolean> {
  const asked = after ?? (await headForReading(db, spaceId))?.lastEventId ?? '';
  const waitUntil = Date.now() + SUBSCRIBE_WAIT_MS;
  /** the connection's place as last read: undefined while it is taken to be unsubscribed */
  let seen: string | undefined;
  for (;;) {
    const held = Date.now();
    // Event ids (and '', the log's start) sort as the log does.
    const position = seen !== undefined && seen > asked ? seen : asked;
    let connection: StreamConnectionItem;
    try {
      connection = await updateItem<StreamConnectionItem>(db, {
        Key: streamKeys.item(spaceId, connectionId),
        UpdateExpression: 'SET #position = :position, sendingSince = :held REMOVE more',
        ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(sendingSince) OR sendingSince < :stale) AND ${
          seen === undefined ? 'attribute_not_exists(#position)' : '#position = :seen'
        }`,
        ExpressionAttributeNames: { '#position': 'position' },
        ExpressionAttributeValues: {
          ':position': position,
          ':held': held,
          ':stale': held - STALE_HOLD_MS,
          ...(seen === undefined ? {} : { ':seen': seen }),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      });
    } catch (error) {
      const failed = conditionFailure<StreamConnectionItem>(error);
      if (!failed) throw error;
      if (!failed.item) return false;
      // At another place than the one read (set again from it at once), or held by another sender
      // (an earlier subscribe still sending): it lets go shortly.
      seen = failed.item.position;
      const { sendingSince } = failed.item;
      if (Date.now() > waitUntil)
        throw new ConflictError(
          'This connection is still being sent an earlier subscribe’s events: wait for them, or open another connection',
          true,
        );
      if (sendingSince !== undefined && sendingSince >= Date.now() - STALE_HOLD_MS)
        await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const outcome = await sendHeld(db, spaceId, connection, held, post, {
      ...(deadline === undefined ? {} : { deadline }),
      first: post.subscribed(position),
    });
    if (outcome === 'gone') return false;
    if (outcome === 'more') await deliver(db, spaceId, connectionId, post, { deadline });
    return true;
  }
}

/**
 * Delivers what is new to every subscribed connection of the space (the dispatcher, once it has placed
 * a batch's pending entries), up to `head`: the log's head as the dispatcher read it after placing
 * them (headForReading), so neither the fan-out nor its connections' reads sequence again. An event
 * placed after that read is brought by its own entry's fan-out.
 */
export async function fanOut(
  db: Db,
  spaceId: SpaceId,
  post: ConnectionPost,
  head: Pick<LogHeadItem, 'lastEventId'>,
): Promise<number> {
  const connections = await queryAll<
    Pick<StreamConnectionItem, 'connectionId' | 'position' | 'keyId' | 'session'>
  >(db, {
    ...underPrefix(spaceId, STREAM_PREFIX),
    ProjectionExpression: 'connectionId, keyId, #position, #session',
    ExpressionAttributeNames: { '#position': 'position', '#session': 'session' },
    // A subscribe that finished its last look just before this event was placed is found here, or
    // nowhere: an eventually consistent read could still show it unsubscribed.
    ConsistentRead: true,
  });
  if (connections.length === 0) return 0;
  // A connection already at the log's head has nothing to hear: spared a take and a move-on (two
  // writes) on every fan-out that brings it nothing.
  const shared = sharedReads(db, spaceId, head);
  const behind = connections.filter(
    (connection) =>
      connection.position !== undefined &&
      (head.lastEventId === undefined || connection.position !== head.lastEventId),
  );
  // A key revoked (or expired), or a console session ended, since its connections opened: they are
  // closed, not sent anything.
  const [revoked, sessionsEnded] = await Promise.all([
    post.keysRevoked(
      db,
      spaceId,
      behind.map((connection) => connection.keyId),
    ),
    post.sessionsEnded(
      db,
      behind.flatMap((connection) =>
        connection.session === undefined ? [] : [connection.session],
      ),
    ),
  ]);
  const ended = (connection: (typeof behind)[number]) =>
    revoked.has(connection.keyId) ||
    (connection.session !== undefined && sessionsEnded.has(connection.session));
  await Promise.all(
    behind.map(async (connection) => {
      const { connectionId } = connection;
      if (!ended(connection)) return deliver(db, spaceId, connectionId, post, { shared });
      await post.close(connectionId).catch(() => undefined);
      await closeConnection(db, spaceId, connectionId);
    }),
  );
  return behind.filter((connection) => !ended(connection)).length;
}

/** The console session a connection was opened by (StreamConnectionItem.session), if it was. */
export async function sessionOfConnection(
  db: Db,
  spaceId: SpaceId,
  connectionId: string,
): Promise<string | undefined> {
  const connection = await getItem<Pick<StreamConnectionItem, 'session'>>(
    db,
    streamKeys.item(spaceId, connectionId),
    { projection: '#session', names: { '#session': 'session' } },
  );
  return connection?.session;
}

/** Reads a page of the log after a place ('' : its start), up to `head` when the caller read it. */
const readAfter = (
  db: Db,
  spaceId: SpaceId,
  position: string,
  head?: Pick<LogHeadItem, 'lastEventId'>,
): Promise<EventPage> =>
  listEvents(db, spaceId, {
    ...(position === '' ? {} : { after: position }),
    limit: DELIVERY_PAGE,
    head,
  });

/**
 * The first page after each place, read once for a whole fan-out: its connections mostly stand at the
 * same place. A page read before a sender took its connection may lack an event placed since; that
 * event's own fan-out then finds the connection held and tells its sender to look again (`more`).
 */
export type SharedReads = (position: string) => Promise<EventPage>;

function sharedReads(
  db: Db,
  spaceId: SpaceId,
  head: Pick<LogHeadItem, 'lastEventId'>,
): SharedReads {
  const pages = new Map<string, Promise<EventPage>>();
  return (position) => {
    let page = pages.get(position);
    if (!page) {
      page = readAfter(db, spaceId, position, head);
      pages.set(position, page);
    }
    return page;
  };
}

/**
 * Takes the connection for sending: its place and version; `held` when another sender holds it (and
 * has not been cut off); `absent` when it is gone or not subscribed.
 */
async function take(
  db: Db,
  spaceId: SpaceId,
  connectionId: string,
  now: number,
): Promise<StreamConnectionItem | 'held' | 'absent'> {
  try {
    return await updateItem<StreamConnectionItem>(db, {
      Key: streamKeys.item(spaceId, connectionId),
      UpdateExpression: 'SET sendingSince = :now',
      ConditionExpression:
        'attribute_exists(#position) AND (attribute_not_exists(sendingSince) OR sendingSince < :stale)',
      ExpressionAttributeNames: { '#position': 'position' },
      ExpressionAttributeValues: { ':now': now, ':stale': now - STALE_HOLD_MS },
      ReturnValues: 'ALL_NEW',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  } catch (error) {
    const failed = conditionFailure<StreamConnectionItem>(error);
    if (!failed) throw error;
    return failed.item?.position === undefined ? 'absent' : 'held';
  }
}

/**
 * Tells the sender holding the connection that there is more to send: it looks again before it lets
 * go. False when no one holds it any more (let go, or cut off): the caller takes it itself.
 */
async function tellHolder(
  db: Db,
  spaceId: SpaceId,
  connectionId: string,
  now: number,
): Promise<boolean> {
  try {
    await updateItem(db, {
      Key: streamKeys.item(spaceId, connectionId),
      UpdateExpression: 'SET more = :more',
      ConditionExpression: 'sendingSince >= :stale',
      ExpressionAttributeValues: { ':more': true, ':stale': now - STALE_HOLD_MS },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Moves the connection's place to `position`, if this sender still holds it (since `held`): keeping
 * it (from `keep` on) for the next page, or letting it go. `more`: another sender asked it to look
 * again meanwhile; `lost`: another took it over.
 */
async function moveOn(
  db: Db,
  spaceId: SpaceId,
  connectionId: string,
  held: number,
  position: string,
  keep?: number,
): Promise<'kept' | 'let go' | 'more' | 'lost'> {
  try {
    const before = await updateItem<StreamConnectionItem>(db, {
      Key: streamKeys.item(spaceId, connectionId),
      UpdateExpression:
        keep === undefined
          ? 'SET #position = :position REMOVE sendingSince, more'
          : 'SET #position = :position, sendingSince = :keep',
      ConditionExpression: 'sendingSince = :held',
      ExpressionAttributeNames: { '#position': 'position' },
      ExpressionAttributeValues: {
        ':position': position,
        ':held': held,
        ...(keep === undefined ? {} : { ':keep': keep }),
      },
      ReturnValues: 'ALL_OLD',
    });
    if (keep !== undefined) return 'kept';
    return before?.more ? 'more' : 'let go';
  } catch (error) {
    if (isConditionFailure(error)) return 'lost';
    throw error;
  }
}

/**
 * What a sender does once it holds a connection: sends `first` (a frame), then every event after its
 * place, oldest first, and lets go at the last place read. `more`: another sender asked it to look
 * again as it let go. `gone`: the connection is no more (410: forgotten; any other failure: closed and
 * forgotten, so that its client reconnects from its last event rather than miss one; or out of time
 * past `deadline`, closed after what was sent, for the same reason). A failure lets go before it is
 * thrown, so that the next sender need not wait for the hold to go stale.
 */
async function sendHeld(
  db: Db,
  spaceId: SpaceId,
  connection: StreamConnectionItem,
  held: number,
  post: ConnectionPost,
  options: { first?: string; firstPage?: Promise<EventPage>; deadline?: number | undefined },
): Promise<'let go' | 'more' | 'gone' | 'lost'> {
  const { connectionId } = connection;
  let position = connection.position ?? '';
  let since = held;
  const forget = async (failed: boolean) => {
    if (failed) await post.close(connectionId).catch(() => undefined);
    await closeConnection(db, spaceId, connectionId);
    return 'gone' as const;
  };
  const send = (frame: string) => post.post(connectionId, frame).catch(() => 'failed' as const);
  try {
    if (options.first !== undefined) {
      const sent = await send(options.first);
      if (sent !== 'sent') return await forget(sent === 'failed');
    }
    let page = await (options.firstPage ?? readAfter(db, spaceId, position));
    for (;;) {
      for (const event of page.events) {
        if (options.deadline !== undefined && Date.now() > options.deadline)
          return await forget(true);
        const sent = await send(post.frame(event, connection.apiVersion));
        if (sent !== 'sent') return await forget(sent === 'failed');
        position = event.id;
      }
      // Past the events sent, to the last place read: a change that records no event is read past too,
      // so a connection that has heard everything stands at the log's head.
      position = page.nextCursor ?? position;
      if (!page.hasMore) break;
      // A long backlog: the place reached is kept, and the hold renewed, page by page.
      const renewed = Date.now();
      if ((await moveOn(db, spaceId, connectionId, since, position, renewed)) === 'lost')
        return 'lost';
      since = renewed;
      page = await readAfter(db, spaceId, position);
    }
  } catch (error) {
    await moveOn(db, spaceId, connectionId, since, position).catch(() => undefined);
    throw error;
  }
  const released = await moveOn(db, spaceId, connectionId, since, position);
  return released === 'kept' ? 'let go' : released;
}

/**
 * Sends a connection every event after its place, oldest first, while it can take it; when another
 * sender holds it, tells that one to look again instead. `shared`: a fan-out's reads of the first page
 * after each place; `deadline`: as for subscribe.
 */
export async function deliver(
  db: Db,
  spaceId: SpaceId,
  connectionId: string,
  post: ConnectionPost,
  options: { shared?: SharedReads; deadline?: number | undefined } = {},
): Promise<void> {
  for (let round = 0; ; round++) {
    const held = Date.now();
    const connection = await take(db, spaceId, connectionId, held);
    if (connection === 'absent') return;
    if (connection === 'held') {
      if (await tellHolder(db, spaceId, connectionId, held)) return;
      continue;
    }
    const outcome = await sendHeld(db, spaceId, connection, held, post, {
      // A round after the first was asked for by a sender that came later: what it saw is read afresh.
      ...(options.shared && round === 0
        ? { firstPage: options.shared(connection.position ?? '') }
        : {}),
      deadline: options.deadline,
    });
    if (outcome !== 'more') return;
  }
}
