import { describe, expect, it } from 'vitest';
import { createJd } from '../../lib/jds/api.js';
import { setTenantHourlyLimit } from '../../lib/keys/store.js';
import { disableWebhook } from '../../lib/webhooks/deliveries.js';
import { ERROR_CODES, type ErrorCode } from '../../lib/errors.js';
import { errorResponse } from '../../lib/composition/responses.js';
import { LIMITS } from '../../lib/schemas/limits.js';
import { registerWebhook } from '../../lib/webhooks/register.js';
import { type ApiReply, callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';

// Loopback endpoints are fine here: nothing is delivered, the endpoints only need to exist.
useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });

const db = useTestDb();

/** The answer is the error envelope, strictly as documented, with this status and code. */
function expectError(reply: ApiReply, status: number, code: ErrorCode) {
  expect(reply.status, reply.text).toBe(status);
  expect(errorResponse.safeParse(reply.json).success, reply.text).toBe(true);
  expect(reply.json).toMatchObject({ success: false, code, error: expect.any(String) });
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  return reply.json as { details?: { field: string; rule: string }[]; retryAfterMs?: number };
}

describe('every error a client can cause answers the envelope with its code', () => {
  it('400 validation_failed and cursor_invalid name the field and the rule in details', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write', 'admin']);

    const body = expectError(
      await callApi('POST', '/jds', {
        key,
        body: { title: '', description: 'd', createdById: 'u' },
      }),
      400,
      'validation_failed',
    );
    const cursor = expectError(
      await callApi('GET', '/jds?cursor=made-up.tag', { key }),
      400,
      'cursor_invalid',
    );
    const idempotencyKey = expectError(
      await callApi('POST', '/jds', {
        key,
        body: { title: 'Data Engineer', description: 'd', createdById: 'u' },
        headers: { 'idempotency-key': 'has spaces' },
      }),
      400,
      'validation_failed',
    );
    const url = expectError(
      await callApi('POST', '/webhooks', {
        key,
        body: { url: 'ftp://hooks.example.com/in', events: ['*'] },
      }),
      400,
      'validation_failed',
    );

    expect(new Set(body.details?.map((detail) => detail.field))).toEqual(new Set(['title']));
    expect(cursor.details).toEqual([
      { field: 'cursor', rule: 'issued_by_this_list', message: expect.any(String) },
    ]);
    expect(idempotencyKey.details).toEqual([
      { field: 'Idempotency-Key', rule: 'format', message: expect.any(String) },
    ]);
    expect(url.details).toEqual([
      { field: 'url', rule: 'absolute_url', message: expect.any(String) },
    ]);
  });

  it('401 unauthenticated, 403 key_invalid and scope_missing, 404 not_found (a resource and a route)', async () => {
    const { key } = await tenantWithKey(db(), ['read']);

    expectError(await callApi('GET', '/jds'), 401, 'unauthenticated');
    expectError(
      await callApi('GET', '/jds', { key: 'hk_live_000000000000000000000000000000000' }),
      403,
      'key_invalid',
    );

    expectError(
      await callApi('POST', '/jds', {
        key,
        body: { title: 'Data Engineer', description: 'd', createdById: 'u' },
      }),
      403,
      'scope_missing',
    );
    expectError(await callApi('GET', '/jds/jd-that-does-not-exist', { key }), 404, 'not_found');
    expectError(await callApi('GET', '/no-such-route', { key }), 404, 'not_found');
  });

  it('409 limit_reached, webhook_disabled and replay_running', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['admin']);
    const webhooks = [];
    for (let i = 0; i < 10; i++)
      webhooks.push(
        (
          await registerWebhook(db(), tenantId, {
            url: `http://127.0.0.1:9/hooks/${i}`,
            events: ['*'],
          })
        ).webhook,
      );
    await createJd(db(), tenantId, { title: 'Data Engineer', description: 'd', createdById: 'u' });
    const [disabled, replaying] = webhooks as [
      (typeof webhooks)[number],
      (typeof webhooks)[number],
    ];
    await disableWebhook(db(), tenantId, disabled.id, 'by the test');
    const since = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      (await callApi('POST', `/webhooks/${replaying.id}/replay`, { key, body: { since } })).status,
    ).toBe(202);

    expectError(
      await callApi('POST', '/webhooks', {
        key,
        body: { url: 'http://127.0.0.1:9/hooks/11', events: ['*'] },
      }),
      409,
      'limit_reached',
    );
    expectError(
      await callApi('POST', `/webhooks/${disabled.id}/replay`, { key, body: { since } }),
      409,
      'webhook_disabled',
    );
    expectError(
      await callApi('POST', `/webhooks/${replaying.id}/replay`, { key, body: { since } }),
      409,
      'replay_running',
    );
  });

  it('413 payload_too_large, 415 unsupported_media_type, 422 idempotency_key_reused', async () => {
    const { key } = await tenantWithKey(db(), ['write']);
    const jd = (title: string) => ({ title, description: 'd', createdById: 'u' });

    expectError(
      await callApi('POST', '/jds', {
        key,
        rawBody: JSON.stringify({ ...jd('Big'), description: 'x'.repeat(LIMITS.bodyBytes) }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'payload_too_large',
    );
    expectError(
      await callApi('POST', '/jds', {
        key,
        rawBody: JSON.stringify(jd('Text')),
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'unsupported_media_type',
    );
    await callApi('POST', '/jds', {
      key,
      body: jd('Data Engineer'),
      headers: { 'idempotency-key': 'create-data-engineer' },
    });
    expectError(
      await callApi('POST', '/jds', {
        key,
        body: jd('Platform Engineer'),
        headers: { 'idempotency-key': 'create-data-engineer' },
      }),
      422,
      'idempotency_key_reused',
    );
  });

  it('429 quota_exceeded (the key’s hour) and rate_limited (the client address’s minute), each with retryAfterMs and Retry-After', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await setTenantHourlyLimit(db(), tenantId, 1);
    await callApi('GET', '/whoami', { key });
    const quota = await callApi('GET', '/whoami', { key });
    const previous = process.env.API_RATE_LIMIT_MAX;
    process.env.API_RATE_LIMIT_MAX = '1';
    let perIp: ApiReply;
    try {
      const other = await tenantWithKey(db(), ['read']);
      await callApi('GET', '/whoami', { key: other.key, sourceIp: '198.51.100.23' });
      perIp = await callApi('GET', '/whoami', { key: other.key, sourceIp: '198.51.100.23' });
    } finally {
      if (previous === undefined) delete process.env.API_RATE_LIMIT_MAX;
      else process.env.API_RATE_LIMIT_MAX = previous;
    }

    for (const [reply, code] of [
      [quota, 'quota_exceeded'],
      [perIp, 'rate_limited'],
    ] as const) {
      const body = expectError(reply, 429, code);
      expect(body.retryAfterMs).toBeGreaterThan(0);
      expect(Number(reply.headers['retry-after'])).toBe(
        Math.ceil((body.retryAfterMs as number) / 1000),
      );
    }
  });

  it('documents exactly the codes the service can answer', () => {
    expect(errorResponse.shape.code.options.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});
