import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { createKey } from '../../lib/composition/keys.js';
import type { SpaceId } from '../../lib/db/spaces.js';
import { EVENT_TTL_SECONDS, eventKeys } from '../../lib/events/model.js';
import { webhookKeys } from '../../lib/webhooks/model.js';
import { flushLocalRequestLog } from '../../scripts/local/request-log.js';
import { callApi, tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { useBrowser, VIEWPORTS } from '../helpers/browser.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { useWebhookRuntime, waitFor } from '../helpers/webhooks.js';

/**
 * Each page's task, done in the console alone on the local stack (the API is called only to set the
 * scene and to check what the page did).
 */
useEnv({
  STREAM_BATCHING_WINDOW_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0.2',
  WEBHOOK_ALLOW_LOCAL_URLS: 'true',
});
const db = useTestDb({ stream: true });
useWebhookRuntime(db);
useLocalGateway();
const browser = useBrowser();

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function signedIn(key: string): Promise<Page> {
  const made = await callApi('POST', '/console/links', { key, body: {} });
  const context = await browser().newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await page.goto(made.json.data.url as string);
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}

/** Writes items as the service's own code records them: the scene of a busy space, made at once. */
async function putItems(items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25)
    await db().client.send(
      new BatchWriteCommand({
        RequestItems: {
          [db().tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
        },
      }),
    );
}

/** An entry of a space's log at `ms`, as the sequencer places one: an event, or a change with none. */
function logEntry(spaceId: SpaceId, ms: number, fields: Record<string, unknown>) {
  const id = `evt_${ulid(ms)}`;
  return {
    ...eventKeys.item(spaceId, id),
    id,
    ttl: Math.floor(ms / 1000) + EVENT_TTL_SECONDS,
    ...fields,
  };
}

/** A `jd.deleted` event at `ms`, about the JD `jdId`. */
function jdDeletedEvent(spaceId: SpaceId, ms: number, jdId: string) {
  const createdAt = new Date(ms).toISOString();
  return logEntry(spaceId, ms, {
    entity: 'EVENT',
    type: 'jd.deleted',
    createdAt,
    data: { id: jdId, updatedAt: createdAt },
  });
}

const open = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();

describe('the console’s pages, each task end to end', () => {
  it('Webhooks: a failing endpoint’s attempts say what the receiver answered, and Retry delivers once it is fixed', async () => {
    let fixed = false;
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        fixed
          ? response.writeHead(204).end()
          : response
              .writeHead(503, { 'content-type': 'text/plain' })
              .end('maintenance: back at 06:00'),
      );
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const { key: admin } = await tenantWithKey(db(), ['admin', 'write']);
    const endpoint = await callApi('POST', '/webhooks', {
      key: admin,
      body: { url, events: ['jd.created'] },
    });
    const webhookId = endpoint.json.data.id as string;
    await callApi('POST', '/jds', {
      key: admin,
      body: { title: 'Site Reliability Engineer', description: 'Keeps it up.', createdById: 'u1' },
    });
    // Every automatic attempt (one retry, 0.2 s later) has failed.
    await waitFor(async () => {
      const attempts = await callApi('GET', `/webhooks/${webhookId}/deliveries`, { key: admin });
      return attempts.json.data.length >= 2;
    });

    const page = await signedIn(admin);
    await open(page, 'Webhooks');
    const row = page.getByRole('row', { name: url });
    await expect(row.textContent()).resolves.toMatch(/failing since/);
    await page.getByRole('link', { name: url }).click();
    const attempts = page.getByRole('table', { name: 'Attempts, newest first' });
    await attempts.getByText('maintenance: back at 06:00').first().waitFor();
    await expect(attempts.textContent()).resolves.toMatch(/503/);
    await expect(
      attempts.getByRole('cell', { name: 'jd.created', exact: true }).count(),
    ).resolves.toBeGreaterThan(0);

    fixed = true;
    await attempts
      .getByRole('button', { name: /^Retry / })
      .first()
      .click();
    await page
      .getByRole('status')
      .getByText(/Retry of .* queued/)
      .waitFor();
    await waitFor(async () => {
      await page.getByRole('button', { name: 'Refresh attempts' }).click();
      return (await attempts.getByRole('cell', { name: '204', exact: true }).count()) > 0;
    });
    const delivered = await callApi('GET', `/webhooks/${webhookId}/deliveries`, { key: admin });
    expect(delivered.json.data[0]).toMatchObject({ statusCode: 204, trigger: 'manual' });
  });

  it('Webhooks: an endpoint’s older attempts, past the first page, one page at a time', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const url = 'https://93.184.216.34/hooks/busy';
    const endpoint = await callApi('POST', '/webhooks', {
      key: admin,
      body: { url, events: ['jd.created'] },
    });
    const webhookId = endpoint.json.data.id as string;
    // 60 attempts, as the deliveries log records them: more than the page's 50.
    const first = Date.now() - 3_600_000;
    const attempts = Array.from({ length: 60 }, (_, i) => {
      const id = ulid(first + i * 1000);
      return {
        ...webhookKeys.attempt(tenantId, webhookId, id),
        entity: 'DELIVERY_ATTEMPT',
        id,
        webhookId,
        eventId: `evt_${ulid(first + i * 1000)}`,
        eventType: 'jd.created',
        attempt: 1,
        trigger: 'automatic',
        statusCode: 200,
        durationMs: 40 + i,
        at: new Date(first + i * 1000).toISOString(),
        ttl: Math.floor(first / 1000) + 86_400,
      };
    });
    await putItems(attempts);
    const page = await signedIn(admin);
    await open(page, 'Webhooks');
    await page.getByRole('link', { name: url }).click();
    const table = page.getByRole('table', { name: 'Attempts, newest first' });
    const rows = table.getByRole('row');
    // The header row and the newest 50; then the 10 older ones.
    await table.getByText('99 ms').waitFor();
    await expect(rows.count()).resolves.toBe(51);
    expect(await table.getByText('49 ms', { exact: true }).count()).toBe(0);
    // Clicked twice at once, it loads the next page once.
    await page.getByRole('button', { name: 'Older attempts' }).dblclick();
    await table.getByText('40 ms', { exact: true }).waitFor();
    await expect(rows.count()).resolves.toBe(61);
    await expect(page.getByRole('button', { name: 'Older attempts' }).count()).resolves.toBe(0);
  });

  it('Events: a new event appears on the open page without a reload, pushed by the event stream', async () => {
    const { key: admin } = await tenantWithKey(db(), ['admin', 'read', 'write']);
    const page = await signedIn(admin);
    // What the page's WebSocket receives: the session's cookie and the page's origin opened it.
    const pushed: string[] = [];
    const streams: string[] = [];
    page.on('websocket', (socket) => {
      streams.push(new URL(socket.url()).pathname);
      socket.on('framereceived', ({ payload }) => pushed.push(String(payload)));
    });
    await open(page, 'Events');
    const table = page.getByRole('table', { name: 'Events, newest first' });
    await table.waitFor();
    await waitFor(() => pushed.some((frame) => frame.includes('"subscribed"')));
    const created = await callApi('POST', '/jds', {
      key: admin,
      body: { title: 'Data Platform Lead', description: 'Owns the lake.', createdById: 'u1' },
    });
    const id = created.json.data.id as string;
    await table.getByText(id).waitFor({ timeout: 30_000 });
    await expect(table.getByRole('row').nth(1).textContent()).resolves.toContain('jd.created');
    expect(streams).toEqual(['/api/v1/events/stream']);
    expect(pushed.some((frame) => frame.includes('"type":"event"') && frame.includes(id))).toBe(
      true,
    );
  });

  it('Events: a space busier than one page in a day shows its newest, from a shorter window, without walking the day', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin', 'read']);
    // 120 events three hours ago: the last 24 hours hold more than a page of 100; the last hour does not.
    const past = Date.now() - 3 * 3_600_000;
    await putItems(
      Array.from({ length: 120 }, (_, i) =>
        jdDeletedEvent(tenantId, past + i, `jd-three-hours-ago-${i}`),
      ),
    );
    const page = await signedIn(admin);
    const listed: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/events') listed.push(url.searchParams.get('after') ?? '');
    });
    await open(page, 'Events');
    await page.getByText('The last hour, newest first').waitFor();
    const table = page.getByRole('table', { name: 'Events, newest first' });
    // The key's own creation, a minute ago, is there; none of the three-hour-old events is.
    await table.getByRole('row', { name: /key\.created/ }).waitFor();
    expect(await table.getByText(/jd-three-hours-ago/).count()).toBe(0);
    // Two looks (the day's, the hour's), each one page, not the day walked page by page.
    expect(listed).toHaveLength(2);
  });

  it('Events: a quiet space keeps its whole day, though its log holds more changes than a page reads', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin', 'read']);
    // Two hours ago, 1,100 writes that record no event (a page of the log reads past at most 1,000
    // entries), then 5 events: a page ends early with more after it, yet the day holds 6 events.
    const past = Date.now() - 2 * 3_600_000;
    const changes = Array.from({ length: 1_100 }, (_, i) =>
      logEntry(tenantId, past + i, { entity: 'CHANGE', changed: { J: [`jd-${i}`] } }),
    );
    const events = Array.from({ length: 5 }, (_, i) =>
      jdDeletedEvent(tenantId, past + 5_000 + i, `jd-two-hours-ago-${i}`),
    );
    await putItems([...changes, ...events]);
    const page = await signedIn(admin);
    await open(page, 'Events');
    await page.getByText('The last 24 hours, newest first').waitFor();
    const table = page.getByRole('table', { name: 'Events, newest first' });
    await table.getByText('jd-two-hours-ago-4').waitFor();
    await expect(table.getByText(/jd-two-hours-ago/).count()).resolves.toBe(5);
  });

  it('Requests: a failing request is there, by its status class and by its id', async () => {
    const { key: admin } = await tenantWithKey(db(), ['admin', 'read']);
    const missing = await callApi('GET', '/jds/jd-that-never-was', { key: admin });
    expect(missing.status).toBe(404);
    const requestId = missing.headers['request-id'] as string;
    await flushLocalRequestLog();
    const page = await signedIn(admin);
    await open(page, 'Requests');
    const filters = page.getByRole('form', { name: 'Filter requests' });
    await filters.getByLabel('Status').selectOption('4xx');
    await filters.getByRole('button', { name: 'Filter' }).click();
    const row = page.getByRole('row', { name: /GET \/jds\/jd-that-never-was/ });
    await expect(row.textContent()).resolves.toMatch(/404.*not_found/);
    const find = page.getByRole('form', { name: 'Find a request' });
    await find.getByLabel('Request id').fill(requestId);
    await find.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByLabel('The request').textContent()).resolves.toMatch(
      /GET \/jds\/jd-that-never-was.*404 not_found/,
    );
  });

  it('Audit log: a revocation, by its object, with who made it', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { record } = await createKey(db(), tenantId, {
      name: 'Old HRIS feed',
      scopes: ['read'],
      createdBy: 'test',
    });
    expect((await callApi('DELETE', `/keys/${record.id}`, { key: admin })).status).toBe(200);
    const page = await signedIn(admin);
    await open(page, 'Audit log');
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Object id').fill(record.id);
    await filters.getByRole('button', { name: 'Filter' }).click();
    const row = page.getByRole('row', { name: /key\.revoked/ });
    await expect(row.textContent()).resolves.toMatch(/revokedAt.*key admin.*api/);
  });

  it('Test mode: a test session simulates the documented example, and resets its space', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const { key: testKey } = await createKey(db(), tenantId, {
      name: 'sandbox',
      scopes: ['read', 'write'],
      mode: 'test',
      createdBy: 'test',
    });
    const page = await signedIn(testKey);
    await open(page, 'Test mode');
    await page.getByRole('button', { name: 'Simulate' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toMatch(
      /application\.upserted \S+: applied/,
    );
    expect(
      (await callApi('GET', '/applications/app-simulated', { key: testKey })).json.data,
    ).toMatchObject({ id: 'app-simulated' });
    await page.getByRole('button', { name: 'Reset the test space' }).click();
    await page.getByRole('button', { name: 'Confirm reset of the test space' }).click();
    await page.getByText(/sample data is back/).waitFor();
    expect((await callApi('GET', '/applications/app-simulated', { key: testKey })).status).toBe(
      404,
    );
  });
});
