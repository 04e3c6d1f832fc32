import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../../lib/db/spaces.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import {
  type ConnectionPost,
  deliver,
  openConnection,
  subscribe,
} from '../../lib/events/stream.js';
import { getEventItem, listEvents } from '../../lib/events/store.js';
import { Dispatcher, placeAndStream } from '../../lib/composition/dispatcher.js';
import { createJd } from '../../lib/jds/api.js';
import { currentVersion } from '../../lib/versions/shape.js';
import { streamOutput } from '../../lib/composition/event-stream.js';
import { newTenantId, useTestDb } from '../helpers/db.js';
import { createDb } from '../../lib/db/client.js';
import { queryPage } from '../../lib/db/dynamo.js';
import { underPrefix } from '../../lib/db/ids.js';
import { PENDING_PREFIX, type PendingEntryItem } from '../../lib/db/log/entries.js';

const db = useTestDb();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 10);

/** Connections as a management API holds them: what each received, in order; a gone one answers 410. */
function connections() {
  const received = new Map<string, string[]>();
  const gone = new Set<string>();
  const closed: string[] = [];
  const subscribed: string[] = [];
  const post: ConnectionPost = streamOutput({
    post: async (connectionId, frame) => {
      if (gone.has(connectionId)) return 'gone';
      // A frame's send takes a moment, so that senders interleave as they would.
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 6));
      const parsed = JSON.parse(frame) as { type: string; event?: { id: string } };
      if (parsed.type === 'subscribed') subscribed.push(connectionId);
      else {
        const frames = received.get(connectionId) ?? [];
        frames.push(parsed.event?.id ?? '?');
        received.set(connectionId, frames);
      }
      return 'sent';
    },
    close: async (connectionId) => {
      closed.push(connectionId);
    },
  });
  // The keys here are names, not keys: none is revoked (the stream end to end checks real ones).
  post.keysRevoked = async () => new Set();
  return { post, received, gone, closed, subscribed };
}

/**
 * `post`, with the first frame that `stops` held at a gate: its sender holds the connection until
 * `release()`; `reached` resolves once a frame waits there.
 */
function gated(post: ConnectionPost, stops: (type: string) => boolean) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  let stopped = false;
  const order: string[] = [];
  const output: ConnectionPost = {
    ...post,
    post: async (connectionId, frame) => {
      const { type } = JSON.parse(frame) as { type: string };
      if (!stopped && stops(type)) {
        stopped = true;
        arrived();
        await gate;
      }
      order.push(type);
      return post.post(connectionId, frame);
    },
  };
  return { output, reached, release, order };
}

/** A connection opened (as its upgrade leaves it) in `spaceId`, not yet subscribed. */
const opened = (spaceId: SpaceId, connectionId: string) =>
  openConnection(db(), spaceId, { connectionId, keyId: 'k', apiVersion: currentVersion() });

const writeJd = (spaceId: SpaceId, n: number) =>
  createJd(db(), spaceId, { title: `Role ${n}`, description: 'd', createdById: 'u' });

async function eventIds(spaceId: SpaceId): Promise<string[]> {
  const page = await listEvents(db(), spaceId, { limit: 1000 });
  return page.events.map((event) => event.id);
}

