import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../lib/composition/keys.js';
import { DEMO_PEOPLE, demoData } from '../../lib/composition/test-mode/sample-data.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { importProductData } from '../../scripts/local/import.js';
import { flushLocalRequestLog } from '../../scripts/local/request-log.js';
import { CONSOLE_SECURITY_HEADERS } from '../../infra/console.js';
import { callApi, tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { useBrowser, VIEWPORTS } from '../helpers/browser.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();
const apiUrl = useLocalGateway();
const browser = useBrowser();
const origin = () => new URL(apiUrl()).origin;

/** A sign-in link for the key, as POST /console/links answers it. */
async function linkFor(key: string): Promise<string> {
  const made = await callApi('POST', '/console/links', { key, body: {} });
  expect(made.status, made.text).toBe(201);
  return made.json.data.url as string;
}

/** A new browser context (its own cookies) at a viewport, signed in from a new link for the key. */
async function signedIn(
  key: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ viewport });
  const page = await context.newPage();
  await page.goto(await linkFor(key));
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return { context, page };
}

/** axe-core on the page as it is: no serious or critical violation. */
async function accessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    grave.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html)}`),
  ).toEqual([]);
}

describe('the developer console in a browser', () => {
  it('signs in from a link once: the link leaves the address bar, the session is an HttpOnly cookie, nothing is stored', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'admin']);
    const link = await linkFor(key);
    const context = await browser().newContext();
    const page = await context.newPage();
    const answer = await page.goto(link);
    for (const [name, value] of Object.entries(CONSOLE_SECURITY_HEADERS))
      expect(answer?.headers()[name.toLowerCase()], name).toBe(value);
    expect(answer?.headers()['content-security-policy']).not.toMatch(/unsafe-inline|\*/);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(page.url()).toBe(`${origin()}/console/`);
    await page.getByText(tenantId, { exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Console' });
    // The navigation's names are the console's contract; Test mode is a test session's only.
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Keys',
      'Webhooks',
      'Events',
      'Requests',
      'Audit log',
    ]);

    const [cookie, ...others] = await context.cookies();
    expect(others).toEqual([]);
    expect(cookie).toMatchObject({ name: 'hiring_console', httpOnly: true, sameSite: 'Strict' });
    // Evaluated in the page (this file is compiled without the DOM's types).
    const seenByScripts = await page.evaluate(
      '({ cookie: document.cookie, local: Object.keys(localStorage), session: Object.keys(sessionStorage) })',
    );
    expect(seenByScripts).toEqual({ cookie: '', local: [], session: [] });

    // The same link, opened again in another browser: expired, and nobody is signed in.
    const other = await browser().newContext();
    const again = await other.newPage();
    await again.goto(link);
    await expect(again.getByRole('alert').textContent()).resolves.toMatch(/expired/);
    expect(await other.cookies()).toEqual([]);
    await other.close();
    await context.close();
  });

  it('creates a key shown once, and revokes one, confirmed, in the audit log as made in the console', async () => {
    const { tenantId, key: admin, keyId: adminId } = await tenantWithKey(db(), ['admin']);
    const { page, context } = await signedIn(admin);
    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('form', { name: 'Create key' });
    await form.getByLabel('Name').fill('Nightly ATS sync');
    await form.getByRole('checkbox', { name: 'read', exact: true }).check();
    await form.getByRole('checkbox', { name: 'jd:write' }).check();
    await form.getByRole('button', { name: 'Create' }).click();
    const shown = await page.getByLabel('New key').textContent();
    expect(shown).toMatch(/^hk_live_/);
    const created = await callApi('GET', '/whoami', { key: shown ?? '' });
    expect(created.json.data).toMatchObject({
      name: 'Nightly ATS sync',
      scopes: ['read', 'jd:write'],
    });
    await page.reload();
    await page.getByRole('table').waitFor();
    expect(await page.content()).not.toContain(shown);

    await page.getByRole('button', { name: 'Revoke Nightly ATS sync' }).click();
    await page.getByRole('button', { name: 'Confirm revoking Nightly ATS sync' }).click();
    await page.getByText(/^revoked /).waitFor();
    expect((await callApi('GET', '/whoami', { key: shown ?? '' })).status).toBe(403);
    const audit = await callApi('GET', `/audit-log?objectId=${created.json.data.keyId}`, {
      key: admin,
    });
    expect(audit.json.data.map((entry: { action: string }) => entry.action)).toEqual([
      'key.revoked',
      'key.created',
    ]);
    expect(audit.json.data[0]).toMatchObject({ actor: adminId, via: 'console' });
    expect(tenantId).toBeTruthy();
    await context.close();
  });

  describe('refuses another site', () => {
    let site: Server;
    let siteUrls: string[] = [];
    beforeAll(async () => {
      // Another origin: a page that forges, by a script and by a form, a POST that needs no body (an
      // endpoint's secret rotated) against the console's origin.
      site = createServer((request, response) => {
        const target = `${origin()}${new URL(request.url ?? '/', 'http://site').searchParams.get('target')}`;
        response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
<form id="forged" method="POST" action="${target}"></form>
<script>
  fetch('${target}', { method: 'POST', credentials: 'include', mode: 'no-cors' })
    .finally(() => document.getElementById('forged').submit());
</script>`);
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      const { port } = site.address() as AddressInfo;
      siteUrls = [
        // Another site (the console is at 127.0.0.1): SameSite=Strict keeps the cookie from it.
        `http://localhost:${port}/`,
        // The same site on another port: the browser sends the cookie, and only the console's header
        // and Sec-Fetch-Site (same-site, not same-origin) keep the request from being the session's.
        `http://127.0.0.1:${port}/`,
      ];
    });
    afterAll(() => new Promise((resolve) => site.close(resolve)));

    it('a forged POST from another site, or from another origin of the same site, changes nothing, though the browser holds a session', async () => {
      const { key: admin } = await tenantWithKey(db(), ['admin']);
      const endpoint = await callApi('POST', '/webhooks', {
        key: admin,
        body: { url: 'https://93.184.216.34/hooks', events: ['*'] },
      });
      expect(endpoint.status, endpoint.text).toBe(201);
      const rotate = `/api/v1/webhooks/${endpoint.json.data.id}/rotate-secret`;
      const { page, context } = await signedIn(admin);
      for (const siteUrl of siteUrls) {
        await page.goto(`${siteUrl}?target=${encodeURIComponent(rotate)}`);
        await page.waitForURL(`${origin()}${rotate}`);
        expect(await page.content(), siteUrl).toContain('unauthenticated');
      }
      const audit = await callApi('GET', `/audit-log?objectId=${endpoint.json.data.id}`, {
        key: admin,
      });
      expect(audit.json.data.map((entry: { action: string }) => entry.action)).toEqual([
        'webhook.created',
      ]);
      // The same request from the console's own page is the key's: the protections, not the route, refused.
      const own = await page.evaluate(
        `fetch('${rotate}', { method: 'POST', headers: { 'Hiring-Console': '1' } }).then((answer) => answer.status)`,
      );
      expect(own).toBe(200);
      await context.close();
    });
  });

  it('asks before a link replaces the session open in the browser, and spends it only when told to', async () => {
    const { tenantId, key: mine } = await tenantWithKey(db(), ['read', 'admin']);
    const other = await tenantWithKey(db(), ['read', 'admin']);
    const { page, context } = await signedIn(mine);
    const bar = page.getByRole('banner');
    await expect(bar.textContent()).resolves.toContain(tenantId);
    // Another site sends the browser to a link of its own key: nothing changes until the person chooses.
    const theirs = await linkFor(other.key);
    await page.goto(theirs);
    await page.getByRole('heading', { name: 'Sign in with this link?' }).waitFor();
    await page.getByRole('button', { name: /^Stay signed in as/ }).click();
    await expect(bar.textContent()).resolves.toContain(tenantId);
    // The link was not spent: opened again and chosen, it signs in as its own key.
    await page.goto(theirs);
    await page.getByRole('button', { name: 'Sign in with the link' }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    await expect(bar.textContent()).resolves.toContain(other.tenantId);
    expect(
      (await context.cookies()).filter((cookie) => cookie.name.includes('console')),
    ).toHaveLength(1);
    await context.close();
  });

  it('ends the session at Sign out, and when its key is revoked', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    const { page, context } = await signedIn(key);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/signed out/);
    await page.reload();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/signed out/);
    await context.close();

    const { key: admin } = await tenantWithKey(db(), ['admin'], tenantId);
    const { key: doomed, record } = await createKey(db(), tenantId, {
      name: 'soon revoked',
      scopes: ['read'],
      createdBy: 'test',
    });
    const session = await signedIn(doomed);
    expect((await callApi('DELETE', `/keys/${record.id}`, { key: admin })).status).toBe(200);
    // The next call of any page finds it ended, and the console signs out: no page is left open.
    await session.page.getByRole('link', { name: 'Events' }).click();
    await expect(session.page.getByRole('alert').textContent()).resolves.toMatch(/signed out/);
    expect(await session.page.getByRole('navigation').count()).toBe(0);
    await session.page.reload();
    await expect(session.page.getByRole('alert').textContent()).resolves.toMatch(/signed out/);
    await session.context.close();
  });

  it('holds a test session to the test space, and shows a page its scopes do not reach as closed', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const { key: testKey } = await createKey(db(), tenantId, {
      name: 'sandbox admin',
      scopes: ['read', 'write', 'admin'],
      mode: 'test',
      createdBy: 'test',
    });
    const { page, context } = await signedIn(testKey);
    await page.getByText('test (sample data only)').waitFor();
    // The Overview shows a test admin what its key reaches (its endpoints), and no refusal.
    await page.getByRole('heading', { name: 'Failing endpoints' }).waitFor();
    await page.getByText('counted for live keys only').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('link', { name: 'Keys' }).click();
    // Keys are the live space's: a test key's session is told so, as the API tells the key (403).
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/cannot see this page/);
    await context.close();
  });

  it('shows a blind session no candidate identity on any page, though the events are about candidates', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    await importProductData(db(), liveSpaceOf(tenantId), demoData());
    const { key: blindKey } = await createKey(db(), tenantId, {
      name: 'blind reviewer',
      scopes: ['read', 'admin'],
      blind: true,
      createdBy: 'test',
    });
    const identities = DEMO_PEOPLE.flatMap(([name]) => [name, name.split(' ').at(-1) as string]);
    const { page, context } = await signedIn(blindKey);
    await page.getByText('blind').first().waitFor();
    const seen: string[] = [];
    const events = page.getByRole('table', { name: 'Events, newest first' });
    let resumeEvents = 0;
    for (const [name, loaded] of [
      ['Overview', 'Last 24 hours'],
      ['Keys', "The tenant's keys"],
      ['Events', 'Events, newest first'],
      ['Requests', 'Requests, newest first'],
      ['Audit log', 'Audit log'],
    ] as const) {
      // The session's requests so far, written to the log (as the writer does within seconds).
      if (name === 'Requests') await flushLocalRequestLog();
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
      await page.getByText(loaded).first().waitFor();
      if (name === 'Events') {
        const aboutCandidates = events.getByRole('rowheader', { name: /^resume\./ });
        await aboutCandidates.first().waitFor();
        resumeEvents = await aboutCandidates.count();
      }
      seen.push(await page.locator('body').innerText());
    }
    const shown = seen.join('\n');
    // The log shows what happened to the candidates, by their opaque ids only.
    expect(resumeEvents).toBeGreaterThan(0);
    for (const identity of identities) expect(shown, identity).not.toContain(identity);
    expect(shown).not.toMatch(/@example\.com|_CV\.pdf/);
    await context.close();
  });

  it('has no serious or critical accessibility violation on any page, at a phone’s width and a desktop’s', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['read', 'admin']);
    const { key: testKey } = await createKey(db(), tenantId, {
      name: 'sandbox',
      scopes: ['read', 'write', 'admin'],
      mode: 'test',
      createdBy: 'test',
    });
    // An endpoint, so that the Webhooks page lists one and opens it, and the audit log has an entry.
    const endpointUrl = 'https://93.184.216.34/hooks';
    const endpoint = await callApi('POST', '/webhooks', {
      key: admin,
      body: { url: endpointUrl, events: ['*'] },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    /** Each page, by its link, and what shows it has loaded. */
    const pages: [string, string][] = [
      ['Overview', 'Last 24 hours'],
      ['Keys', "The tenant's keys"],
      ['Webhooks', endpointUrl],
      ['Events', 'Events, newest first'],
      ['Requests', 'Requests, newest first'],
      ['Audit log', 'webhook.created'],
    ];
    for (const viewport of Object.values(VIEWPORTS)) {
      const { page, context } = await signedIn(admin, viewport);
      for (const [name, loaded] of pages) {
        // The session's requests so far, written to the log (as the writer does within seconds).
        if (name === 'Requests') await flushLocalRequestLog();
        await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
        await page.getByText(loaded).first().waitFor();
        await accessible(page);
      }
      // One endpoint, opened: its actions, the replay form and its (empty) attempts.
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Webhooks' })
        .click();
      await page.getByRole('link', { name: endpointUrl }).click();
      await page.getByRole('button', { name: 'Send test event' }).waitFor();
      await accessible(page);
      await page.getByRole('link', { name: 'Keys' }).click();
      await page.getByRole('button', { name: 'Create key' }).click();
      await accessible(page);
      await context.close();
      const test = await signedIn(testKey, viewport);
      await test.page.getByRole('link', { name: 'Test mode' }).click();
      await test.page.getByRole('button', { name: 'Simulate' }).waitFor();
      await accessible(test.page);
      await test.context.close();
    }
  });
});
