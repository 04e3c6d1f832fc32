import { describe, expect, it } from 'vitest';
import { HiringClient, type StreamSocket, type StreamSocketFactory } from '../src/index.js';

/**
 * One connection of a scripted event stream: refused before it opens (API Gateway's 429 to a storm of
 * upgrades, a stage being replaced), or answering its subscribe with `frames`, then closed by the
 * server (`close`: its 2 hours, going away) or held open.
 */
type Connection =
  'refuse' | { frames: (subscribe: { after?: string }) => object[]; close?: boolean };

/** An event stream stand-in: connection n follows `script[n]` (the last one from there on). */
function scriptedStream(script: Connection[]) {
  const subscribes: { after?: string }[] = [];
  let opened = 0;
  const socket: StreamSocketFactory = () => {
    const plan = script[Math.min(opened++, script.length - 1)] as Connection;
    const listeners = new Map<string, ((message?: { data: unknown }) => void)[]>();
    const emit = (type: string, message?: { data: unknown }) =>
      listeners.get(type)?.forEach((listener) => listener(message));
    let readyState = 0;
    setTimeout(() => {
      if (plan === 'refuse') {
        readyState = 3;
        emit('error');
        emit('close');
        return;
      }
      readyState = 1;
      emit('open');
    });
    return {
      get readyState() {
        return readyState;
      },
      send(data: string) {
        const message = JSON.parse(data) as { action: string; after?: string };
        if (message.action !== 'subscribe' || plan === 'refuse') return;
        subscribes.push(message);
        setTimeout(() => {
          for (const frame of plan.frames(message))
            emit('message', { data: JSON.stringify(frame) });
          if (plan.close) {
            readyState = 3;
            emit('close');
          }
        });
      },
      close() {
        if (readyState === 3) return;
        readyState = 3;
        setTimeout(() => emit('close'));
      },
      addEventListener(type: string, listener: (message?: { data: unknown }) => void) {
        listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      },
    } as StreamSocket;
  };
  return { subscribes, socket, connections: () => opened };
}

