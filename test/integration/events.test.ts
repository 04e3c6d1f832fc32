import pMap from 'p-map';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { WINDOW_MS } from '../../lib/events/wait-slots.js';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { EVENT_TTL_SECONDS, eventKeys, recordEvent } from '../../lib/events/model.js';
import { listEvents, readEventRange } from '../../lib/events/store.js';
import { toWriteItems } from '../../lib/db/dynamo.js';
import { createJd } from '../../lib/jds/api.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();

/** Where the log ends now, as a poller keeps it: the last event id it saw. */
async function endOfLog(key: string): Promise<string> {
  const read = await callApi('GET', '/events?limit=100', { key });
  expect(read.json.pagination.hasMore).toBe(false);
  return read.json.data.at(-1).id;
}

describe('GET /events', () => {
  it('never skips or repeats an event while many writers record events in the same milliseconds', async () => {
    const { tenantId } = await tenantWithKey(db(), ['read', 'write']);
    const writes = 300;
    let writing = true;
    let deadline = Number.POSITIVE_INFINITY;
    const seen: string[] = [];
    let after: string | undefined;
    // A poller walks the log with `after` (what GET /events runs, without the hourly quota) while 24 writers add to it.
    const poller = (async () => {
      while (writing || (seen.length < writes + 1 && Date.now() < deadline)) {
        const page = await listEvents(db(), tenantId, { after, limit: 50 });
        seen.push(...page.events.map((event) => event.id));
        after = page.nextCursor ?? after;
        if (!page.hasMore) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    await pMap(
      Array.from({ length: writes }, (_, i) => i),
      (i) => createJd(db(), tenantId, { title: `Role ${i}`, description: 'd', createdById: 'u' }),
      {
        concurrency: 24,
      },
    );
    writing = false;
    deadline = Date.now() + 10_000;
    await poller;

    expect(seen).toHaveLength(writes + 1);
    expect(new Set(seen).size).toBe(writes + 1);
    expect([...seen].sort()).toEqual(seen);
  }, 60_000);

  it('never skips an event whose write commits a minute after it was stamped, where an id stamped at the write would be', async () => {
    const { tenantId } = await tenantWithKey(db(), ['read']);
    const stamped = new Date(Date.now() - 60_000);
    const read = (after?: string) => listEvents(db(), tenantId, { after, limit: 50 });
    const first = await read();
    // Recorded as the log records it: a pending entry, its id given when it is sequenced.
    const items = toWriteItems(
      db().tableName,
      [recordEvent(tenantId, 'jd.deleted', { id: 'jd-late', updatedAt: stamped.toISOString() })],
      stamped,
    );
    await db().client.send(new TransactWriteCommand({ TransactItems: items }));
    // Recorded as events were before the ordered log: its id stamped at the write, a minute ago.
    const stampedId = `evt_${ulid(stamped.getTime())}`;
    await db().client.send(
      new PutCommand({
        TableName: db().tableName,
        Item: {
          ...eventKeys.item(tenantId, stampedId),
          entity: 'EVENT',
          id: stampedId,
          type: 'jd.deleted',
          createdAt: stamped.toISOString(),
          data: { id: 'jd-stamped', updatedAt: stamped.toISOString() },
          ttl: Math.floor(stamped.getTime() / 1000) + EVENT_TTL_SECONDS,
        },
      }),
    );
    const next = await read(first.events.at(-1)?.id);

    expect(first.events.map((event) => event.type)).toEqual(['key.created']);
    expect(next.events.map((event) => event.data)).toEqual([
      { id: 'jd-late', updatedAt: stamped.toISOString() },
    ]);
  });

  it('filters by type, pages with nextCursor, shows one event by id, and refuses a bad cursor or type', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    for (let i = 0; i < 5; i++)
      await createJd(db(), tenantId, { title: `Role ${i}`, description: 'd', createdById: 'u' });

    const keys = await callApi('GET', '/events?type=key.created', { key });
    const firstPage = await callApi('GET', '/events?type=jd.created,key.created&limit=2', { key });
    const secondPage = await callApi(
      'GET',
      `/events?type=jd.created&limit=10&after=${firstPage.json.pagination.nextCursor}`,
      { key },
    );
    const one = await callApi('GET', `/events/${keys.json.data[0].id}`, { key });
    const badCursor = await callApi('GET', '/events?after=yesterday', { key });
    const badType = await callApi('GET', '/events?type=jd.archived', { key });
    const missing = await callApi('GET', '/events/evt_01KA0000000000000000000000', { key });

    expect(keys.json.data.map((event: { type: string }) => event.type)).toEqual(['key.created']);
    expect(keys.json.data[0].data).toEqual({
      id: expect.any(String),
      name: 'key read write',
      scopes: ['read', 'write'],
      expiresAt: null,
      mode: 'live',
      blind: false,
      updatedAt: expect.any(String),
    });
    expect(firstPage.json.data.map((event: { type: string }) => event.type)).toEqual([
      'key.created',
      'jd.created',
    ]);
    expect(firstPage.json.pagination).toMatchObject({ limit: 2, hasMore: true });
    expect(
      secondPage.json.data.map((event: { data: { title: string } }) => event.data.title),
    ).toEqual(['Role 1', 'Role 2', 'Role 3', 'Role 4']);
    expect(secondPage.json.pagination.hasMore).toBe(false);
    expect(one.json.data).toEqual(keys.json.data[0]);
    expect([badCursor.status, badType.status, missing.status]).toEqual([400, 400, 404]);
    expect(badType.json.error).toContain('type: must be one or more of');
  });

  it('needs the read scope, and shows a tenant only its own events', async () => {
    const mine = await tenantWithKey(db(), ['read']);
    const theirs = await tenantWithKey(db(), ['read']);
    const adminOnly = await tenantWithKey(db(), ['admin'], mine.tenantId);
    const [myEvent] = (await callApi('GET', '/events', { key: mine.key })).json.data;

    const denied = await callApi('GET', '/events', { key: adminOnly.key });
    const foreign = await callApi('GET', `/events/${myEvent.id}`, { key: theirs.key });
    const theirLog = await callApi('GET', '/events', { key: theirs.key });

    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe('API key does not have the required scope: read');
    expect(foreign.status).toBe(404);
    expect(theirLog.json.data.map((event: { id: string }) => event.id)).not.toContain(myEvent.id);
  });

  it('keeps events 30 days: an expired one DynamoDB has not removed yet is neither listed, nor shown, nor replayed', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    const expiredAt = Date.now() - 31 * 86_400_000;
    const expired = {
      id: `evt_${ulid(expiredAt)}`,
      type: 'jd.deleted',
      createdAt: new Date(expiredAt).toISOString(),
      data: { id: 'jd-old', updatedAt: new Date(expiredAt).toISOString() },
    };
    await db().client.send(
      new PutCommand({
        TableName: db().tableName,
        Item: {
          ...eventKeys.item(tenantId, expired.id),
          entity: 'EVENT',
          ...expired,
          ttl: Math.floor(expiredAt / 1000) + EVENT_TTL_SECONDS,
        },
      }),
    );

    const fromStart = await callApi('GET', '/events', { key });
    const fromOldCursor = await callApi('GET', `/events?after=evt_${ulid(expiredAt - 1000)}`, {
      key,
    });
    const byId = await callApi('GET', `/events/${expired.id}`, { key });
    const replayed = await readEventRange(
      db(),
      tenantId,
      { after: `evt_${ulid(expiredAt - 1000)}`, until: `evt_${ulid(Date.now())}` },
      10,
    );

    expect(fromStart.json.data.map((event: { type: string }) => event.type)).toEqual([
      'key.created',
    ]);
    expect(fromOldCursor.json.data.map((event: { type: string }) => event.type)).toEqual([
      'key.created',
    ]);
    expect(byId.status).toBe(404);
    expect(replayed.events.map((event) => event.type)).toEqual(['key.created']);
  });

  describe('a long-poll (wait=)', () => {
    it('holds an idle request for its wait, then answers an empty page', async () => {
      const { key } = await tenantWithKey(db(), ['read', 'write']);
      const started = Date.now();
      const idle = await callApi('GET', `/events?after=${await endOfLog(key)}&wait=1`, { key });
      expect(idle.status, idle.text).toBe(200);
      expect(idle.json).toMatchObject({ data: [], pagination: { hasMore: false } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it("spends none of the key's hour on an idle wait that ends empty, and one unit on a wait that answers events", async () => {
      const { key } = await tenantWithKey(db(), ['read', 'write']);
      const remaining = (reply: { headers: Record<string, string> }) =>
        Number(reply.headers['ratelimit-remaining'] ?? reply.headers['RateLimit-Remaining']);
      const after = await endOfLog(key);
      const before = await callApi('GET', `/events?after=${after}`, { key });
      const idle = await callApi('GET', `/events?after=${after}&wait=1`, { key });
      const again = await callApi('GET', `/events?after=${after}`, { key });
      await callApi('POST', '/jds', {
        key,
        body: {
          title: 'Site Reliability Engineer',
          description: 'Keeps it up.',
          createdById: 'ats',
        },
      });
      const answered = await callApi('GET', `/events?after=${after}&wait=1`, { key });
      const last = await callApi('GET', `/events?after=${after}`, { key });

      expect(idle.json.data).toEqual([]);
      // The idle wait's unit came back: the next request spends one from where it left off.
      expect(remaining(idle)).toBe(remaining(before));
      expect(remaining(again)).toBe(remaining(before) - 1);
      expect(answered.json.data).toHaveLength(1);
      // POST, then the answered wait: two units.
      expect(remaining(last)).toBe(remaining(again) - 3);
    });

    it('answers as soon as an event exists after the cursor, long before its wait ends', async () => {
      const { key } = await tenantWithKey(db(), ['read', 'write']);
      const after = await endOfLog(key);
      const started = Date.now();
      const waiting = callApi('GET', `/events?after=${after}&wait=20`, { key });
      await new Promise((resolve) => setTimeout(resolve, 700));
      const created = await callApi('POST', '/jds', {
        key,
        body: { title: 'Platform Engineer', description: 'Runs the fleet.', createdById: 'ats' },
      });
      const answer = await waiting;
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data.map((event: { type: string }) => event.type)).toEqual(['jd.created']);
      expect(answer.json.data[0].data.id).toBe(created.json.data.id);
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('answers at once when events are there, and refuses a wait past 20 s or not in whole seconds', async () => {
      const { key } = await tenantWithKey(db(), ['read', 'write']);
      const after = await endOfLog(key);
      await callApi('POST', '/jds', {
        key,
        body: { title: 'Data Engineer', description: 'Feeds the warehouse.', createdById: 'ats' },
      });
      const started = Date.now();
      const ready = await callApi('GET', `/events?after=${after}&wait=20`, { key });
      expect(ready.json.data).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const wait of ['21', '1.5', '-1', '01', 'soon']) {
        const refused = await callApi('GET', `/events?wait=${wait}`, { key });
        expect(refused.status, wait).toBe(400);
        expect(refused.json.details[0]).toMatchObject({ field: 'wait' });
      }
    });

    describe('under its ceiling', () => {
      /** Within one window of counted waits (20 s), so that a test's waits all count in it. */
      const inOneWindow = async () => {
        const into = Date.now() % WINDOW_MS;
        if (into > WINDOW_MS - 8_000) await sleep(WINDOW_MS - into + 100);
      };
      const ceilings = (tenant: number, service: number) => {
        process.env.LONG_POLL_TENANT_CEILING = String(tenant);
        process.env.LONG_POLL_CEILING = String(service);
      };
      afterEach(() => {
        delete process.env.LONG_POLL_TENANT_CEILING;
        delete process.env.LONG_POLL_CEILING;
      });
      const listener = async () => {
        const { key } = await tenantWithKey(db(), ['read', 'write']);
        return { key, after: await endOfLog(key) };
      };

      it("answers a tenant's wait past its share at once (429 wait_limited, when to ask again), never holds it, and serves every other request", async () => {
        ceilings(2, 1_000); // two waits held at once
        const { key, after } = await listener();
        const other = await listener();
        await inOneWindow();
        const started = Date.now();
        const waits = [1, 2, 3].map(() => callApi('GET', `/events?after=${after}&wait=2`, { key }));
        const refused = await Promise.race(waits);
        const refusedAfter = Date.now() - started;
        const jds = await callApi('GET', '/jds', { key });
        const events = await callApi('GET', '/events?limit=1', { key });
        const elsewhere = await callApi('GET', `/events?after=${other.after}&wait=1`, {
          key: other.key,
        });
        const answers = await Promise.all(waits);

        expect(refused.status, refused.text).toBe(429);
        expect(refused.json).toMatchObject({ success: false, code: 'wait_limited' });
        expect(refused.json.retryAfterMs).toBeGreaterThan(0);
        expect(refused.json.retryAfterMs).toBeLessThanOrEqual(WINDOW_MS);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refusedAfter).toBeLessThan(1_500);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
        // Other requests of the key, and another tenant's wait, go on.
        expect([jds.status, events.status, elsewhere.status]).toEqual([200, 200, 200]);
      });

      it('lets one listener wait again and again as events come, each wait given back as it ends', async () => {
        ceilings(1, 1_000); // one wait held at once: without giving back, the second is refused
        const { key, after } = await listener();
        await inOneWindow();
        let position = after;
        for (const title of ['First', 'Second', 'Third', 'Fourth']) {
          const waiting = callApi('GET', `/events?after=${position}&wait=5`, { key });
          await sleep(300);
          await callApi('POST', '/jds', {
            key,
            body: { title: `${title} role`, description: 'd', createdById: 'u' },
          });
          const heard = await waiting;

          expect(heard.status, heard.text).toBe(200);
          expect(heard.json.data.map((event: { type: string }) => event.type)).toEqual([
            'jd.created',
          ]);
          position = heard.json.data[0].id;
        }
      });

      it("answers a wait past the service's ceiling at once, whichever tenant asks", async () => {
        ceilings(1_000, 1); // one wait held at once, across tenants
        const first = await listener();
        const second = await listener();
        // A window no wait of this file's other tests began in: they count across tenants too.
        await sleep(WINDOW_MS - (Date.now() % WINDOW_MS) + 100);
        const holding = callApi('GET', `/events?after=${first.after}&wait=2`, { key: first.key });
        await sleep(300);
        const refused = await callApi('GET', `/events?after=${second.after}&wait=2`, {
          key: second.key,
        });
        // A request with events to answer never waits, so it is never refused.
        const reading = await callApi('GET', '/events?limit=1&wait=2', { key: second.key });

        expect(refused.status, refused.text).toBe(429);
        expect(refused.json.code).toBe('wait_limited');
        expect(reading.status).toBe(200);
        expect((await holding).status).toBe(200);
      });
    });
  });
});
