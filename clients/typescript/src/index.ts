import type { components } from './openapi.js';
import type {
  CallOptions,
  DeltaOf,
  LastResponse,
  PageQuery,
  Query,
  Returned,
  RouteCall,
} from './calls.js';
import { routeMethods } from './routes.js';
import {
  defaultSocketFactory,
  RECONNECT_BACKOFF_MS,
  RECONNECT_WINDOW_MS,
  STREAM_RETRY_MS,
  STREAM_TRIES,
  StreamRefused,
  StreamUnavailable,
  type StreamSocketFactory,
  streamFrames,
} from './stream.js';

export { type DeliveredEvent, verifyWebhook, WebhookVerificationError } from './webhooks.js';
export type { Answered, CallOptions, LastResponse, VersionedCallOptions } from './calls.js';

/** Every named schema of the API description: `Schemas['Jd']`, `Schemas['Event']`, … */
export type Schemas = components['schemas'];
export type Jd = Schemas['Jd'];
export type JdSummary = Schemas['JdSummary'];
export type NewJd = Schemas['NewJd'];
/** A JD to upsert by your own id (`jds.upsertMany`). */
export type JdByExternalId = Schemas['UpsertJdsRequest']['items'][number];
/** What `jds.upsertMany` did with an item: `outcome` (`created`, `updated`, `unchanged`), or its `error`. */
export type UpsertResult = Schemas['UpsertedJd'] | Schemas['FailedBatchItem'];
export type Resume = Schemas['Resume'];
export type ResumeSummary = Schemas['ResumeSummary'];
export type MatchEntry = Schemas['MatchEntry'];
export type RequestLogEntry = Schemas['RequestLogEntry'];
export type Candidate = Schemas['Candidate'];
export type Application = Schemas['Application'];
export type ApplicationEntry = Schemas['ApplicationEntry'];
export type AiScore = Schemas['AiScore'];
export type Review = Schemas['Review'];
export type AuditEntry = Schemas['AuditEntry'];
export type CandidateExport = Schemas['CandidateExport'];
export type ApiKey = Schemas['ApiKey'];
export type NewApiKey = Schemas['NewApiKey'];
export type SimulatedEventOutcome = Schemas['SimulatedEventOutcome'];
/**
 * An event of the log: one of the types this client was generated with, or an `UnknownEvent` of a type
 * added since (the API's compatibility promise). Switch on `event.type` with a `default` branch that
 * skips what it does not know.
 */
export type Event = Schemas['Event'];
export type KnownEvent = Schemas['KnownEvent'];
export type UnknownEvent = Schemas['UnknownEvent'];
/** The event types this client was generated with. */
export type KnownEventType = KnownEvent['type'];
/** An event type to filter on: a known one, or one added after this client was generated. */
export type EventType = KnownEventType | (string & {});
export type Webhook = Schemas['Webhook'];
export type NewWebhook = Schemas['NewWebhook'];
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
export type Pagination = Schemas['Pagination'];
export type SlicePagination = Schemas['SlicePagination'];
/** The error codes this client was generated with. */
export type KnownErrorCode = Schemas['ErrorCode'];
/**
 * An error's machine code: a known one, or one added after this client was generated (the API may add
 * codes within its documented families): act on an unknown one by the status.
 */
export type ErrorCode = KnownErrorCode | (string & {});

/** Where a delta walk starts: a time (the first sync, or a catch-up), or the token the last one ended with. */
export type SyncStart = { updatedSince: string } | { syncToken: string };
/** How a deleted item shows in a delta walk. */
export type DeletedEntry = Schemas['DeletedEntry'];
/** What a delta walk reports of an item: its state as of the walk, or its deletion. */
export type Change<T> = T | DeletedEntry;
/** Where `keepInSync` keeps a list's sync token between runs: a file, a row of your database. */
export interface SyncTokenStore {
  /** the token the last run saved; none: the next run is a first, full sync */
  load(): Promise<string | undefined> | string | undefined;
  save(token: string): Promise<void> | void;
}
/** What `keepInSync` does with what it reads. */
export interface SyncHandlers<T> {
  /** applies one page of changes to your copy (a deleted item comes as `{id, deleted: true, deletedAt}`) */
  onPage: (changes: Change<T>[]) => Promise<void> | void;
  /**
   * the saved token was older than deletions are kept (410 `sync_token_expired`): empty your copy, which
   * the run then rebuilds from the start. Without it, keepInSync throws the 410.
   */
  onRebuild?: () => Promise<void> | void;
}
/** Where a first sync starts: the beginning of every list. */
const FROM_THE_START: SyncStart = { updatedSince: '1970-01-01T00:00:00Z' };

/** The API version this client's types describe: it sends it as `Hiring-Version` unless told otherwise. */
export const API_VERSION = '2026-11-25';

