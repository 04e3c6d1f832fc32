import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { createKey } from '../../lib/composition/keys.js';
import { withDeployedPermissions } from '../local/aws.js';
import { importProductData } from '../local/import.js';
import { sequencePending } from '../../lib/db/log/sequencer.js';
import { createJd } from '../../lib/jds/api.js';
import { transactWrite } from '../../lib/db/dynamo.js';
import { recordEvent } from '../../lib/events/model.js';
import { recordingDb } from './capacity.js';
import { startGateway } from '../local/gateway.js';
import { startWebhookRuntime } from '../local/webhooks.js';
import { LOCAL_REQUEST_LOG_BATCH_MS } from '../local/request-log.js';

/**
 * How long a change takes to be seen, on the local stack as `npm start` runs it and with the service's
 * default settings (no window or lag overridden): each probe creates a JD through the API, then a resume
 * and an application to it through the product feed, one probe a second; each way of watching them
 * notes when it first shows each one. The lag is from the write's answer (its commit is before it) to
 * the first sight.
 */

export interface Freshness {
  channel: string;
  how: string;
  lagsMs: number[];
}

export interface IdleWait {
  /** what GET /events?wait= was asked to wait, and how long its empty answer took */
  askedMs: number;
  tookMs: number;
}

const CHANGES = 10;
const IDLE_WAIT_SECONDS = 3;
const SPACING_MS = 1_000;
const POLL_MS = 250;
const GIVE_UP_MS = 60_000;

const TENANT = 'bench-fresh';
const ENV = ['WEBHOOK_ALLOW_LOCAL_URLS'] as const;