/** A fake GET /events: the pages given, one a request, then the end of the log (after a moment, as a long-poll). */
function fakeLog(pages: object[][]) {
  const asked: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    asked.push(new URL(String(input)));
    const data = pages.shift();
    if (!data) await new Promise((resolve) => setTimeout(resolve, 50));
    return new Response(
      JSON.stringify({ success: true, data: data ?? [], pagination: { hasMore: false } }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
  };
  return { asked, fetch };
}

const event = (letter: string) => ({
  id: `evt_01KB000000000000000000000${letter}`,
  type: 'jd.created',
  data: {},
});
const [e1, e2, e3] = ['A', 'B', 'C'].map(event) as [
  ReturnType<typeof event>,
  ReturnType<typeof event>,
  ReturnType<typeof event>,
];
const subscribed = ({ after }: { after?: string }) => ({
  type: 'subscribed',
  after: after ?? null,
});
/** A connection that gives `events` after its subscribe, then is closed by the server. */
const closesAfter = (...events: object[]): Connection => ({
  frames: (subscribe) => [
    subscribed(subscribe),
    ...events.map((given) => ({ type: 'event', event: given })),
  ],
  close: true,
});
/** A connection that gives `events` after its subscribe and stays open. */
const staysOpenWith = (...events: object[]): Connection => ({
  frames: (subscribe) => [
    subscribed(subscribe),
    ...events.map((given) => ({ type: 'event', event: given })),
  ],
});

/**
 * Follows until `done` says so (or 3 s pass): the events' ids, how it said it waited, and every wait it
 * asked for (the sleep is the test's: none is waited), with `random` as the source of its jitter.
 */
async function follow(
  stream: ReturnType<typeof scriptedStream>,
  log: ReturnType<typeof fakeLog>,
  options: {
    random: () => number;
    streamRetryMs?: number;
    done: (seen: string[], waiting: string[]) => boolean;
  },
) {
  const client = new HiringClient({
    baseUrl: 'http://api.test/api/v1',
    apiKey: 'hk_test_x',
    webSocket: stream.socket,
    fetch: log.fetch,
  });
  const seen: string[] = [];
  const waiting: string[] = [];
  const waits: number[] = [];
  const stop = new AbortController();
  const timeout = setTimeout(() => stop.abort(), 3_000);
  const check = setInterval(() => options.done(seen, waiting) && stop.abort(), 10);
  for await (const { event: given } of client.events.follow({
    after: 'evt_01KB0000000000000000000000',
    signal: stop.signal,
    random: options.random,
    sleep: async (ms) => void waits.push(ms),
    ...(options.streamRetryMs === undefined ? {} : { streamRetryMs: options.streamRetryMs }),
    onWaiting: ({ via }) => {
      waiting.push(via);
      if (options.done(seen, waiting)) stop.abort();
    },
  })) {
    seen.push(given.id);
    if (options.done(seen, waiting)) stop.abort();
  }
  clearTimeout(timeout);
  clearInterval(check);
  return { seen, waiting, waits };
}

describe('events.follow reconnects without a storm, and goes back to the stream', () => {
  it('reopens a connection that ended after a random wait within the window (30 s), from the last event given', async () => {
    const stream = scriptedStream([
      closesAfter(e1),
      closesAfter(),
      closesAfter(e2),
      staysOpenWith(e3),
    ]);
    const log = fakeLog([]);
    const jitter = [0, 0.999, 0.25];
    let n = 0;

    const { seen, waits } = await follow(stream, log, {
      random: () => jitter[n++ % jitter.length] as number,
      done: (seen) => seen.length === 3,
    });

    expect(seen).toEqual([e1.id, e2.id, e3.id]);
    // Each reopen waits a random part of the window: connections that ended together come back spread over it.
    expect(waits).toEqual([0, 29_970, 7_500]);
    expect(stream.subscribes.map(({ after }) => after)).toEqual([
      'evt_01KB0000000000000000000000',
      e1.id,
      e1.id,
      e2.id,
    ]);
    expect(log.asked).toEqual([]);
  });

  it('backs off with full jitter when a reopen fails, and does not give up after 3 failures', async () => {
    const stream = scriptedStream([
      closesAfter(e1),
      'refuse',
      'refuse',
      'refuse',
      staysOpenWith(e2),
    ]);
    const log = fakeLog([]);

    const { seen, waits } = await follow(stream, log, {
      random: () => 0.5,
      done: (seen) => seen.length === 2,
    });

    expect(seen).toEqual([e1.id, e2.id]);
    // The window after the close, then half of 1 s, 2 s and 4 s: a back-off doubling, fully jittered.
    expect(waits).toEqual([15_000, 500, 1_000, 2_000]);
    expect(stream.subscribes.at(-1)?.after).toBe(e1.id);
    expect(log.asked).toEqual([]);
  });

  it('backs off after a subscribe refused with a retry (a 503 frame), not the window of a close', async () => {
    const stream = scriptedStream([
      {
        frames: (subscribe) => [
          subscribed(subscribe),
          { type: 'event', event: e1 },
          { type: 'error', status: 503, error: 'Service unavailable', code: 'unavailable' },
        ],
      },
      staysOpenWith(e2),
    ]);

    const { seen, waits } = await follow(stream, fakeLog([]), {
      random: () => 0.5,
      done: (seen) => seen.length === 2,
    });

    expect(seen).toEqual([e1.id, e2.id]);
    expect(waits).toEqual([500]);
    expect(stream.subscribes[1]?.after).toBe(e1.id);
  });

  it('goes back to the stream after the long-poll took over: from the cursor, nothing lost, nothing twice, and says so', async () => {
    const stream = scriptedStream(['refuse', staysOpenWith(e2)]);
    const log = fakeLog([[e1]]);

    const { seen, waiting } = await follow(stream, log, {
      random: () => 0.5,
      streamRetryMs: 0,
      done: (seen, waiting) => seen.length === 2 && waiting.at(-1) === 'stream',
    });

    expect(seen).toEqual([e1.id, e2.id]);
    expect(waiting).toEqual(['long-poll', 'stream']);
    expect(log.asked.length).toBe(1);
    expect(stream.subscribes.map(({ after }) => after)).toEqual([e1.id]);
  });

  it('after 5 failed reopens it takes the long-poll, then opens the stream again', async () => {
    const stream = scriptedStream([
      closesAfter(e1),
      ...Array.from({ length: 5 }, () => 'refuse' as const),
      staysOpenWith(e3),
    ]);
    const log = fakeLog([[e2]]);

    const { seen, waits } = await follow(stream, log, {
      random: () => 0.5,
      streamRetryMs: 0,
      done: (seen) => seen.length === 3,
    });

    expect(seen).toEqual([e1.id, e2.id, e3.id]);
    expect(waits).toEqual([15_000, 500, 1_000, 2_000, 4_000]);
    expect(stream.connections()).toBe(7);
    expect(stream.subscribes.at(-1)?.after).toBe(e2.id);
  });

  it('tries the stream again only minutes after a fallback, not at every look', async () => {
    const stream = scriptedStream(['refuse', staysOpenWith(e2)]);
    const log = fakeLog([[e1], [], []]);

    const { seen } = await follow(stream, log, {
      random: () => 0,
      done: (_seen, waiting) => waiting.length > 0 && log.asked.length >= 3,
    });

    expect(seen).toEqual([e1.id]);
    expect(stream.connections()).toBe(1);
  });
});
