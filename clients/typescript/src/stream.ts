/**
 * The event stream (`wss://<the API's domain>/api/v1/events/stream`): the log pushed over a WebSocket,
 * each event as GET /events shows it, as soon as it is committed. A connection holds no server-side
 * function while it waits, and spends none of the key's hour but its upgrade. API Gateway closes a
 * connection after 10 minutes without a message (a ping every 5 keeps it) and after 2 hours: the
 * stream reconnects on its own, after the last event it gave, spread out so that connections that end
 * together (a stage replaced, the 2 hours of connections opened together) do not come back together
 * against API Gateway's 500 new connections a second per account.
 */

/** What the stream needs of a WebSocket: the WHATWG one (Node ≥ 22's global), given headers as Node's takes them. */
export interface StreamSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (message: { data: unknown }) => void): void;
}
/** Opens a socket to `url` with these request headers (the API key rides in one). */
export type StreamSocketFactory = (url: string, headers: Record<string, string>) => StreamSocket;

/** Node's global WebSocket (22 and later), which takes request headers as its second argument's `headers`. */
export function defaultSocketFactory(): StreamSocketFactory | undefined {
  const Native = (globalThis as { WebSocket?: new (url: string, init: object) => StreamSocket })
    .WebSocket;
  return Native ? (url, headers) => new Native(url, { headers }) : undefined;
}

/** The keep-alive API Gateway answers itself (no function runs): one every 5 minutes, inside its 10 idle. */
const PING = JSON.stringify({ action: 'ping' });
export const PING_INTERVAL_MS = 5 * 60_000;
/** How long without a frame ends a run of them (the dispatcher posts a batch's events together). */
const IDLE_AFTER_MS = 300;

/**
 * After a connection ends (its 2 hours, idle, going away, the network), the next opens after a random
 * wait up to this (full jitter): N connections dropped together come back at N/30 a second, 10,000 at
 * 333, under API Gateway's 500 new connections a second per account.
 */
export const RECONNECT_WINDOW_MS = 30_000;
/** After a failed open or a subscribe refused with a retry: a random wait up to 1 s, doubling each failure in a row, at most this. */
export const RECONNECT_BACKOFF_MS = { first: 1_000, most: 60_000 };
/** Failures in a row to reopen after which `events.follow` takes the long-poll (and tries the stream again later). */
export const STREAM_TRIES = 5;
/** On the long-poll after the stream failed, it is tried again after this, jittered (half to one and a half times): 5 minutes. */
export const STREAM_RETRY_MS = 5 * 60_000;

/** A frame of the stream: an event, the subscribe's answer, a pong, or a refusal in the envelope. */
export type StreamFrame<E> =
  | { type: 'event'; event: E }
  | { type: 'subscribed'; after: string | null }
  | { type: 'pong' }
  /** not sent by the server: the connection has given every frame it has, and waits */
  | { type: 'idle' }
  /** a subscribe refused, in the envelope, with its HTTP status: a 5xx, 429 or 409 is worth a retry */
  | StreamRefusal
  | { type?: undefined; message: string };

/** A subscribe's refusal: the error envelope (GET /events would answer the same), with its HTTP status. */
export interface StreamRefusal {
  type: 'error';
  status?: number;
  error: string;
  code?: string;
  requestId?: string;
  retryAfterMs?: number;
  details?: { field: string; rule: string; message: string }[];
}

/** A subscribe refused for good (a bad `after`, a key revoked since the upgrade): the client throws it as HiringApiError. */
export class StreamRefused extends Error {
  override readonly name = 'StreamRefused';
  constructor(readonly frame: StreamRefusal) {
    super(`The event stream refused the subscribe: ${frame.error}`);
  }
}

/** The stream could not be opened (a deployment without it, or a network that refuses WebSockets). */
export class StreamUnavailable extends Error {
  override readonly name = 'StreamUnavailable';
}