function receiver(seen: (id: string) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      try {
        const event = JSON.parse(body) as { type?: string; data?: { id?: string } };
        if (event.type === 'jd.created' && event.data?.id) seen(event.data.id);
      } catch {
        // not an event: ignored
      }
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` }),
    ),
  );
}

/** The lists whose delta walks are watched, and what each probe changes in them. */
const WALKED = ['jds', 'resumes', 'applications', 'candidates'] as const;
type Walked = (typeof WALKED)[number];

export async function measureFreshness(
  endpoint: string,
  tableName: string,
): Promise<{ channels: Freshness[]; idle: IdleWait }> {
  const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
  for (const name of ENV) delete process.env[name];
  process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
  const db = await withDeployedPermissions(createDb({ endpoint, tableName }));
  setSharedDb(db);
  const webhooks = await startWebhookRuntime(db, { endpoint });
  const gateway = await startGateway(0, '127.0.0.1');
  /** each probe's id (its JD's) → when its writes answered, by what they wrote */
  const answered = new Map<string, Record<Walked, number>>();
  /** the id each list shows for a probe: its JD, its resume (and candidate), its application */
  const probeOf = new Map<string, string>();
  const seen = {
    webhook: new Map<string, number>(),
    stream: new Map<string, number>(),
    longPoll: new Map<string, number>(),
    poll: new Map<string, number>(),
    requestLog: new Map<string, number>(),
    ...(Object.fromEntries(WALKED.map((list) => [list, new Map<string, number>()])) as Record<
      Walked,
      Map<string, number>
    >),
  };
  const note = (channel: keyof typeof seen) => (id: string) => {
    const probe = probeOf.get(id) ?? id;
    if (!seen[channel].has(probe)) seen[channel].set(probe, Date.now());
  };
  const hook = await receiver(note('webhook'));
  let running = true;
  try {
    await ensureTenant(db, liveSpaceOf(TENANT));
    const { key } = await createKey(db, TENANT, {
      name: 'freshness',
      scopes: ['read', 'write', 'admin'],
      createdBy: 'bench',
    });
    const call = async (method: string, path: string, body?: unknown) => {
      const reply = await fetch(`${gateway.url}${path}`, {
        method,
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
      return {
        ...((await reply.json()) as {
          data: { id: string; data?: { id: string } }[] & { id: string };
          pagination?: { hasMore: boolean; nextCursor?: string };
        }),
        requestId: reply.headers.get('request-id') ?? '',
      };
    };
    await call('POST', '/webhooks', { url: hook.url, events: ['jd.created'] });
    const startTime = new Date().toISOString();
    const startId = `evt_${'0'.repeat(26)}`;
    // An idle long-poll: nothing happens while it waits, so it answers an empty page at its end.
    const idleFrom = (await call('GET', '/events?limit=100')).data.at(-1)?.id ?? startId;
    const idleStarted = Date.now();
    await call('GET', `/events?after=${idleFrom}&wait=${IDLE_WAIT_SECONDS}`);
    const idle = { askedMs: IDLE_WAIT_SECONDS * 1000, tookMs: Date.now() - idleStarted };

    /** Follows GET /events of jd.created from the start, with or without a long-poll, noting each JD. */
    const follow = async (wait: boolean, sighted: (id: string) => void) => {
      let after = startId;
      while (running) {
        const page = await call(
          'GET',
          `/events?type=jd.created&limit=100&after=${after}${wait ? '&wait=20' : ''}`,
        );
        for (const event of page.data) {
          if (event.data) sighted(event.data.id);
          after = event.id;
        }
        // A filtered page may end past events of other types: go on after them.
        if (page.pagination?.hasMore && page.pagination.nextCursor)
          after = page.pagination.nextCursor;
        if (!page.pagination?.hasMore && !wait) await sleep(POLL_MS);
      }
    };
    /** Follows a list's delta walk as a sync client does: a first fill, then its token again and again. */
    const walk = async (list: Walked) => {
      let start = `updatedSince=${encodeURIComponent(startTime)}`;
      while (running) {
        let cursor: string | undefined;
        let token: string | undefined;
        do {
          const page = await call(
            'GET',
            `/${list}?${start}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          for (const item of page.data) note(list)(item.id);
          cursor = page.pagination?.nextCursor;
          token = (page.pagination as { syncToken?: string } | undefined)?.syncToken;
        } while (cursor);
        if (token) start = `syncToken=${encodeURIComponent(token)}`;
        await sleep(POLL_MS);
      }
    };
    /** Polls the request log for the probes' POST /jds, noting each entry by the JD its answer created. */
    const jdOfRequest = new Map<string, string>();
    const readLog = async () => {
      while (running) {
        const page = await call(
          'GET',
          `/requests?route=${encodeURIComponent('POST /jds')}&limit=100&after=${encodeURIComponent(startTime)}`,
        );
        for (const entry of page.data as unknown as { requestId: string }[]) {
          const jdId = jdOfRequest.get(entry.requestId);
          if (jdId) note('requestLog')(jdId);
        }
        await sleep(POLL_MS);
      }
    };
    /** Listens on the event stream from the start, noting each JD its events name. */
    const listen = () =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/events/stream`, {
          headers: { 'X-API-Key': key },
        });
        socket.once('error', reject);
        socket.once('open', () =>
          socket.send(JSON.stringify({ action: 'subscribe', after: startId })),
        );
        socket.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as {
            event?: { type: string; data: { id: string } };
          };
          if (frame.event?.type === 'jd.created') note('stream')(frame.event.data.id);
        });
        const stop = setInterval(() => {
          if (running) return;
          clearInterval(stop);
          socket.close();
          resolve();
        }, POLL_MS);
      });
    // A watcher that fails ends the run with its error rather than leaving it unheard.
    const watchers = [
      listen(),
      follow(true, note('longPoll')),
      follow(false, note('poll')),
      readLog(),
      ...WALKED.map((list) => walk(list)),
    ];
    const failed = Promise.race(
      watchers.map((watcher) => watcher.then(() => new Promise(() => undefined))),
    );
    failed.catch(() => undefined); // awaited below; handled until then

    for (let n = 0; n < CHANGES; n++) {
      const created = await call('POST', '/jds', {
        title: `Freshness probe ${n}`,
        description: 'Created to time how soon each reader sees it.',
        createdById: 'bench',
      });
      const jdId = (created.data as { id: string }).id;
      const jdAnswered = Date.now();
      jdOfRequest.set(created.requestId, jdId);
      const resumeId = `fresh-resume-${n}`;
      const applicationId = `fresh-application-${n}`;
      probeOf.set(resumeId, jdId);
      probeOf.set(applicationId, jdId);
      await importProductData(db, liveSpaceOf(TENANT), {
        resumes: [{ id: resumeId, fileName: `probe-${n}.pdf`, parseStatus: 'COMPLETED' }],
      });
      const resumeAnswered = Date.now();
      await importProductData(db, liveSpaceOf(TENANT), {
        applications: [{ id: applicationId, jdId, resumeId }],
      });
      const applicationAnswered = Date.now();
      answered.set(jdId, {
        jds: jdAnswered,
        resumes: resumeAnswered,
        // A candidate shows its resume and then its applications: its last change is the application.
        candidates: applicationAnswered,
        applications: applicationAnswered,
      });
      await sleep(SPACING_MS);
    }
    const deadline = Date.now() + GIVE_UP_MS;
    while (
      Date.now() < deadline &&
      Object.values(seen).some((sightings) => sightings.size < CHANGES)
    )
      await Promise.race([sleep(POLL_MS), failed]);
    running = false;
    await Promise.race([Promise.allSettled(watchers), sleep(25_000)]);

    const lags = (channel: keyof typeof seen, of: Walked = 'jds') =>
      [...answered].map(([id, at]) => (seen[channel].get(id) ?? Number.NaN) - at[of]);
    const channels: Freshness[] = [
      {
        channel: 'webhook',
        how: "the table stream (read as Lambda reads it: 4 times a second, a 1 s batching window) to the sequencer, then the event's own record to the dispatcher, the delivery queue, the worker",
        lagsMs: lags('webhook'),
      },
      {
        channel: 'event stream (WebSocket)',
        how: "subscribed to the log: the table stream (read as Lambda reads it, a 1 s batching window) to the dispatcher, which sequences the space and posts what follows each connection's place through the management API",
        lagsMs: lags('stream'),
      },
      {
        channel: 'GET /events?wait=20',
        how: 'a long-poll waiting at the end of the log',
        lagsMs: lags('longPoll'),
      },
      {
        channel: 'GET /events',
        how: `polled every ${POLL_MS} ms`,
        lagsMs: lags('poll'),
      },
      {
        channel: 'GET /requests',
        how: `the JD's POST /jds in the request log (its function's log line, batched for ${LOCAL_REQUEST_LOG_BATCH_MS / 1000} s as CloudWatch Logs' subscription batches, to the writer), polled every ${POLL_MS} ms`,
        lagsMs: lags('requestLog'),
      },
      ...WALKED.map((list) => ({
        channel: `GET /${list} delta walk`,
        how: `its syncToken followed every ${POLL_MS} ms`,
        lagsMs: lags(list, list),
      })),
    ];
    return { channels, idle };
  } finally {
    running = false;
    await gateway.close();
    await webhooks.stop();
    await new Promise((resolve) => hook.server.close(resolve));
    setSharedDb(undefined);
    for (const name of ENV)
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
  }
}

