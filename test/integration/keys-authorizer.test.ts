import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateApiKey, hashApiKey } from '../../lib/keys/format.js';
import { type Scope, SCOPES } from '../../lib/http/scopes.js';
import { revokeApiKey } from '../../lib/keys/api.js';
import { createKey } from '../../lib/composition/keys.js';
import { setTenantHourlyLimit } from '../../lib/keys/store.js';
import { keyModesOf } from '../../lib/http/route-definition.js';
import { ROUTES, routeEntries } from '../../lib/composition/routes.js';
import { logger } from '../../lib/observability/logger.js';
import { responses } from '../../lib/composition/responses.js';
import { authorizerEvent } from '../../scripts/local/events.js';
import { lambdaContext, loadHandler } from '../../scripts/local/handlers.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();

// Logs at DEBUG here, so the suite-wide guard (test/helpers/log-output.ts) sees everything the
// authorizer and the key endpoints could log.
beforeAll(() => logger.setLogLevel('DEBUG'));
afterAll(() => logger.setLogLevel('WARN'));

async function keyWith(scopes: Scope[]) {
  return tenantWithKey(db(), scopes);
}

/** A test key of `tenantId`, holding `scopes` (the tenant's first one gives its space the sample data). */
async function testKeyWith(tenantId: string, scopes: Scope[]) {
  const { key } = await createKey(db(), tenantId, {
    name: `test ${scopes.join(' ')}`,
    scopes,
    createdBy: 'test',
    mode: 'test',
  });
  return key;
}

async function authorize(key: string | undefined, now = Date.now()) {
  const handler = await loadHandler('authorizer');
  const headers: Record<string, string> = key === undefined ? {} : { 'x-api-key': key };
  return handler(
    authorizerEvent(
      { method: 'GET', rawPath: '/api/v1/whoami', headers },
      ROUTES.whoami,
      {},
      'req-1',
      now,
    ),
    lambdaContext('authorizer', 'req-1'),
  ) as Promise<{ isAuthorized: boolean; context?: Record<string, unknown> }>;
}

describe('the authorizer', () => {
  it('allows a valid key and hands over tenant, key, scopes and quota figures', async () => {
    const { tenantId, keyId, key } = await keyWith(['read', 'admin']);

    const decision = await authorize(key);

    expect(decision).toEqual({
      isAuthorized: true,
      context: expect.objectContaining({
        tenantId,
        keyId,
        scopes: 'read,admin',
        quotaUsed: 1,
        quotaLimit: 1000,
      }),
    });
  });

  it('refuses unknown, malformed, bad-checksum, revoked and expired keys, each logged for its own reason, all answered alike', async () => {
    const { tenantId, keyId, key } = await keyWith(['read']);
    await revokeApiKey(db(), tenantId, keyId);
    const badChecksum = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const expiring = await createKey(db(), tenantId, {
      name: 'x',
      scopes: ['read'],
      expiresAt: '2030-01-01T00:00:00Z',
      createdBy: 'test',
    });
    const refusals = vi.spyOn(logger, 'info');

    const decisions = [
      await authorize(key),
      await authorize('not-a-key'),
      await authorize(badChecksum),
      // Well-formed, with a valid checksum: it reaches the database, which does not know it.
      await authorize(generateApiKey()),
      await authorize(expiring.key, Date.parse('2030-01-01T00:00:00Z')),
      await authorize(expiring.key, Date.parse('2029-12-31T23:59:59Z')),
    ];

    const reasons = refusals.mock.calls
      .filter(([message]) => message === 'API key refused')
      .map(([, extra]) => (extra as { reason: string }).reason);
    refusals.mockRestore();
    // Let on with nothing but the refusal (the function answers 403 key_invalid); the reason is never returned.
    expect(decisions.map((decision) => decision.context)).toEqual([
      ...new Array(5).fill({ refused: 'key_invalid' }),
      expect.objectContaining({ tenantId }),
    ]);
    expect(reasons).toEqual(['revoked', 'malformed', 'malformed', 'unknown', 'expired']);
  });
});