export interface StreamConnectOptions {
  /** the API's base URL with its prefix (https://…/api/v1): the stream is at …/events/stream */
  baseUrl: string;
  headers: Record<string, string>;
  socket: StreamSocketFactory;
  pingIntervalMs?: number;
  /** how long the upgrade and the subscribe may take (default 10 s) */
  openTimeoutMs?: number;
  signal?: AbortSignal | undefined;
}

/** The stream's URL for an API base URL: http(s) becomes ws(s). */
export const streamUrl = (baseUrl: string) =>
  `${baseUrl.replace(/\/+$/, '').replace(/^http/, 'ws')}/events/stream`;

/**
 * One connection's frames, subscribed after `after` (none: from now on): the `subscribed` frame first,
 * then each event, until the connection closes (the generator then ends) or `signal` aborts. Throws
 * StreamUnavailable when it cannot open or a subscribe is refused with a retry (a 5xx, 429 or 409), and
 * StreamRefused with the envelope when the subscribe is refused for good.
 */
export async function* streamFrames<E>(
  options: StreamConnectOptions,
  after: string | undefined,
): AsyncGenerator<StreamFrame<E>> {
  const { signal } = options;
  const queue: StreamFrame<E>[] = [];
  let wake: (() => void) | undefined;
  let state = 'opening' as 'opening' | 'open' | 'closed';
  const socket = options.socket(streamUrl(options.baseUrl), options.headers);
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  socket.addEventListener('open', () => {
    state = 'open';
    socket.send(JSON.stringify({ action: 'subscribe', ...(after ? { after } : {}) }));
    notify();
  });
  socket.addEventListener('message', ({ data }) => {
    try {
      queue.push(JSON.parse(String(data)) as StreamFrame<E>);
    } catch {
      return;
    }
    notify();
  });
  let socketClosed = false;
  const closed = () => {
    state = 'closed';
    notify();
  };
  socket.addEventListener('close', () => {
    socketClosed = true;
    closed();
  });
  socket.addEventListener('error', closed);
  const stop = () => {
    socket.close(1000);
    notify();
  };
  signal?.addEventListener('abort', stop, { once: true });
  const ping = setInterval(() => {
    if (state === 'open') socket.send(PING);
  }, options.pingIntervalMs ?? PING_INTERVAL_MS);
  const opening = setTimeout(closed, options.openTimeoutMs ?? 10_000);
  let subscribed = false;
  let idle = false;
  /** events that came before the subscribe's answer (a server that sent them first): given after it */
  const early: StreamFrame<E>[] = [];
  try {
    for (;;) {
      const frame = queue.shift();
      if (frame) {
        idle = false;
        if (frame.type === 'subscribed') {
          subscribed = true;
          clearTimeout(opening);
          yield frame;
          yield* early.splice(0);
        } else if (frame.type === 'error') {
          const retry =
            frame.status === undefined || frame.status >= 500 || [409, 429].includes(frame.status);
          // A refusal worth a retry ends this connection; the follower backs off, then opens another after its place.
          if (retry)
            throw new StreamUnavailable(`The event stream could not subscribe: ${frame.error}`);
          throw new StreamRefused(frame);
        } else if (frame.type === 'event') {
          if (subscribed) yield frame;
          else early.push(frame);
        }
        continue;
      }
      if (state === 'closed' || signal?.aborted) {
        if (!subscribed && !signal?.aborted)
          throw new StreamUnavailable(
            `The event stream at ${streamUrl(options.baseUrl)} did not open`,
          );
        return;
      }
      // Waiting: said once a run of frames has ended (none for a moment), not between two of a batch.
      const quiet = subscribed && !idle;
      const woken = await new Promise<boolean>((resolve) => {
        const timer = quiet ? setTimeout(() => resolve(false), IDLE_AFTER_MS) : undefined;
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      if (!woken) {
        idle = true;
        yield { type: 'idle' };
      }
    }
  } finally {
    clearInterval(ping);
    clearTimeout(opening);
    signal?.removeEventListener('abort', stop);
    // Also one given up on (it did not open or answer in time): it would go on being sent events.
    if (!socketClosed) socket.close(1000);
  }
}
