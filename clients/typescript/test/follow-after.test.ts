import { describe, expect, it } from 'vitest';
import {
  HiringApiError,
  HiringClient,
  type StreamSocket,
  type StreamSocketFactory,
} from '../src/index.js';

/** An event stream stand-in: keeps each subscribe, answers it with the frames `answer` gives for it. */
function fakeStream(answer: (subscribe: { after?: string }) => object[]) {
  const subscribes: { after?: string }[] = [];
  const socket: StreamSocketFactory = () => {
    const listeners = new Map<string, ((message?: { data: unknown }) => void)[]>();
    const emit = (type: string, message?: { data: unknown }) =>
      listeners.get(type)?.forEach((listener) => listener(message));
    let readyState = 0;
    setTimeout(() => {
      readyState = 1;
      emit('open');
    });
    return {
      get readyState() {
        return readyState;
      },
      send(data: string) {
        const message = JSON.parse(data) as { action: string; after?: string };
        if (message.action !== 'subscribe') return;
        subscribes.push(message);
        setTimeout(() => {
          for (const frame of answer(message)) emit('message', { data: JSON.stringify(frame) });
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
  return { subscribes, socket };
}

/** A fake GET /events: the end of the log at once; the URLs asked. */
function fakeLog() {
  const asked: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    asked.push(new URL(String(input)));
    return new Response(
      JSON.stringify({ success: true, data: [], pagination: { hasMore: false } }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
  };
  return { asked, fetch };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The instant an event id (a ULID) was made at, in epoch milliseconds. */
const millisecondsOf = (position: string) =>
  [...position.slice(4, 14)].reduce((ms, character) => ms * 32 + CROCKFORD.indexOf(character), 0);

describe('events.follow after `now`, a Date or an instant, and a refused subscribe', () => {
  it('subscribes on the stream from now on: `now` becomes the position of this instant', async () => {
    const event = { id: 'evt_7ZZZZZZZZZZZZZZZZZZZZZZZZZ', type: 'jd.created', data: {} };
    const { subscribes, socket } = fakeStream(({ after }) => [
      { type: 'subscribed', after: after ?? null },
      { type: 'event', event },
    ]);
    const client = new HiringClient({
      baseUrl: 'http://api.test/api/v1',
      apiKey: 'hk_test_x',
      webSocket: socket,
    });

    const seen: string[] = [];
    for await (const followed of client.events.follow({
      after: 'now',
      signal: AbortSignal.timeout(3_000),
    })) {
      seen.push(followed.event.id);
      break;
    }

    expect(seen).toEqual([event.id]);
    expect(subscribes[0]?.after).toMatch(/^evt_[0-9A-Z]{10}0{16}$/);
    expect(Math.abs(millisecondsOf(subscribes[0]?.after ?? '') - Date.now())).toBeLessThan(10_000);
  });

  it('asks the long-poll from the same place: `now` and a Date as a cursor, an ISO instant as `after`', async () => {
    const { asked, fetch } = fakeLog();
    const client = new HiringClient({
      baseUrl: 'http://api.test/api/v1',
      apiKey: 'hk_test_x',
      fetch,
      webSocket: null,
    });
    const firstLook = async (after: string | Date) => {
      const stop = new AbortController();
      for await (const _ of client.events.follow({
        after,
        signal: stop.signal,
        onWaiting: () => stop.abort(),
      }));
    };

    await firstLook('now');
    await firstLook(new Date('2026-11-28T09:00:00Z'));
    await firstLook('2026-11-28T09:00:00Z');

    expect(asked[0]?.searchParams.get('cursor')).toMatch(/^evt_[0-9A-Z]{10}0{16}$/);
    expect(asked[0]?.searchParams.has('after')).toBe(false);
    expect(asked[1]?.searchParams.get('cursor')).toBe('evt_01M8GP3ZM00000000000000000');
    expect([asked[2]?.searchParams.get('after'), asked[2]?.searchParams.has('cursor')]).toEqual([
      '2026-11-28T09:00:00Z',
      false,
    ]);
  });

  it('throws a refused subscribe as HiringApiError, with the envelope’s status and code', async () => {
    const { socket } = fakeStream(() => [
      {
        type: 'error',
        status: 400,
        success: false,
        error: 'Invalid message',
        code: 'validation_failed',
        requestId: 'r-9',
        details: [{ field: 'after', rule: 'custom', message: 'must be an event id' }],
      },
    ]);
    const client = new HiringClient({
      baseUrl: 'http://api.test/api/v1',
      apiKey: 'hk_test_x',
      webSocket: socket,
    });

    const refused = await (async () => {
      for await (const _ of client.events.follow({
        after: 'yesterday',
        signal: AbortSignal.timeout(3_000),
      }));
    })().catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(HiringApiError);
    expect(refused).toMatchObject({ status: 400, code: 'validation_failed', requestId: 'r-9' });
    expect((refused as HiringApiError).details?.map((detail) => detail.field)).toEqual(['after']);
  });
});