describe('key management endpoints', () => {
  it('POST /keys shows the plaintext once; the new key works; GET /keys never shows hash or plaintext', async () => {
    const { key } = await keyWith(['admin']);

    const created = await callApi('POST', '/keys', {
      key,
      body: { name: 'reporting', scopes: ['read'] },
    });
    const listed = await callApi('GET', '/keys', { key });
    const usingNewKey = await callApi('GET', '/jds', { key: created.json.data.key });

    expect(created.status).toBe(201);
    expect(responses.createKey.parse(created.json).data.key).toMatch(/^hk_live_[0-9A-Za-z]{33}$/);
    expect(responses.listKeys.parse(listed.json).data.map((record) => record.name)).toEqual([
      'key admin',
      'reporting',
    ]);
    expect(listed.text).not.toContain(created.json.data.key);
    expect(listed.text).not.toContain(hashApiKey(created.json.data.key));
    expect(usingNewKey.status).toBe(200);
  });

  it('POST /keys validates name, scopes and expiry', async () => {
    const { key } = await keyWith(['admin']);

    const badScope = await callApi('POST', '/keys', {
      key,
      body: { name: 'x', scopes: ['superuser'] },
    });
    const past = await callApi('POST', '/keys', {
      key,
      body: { name: 'x', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' },
    });

    expect(badScope.status).toBe(400);
    expect(badScope.json.error).toContain('scopes.0: must be one of read, write, admin');
    expect([past.status, past.json.error]).toEqual([400, 'expiresAt: must be in the future']);
  });

  it('DELETE /keys/:id revokes at once, also a key revoking itself; foreign and unknown ids get 404', async () => {
    const admin = await keyWith(['admin']);
    const other = await keyWith(['admin']);

    const foreign = await callApi('DELETE', `/keys/${admin.keyId}`, { key: other.key });
    const unknown = await callApi('DELETE', '/keys/01ABSENT', { key: admin.key });
    const revoked = await callApi('DELETE', `/keys/${admin.keyId}`, { key: admin.key });
    const after = await callApi('GET', '/whoami', { key: admin.key });

    expect([foreign.status, foreign.json]).toEqual([
      404,
      { success: false, error: 'API key not found', code: 'not_found' },
    ]);
    expect(unknown.status).toBe(404);
    expect(responses.revokeKey.parse(revoked.json).success).toBe(true);
    expect([after.status, after.json.code]).toEqual([403, 'key_invalid']);
  });

  it('GET /whoami confirms any valid key, with its quota', async () => {
    const { tenantId, keyId, key } = await keyWith(['resume:read']);

    const reply = await callApi('GET', '/whoami', { key });

    expect(responses.whoami.parse(reply.json).data).toMatchObject({
      tenantId,
      keyId,
      scopes: ['resume:read'],
      quota: { limit: 1000, used: 1, remaining: 999 },
    });
    expect(reply.headers['ratelimit-limit']).toBe('1000');
    expect(reply.headers['ratelimit-remaining']).toBe('999');
    expect(Number(reply.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });

  it('answers 401 without a key and 403 with an unknown one, in the envelope with their codes', async () => {
    const missing = await callApi('GET', '/jds');
    const unknown = await callApi('GET', '/jds', {
      key: 'hk_live_000000000000000000000000000000000',
    });

    expect([missing.status, missing.json]).toEqual([
      401,
      {
        success: false,
        error: 'An API key is required: send it in the X-API-Key header',
        code: 'unauthenticated',
      },
    ]);
    expect([unknown.status, unknown.json]).toEqual([
      403,
      {
        success: false,
        error: 'The API key is not valid: unknown, malformed, revoked or expired',
        code: 'key_invalid',
      },
    ]);
    // No RateLimit headers: there is no key whose quota they could describe.
    expect(unknown.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('scope matrix', () => {
  const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, 'missing-id');
  const sampleBody: Record<string, unknown> = {
    createJd: { title: 't', description: 'd', createdById: 'u' },
    createKey: { name: 'n', scopes: ['read'] },
  };

  it('allows every route to exactly the scopes the table names, else 403 with the exact message', async () => {
    const keys = Object.fromEntries(
      await Promise.all(SCOPES.map(async (scope) => [scope, (await keyWith([scope])).key])),
    );
    // The routes that serve test keys only are asked with test keys of each scope.
    const { tenantId } = await keyWith(['admin']);
    const testKeys: Record<string, string> = {};
    for (const scope of SCOPES) testKeys[scope] = await testKeyWith(tenantId, [scope]);
    const failures: string[] = [];
    for (const [id, route] of routeEntries()) {
      const servesLive = keyModesOf(route).includes('live');
      for (const scope of SCOPES) {
        const reply = await callApi(route.method, samplePath(route.path), {
          key: servesLive ? keys[scope] : testKeys[scope],
          body: sampleBody[id],
        });
        const allowed =
          !route.scope || route.scope.scope === scope || route.scope.generic === scope;
        const ok = allowed
          ? reply.status !== 403
          : reply.status === 403 &&
            reply.json.error ===
              `API key does not have the required scope: ${route.scope?.scope}` &&
            reply.json.success === false;
        if (!ok) failures.push(`${id} with ${scope}: ${reply.status} ${reply.text}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('quota', () => {
  it('lets exactly L of N concurrent requests through, then 429 with the documented body and headers', async () => {
    const { tenantId, key } = await keyWith(['read']);
    const sibling = await tenantWithKey(db(), ['read'], tenantId);
    await setTenantHourlyLimit(db(), tenantId, 10);

    const replies = await Promise.all(
      Array.from({ length: 25 }, () => callApi('GET', '/whoami', { key })),
    );
    const siblingReply = await callApi('GET', '/whoami', { key: sibling.key });

    const limited = replies.filter((reply) => reply.status === 429);
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(10);
    expect(limited).toHaveLength(15);
    expect(limited[0]?.json).toEqual({
      success: false,
      error: expect.stringMatching(/^Rate limit exceeded, retry in \d+ (minute|second)s?$/),
      code: 'quota_exceeded',
      retryAfterMs: expect.any(Number),
    });
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited[0]?.headers['ratelimit-remaining']).toBe('0');
    expect(siblingReply.status).toBe(200);
  });

  it('spends nothing on a refused request: a key over its hour is not locked out once the limit allows more', async () => {
    const { tenantId, key } = await keyWith(['read']);
    await setTenantHourlyLimit(db(), tenantId, 3);
    const receivedAt = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_800_000;
    for (let i = 0; i < 3; i++)
      expect((await callApi('GET', '/whoami', { key, receivedAt })).status).toBe(200);
    const refused = await Promise.all(
      Array.from({ length: 5 }, () => callApi('GET', '/whoami', { key, receivedAt })),
    );
    expect(refused.map((reply) => reply.status)).toEqual(Array(5).fill(429));

    await setTenantHourlyLimit(db(), tenantId, 4);
    const next = await callApi('GET', '/whoami', { key, receivedAt });

    expect([next.status, next.json.data?.quota?.used]).toEqual([200, 4]);
  });

  it('limits requests per client IP per minute (API_RATE_LIMIT_MAX outside production)', async () => {
    const { key } = await keyWith(['read']);
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    // All four inside one minute, whatever the clock says while the test runs.
    const receivedAt = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    const previous = process.env.API_RATE_LIMIT_MAX;
    process.env.API_RATE_LIMIT_MAX = '3';
    try {
      const replies = [];
      for (let i = 0; i < 4; i++)
        replies.push(await callApi('GET', '/whoami', { key, sourceIp: ip, receivedAt }));
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
    } finally {
      process.env.API_RATE_LIMIT_MAX = previous;
    }
  });

  it('a per-IP 429 spends none of the key’s hourly quota', async () => {
    const { key } = await keyWith(['read']);
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const receivedAt = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    const previous = process.env.API_RATE_LIMIT_MAX;
    process.env.API_RATE_LIMIT_MAX = '2';
    const replies: Awaited<ReturnType<typeof callApi>>[] = [];
    try {
      for (let i = 0; i < 4; i++)
        replies.push(await callApi('GET', '/whoami', { key, sourceIp: ip, receivedAt }));
    } finally {
      process.env.API_RATE_LIMIT_MAX = previous;
    }
    const fromElsewhere = await callApi('GET', '/whoami', {
      key,
      sourceIp: '192.0.2.77',
      receivedAt,
    });

    expect(replies.map((reply) => [reply.status, reply.json.code])).toEqual([
      [200, undefined],
      [200, undefined],
      [429, 'rate_limited'],
      [429, 'rate_limited'],
    ]);
    // The two refused requests were given back: 2 answered + this one.
    expect(fromElsewhere.json.data.quota.used).toBe(3);
    // Its headers describe the limit that refused it, the IP's minute (docs/api.md).
    for (const refused of replies.slice(2))
      expect([refused.headers['ratelimit-limit'], refused.headers['ratelimit-remaining']]).toEqual([
        '2',
        '0',
      ]);
  });
});
