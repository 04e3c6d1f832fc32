import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createKey } from '../../lib/composition/keys.js';
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