export interface SequencingCost {
  /** what one change's write spends on its pending entry (the Put in its own transaction) */
  entryWcu: number;
  /** giving one change its place: alone, and as one of a batch of SEQUENCED_TOGETHER + 1 */
  aloneWcu: number;
  batchedWcu: number;
  /** the sequencer's read of the head and the pending entries (one strongly consistent Query) */
  readRcu: number;
  /** what DynamoDB Local reported for the transactions above (it undercounts them) */
  localWcu: { entry: number; alone: number; batched: number };
}

const SEQUENCED_TOGETHER = 10;

/**
 * What the ordered log costs per change: the pending entry a write adds, and the sequencing
 * transaction, alone or batched, as DynamoDB bills transactions (capacity.ts's billItem: DynamoDB
 * Local's consumed capacity counts a 3-item transaction as 2 WCU, where DynamoDB bills 6), and the
 * sequencer's read as DynamoDB Local reports it.
 */
export async function measureSequencingCost(
  endpoint: string,
  tableName: string,
): Promise<SequencingCost> {
  const recorder = recordingDb(endpoint, tableName, { images: true });
  // Each transaction as DynamoDB bills it, in the order sent.
  const billed = {
    at: (index: number) =>
      recorder.calls
        .filter((call) => call.command === 'TransactWriteItemsCommand')
        .map((call) => call.billedWrite)
        .at(index),
  };
  const spaceId = liveSpaceOf('bench-sequencing');
  await ensureTenant(recorder.db, spaceId);
  const jd = (n: number) => ({
    title: `Sequencing probe ${n}`,
    description: 'Created to count what the ordered log costs.',
    createdById: 'bench',
  });
  const since = (mark: number) => recorder.calls.slice(mark);
  const units = (calls: typeof recorder.calls, kind: 'read' | 'write') =>
    calls.reduce((sum, call) => sum + call[kind], 0);

  // One change given its place alone.
  const { jd: created } = await createJd(recorder.db, spaceId, jd(0));
  let mark = recorder.calls.length;
  await sequencePending(recorder.db, spaceId);
  const alone = { local: units(since(mark), 'write'), billed: billed.at(-1) ?? Number.NaN };
  // A JD's event's pending entry, written alone in a transaction, as its write writes it.
  mark = recorder.calls.length;
  await transactWrite(recorder.db, [
    recordEvent(spaceId, 'jd.created', {
      id: created.id,
      title: created.title,
      status: created.status,
      updatedAt: created.updatedAt,
    }),
  ]);
  const entry = { local: units(since(mark), 'write'), billed: billed.at(-1) ?? Number.NaN };
  // That entry and SEQUENCED_TOGETHER JDs' given their places together.
  for (let n = 1; n <= SEQUENCED_TOGETHER; n++) await createJd(recorder.db, spaceId, jd(n));
  mark = recorder.calls.length;
  await sequencePending(recorder.db, spaceId);
  const together = SEQUENCED_TOGETHER + 1;
  const batched = {
    local: units(since(mark), 'write') / together,
    billed: (billed.at(-1) ?? Number.NaN) / together,
  };
  mark = recorder.calls.length;
  await sequencePending(recorder.db, spaceId);
  return {
    entryWcu: entry.billed,
    aloneWcu: alone.billed,
    batchedWcu: batched.billed,
    readRcu: units(since(mark), 'read'),
    localWcu: { entry: entry.local, alone: alone.local, batched: batched.local },
  };
}
