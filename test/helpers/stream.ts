import WebSocket from 'ws';
import { EVENT_STREAM_PATH } from '../../lib/events/stream.js';

/** A frame of the event stream, as a client reads it. */
export interface StreamFrame {
  type: string;
  event?: { id: string; type: string; data: Record<string, unknown> };
  after?: string | null;
  [field: string]: unknown;
}

export interface OpenStream {
  socket: WebSocket;
  /** every frame received so far, in order */
  frames: StreamFrame[];
  /** the events received so far, in order */
  events(): NonNullable<StreamFrame['event']>[];
  /** resolves with the first frame (from now on, or already received) that `matches` */
  next(matches: (frame: StreamFrame) => boolean, timeoutMs?: number): Promise<StreamFrame>;
  /** subscribes (after `after`, when given) and waits for the `subscribed` frame */
  subscribe(after?: string): Promise<StreamFrame>;
  close(): Promise<void>;
}

export type Upgrade = { opened: OpenStream } | { refused: { status: number; body: string } };

/** The stream's URL for an API base URL (http://…/api/v1 → ws://…/api/v1/events/stream). */
export const streamUrlOf = (baseUrl: string) =>
  `${baseUrl.replace(/^http/, 'ws')}${EVENT_STREAM_PATH}`;

/** Opens the event stream with `key` (none: no X-API-Key header): the connection, or the upgrade's refusal. */
export function openStream(
  baseUrl: string,
  key: string | undefined,
  headers: Record<string, string> = {},
): Promise<Upgrade> {
  const socket = new WebSocket(streamUrlOf(baseUrl), {
    headers: { ...headers, ...(key === undefined ? {} : { 'X-API-Key': key }) },
  });
  const frames: StreamFrame[] = [];
  const waiting = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as StreamFrame);
    for (const wake of waiting) wake();
  });
  const next: OpenStream['next'] = (matches, timeoutMs = 5_000) =>
    new Promise((resolve, reject) => {
      let seen = 0;
      const look = () => {
        for (; seen < frames.length; seen++) {
          const frame = frames[seen] as StreamFrame;
          if (matches(frame)) {
            waiting.delete(look);
            clearTimeout(timer);
            resolve(frame);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiting.delete(look);
        reject(
          new Error(`No matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`),
        );
      }, timeoutMs);
      waiting.add(look);
      look();
    });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ refused: { status: response.statusCode ?? 0, body } }));
    });
    socket.once('error', reject);
    socket.once('open', () => {
      const opened: OpenStream = {
        socket,
        frames,
        events: () =>
          frames.flatMap((frame) => (frame.type === 'event' && frame.event ? [frame.event] : [])),
        next,
        subscribe: (after) => {
          const from = frames.length;
          socket.send(JSON.stringify({ action: 'subscribe', ...(after ? { after } : {}) }));
          return next((frame) => frame.type === 'subscribed' && frames.indexOf(frame) >= from);
        },
        close: () =>
          new Promise((done) => {
            if (socket.readyState === WebSocket.CLOSED) return done();
            socket.once('close', () => done());
            socket.close();
          }),
      };
      resolve({ opened });
    });
  });
}

/** Opens the stream, failing the test if the upgrade is refused. */
export async function connected(
  baseUrl: string,
  key: string,
  headers?: Record<string, string>,
): Promise<OpenStream> {
  const upgrade = await openStream(baseUrl, key, headers);
  if ('refused' in upgrade)
    throw new Error(`The upgrade was refused: ${upgrade.refused.status} ${upgrade.refused.body}`);
  return upgrade.opened;
}
