import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { Webhook } from 'standardwebhooks';
import { type Event, HiringClient } from './index.js';

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
  /** how long to wait at the end of the log before asking again; default 2 s */
  pollIntervalMs?: number;
  /** stops listening (Ctrl-C) */
  signal?: AbortSignal;
  /** told once the key is checked, before the first event: what is forwarded, and the secret */
  onStart?: (started: { tenantId: string; mode: string; secret: string; resumed: boolean }) => void;
  /** told of each delivery: the local endpoint's status, or the error when none came */
  onDelivery?: (delivery: Delivery) => void;
  fetch?: typeof globalThis.fetch;
}

export interface Delivery {
  event: Event;
  status: number | undefined;
  error: string | undefined;
  ms: number;
}

interface State {
  secret: string;
  /** the last event forwarded (an event id) */
  after: string;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A position in the log at `time`: an event id (ULID) of that millisecond that sorts before any event of it. */
export function positionAt(time: Date): string {
  let rest = time.getTime();
  let encoded = '';
  for (let i = 0; i < 10; i++) {
    encoded = CROCKFORD[rest % 32] + encoded;
    rest = Math.floor(rest / 32);
  }
  return `evt_${encoded}${'0'.repeat(16)}`;
}

async function readState(file: string): Promise<State | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as State;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

/** Written whole, then renamed: a stop in the middle never leaves half a file. */
async function writeState(file: string, state: State): Promise<void> {
  await writeFile(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

/**
 * Forwards every event after the kept position (on a first run: from now) until `signal` aborts. Each
 * event is sent once, whatever the local endpoint answers (no retries: start again after a fix, or
 * send a test delivery); the position is kept after each, so a restart resumes after the last one.
 */
export async function listen(options: ListenOptions): Promise<void> {
  const client = new HiringClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const fetch = options.fetch ?? globalThis.fetch;
  const who = await client.whoami({ signal: options.signal });
  const kept = await readState(options.stateFile);
  const state: State = {
    secret: options.secret ?? kept?.secret ?? `whsec_${randomBytes(24).toString('base64')}`,
    after: kept?.after ?? positionAt(new Date()),
  };
  await writeState(options.stateFile, state);
  options.onStart?.({
    tenantId: who.tenantId,
    mode: who.mode,
    secret: state.secret,
    resumed: kept !== undefined,
  });
  const signer = new Webhook(state.secret);
  try {
    for await (const { event, cursor } of client.events.follow({
      after: state.after,
      pollIntervalMs: options.pollIntervalMs ?? 2_000,
      ...(options.signal ? { signal: options.signal } : {}),
    })) {
      const body = JSON.stringify(event);
      const started = Date.now();
      let status: number | undefined;
      let error: string | undefined;
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
          ...(options.signal ? { signal: options.signal } : {}),
        });
        status = answer.status;
        await answer.body?.cancel();
      } catch (failure) {
        if (options.signal?.aborted) break;
        error =
          (failure as Error).cause instanceof Error
            ? ((failure as Error).cause as Error).message
            : (failure as Error).message;
      }
      state.after = cursor;
      await writeState(options.stateFile, state);
      options.onDelivery?.({ event, status, error, ms: Date.now() - started });
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
}
