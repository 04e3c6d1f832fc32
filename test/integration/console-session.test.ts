import { describe, expect, it } from 'vitest';
import { createKey } from '../../lib/composition/keys.js';
import { setTenantHourlyLimit } from '../../lib/keys/store.js';
import { callApi, tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { cookieOf, exchange, fromConsole, linkFor, signedIn, tokenOf } from '../helpers/console.js';
import { useTestDb } from '../helpers/db.js';
import { openStream } from '../helpers/stream.js';
import {
  CONSOLE_IDLE_MS,
  CONSOLE_LINK_LIFETIME_MS,
  CONSOLE_SESSION_LIFETIME_MS,
} from '../../lib/keys/console.js';

const db = useTestDb();
const baseUrl = useLocalGateway();

const MINUTE_MS = 60_000;

describe('signing in to the console', () => {
  it('makes a single-use link, valid 10 minutes, with its token in the fragment only', async () => {
    const { key, keyId } = await tenantWithKey(db(), ['read']);
    const before = Date.now();
    const link = await linkFor(key);
    const url = new URL(link.url);
    expect(`${url.origin}/api/v1`).toBe(baseUrl());
    expect(url.pathname).toBe('/console/');
    expect(url.search).toBe('');
    expect(tokenOf(link.url)).toMatch(/^hcl_[A-Za-z0-9_-]{43}$/);
    const expiresIn = Date.parse(link.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(CONSOLE_LINK_LIFETIME_MS - MINUTE_MS);
    expect(expiresIn).toBeLessThanOrEqual(CONSOLE_LINK_LIFETIME_MS + 1_000);

    const opened = await exchange(tokenOf(link.url));
    expect(opened.status, opened.text).toBe(201);
    expect(opened.json.data).toMatchObject({ keyId, mode: 'live' });
    const setCookie = opened.headers['set-cookie'] ?? '';
    expect(setCookie).toMatch(/^hiring_console=hcs_[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${CONSOLE_SESSION_LIFETIME_MS / 1000}`);
    // The local stack is served over http: a Secure cookie would never come back.
    expect(setCookie).not.toContain('Secure');

    const again = await exchange(tokenOf(link.url));
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('key_invalid');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a link opened late, or made up, and opens no session with a key', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const link = await linkFor(key);
    const late = await exchange(tokenOf(link.url), Date.now() + CONSOLE_LINK_LIFETIME_MS + 1_000);
    expect(late.status).toBe(403);
    expect(late.json.code).toBe('key_invalid');
    const madeUp = await exchange(`hcl_${'A'.repeat(43)}`);
    expect(madeUp.status).toBe(403);
    expect((await exchange('not-a-token')).status).toBe(403);

    const withKey = await callApi('POST', '/console/session', { key });
    expect(withKey.status).toBe(400);
    expect(withKey.json.details[0]).toMatchObject({ field: 'Hiring-Console-Link' });
    expect(withKey.headers['set-cookie']).toBeUndefined();
  });

  it("acts as its key: the key's scopes, space, blindness and hour", async () => {
    const { tenantId, key, keyId } = await tenantWithKey(db(), ['read', 'write']);
    const cookie = await signedIn(key);
    const who = await callApi('GET', '/whoami', { headers: fromConsole(cookie) });
    expect(who.status, who.text).toBe(200);
    expect(who.json.data).toMatchObject({ tenantId, keyId, scopes: ['read', 'write'] });
    // Its requests are the key's: counted in its hour.
    const direct = await callApi('GET', '/whoami', { key });
    expect(direct.json.data.quota.used).toBe(who.json.data.quota.used + 1);
    // Nothing the key cannot do: an admin route is refused for its scope.
    const keys = await callApi('GET', '/keys', { headers: fromConsole(cookie) });
    expect(keys.status).toBe(403);
    expect(keys.json.code).toBe('scope_missing');

    const { key: testKey } = await createKey(db(), tenantId, {
      name: 'sandbox',
      scopes: ['read'],
      mode: 'test',
      blind: true,
      createdBy: 'test',
    });
    const testCookie = await signedIn(testKey);
    const testWho = await callApi('GET', '/whoami', { headers: fromConsole(testCookie) });
    expect(testWho.json.data).toMatchObject({ mode: 'test', blind: true });
  });

  it('makes no link from a session, and ends the browser’s previous session when a new one opens', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const first = await signedIn(key);
    const fromSession = await callApi('POST', '/console/links', {
      headers: fromConsole(first),
      body: {},
    });
    expect(fromSession.status).toBe(400);
    expect(fromSession.json.details[0]).toMatchObject({ field: 'X-API-Key' });

    const link = await linkFor(key);
    const second = await callApi('POST', '/console/session', {
      headers: { 'hiring-console-link': tokenOf(link.url), cookie: first },
    });
    expect(second.status).toBe(201);
    expect((await callApi('GET', '/whoami', { headers: fromConsole(first) })).status).toBe(403);
    const now = cookieOf(second);
    expect((await callApi('GET', '/whoami', { headers: fromConsole(now) })).status).toBe(200);
  });

  it("takes the cookie only from the console's own page", async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const cookie = await signedIn(key);
    const alone = await callApi('GET', '/whoami', { headers: { cookie } });
    expect(alone.status).toBe(401);
    expect(alone.json.code).toBe('unauthenticated');
    // A form of another site cannot send the header; a script of another site is not same-origin.
    const crossSite = await callApi('POST', '/console/links', {
      headers: { ...fromConsole(cookie), 'sec-fetch-site': 'cross-site' },
      body: {},
    });
    expect(crossSite.status).toBe(401);
    // A change must come from the console's own origin, whatever else the request carries.
    const otherOrigin = await callApi('DELETE', '/console/session', {
      headers: { ...fromConsole(cookie), origin: 'https://console.example.net' },
    });
    expect(otherOrigin.status).toBe(401);
    expect(otherOrigin.json.code).toBe('unauthenticated');
    const noOrigin = await callApi('DELETE', '/console/session', {
      headers: { cookie, 'hiring-console': '1', 'sec-fetch-site': 'same-origin' },
    });
    expect(noOrigin.status).toBe(401);
    const noHeader = await callApi('DELETE', '/console/session', {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(noHeader.status).toBe(401);
    // The session still works from the console: nothing above ended it.
    expect((await callApi('GET', '/whoami', { headers: fromConsole(cookie) })).status).toBe(200);
  });

  it('signs out a session whose key has spent its hour: ending access is never refused for the hour', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    const cookie = await signedIn(key);
    await setTenantHourlyLimit(db(), tenantId, 1);
    const spent = await callApi('GET', '/whoami', { headers: fromConsole(cookie) });
    expect([spent.status, spent.json.code]).toEqual([429, 'quota_exceeded']);

    const signOut = await callApi('DELETE', '/console/session', { headers: fromConsole(cookie) });
    expect(signOut.status, signOut.text).toBe(204);
    expect(signOut.headers['set-cookie']).toMatch(/Max-Age=0/);
    const after = await callApi('GET', '/whoami', { headers: fromConsole(cookie) });
    expect([after.status, after.json.code]).toEqual([403, 'key_invalid']);
  });

  it("opens the event stream from the console's origin with the cookie, as a browser's WebSocket sends them, and from no other", async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const cookie = await signedIn(key);
    const consoleOrigin = new URL(baseUrl()).origin;
    const upgrade = await openStream(baseUrl(), undefined, { cookie, origin: consoleOrigin });
    if ('refused' in upgrade) throw new Error(`refused: ${upgrade.refused.body}`);
    await expect(upgrade.opened.subscribe()).resolves.toMatchObject({ type: 'subscribed' });
    await upgrade.opened.close();
    // Another site's page (its Origin is the browser's to set), a client sending no Origin, or the
    // cookie alone: the cookie is not read, and the upgrade is unauthenticated.
    for (const headers of [
      { cookie, origin: 'https://attacker.example' } as Record<string, string>,
      { cookie, origin: 'null' },
      { cookie },
    ]) {
      const refused = await openStream(baseUrl(), undefined, headers);
      expect('refused' in refused && refused.refused.status, JSON.stringify(headers)).toBe(401);
      expect('refused' in refused && JSON.parse(refused.refused.body).code).toBe('unauthenticated');
    }
    // Signed out, the cookie opens nothing, from the console's origin too.
    expect(
      (await callApi('DELETE', '/console/session', { headers: fromConsole(cookie) })).status,
    ).toBe(204);
    const after = await openStream(baseUrl(), undefined, { cookie, origin: consoleOrigin });
    expect('refused' in after && after.refused.status).toBe(403);
  });

  it('marks in the audit log what was changed in the console, with the key as actor', async () => {
    const { tenantId, key: admin, keyId: adminId } = await tenantWithKey(db(), ['admin']);
    const { keyId: inConsole } = await tenantWithKey(db(), ['read'], tenantId);
    const { keyId: byApi } = await tenantWithKey(db(), ['read'], tenantId);
    const cookie = await signedIn(admin);
    expect(
      (await callApi('DELETE', `/keys/${inConsole}`, { headers: fromConsole(cookie) })).status,
    ).toBe(200);
    expect((await callApi('DELETE', `/keys/${byApi}`, { key: admin })).status).toBe(200);
    const entryOf = async (id: string) => {
      const log = await callApi('GET', `/audit-log?objectId=${id}`, { key: admin });
      expect(log.status, log.text).toBe(200);
      return log.json.data[0] as { action: string; actor: string; via: string };
    };
    expect(await entryOf(inConsole)).toMatchObject({
      action: 'key.revoked',
      actor: adminId,
      via: 'console',
    });
    expect(await entryOf(byApi)).toMatchObject({
      action: 'key.revoked',
      actor: adminId,
      via: 'api',
    });
  });
});

describe('a console session ends', () => {
  it('at sign-out: its cookie works nowhere after', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const cookie = await signedIn(key);
    const out = await callApi('DELETE', '/console/session', { headers: fromConsole(cookie) });
    expect(out.status, out.text).toBe(204);
    expect(out.headers['set-cookie']).toMatch(/^hiring_console=; .*Max-Age=0/);
    const after = await callApi('GET', '/whoami', { headers: fromConsole(cookie) });
    expect(after.status).toBe(403);
    expect(after.json.code).toBe('key_invalid');
  });

  it('when its key is revoked', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { key, keyId } = await tenantWithKey(db(), ['read'], tenantId);
    const cookie = await signedIn(key);
    expect((await callApi('GET', '/whoami', { headers: fromConsole(cookie) })).status).toBe(200);
    expect((await callApi('DELETE', `/keys/${keyId}`, { key: admin })).status).toBe(200);
    expect((await callApi('GET', '/whoami', { headers: fromConsole(cookie) })).status).toBe(403);
  });

  it('after 30 idle minutes, and after 8 hours however busy', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const start = Date.now();
    const idle = await signedIn(key, start);
    const at = (ms: number, cookie: string) =>
      callApi('GET', '/whoami', { headers: fromConsole(cookie), receivedAt: start + ms });
    expect((await at(CONSOLE_IDLE_MS - MINUTE_MS, idle)).status).toBe(200);
    // Idle is counted from its last request, not from its start.
    expect((await at(2 * CONSOLE_IDLE_MS - 2 * MINUTE_MS, idle)).status).toBe(200);
    expect((await at(3 * CONSOLE_IDLE_MS, idle)).status).toBe(403);

    const busy = await signedIn(key, start);
    for (let ms = 20 * MINUTE_MS; ms < CONSOLE_SESSION_LIFETIME_MS; ms += 20 * MINUTE_MS)
      expect((await at(ms, busy)).status).toBe(200);
    expect((await at(CONSOLE_SESSION_LIFETIME_MS + MINUTE_MS, busy)).status).toBe(403);
  });
});
