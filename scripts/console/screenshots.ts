import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createKey } from '../../lib/composition/keys.js';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { demoData } from '../../lib/composition/test-mode/sample-data.js';
import { withDeployedPermissions } from '../local/aws.js';
import { ensureTable, startDynamoDbLocal } from '../local/dynamodb-local.js';
import { startGateway } from '../local/gateway.js';
import { launchChromium } from '../local/chromium.js';
import { importProductData } from '../local/import.js';
import { flushLocalRequestLog } from '../local/request-log.js';
import { startWebhookRuntime } from '../local/webhooks.js';

/**
 * `npm run screenshots`: docs/console/*.png, each page of the console as an admin sees it on the demo
 * tenant (and Test mode as a test key's session), with a failing endpoint and failed requests to show.
 * A local stack of its own (DynamoDB Local, the gateway, the webhook pipeline) on free ports.
 */
const OUT = join(import.meta.dirname, '..', '..', 'docs', 'console');
const TENANT = 'demo';
const progress = (message: string) => process.stderr.write(`[screenshots] ${message}\n`);

async function main() {
  process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
  process.env.WEBHOOK_RETRY_SCHEDULE = '0.2';
  const local = await startDynamoDbLocal();
  const tableName = 'screenshots';
  await ensureTable(local.endpoint, tableName, { stream: true });
  process.env.TABLE_NAME = tableName;
  process.env.DYNAMODB_ENDPOINT = local.endpoint;
  const db = await withDeployedPermissions(createDb({ endpoint: local.endpoint, tableName }));
  setSharedDb(db);
  const webhooks = await startWebhookRuntime(db, { endpoint: local.endpoint });
  const gateway = await startGateway(0, '127.0.0.1');
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance: back at 06:00'),
    );
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const browser = await launchChromium();
  try {
    progress('seeding the demo tenant');
    await ensureTenant(db, liveSpaceOf(TENANT));
    await importProductData(db, liveSpaceOf(TENANT), demoData());
    const { key: admin } = await createKey(db, TENANT, {
      name: 'Demo admin',
      scopes: ['read', 'write', 'admin'],
      createdBy: 'screenshots',
    });
    await createKey(db, TENANT, {
      name: 'ATS sync',
      scopes: ['read', 'jd:write'],
      createdBy: 'screenshots',
    });
    const { key: testKey } = await createKey(db, TENANT, {
      name: 'Sandbox',
      scopes: ['read', 'write', 'admin'],
      mode: 'test',
      createdBy: 'screenshots',
    });
    const call = (method: string, path: string, key: string, body?: unknown) =>
      fetch(`${gateway.url}${path}`, {
        method,
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const port = (receiver.address() as AddressInfo).port;
    await call('POST', '/webhooks', admin, {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['jd.created'],
    });
    await call('POST', '/jds', admin, {
      title: 'Site Reliability Engineer',
      description: 'Keeps the platform up.',
      createdById: 'user-42',
    });
    await call('GET', '/jds/jd-that-never-was', admin);
    await call('POST', '/jds', admin, { title: '' });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await flushLocalRequestLog();

    mkdirSync(OUT, { recursive: true });
    const signIn = async (key: string): Promise<Page> => {
      const made = await call('POST', '/console/links', key, {});
      const { data } = (await made.json()) as { data: { url: string } };
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(data.url);
      await page.getByRole('navigation', { name: 'Console' }).waitFor();
      return page;
    };
    const shoot = async (page: Page, name: string) => {
      await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
      progress(`docs/console/${name}.png`);
    };
    const page = await signIn(admin);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await page.getByText('Last 24 hours').waitFor();
    await shoot(page, 'overview');
    for (const [name, file, loaded] of [
      ['Keys', 'keys', "The tenant's keys"],
      ['Events', 'events', 'Events, newest first'],
      ['Requests', 'requests', 'Requests, newest first'],
      ['Audit log', 'audit-log', 'Changes, newest first'],
      ['Webhooks', 'webhooks', 'failing since'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await page.getByText(loaded).first().waitFor();
      if (file === 'events')
        await page.getByRole('rowheader', { name: 'jd.created' }).first().waitFor();
      await shoot(page, file);
    }
    await page.getByRole('link', { name: /127\.0\.0\.1/ }).click();
    await page.getByText('maintenance: back at 06:00').first().waitFor();
    await shoot(page, 'webhook-endpoint');
    const test = await signIn(testKey);
    await test
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Test mode' })
      .click();
    await test.getByRole('button', { name: 'Simulate' }).waitFor();
    await shoot(test, 'test-mode');
  } finally {
    await browser.close();
    receiver.closeAllConnections();
    receiver.close();
    await gateway.close();
    await webhooks.stop();
    setSharedDb(undefined);
    await local.stop();
  }
  process.stdout.write(`${JSON.stringify({ out: OUT })}\n`);
}

await main();