describe('the event stream: delivery to subscribed connections', () => {
  it('sends what follows the subscribe, or what follows `after`, each event once and in order', async () => {
    const spaceId = newTenantId('stream');
    await ensureTenant(db(), spaceId);
    await writeJd(spaceId, 0);
    const [first] = await eventIds(spaceId);
    await writeJd(spaceId, 1);
    const { post, received } = connections();
    await opened(spaceId, 'now');
    await opened(spaceId, 'resumed');

    await subscribe(db(), spaceId, 'now', undefined, post);
    await subscribe(db(), spaceId, 'resumed', first, post);
    await writeJd(spaceId, 2);
    await placeAndStream(db(), spaceId, post);

    const all = await eventIds(spaceId);
    expect(all).toHaveLength(3);
    expect(received.get('now')).toEqual(all.slice(2));
    expect(received.get('resumed')).toEqual(all.slice(1));
  });

  it('replaces a subscribe with the next on the same connection, going on from the later of its after and what was sent: no event twice', async () => {
    const spaceId = newTenantId('stream-again');
    await ensureTenant(db(), spaceId);
    for (let n = 0; n < 3; n++) await writeJd(spaceId, n);
    const all = await eventIds(spaceId);
    const { post, received } = connections();
    const frames: string[] = [];
    const output: ConnectionPost = {
      ...post,
      subscribed: (after) => {
        frames.push(after);
        return post.subscribed(after);
      },
    };
    await opened(spaceId, 'c');

    await subscribe(db(), spaceId, 'c', '', output);
    await subscribe(db(), spaceId, 'c', '', output);
    await subscribe(db(), spaceId, 'c', all[0], output);
    // A later place than the one reached: the connection goes on from there.
    await writeJd(spaceId, 3);
    await writeJd(spaceId, 4);
    const later = (await eventIds(spaceId))[3] as string;
    await subscribe(db(), spaceId, 'c', later, output);
    await writeJd(spaceId, 5);
    await placeAndStream(db(), spaceId, output);

    const now = await eventIds(spaceId);
    expect(received.get('c')).toEqual([...all, ...now.slice(4)]);
    expect(frames).toEqual(['', all[2], all[2], later]);
  });

  it('delivers an event placed while another sender holds the connection: its fan-out tells the holder, which looks again before letting go', async () => {
    const spaceId = newTenantId('stream-held');
    await ensureTenant(db(), spaceId);
    await writeJd(spaceId, 0);
    const { post, received } = connections();
    // The first event's send waits at the gate: its sender holds the connection meanwhile.
    const { output, reached, release } = gated(post, (type) => type === 'event');
    await opened(spaceId, 'c');

    const first = subscribe(db(), spaceId, 'c', '', output);
    await reached;
    await writeJd(spaceId, 1);
    await placeAndStream(db(), spaceId, output);
    release();
    await first;

    expect(received.get('c')).toEqual(await eventIds(spaceId));
    expect(received.get('c')).toHaveLength(2);
  });

  it('sends the subscribed frame before any event, even when a fan-out comes between the subscribe and its frame', async () => {
    const spaceId = newTenantId('stream-first');
    await ensureTenant(db(), spaceId);
    const { post, received } = connections();
    const { output, reached, release, order } = gated(post, (type) => type === 'subscribed');
    await opened(spaceId, 'c');

    const subscribing = subscribe(db(), spaceId, 'c', '', output);
    await reached;
    await writeJd(spaceId, 0);
    await placeAndStream(db(), spaceId, output);
    release();
    await subscribing;

    expect(order).toEqual(['subscribed', 'event']);
    expect(received.get('c')).toEqual(await eventIds(spaceId));
  });

  it('lets go of a connection when sending fails, so that the next sender need not wait for its hold to go stale', async () => {
    const spaceId = newTenantId('stream-fail');
    await ensureTenant(db(), spaceId);
    await writeJd(spaceId, 0);
    const { post, received } = connections();
    await opened(spaceId, 'c');
    await subscribe(db(), spaceId, 'c', undefined, post);
    await writeJd(spaceId, 1);
    const broken: ConnectionPost = {
      ...post,
      frame: () => {
        throw new Error('a frame that cannot be made');
      },
    };

    await expect(deliver(db(), spaceId, 'c', broken)).rejects.toThrow('cannot be made');
    await deliver(db(), spaceId, 'c', post);

    expect(received.get('c')).toEqual((await eventIds(spaceId)).slice(1));
  });

  it('sends every event once and in order however deliveries race with writes and subscribes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.constantFrom('write', 'deliver', 'fanOut'), fc.integer({ min: 0, max: 40 })),
          { minLength: 4, maxLength: 14 },
        ),
        fc.integer({ min: 0, max: 3 }),
        async (steps, earlier) => {
          const spaceId = newTenantId('stream-race');
          await ensureTenant(db(), spaceId);
          for (let n = 0; n < earlier; n++) await writeJd(spaceId, n);
          // After the last event there is, or from the log's start ('') when there is none: a
          // subscribe without `after` starts at the head, which the racing writes may have passed.
          const after = (await eventIds(spaceId)).at(-1) ?? '';
          const { post, received } = connections();
          await opened(spaceId, 'c');
          // Everything races: writes commit while deliveries and the subscribe send. Each write is
          // followed by the dispatcher's fan-out, as the table's stream brings its event, and by
          // nothing else: an event a fan-out passes over (the connection held) must still arrive.
          // Each step starts after its own delay, so that a last write's fan-out can be the only
          // one to come while an earlier sender still holds the connection.
          await Promise.all([
            subscribe(db(), spaceId, 'c', after, post),
            ...steps.map(async ([step, delayMs], n) => {
              await new Promise((resolve) => setTimeout(resolve, delayMs));
              if (step === 'write')
                await writeJd(spaceId, earlier + n).then(() => placeAndStream(db(), spaceId, post));
              else if (step === 'deliver') await deliver(db(), spaceId, 'c', post);
              else await placeAndStream(db(), spaceId, post);
            }),
          ]);
          const all = await eventIds(spaceId);
          expect(received.get('c') ?? []).toEqual(all.slice(earlier));
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('forgets a connection that is gone (410), and closes one that fails otherwise', async () => {
    const spaceId = newTenantId('stream-gone');
    await ensureTenant(db(), spaceId);
    const { post, received, gone, closed } = connections();
    await opened(spaceId, 'gone');
    await opened(spaceId, 'broken');
    await subscribe(db(), spaceId, 'gone', undefined, post);
    await subscribe(db(), spaceId, 'broken', undefined, post);
    gone.add('gone');
    const failing: ConnectionPost = {
      ...post,
      post: (connectionId, frame) =>
        connectionId === 'broken'
          ? Promise.reject(new Error('socket hang up'))
          : post.post(connectionId, frame),
    };

    await writeJd(spaceId, 0);
    expect(await placeAndStream(db(), spaceId, failing)).toBe(2);
    await writeJd(spaceId, 1);

    expect(await placeAndStream(db(), spaceId, failing)).toBe(0);
    expect(received.size).toBe(0);
    expect(closed).toEqual(['broken']);
  });

  it('is delivered to by the webhook dispatcher from the pending entries the table stream brings, with one visit of the sequencer; the events’ own records then read nothing of the log', async () => {
    const spaceId = newTenantId('stream-dispatch');
    await ensureTenant(db(), spaceId);
    const { post, received } = connections();
    await opened(spaceId, 'c');
    await subscribe(db(), spaceId, 'c', undefined, post);
    await writeJd(spaceId, 0);
    await writeJd(spaceId, 1);
    // The records the stream brings: the writes' pending entries, then (a batch later) their events.
    const { items: pending } = await queryPage<PendingEntryItem>(db(), {
      ...underPrefix(spaceId, PENDING_PREFIX),
      ConsistentRead: true,
    });
    expect(pending).toHaveLength(2);
    const calls: { command: string; sk?: string }[] = [];
    const counted = createDb({
      endpoint: process.env.DYNAMODB_ENDPOINT,
      tableName: db().tableName,
    });
    counted.client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as {
          Key?: { sk?: unknown };
          ExpressionAttributeValues?: Record<string, unknown>;
        };
        const values = [input.Key?.sk, ...Object.values(input.ExpressionAttributeValues ?? {})].map(
          String,
        );
        calls.push({
          command: String(context.commandName),
          sk: values.find((v) => v.startsWith('LOG#')),
        });
        return next(args);
      },
      { step: 'initialize', name: 'countCalls' },
    );

    const placing = new Dispatcher(counted, { send: async () => {} }, post);
    for (const entry of pending) await placing.dispatch(entry);
    const ids = await eventIds(spaceId);
    expect(received.get('c')).toEqual(ids);
    // One look at the pending entries (a strongly consistent Query of the log's prefix) and one read of
    // the head, for the batch: the fan-out and the connection's page read up to that head.
    const logQueries = calls.filter(
      (call) => call.command === 'QueryCommand' && call.sk?.startsWith('LOG#'),
    );
    expect(logQueries).toHaveLength(1);
    expect(calls.filter((call) => call.command === 'GetItemCommand')).toHaveLength(1);

    calls.length = 0;
    const events = await Promise.all(ids.map((id) => getEventItem(db(), spaceId, id)));
    const queuing = new Dispatcher(counted, { send: async () => {} }, post);
    for (const event of events) if (event) await queuing.dispatch(event);
    expect(received.get('c')).toEqual(ids);
    expect(calls.filter((call) => call.sk?.startsWith('LOG#'))).toEqual([]);
  });
});
