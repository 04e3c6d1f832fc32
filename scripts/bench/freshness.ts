import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { createApiKey } from '../../lib/keys/api.js';
import { withDeployedPermissions } from '../local/aws.js';
import { startGateway } from '../local/gateway.js';
import { startWebhookRuntime } from '../local/webhooks.js';

/**
 * How long a change takes to be seen, on the local stack as `npm start` runs it and with the service's
 * default settings (no window or lag overridden): JDs are created one after the other, and each way of
 * watching them notes when it first shows each one. The lag is from the write's answer (its commit is
 * before it) to the first sight.
 */

export interface Freshness {
  channel: string;
  how: string;
  lagsMs: number[];
}

const CHANGES = 10;
const SPACING_MS = 1_000;
const POLL_MS = 250;
const GIVE_UP_MS = 60_000;

const TENANT = 'bench-fresh';
const ENV = ['EVENT_SETTLE_MS', 'DELTA_INDEX_LAG_MS', 'WEBHOOK_ALLOW_LOCAL_URLS'] as const;

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

export async function measureFreshness(endpoint: string, tableName: string): Promise<Freshness[]> {
  const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
  for (const name of ENV) delete process.env[name];
  process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
  const db = await withDeployedPermissions(createDb({ endpoint, tableName }));
  setSharedDb(db);
  const webhooks = await startWebhookRuntime(db, { endpoint });
  const gateway = await startGateway(0, '127.0.0.1');
  const answered = new Map<string, number>();
  const seen = {
    webhook: new Map<string, number>(),
    longPoll: new Map<string, number>(),
    poll: new Map<string, number>(),
    delta: new Map<string, number>(),
  };
  const note = (channel: keyof typeof seen) => (id: string) => {
    if (!seen[channel].has(id)) seen[channel].set(id, Date.now());
  };
  const hook = await receiver(note('webhook'));
  let running = true;
  try {
    await ensureTenant(db, liveSpaceOf(TENANT));
    const { key } = await createApiKey(db, TENANT, {
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
      return (await reply.json()) as {
        data: { id: string; data?: { id: string } }[] & { id: string };
        pagination?: { hasMore: boolean; nextCursor?: string };
      };
    };
    await call('POST', '/webhooks', { url: hook.url, events: ['jd.created'] });
    const start = new Date().toISOString();
    const startId = `evt_${'0'.repeat(26)}`;

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
    /** Walks GET /jds's delta from the start again and again, noting each JD as it first shows. */
    const walk = async () => {
      while (running) {
        const page = await call('GET', `/jds?updatedSince=${start}&limit=100`);
        for (const jd of page.data) note('delta')(jd.id);
        await sleep(POLL_MS);
      }
    };
    // A watcher that fails ends the run with its error rather than leaving it unheard.
    const watchers = [follow(true, note('longPoll')), follow(false, note('poll')), walk()];
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
      answered.set((created.data as { id: string }).id, Date.now());
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

    const lags = (channel: keyof typeof seen) =>
      [...answered].map(([id, at]) => (seen[channel].get(id) ?? Number.NaN) - at);
    return [
      {
        channel: 'webhook',
        how: 'the table stream (read as Lambda reads it: 4 times a second, a 1 s batching window), the dispatcher, the delivery queue, the worker',
        lagsMs: lags('webhook'),
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
        channel: 'GET /jds delta walk',
        how: `updatedSince walked every ${POLL_MS} ms`,
        lagsMs: lags('delta'),
      },
    ];
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