export interface ClientOptions {
  /** The API's base URL, with its prefix: `https://api.example.com/api/v1`, or `http://localhost:3000/api/v1` under `npm start`. */
  baseUrl: string;
  /**
   * The key every request sends (`X-API-Key`). `null` only in the developer console's own page: no key,
   * the browser's console session (its HttpOnly cookie) authenticates, and the client says so with
   * `Hiring-Console: 1`.
   */
  apiKey: string | null;
  /** Attempts after the first, for what is safe to retry (see README). Default 4. */
  maxRetries?: number;
  /** How long one attempt may take before it is abandoned (and retried when safe). Default 30 s. */
  timeoutMs?: number;
  /** The first back-off; each retry doubles it, with full jitter. Default 500 ms. */
  retryBaseMs?: number;
  /** The longest the client waits before a retry; a 429 asking for longer is thrown, not waited for. Default 60 s. */
  retryMaxMs?: number;
  /** Sends an `Idempotency-Key` with every create, so a retried create makes one item. Default true. */
  idempotencyKeys?: boolean;
  /** A fetch to use instead of the global one (a proxy, a test). */
  fetch?: typeof fetch;
  /**
   * The API version to be served with (`Hiring-Version`). Default: API_VERSION, the one this client's
   * types describe; `null` sends none, so the key's pinned version applies.
   */
  apiVersion?: string | null;
  /**
   * Opens the event stream's WebSocket (`events.follow`). Default: Node's global WebSocket (Node 22 and
   * later); where there is none, or `null`, `follow` uses the long-poll.
   */
  webSocket?: StreamSocketFactory | null;
}

