import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { Webhook } from 'standardwebhooks';
import {
  type Event,
  HiringClient,
  positionAt,
  startPosition,
  type StreamSocketFactory,
  type Waiting,
} from './index.js';

export { positionAt } from './index.js';

/**
 * `hiring listen`: follows a key's event log and POSTs each event to a local URL, signed exactly as
 * the service signs webhook deliveries (Standard Webhooks: the event's id as `webhook-id`, the event's
 * JSON as the body), so a webhook handler is developed and verified with no public URL.
 */

export interface ListenOptions {
  /** the API's base URL with its prefix, e.g. https://api.example.com/api/v1 */
  baseUrl: string;
  apiKey: string;
  /** where each event is POSTed */
  forwardTo: string;
  /** the file that keeps the signing secret and the position, so a restart goes on where it stopped */
  stateFile: string;
  /** sign with this secret instead of the one kept in the state file (or a new one) */
  secret?: string | undefined;
  /**
   * start after this event (its id, `evt_…`), or from this instant on (ISO 8601 with an offset, or
   * `now`), instead of where the state file says it stopped (or, on a first run, now)
   */
  after?: string | undefined;
  /**
   * where the event stream cannot be opened, how long each look at the end of the log waits for an
   * event (GET /events?wait=, default and most 20 s): an idle listener then asks 180 times an hour
   */
  waitSeconds?: number;
  /** opens the event stream's WebSocket (default Node's global one; `null`: the long-poll only) */
  webSocket?: StreamSocketFactory | null;
  /** the first wait before the local endpoint is tried again when it gave no answer; it doubles up to `maxPollIntervalMs` (default 2 s) */
  pollIntervalMs?: number;
  /** the longest wait between tries of the local endpoint (default 30 s) */
  maxPollIntervalMs?: number;
  /** how long the local endpoint has to answer, as a webhook endpoint has (default 15 s) */
  timeoutMs?: number;
  /** stops listening (Ctrl-C) */
  signal?: AbortSignal;
  /** told once the key is checked, before the first event: what is forwarded, and the secret */
  onStart?: (started: { tenantId: string; mode: string; secret: string; resumed: boolean }) => void;
  /** told of each attempt: the local endpoint's status, or the error when none came (it is tried again) */
  onDelivery?: (delivery: Delivery) => void;
  /**
   * told when it has forwarded everything there is and starts waiting for more: once at the start and
   * once after each run of events (not at every look), with how it waits (`stream`: each event pushed
   * as it is committed; `long-poll`, `polling`: the time until its next look)
   */
  onWaiting?: (next: { via: Waiting['via']; ms: number }) => void;
  fetch?: typeof globalThis.fetch;
}

export interface Delivery {
  event: Event;
  status: number | undefined;
  error: string | undefined;
  ms: number;
}

/** How long a webhook endpoint has to answer a delivery (the service's DELIVERY_TIMEOUT_MS). */
export const WEBHOOK_TIMEOUT_MS = 15_000;

interface State {
  /** the key it follows: a state file of another key starts over */
  keyId: string;
  secret: string;
  /** the last event forwarded (an event id) */
  after: string;
}

async function readState(file: string): Promise<State | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as State;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** Written whole, then renamed (a stop in the middle never leaves half a file); readable by its owner only: it holds a secret. */
async function writeState(file: string, state: State): Promise<void> {
  await writeFile(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Forwards every event after the kept position (on a first run: from now) until `signal` aborts,
 * as the event stream pushes them (else as the long-poll finds them: `events.follow`).
 * Each event is POSTed once its endpoint answers, whatever the status (as a webhook attempt, a 3xx is
 * not followed); while nothing answers (the local server is down, or takes longer than `timeoutMs`)
 * the same event is tried again, waiting longer each time. The position is kept after each event, so
 * a restart resumes after the last one forwarded. Events are shaped for the key's pinned version, as
 * the key's webhook endpoints get them.
 */
export async function listen(options: ListenOptions): Promise<void> {
  const client = new HiringClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    apiVersion: null,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.webSocket === undefined ? {} : { webSocket: options.webSocket }),
  });
  const fetch = options.fetch ?? globalThis.fetch;
  const { signal } = options;
  const firstWait = options.pollIntervalMs ?? 2_000;
  const longestWait = Math.max(firstWait, options.maxPollIntervalMs ?? 30_000);
  const who = (await client.whoami({ signal })).data;
  const kept = await readState(options.stateFile);
  const resumed = kept?.keyId === who.keyId;
  const state: State = {
    keyId: who.keyId,
    secret:
      options.secret ??
      (resumed ? kept.secret : undefined) ??
      `whsec_${randomBytes(24).toString('base64')}`,
    // `now` is kept as the position it names: a restart before the first event goes on from it.
    after: startPosition(options.after) ?? (resumed ? kept.after : positionAt(new Date())),
  };
  await writeState(options.stateFile, state);
  options.onStart?.({ tenantId: who.tenantId, mode: who.mode, secret: state.secret, resumed });
  const signer = new Webhook(state.secret);

  /** One attempt: the endpoint's status, or why none came. */
  const post = async (event: Event): Promise<Delivery> => {
    const body = JSON.stringify(event);
    const started = Date.now();
    try {
      const answer = await fetch(options.forwardTo, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'HiringAPI-Listen/1.0',
          'webhook-id': event.id,
          'webhook-timestamp': String(Math.floor(started / 1000)),
          'webhook-signature': signer.sign(event.id, new Date(started), body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([
          AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
          ...(signal ? [signal] : []),
        ]),
      });
      await answer.body?.cancel();
      return { event, status: answer.status, error: undefined, ms: Date.now() - started };
    } catch (failure) {
      const cause = (failure as Error).cause;
      const error = cause instanceof Error ? cause.message : (failure as Error).message;
      return { event, status: undefined, error, ms: Date.now() - started };
    }
  };

  const events = client.events.follow({
    after: state.after,
    ...(options.waitSeconds === undefined ? {} : { waitSeconds: options.waitSeconds }),
    // Against a deployment with neither the stream nor the long-poll: a look every `longestWait`.
    pollIntervalMs: longestWait,
    ...(signal ? { signal } : {}),
    onWaiting: ({ via, lookMs }) => options.onWaiting?.({ via, ms: lookMs ?? 0 }),
  });
  for await (const { event } of events) {
    let delivery = await post(event);
    for (let retry = firstWait; delivery.status === undefined && !signal?.aborted;) {
      options.onDelivery?.(delivery);
      await pause(retry, signal);
      retry = Math.min(retry * 2, longestWait);
      if (!signal?.aborted) delivery = await post(event);
    }
    if (signal?.aborted) break;
    state.after = event.id;
    await writeState(options.stateFile, state);
    options.onDelivery?.(delivery);
  }
}