/** What `events.follow` takes (see its description). */
export interface FollowOptions {
  after?: string | Date;
  types?: EventType[];
  waitSeconds?: number;
  pollIntervalMs?: number;
  signal?: AbortSignal;
  /** false: the long-poll only, never the event stream */
  stream?: boolean;
  onWaiting?: (waiting: Waiting) => void;
  /** the most a reopen waits after a connection ended (default 30 s): each waits a random part of it */
  reconnectWindowMs?: number;
  /** on the long-poll after the stream failed, about how often the stream is tried again (default 5 minutes, jittered) */
  streamRetryMs?: number;
  /** the jitter's source, a number in [0, 1) (default Math.random): for a test */
  random?: () => number;
  /** how it waits before a reopen and between polls (default a timer that `signal` ends): for a test */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** How `events.follow` is waiting for the next event, told once it has given everything there is. */
export interface Waiting {
  /** `stream`: pushed as committed; `long-poll`: each look waits `lookMs` at the end of the log; `polling`: a look every `lookMs` */
  via: 'stream' | 'long-poll' | 'polling';
  lookMs?: number;
}

/** Every error answer of the API, and giving up: status, machine `code`, message, and what helps retry. */
export class HiringApiError extends Error {
  override readonly name = 'HiringApiError';
  constructor(
    message: string,
    /** the HTTP status; 0 when no answer came (network error, timeout) */
    readonly status: number,
    /** the API's machine-readable code (`validation_failed`, `quota_exceeded`, …); absent on API Gateway's own answers and network errors */
    readonly code: ErrorCode | undefined,
    readonly requestId: string | undefined,
    /** how long the API asked to wait before a retry */
    readonly retryAfterMs: number | undefined,
    /** on a 400 about fields: each field and the rule it broke */
    readonly details: Schemas['Error']['details'] | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What `getIfChanged` gives: the resource with its ETag (keep it for the next call), or `changed: false`
 * when the resource is as the ETag you passed showed it (a 304: none of the key's hour spent).
 */
export type Revalidated<T> =
  { changed: true; data: T; etag: string } | { changed: false; etag: string };
interface Call {
  query?: Record<string, string | number | undefined> | undefined;
  body?: unknown;
  /** honours Idempotency-Key (the route is a create, or PATCH /jds/:id) */
  idempotent?: boolean;
  options?: CallOptions | undefined;
  /** sent as they are (If-Match) */
  headers?: Record<string, string> | undefined;
  /** the success (or 304) answer's ETag, when the caller wants it */
  onEtag?: ((etag: string | undefined) => void) | undefined;
  /** the success (or 304) answer, when the caller wants what its headers say */
  onResponse?: ((response: Response) => void) | undefined;
}

/**
 * What one POST /jds/batch takes (docs/api.md, "Pushing your requisitions"): `upsertMany` splits to
 * fit, as JSON in UTF-8 bytes.
 */
export const BATCH_LIMITS = { items: 100, bodyBytes: 2.5 * 1024 * 1024 } as const;

/** Items in order, in runs that each fit one batch; an item too large for any batch alone is `tooLarge`. */
export function batchesOf<T>(items: readonly T[]): { batches: T[][]; tooLarge: Set<number> } {
  const batches: T[][] = [];
  const tooLarge = new Set<number>();
  const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
  const envelope = utf8Bytes('{"items":[]}');
  let current: T[] = [];
  let bytes = envelope;
  items.forEach((item, index) => {
    const size = utf8Bytes(JSON.stringify(item)) + 1;
    if (envelope + size > BATCH_LIMITS.bodyBytes) {
      tooLarge.add(index);
      return;
    }
    if (current.length === BATCH_LIMITS.items || bytes + size > BATCH_LIMITS.bodyBytes) {
      batches.push(current);
      current = [];
      bytes = envelope;
    }
    current.push(item);
    bytes += size;
  });
  if (current.length > 0) batches.push(current);
  return { batches, tooLarge };
}

/** A long-poll's wait in whole seconds, 1 to 20 (0 would ask again at once, over and over). */
export function longPollSeconds(waitSeconds: number | undefined): number {
  return Math.min(Math.max(1, Math.floor(waitSeconds ?? 20)), 20);
}

/** Whether an error is a deployment's refusal of `wait` (one from before the long-poll). */
export function refusesWait(error: unknown): boolean {
  return (
    error instanceof HiringApiError &&
    error.status === 400 &&
    (error.details ?? []).some((detail) => detail.field === 'wait')
  );
}

/** Whether an item of a batch failed only for the moment (not started in time, or lost a race): sent again as it is. */
function worthSendingAgain(result: UpsertResult | undefined): boolean {
  if (result === undefined || !('error' in result)) return false;
  const { status, code } = result.error;
  return (
    (status === 503 && code === 'unavailable') || (status === 409 && code === 'concurrent_change')
  );
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

/**
 * Where `events.follow` starts: `now` and a Date become the position at that instant (positionAt),
 * fixed once, so a reconnection or the long-poll after the stream goes on from the same place; an
 * event id or an ISO 8601 instant is sent as it is.
 */
export function startPosition(after: string | Date | undefined): string | undefined {
  if (after instanceof Date) return positionAt(after);
  return after === 'now' ? positionAt(new Date()) : after;
}

export {
  RECONNECT_WINDOW_MS,
  STREAM_RETRY_MS,
  StreamUnavailable,
  type StreamSocket,
  type StreamSocketFactory,
} from './stream.js';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** A typed client of the Hiring Integration API: one method per operation, paging, retries and idempotency built in. */
export class HiringClient {
  private readonly baseUrl: string;
  private readonly settings: Required<
    Omit<ClientOptions, 'baseUrl' | 'fetch' | 'apiVersion' | 'webSocket'>
  > & {
    fetch: typeof fetch;
    apiVersion: string | null;
    webSocket: StreamSocketFactory | undefined;
  };

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.settings = {
      apiKey: options.apiKey,
      maxRetries: options.maxRetries ?? 4,
      timeoutMs: options.timeoutMs ?? 30_000,
      retryBaseMs: options.retryBaseMs ?? 500,
      retryMaxMs: options.retryMaxMs ?? 60_000,
      idempotencyKeys: options.idempotencyKeys ?? true,
      fetch: options.fetch ?? globalThis.fetch,
      apiVersion: options.apiVersion === undefined ? API_VERSION : options.apiVersion,
      webSocket:
        options.webSocket === null ? undefined : (options.webSocket ?? defaultSocketFactory()),
    };
  }

  /** Each route's method (./routes.ts, generated from the reference): the rule of what they return is ./calls.ts's. */
  private readonly routes = routeMethods((method, path, init) =>
    this.routeCall(method, path, init),
  );

  readonly jds = {
    ...this.routes.jds,
    listAll: (query: Omit<PageQuery<'listJds'>, 'cursor' | 'page'> = {}, options?: CallOptions) =>
      this.walk((cursor) => this.jds.list({ ...query, cursor }, options)),
    /** One page of the JDs' delta walk (see `sync`). */
    changes: (query: SyncStart & { limit?: number; cursor?: string }, options?: CallOptions) =>
      this.call<DeltaOf<'listJds'>>('GET', '/jds', { query, options }),
    /**
     * Every JD created, changed or deleted since `start`, a page at a time to `onPage` (a deleted one as
     * `{id, deleted: true, deletedAt}`); resolves with the token the next sync starts from, to keep once
     * `onPage` has applied the last page. A token older than 30 days throws HiringApiError 410
     * `sync_token_expired`: sync again from `{ updatedSince: '1970-01-01T00:00:00Z' }`.
     */
    sync: (
      start: SyncStart,
      onPage: (changes: Change<JdSummary>[]) => Promise<void> | void,
      options?: CallOptions,
    ) => this.sync((query) => this.jds.changes(query, options), start, onPage),
    /**
     * Brings your copy up to date and keeps the token for the next run in `store` (see SyncTokenStore):
     * a first run walks the whole list; a token too old to follow makes it call `onRebuild`, then walk
     * from the start. Resolves with the token it saved.
     */
    keepInSync: (store: SyncTokenStore, handlers: SyncHandlers<JdSummary>, options?: CallOptions) =>
      this.keepInSync((query) => this.jds.changes(query, options), store, handlers),
    /** The JD if it changed since the answer whose ETag you pass (`lastResponse.etag`) (else `changed: false`, a 304 that spends none of the hour). */
    getIfChanged: (id: string, etag: string | undefined, options?: CallOptions) =>
      this.revalidate<Jd>(`/jds/${encodeURIComponent(id)}`, etag, options),
    /**
     * Upserts any number of JDs by their `externalId`, as `upsertByExternalId` would each: in batches
     * of up to 100 (and BATCH_LIMITS.bodyBytes), one request and one unit of the hour each, sent one
     * after another. After each batch, its items that answered 503 `unavailable` (not started within
     * the request) or 409 `concurrent_change` (lost a race) are sent again by themselves, before the
     * next batch: up to `maxRetries` times, backing off as other retries do (`retryItems: false`:
     * never). Each resend is a request and a unit of the hour too. Resolves with a result per item, in
     * the order given, each its last answer: its `outcome`, or its `error` (that item alone failed:
     * fix it and send it again; one still 503 or 409 after the resends, just again). A batch that
     * failed whole, after the retries that are safe, gives each of its items that error, and the
     * batches after it are still sent. Each request carries an Idempotency-Key
     * (`options.idempotencyKey`, suffixed with the batch's number, and `-r1`, `-r2`… for its resends).
     */
    upsertMany: async (
      items: readonly JdByExternalId[],
      options?: CallOptions & {
        /** false: hand back the items that answered 503 `unavailable` or 409 `concurrent_change` as they answered, unsent again */
        retryItems?: boolean;
      },
    ): Promise<UpsertResult[]> => {
      const { batches, tooLarge } = batchesOf(items);
      const sent: UpsertResult[] = [];
      for (const [number, batch] of batches.entries())
        sent.push(...(await this.upsertBatch(batch, number, options)));
      let next = 0;
      return items.map((item, index): UpsertResult => {
        if (!tooLarge.has(index)) return sent[next++] as UpsertResult;
        return {
          externalId: item.externalId,
          error: {
            status: 413,
            code: 'payload_too_large',
            message: `This JD alone is past the ${BATCH_LIMITS.bodyBytes} bytes a batch holds: shorten a text`,
          },
        };
      });
    },
  };

  readonly resumes = {
    ...this.routes.resumes,
    /** One page of the resumes' delta walk (see `sync`). */
    changes: (query: SyncStart & { limit?: number; cursor?: string }, options?: CallOptions) =>
      this.call<DeltaOf<'listResumes'>>('GET', '/resumes', { query, options }),
    /** Every resume created, changed or erased since `start` (as `jds.sync`). */
    sync: (
      start: SyncStart,
      onPage: (changes: Change<ResumeSummary>[]) => Promise<void> | void,
      options?: CallOptions,
    ) => this.sync((query) => this.resumes.changes(query, options), start, onPage),
    /** As `jds.keepInSync`. */
    keepInSync: (
      store: SyncTokenStore,
      handlers: SyncHandlers<ResumeSummary>,
      options?: CallOptions,
    ) => this.keepInSync((query) => this.resumes.changes(query, options), store, handlers),
    listAll: (options?: CallOptions) =>
      this.walk((cursor) => this.resumes.list({ cursor }, options)),
    /** The resume if it changed since the answer whose ETag you pass (else `changed: false`, a 304 that spends none of the hour). */
    getIfChanged: (id: string, etag: string | undefined, options?: CallOptions) =>
      this.revalidate<Resume>(`/resumes/${encodeURIComponent(id)}`, etag, options),
  };

  readonly matches = {
    ...this.routes.matches,
    /** Every match, in slices of 1,000: for a JD with more than one answer can carry. */
    listAll: (jdId: string, options?: CallOptions) =>
      this.walk((cursor) => this.matches.list(jdId, { limit: 1000, cursor }, options)),
  };

  readonly applications = {
    ...this.routes.applications,
    /** Every application that passes the filters, each once, in 100s. */
    listAll: (query: Omit<PageQuery<'listApplications'>, 'cursor'> = {}, options?: CallOptions) =>
      this.walk((cursor) => this.applications.list({ limit: 100, ...query, cursor }, options)),
    /** One page of the applications' delta walk (see `sync`). */
    changes: (query: SyncStart & { limit?: number; cursor?: string }, options?: CallOptions) =>
      this.call<DeltaOf<'listApplications'>>('GET', '/applications', { query, options }),
    /** Every application created, changed or deleted since `start` (as `jds.sync`). */
    sync: (
      start: SyncStart,
      onPage: (changes: Change<ApplicationEntry>[]) => Promise<void> | void,
      options?: CallOptions,
    ) => this.sync((query) => this.applications.changes(query, options), start, onPage),
    /** As `jds.keepInSync`. */
    keepInSync: (
      store: SyncTokenStore,
      handlers: SyncHandlers<ApplicationEntry>,
      options?: CallOptions,
    ) => this.keepInSync((query) => this.applications.changes(query, options), store, handlers),
    /** The application if it changed since the answer whose ETag you pass (else `changed: false`, a 304 that spends none of the hour). */
    getIfChanged: (id: string, etag: string | undefined, options?: CallOptions) =>
      this.revalidate<Application>(`/applications/${encodeURIComponent(id)}`, etag, options),
  };

  readonly candidates = {
    ...this.routes.candidates,
    listAll: (query: Pick<Query<'listCandidates'>, 'search'> = {}, options?: CallOptions) =>
      this.walk((cursor) => this.candidates.list({ ...query, cursor }, options)),
    /** Every page of a candidate's export, one after the other (give the candidate all of them). */
    exportAll: (resumeId: string, options?: CallOptions) =>
      this.pages((cursor) => this.candidates.export(resumeId, { limit: 20, cursor }, options)),
    /** One page of the candidates' delta walk (see `sync`). */
    changes: (query: SyncStart & { limit?: number; cursor?: string }, options?: CallOptions) =>
      this.call<DeltaOf<'listCandidates'>>('GET', '/candidates', { query, options }),
    /** Every candidate whose resume or applications changed since `start`, or who was erased (as `jds.sync`). */
    sync: (
      start: SyncStart,
      onPage: (changes: Change<Candidate>[]) => Promise<void> | void,
      options?: CallOptions,
    ) => this.sync((query) => this.candidates.changes(query, options), start, onPage),
    /** As `jds.keepInSync`. */
    keepInSync: (store: SyncTokenStore, handlers: SyncHandlers<Candidate>, options?: CallOptions) =>
      this.keepInSync((query) => this.candidates.changes(query, options), store, handlers),
  };

  readonly keys = {
    ...this.routes.keys,
    listAll: (options?: CallOptions) =>
      this.walk((cursor) => this.keys.list({ limit: 1000, cursor }, options)),
  };

  /** The security history (scope `admin`): every change to keys, webhooks, JDs and reviews, newest first. */
  readonly auditLog = {
    ...this.routes.auditLog,
    listAll: (query: Omit<Query<'listAuditLog'>, 'cursor' | 'limit'> = {}, options?: CallOptions) =>
      this.walk((cursor) => this.auditLog.list({ ...query, limit: 100, cursor }, options)),
  };

  /** The request log (scope `admin`): what the space's keys asked in the last 30 days, and how it was answered, newest first. */
  readonly requests = {
    ...this.routes.requests,
    listAll: (query: Omit<Query<'listRequests'>, 'cursor' | 'limit'> = {}, options?: CallOptions) =>
      this.walk((cursor) => this.requests.list({ ...query, limit: 100, cursor }, options)),
  };

  readonly events = {
    ...this.routes.events,
    /** The event if it changed since the answer whose ETag you pass (else `changed: false`, a 304 that spends none of the hour). */
    getIfChanged: (id: string, etag: string | undefined, options?: CallOptions) =>
      this.revalidate<Event>(`/events/${encodeURIComponent(id)}`, etag, options),
    /**
     * Every event after `after` (an event id, `evt_…`; an ISO 8601 instant with an offset, or a Date:
     * the events from then on; `now`: from now on; without it, from the start of the log, 30 days
     * back), each once, in order, until `signal` aborts. Each comes with the cursor to persist: resume from it after a
     * restart. It listens on the event stream (a WebSocket: each event pushed as it is committed, and
     * nothing held on the server while it waits), reconnecting after the last event it gave when the
     * connection ends (API Gateway closes one after 2 hours): after a random wait up to
     * `reconnectWindowMs` (default 30 s), so that connections dropped together come back spread out
     * (10,000 at 333 a second, under API Gateway's 500), and after a failed reopen a random wait up
     * to 1 s, 2 s, 4 s, 8 s (doubling, at most a minute). Where the stream cannot be opened (no
     * WebSocket here, a deployment or network without it, 5 reopens failed in a row) it uses the
     * long-poll: at the end of the log each request waits up to `waitSeconds` (1 to 20, default 20)
     * for the next event; against a deployment without that either, it asks again every
     * `pollIntervalMs` (default 5 s). It never gives up on the stream: from the long-poll it tries it
     * again every `streamRetryMs` or so (default 5 minutes, jittered) and goes back to it when it
     * opens, from the same place. `onWaiting` is told how it waits, each time it has given all there
     * is. A refusal (a bad `after`, a key revoked since) throws HiringApiError with the envelope's
     * status and code.
     */
    follow: (options: FollowOptions = {}) => this.follow(options),
  };

  readonly webhooks = {
    ...this.routes.webhooks,
    /** The webhook endpoint if it changed since the answer whose ETag you pass (else `changed: false`, a 304 that spends none of the hour). */
    getIfChanged: (id: string, etag: string | undefined, options?: CallOptions) =>
      this.revalidate<Webhook>(`/webhooks/${encodeURIComponent(id)}`, etag, options),
    /** Every delivery attempt to the endpoint, newest first, page after page. */
    deliveriesAll: (webhookId: string, options?: CallOptions) =>
      this.walk((cursor) => this.webhooks.deliveries(webhookId, { limit: 100, cursor }, options)),
  };

  /**
   * A test key's test space (hk_test_…; a live key gets 403 `key_mode_mismatch`): put it back to its
   * sample data (`reset`: `complete: false`, call it again and the same reset goes on), or apply
   * product events to it as the product's feed applies them to live data (`simulateProductEvents`).
   */
  readonly testMode = { ...this.routes.testMode };

  /** The developer console: `createLink({})` answers a single-use URL that signs a browser in as this key. */
  readonly console = { ...this.routes.console };

  /** The calling key: tenant, mode, name, scopes and quota. */
  readonly whoami = this.routes.whoami;

  /**
   * A route's method's request (./routes.ts): sent as `call` sends it (retries, idempotency keys), its
   * answer returned by the rule of ./calls.ts: the JSON without `success`, what the headers said as
   * `lastResponse` (not enumerable), nothing for a 204.
   */
  private async routeCall<T>(
    method: Method,
    path: string,
    init: Parameters<RouteCall>[2],
  ): Promise<T> {
    const lastResponse: LastResponse = { status: 0 };
    const { options } = init;
    const answer = await this.call<Record<string, unknown> | undefined>(method, path, {
      query: init.query as Call['query'],
      body: init.body,
      idempotent: init.idempotent === true,
      options,
      headers: options?.ifMatch === undefined ? undefined : { 'If-Match': options.ifMatch },
      onResponse: (response) => {
        lastResponse.status = response.status;
        const etag = response.headers.get('ETag');
        const requestId = response.headers.get('Request-Id');
        if (etag !== null) lastResponse.etag = etag;
        if (requestId !== null) lastResponse.requestId = requestId;
      },
    });
    if (answer === undefined || lastResponse.status === 204) return undefined as T;
    const { success: _success, ...returned } = answer;
    Object.defineProperty(returned, 'lastResponse', { value: lastResponse, enumerable: false });
    return returned as T;
  }

  /** A whole delta walk from `start`, page by page (100 at a time), to the token it ends with. */
  private async sync<T>(
    page: (query: SyncStart & { limit: number; cursor?: string }) => Promise<{
      data: T[];
      pagination: { hasMore: boolean; nextCursor?: string; syncToken?: string };
    }>,
    start: SyncStart,
    onPage: (changes: T[]) => Promise<void> | void,
  ): Promise<string> {
    let cursor: string | undefined;
    for (;;) {
      const answer = await page({ ...start, limit: 100, ...(cursor ? { cursor } : {}) });
      await onPage(answer.data);
      const { hasMore, nextCursor, syncToken } = answer.pagination;
      if (!hasMore && syncToken !== undefined) return syncToken;
      if (nextCursor === undefined)
        throw new Error('A delta page ended without a cursor or a token');
      cursor = nextCursor;
    }
  }

  /** A delta walk from the token in `store` (from the start without one, or once it expired), saving the next. */
  private async keepInSync<T>(
    page: Parameters<HiringClient['sync']>[0],
    store: SyncTokenStore,
    handlers: SyncHandlers<T>,
  ): Promise<string> {
    const saved = await store.load();
    const onPage = handlers.onPage as (changes: unknown[]) => Promise<void> | void;
    let token: string;
    try {
      token = await this.sync(
        page,
        saved === undefined ? FROM_THE_START : { syncToken: saved },
        onPage,
      );
    } catch (error) {
      const expired = error instanceof HiringApiError && error.code === 'sync_token_expired';
      if (saved === undefined || !expired || !handlers.onRebuild) throw error;
      await handlers.onRebuild();
      token = await this.sync(page, FROM_THE_START, onPage);
    }
    await store.save(token);
    return token;
  }

  /** Every answer of a paged route, one after the other, following `nextCursor`. */
  private async *pages<A extends { pagination?: { hasMore: boolean; nextCursor?: string } }>(
    page: (cursor: string | undefined) => Promise<A>,
  ): AsyncGenerator<A> {
    let cursor: string | undefined;
    do {
      const answer = await page(cursor);
      yield answer;
      cursor = answer.pagination?.hasMore ? answer.pagination.nextCursor : undefined;
    } while (cursor !== undefined);
  }

  /** Every item of a list, page after page, following `nextCursor` (stable while the data changes). */
  private async *walk<T>(
    page: (
      cursor: string | undefined,
    ) => Promise<{ data: T[]; pagination?: { hasMore: boolean; nextCursor?: string } }>,
  ): AsyncGenerator<T> {
    for await (const answer of this.pages(page)) yield* answer.data;
  }

  /**
   * One batch of `upsertMany`, then its items that answered 503 `unavailable` or 409
   * `concurrent_change`, sent again by themselves (each keyed by its `externalId`, so nothing is
   * written twice) up to `maxRetries` times, with exponential back-off and full jitter (or what an
   * item's `retryAfterMs` asks). A result per item of `batch`, in its order, each its last answer.
   */
  private async upsertBatch(
    batch: readonly JdByExternalId[],
    number: number,
    options: (CallOptions & { retryItems?: boolean }) | undefined,
  ): Promise<UpsertResult[]> {
    const { retryItems = true, ...callOptions } = options ?? {};
    const results: UpsertResult[] = [];
    let pending = batch.map((_, index) => index);
    for (let round = 0; ; round++) {
      const sending = pending.map((index) => batch[index] as JdByExternalId);
      const idempotencyKey =
        callOptions.idempotencyKey === undefined
          ? undefined
          : `${callOptions.idempotencyKey}-${number}${round === 0 ? '' : `-r${round}`}`;
      let answered: UpsertResult[];
      let failedWhole = false;
      try {
        answered = (
          await this.call<Returned<'upsertJds'>>('POST', '/jds/batch', {
            body: { items: sending },
            idempotent: true,
            options:
              idempotencyKey === undefined ? callOptions : { ...callOptions, idempotencyKey },
          })
        ).data;
      } catch (error) {
        // A batch that failed whole (retried as far as is safe): each of its items says so, and
        // the batches after it are still sent. Sending it again later writes nothing twice.
        if (!(error instanceof HiringApiError)) throw error;
        failedWhole = true;
        answered = sending.map((item) => ({
          externalId: item.externalId,
          error: {
            status: error.status,
            code: (error.code ?? 'unavailable') as KnownErrorCode,
            message: error.message,
          },
        }));
      }
      pending.forEach((index, n) => (results[index] = answered[n] as UpsertResult));
      if (failedWhole || !retryItems || round >= this.settings.maxRetries) return results;
      pending = pending.filter((index) => worthSendingAgain(results[index]));
      if (pending.length === 0) return results;
      // What an item asks to wait (the API sends no such hint today), else a jittered back-off.
      const asked = Math.max(
        ...pending.map(
          (index) =>
            (results[index] as { error: { retryAfterMs?: number } }).error.retryAfterMs ?? -1,
        ),
      );
      const wait =
        asked >= 0
          ? asked
          : Math.random() *
            Math.min(this.settings.retryMaxMs, this.settings.retryBaseMs * 2 ** round);
      if (wait > this.settings.retryMaxMs) return results;
      await sleep(wait, callOptions.signal);
    }
  }

  private async *follow(options: FollowOptions): AsyncGenerator<{ event: Event; cursor: string }> {
    const { signal } = options;
    const random = options.random ?? Math.random;
    const pause = options.sleep ?? sleep;
    // `now` and a Date are fixed here, once: the stream, its reconnections and the long-poll start there.
    let cursor = startPosition(options.after);
    const wanted = (event: Event) => !options.types || options.types.includes(event.type);
    const socket = options.stream === false ? undefined : this.settings.webSocket;
    const wait = longPollSeconds(options.waitSeconds);
    const pollMs = options.pollIntervalMs ?? 5_000;
    let longPoll = true;
    // When the stream is tried: at once, and after each fallback a few minutes later (jittered, so
    // listeners that fell back together do not come back together).
    let streamAt = socket ? 0 : Infinity;
    while (!signal?.aborted) {
      if (socket && Date.now() >= streamAt) {
        try {
          for await (const event of this.streamed(socket, cursor, { ...options, random, pause })) {
            cursor = event.id;
            if (wanted(event)) yield { event, cursor };
          }
          return;
        } catch (error) {
          // The stream could not be opened (or reopened): the long-poll goes on from the same place.
          if (!(error instanceof StreamUnavailable)) throw error;
          streamAt = Date.now() + (options.streamRetryMs ?? STREAM_RETRY_MS) * (0.5 + random());
        }
      }
      let atTheEnd = false;
      let told = false;
      while (!signal?.aborted) {
        let page: Returned<'listEvents'>;
        try {
          page = await this.events.list(
            {
              // An instant goes as `after` (the API places it); from the first page on, an event id.
              ...(cursor === undefined || cursor.startsWith('evt_')
                ? { cursor }
                : { after: cursor }),
              type: options.types?.join(','),
              limit: 100,
              ...(atTheEnd && longPoll ? { wait } : {}),
            },
            { signal },
          );
        } catch (error) {
          // Stopped while a request waited at the end of the log: the follow ends there.
          if (signal?.aborted) return;
          // A deployment from before the long-poll refuses `wait`: poll it instead.
          if (longPoll && refusesWait(error)) {
            longPoll = false;
            continue;
          }
          throw error;
        }
        for (const event of page.data) {
          cursor = event.id;
          yield { event, cursor };
        }
        // A filtered page may end early, even empty, past events of other types: go on after them.
        if (page.pagination.hasMore && page.pagination.nextCursor)
          cursor = page.pagination.nextCursor;
        atTheEnd = !page.pagination.hasMore;
        if (page.data.length > 0) told = false;
        if (atTheEnd && !told) {
          options.onWaiting?.(
            longPoll
              ? { via: 'long-poll', lookMs: wait * 1000 }
              : { via: 'polling', lookMs: pollMs },
          );
          told = true;
        }
        // Time to try the stream again: it subscribes after the cursor, so nothing is lost or repeated.
        if (Date.now() >= streamAt) break;
        if (atTheEnd && !longPoll) await pause(pollMs, signal);
      }
    }
  }

  /** What authenticates a request: the key, or in the console's page the session's cookie (sent by the browser). */
  private credentials(): Record<string, string> {
    return this.settings.apiKey === null
      ? { 'Hiring-Console': '1' }
      : { 'X-API-Key': this.settings.apiKey };
  }

  /**
   * The log's events on the event stream, after `after` (none: from the log's start), connection
   * after connection: each ends when API Gateway closes it (2 hours, going away, or a network's whim)
   * and the next subscribes after the last event given, a random wait within the reconnect window
   * later; a reopen that fails backs off (full jitter, doubling). Throws StreamUnavailable when the
   * stream does not open at first, or STREAM_TRIES times in a row.
   */
  private async *streamed(
    socket: StreamSocketFactory,
    after: string | undefined,
    options: FollowOptions & {
      random: () => number;
      pause: (ms: number, signal?: AbortSignal) => Promise<void>;
    },
  ): AsyncGenerator<Event> {
    const { signal } = options;
    const headers: Record<string, string> = { ...this.credentials() };
    if (this.settings.apiVersion !== null) headers['Hiring-Version'] = this.settings.apiVersion;
    let position = after;
    let opened = false;
    for (let failures = 0; !signal?.aborted;) {
      let wait: number;
      try {
        for await (const frame of streamFrames<Event>(
          { baseUrl: this.baseUrl, headers, socket, signal },
          position,
        )) {
          if (frame.type === 'subscribed') {
            opened = true;
            failures = 0;
            // From the log's start: what it held when the stream took over is read first.
            if (position === undefined && frame.after !== null)
              for await (const event of this.walk((cursor) =>
                this.events.list({ cursor, limit: 100 }, { signal }),
              )) {
                position = event.id;
                yield event;
                if (event.id >= frame.after) break;
              }
            position ??= frame.after ?? undefined;
          } else if (frame.type === 'idle') options.onWaiting?.({ via: 'stream' });
          else if (
            frame.type === 'event' &&
            (position === undefined || frame.event.id > position)
          ) {
            position = frame.event.id;
            yield frame.event;
          }
        }
        // Closed (its 2 hours, idle, going away, the network): open again after the last event given,
        // a random part of the window later, so that connections closed together come back spread out.
        wait = options.random() * (options.reconnectWindowMs ?? RECONNECT_WINDOW_MS);
      } catch (error) {
        // A subscribe refused for good (a 4xx but 409 and 429): the envelope, as any answer's.
        if (error instanceof StreamRefused) {
          const { status = 0, code, requestId, retryAfterMs, details } = error.frame;
          throw new HiringApiError(error.message, status, code, requestId, retryAfterMs, details);
        }
        if (!(error instanceof StreamUnavailable) || !opened || ++failures >= STREAM_TRIES)
          throw error;
        // Not reopened (refused, a 5xx or 429 frame): a back-off with full jitter.
        wait =
          options.random() *
          Math.min(RECONNECT_BACKOFF_MS.most, RECONNECT_BACKOFF_MS.first * 2 ** (failures - 1));
      }
      if (signal?.aborted) return;
      await options.pause(wait, signal);
    }
  }

  /**
   * A single-resource GET sent with `If-None-Match: etag` (none: a plain read): the resource and its
   * ETag, or `changed: false` when it is as the ETag's answer showed it (a 304, none of the hour spent).
   */
  private async revalidate<T>(
    path: string,
    etag: string | undefined,
    options: CallOptions | undefined,
  ): Promise<Revalidated<T>> {
    let current: string | undefined;
    const answer = await this.call<{ data: T } | undefined>('GET', path, {
      options,
      headers: etag === undefined ? undefined : { 'If-None-Match': etag },
      onEtag: (tag) => (current = tag),
    });
    if (answer === undefined) return { changed: false, etag: current ?? (etag as string) };
    return { changed: true, data: answer.data, etag: current as string };
  }

  /**
   * One operation, retried when that is safe: a 429 (the request was refused before anything ran), and,
   * for reads and for writes carrying an Idempotency-Key, a 503, API Gateway's own 500, a network error
   * or a timeout. A write without a key is never retried on those: it may have committed (a 503 can
   * come after the change did), and only its key makes the retry answer what it did. Waits what the API asks (Retry-After, `retryAfterMs`), else backs off
   * exponentially with full jitter.
   */
  private async call<T>(method: Method, path: string, call: Call): Promise<T> {
    const { signal } = call.options ?? {};
    const idempotencyKey = call.idempotent
      ? (call.options?.idempotencyKey ??
        (this.settings.idempotencyKeys ? crypto.randomUUID() : undefined))
      : undefined;
    const repeatable = method === 'GET' || idempotencyKey !== undefined;
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(call.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {
      ...this.credentials(),
      Accept: 'application/json',
      'Accept-Encoding': 'gzip',
    };
    if (this.settings.apiVersion !== null) headers['Hiring-Version'] = this.settings.apiVersion;
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    Object.assign(headers, call.headers);

    for (let attempt = 0; ; attempt++) {
      let failure: HiringApiError;
      let retryable: boolean;
      try {
        const attemptSignal = signal
          ? AbortSignal.any([signal, AbortSignal.timeout(this.settings.timeoutMs)])
          : AbortSignal.timeout(this.settings.timeoutMs);
        const response = await this.settings.fetch(url, {
          method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: attemptSignal,
        });
        const text = await response.text();
        const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        if (response.ok || response.status === 304) {
          call.onEtag?.(response.headers.get('ETag') ?? undefined);
          call.onResponse?.(response);
          // 304 (a conditional read's "as you hold it"): no body; `revalidate` tells it apart.
          return (response.status === 304 ? undefined : json) as T;
        }
        failure = errorOf(response, json);
        const gatewayFault = response.status === 500 && failure.code === undefined;
        retryable =
          response.status === 429 || (repeatable && (response.status === 503 || gatewayFault));
      } catch (error) {
        if (signal?.aborted) throw error;
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        failure = new HiringApiError(
          timedOut
            ? `No answer within ${this.settings.timeoutMs} ms`
            : `The request failed: ${(error as Error).message}`,
          0,
          undefined,
          undefined,
          undefined,
          undefined,
          {
            cause: error,
          },
        );
        retryable = repeatable;
      }
      const wait =
        failure.retryAfterMs ??
        Math.random() *
          Math.min(this.settings.retryMaxMs, this.settings.retryBaseMs * 2 ** attempt);
      if (!retryable || attempt >= this.settings.maxRetries || wait > this.settings.retryMaxMs)
        throw failure;
      await sleep(wait, signal);
      if (signal?.aborted) throw failure;
    }
  }
}

function errorOf(response: Response, json: Record<string, unknown>): HiringApiError {
  // What the API asks to wait: its body's retryAfterMs, else Retry-After, else (a 429) until the quota window resets.
  const seconds = (name: string) => {
    const value = Number(response.headers.get(name) ?? Number.NaN);
    return Number.isFinite(value) && value > 0 ? value * 1000 : undefined;
  };
  const retryAfterMs =
    typeof json.retryAfterMs === 'number'
      ? json.retryAfterMs
      : (seconds('Retry-After') ??
        (response.status === 429 ? seconds('RateLimit-Reset') : undefined));
  const message =
    typeof json.error === 'string'
      ? json.error
      : typeof json.message === 'string'
        ? json.message
        : `HTTP ${response.status}`;
  return new HiringApiError(
    message,
    response.status,
    typeof json.code === 'string' ? (json.code as ErrorCode) : undefined,
    typeof json.requestId === 'string' ? json.requestId : undefined,
    retryAfterMs,
    Array.isArray(json.details) ? (json.details as Schemas['Error']['details']) : undefined,
  );
}
