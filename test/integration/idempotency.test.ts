import { describe, expect, it } from 'vitest';
import { readCount } from '../../lib/db/counters.js';
import { listApiKeys } from '../../lib/db/api-keys.js';
import { withIdempotency } from '../../lib/http/idempotency.js';
import { lambdaContext } from '../../scripts/local/handlers.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();
const body = { title: 'Engineer', description: 'Build', createdById: 'u1' };

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, creating one JD', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'order-123' };

    const first = await callApi('POST', '/jds', { key, body, headers });
    const second = await callApi('POST', '/jds', { key, body, headers });

    expect(first.status).toBe(201);
    expect([second.status, second.json]).toEqual([201, first.json]);
    expect(await readCount(db(), tenantId, 'JD')).toBe(1);
  });

  it('answers 422 for the same key with another body', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'order-124' };

    await callApi('POST', '/jds', { key, body, headers });
    const other = await callApi('POST', '/jds', { key, body: { ...body, title: 'Other' }, headers });

    expect([other.status, other.json.success]).toEqual([422, false]);
    expect(other.json.error).toContain('different request body');
    expect(await readCount(db(), tenantId, 'JD')).toBe(1);
  });

  it('runs requests without the header every time, and keeps keys of different callers apart', async () => {
    const a = await tenantWithKey(db(), ['write']);
    const b = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'shared-value' };

    await callApi('POST', '/jds', { key: a.key, body });
    await callApi('POST', '/jds', { key: a.key, body });
    const fromA = await callApi('POST', '/jds', { key: a.key, body, headers });
    const fromB = await callApi('POST', '/jds', { key: b.key, body, headers });

    expect(await readCount(db(), a.tenantId, 'JD')).toBe(3);
    expect(await readCount(db(), b.tenantId, 'JD')).toBe(1);
    expect(fromA.json.data.id).not.toBe(fromB.json.data.id);
  });

  it('lets concurrent duplicates create one item: the others replay it or get 409', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'burst-1' };

    const replies = await Promise.all(Array.from({ length: 5 }, () => callApi('POST', '/jds', { key, body, headers })));

    const created = replies.filter((reply) => reply.status === 201);
    expect(replies.every((reply) => reply.status === 201 || reply.status === 409)).toBe(true);
    expect(new Set(created.map((reply) => reply.json.data.id)).size).toBe(1);
    expect(await readCount(db(), tenantId, 'JD')).toBe(1);
  });

  it('answers 409 to a duplicate that arrives while the first is still running', async () => {
    const { tenantId, keyId } = await tenantWithKey(db(), ['write']);
    const request = {
      caller: { tenantId, keyId, keyName: 'k', scopes: ['write'], quota: { used: 1, limit: 10, resetAt: 0 } },
      body,
      headers: { 'idempotency-key': 'slow-1' },
      context: lambdaContext('create-jd', 'r1'),
    };
    let release: () => void = () => undefined;
    const slow = withIdempotency(db(), 'createJd', request, () => new Promise<string>((resolve) => (release = () => resolve('done'))));
    await new Promise((resolve) => setTimeout(resolve, 100));

    await expect(withIdempotency(db(), 'createJd', request, async () => 'twice')).rejects.toMatchObject({ statusCode: 409 });
    release();
    expect(await slow).toBe('done');
    expect(await withIdempotency(db(), 'createJd', request, async () => 'twice')).toBe('done');
  });

  it('replays POST /keys with the same record but never the stored plaintext', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['admin']);
    const headers = { 'idempotency-key': 'new-key-1' };

    const first = await callApi('POST', '/keys', { key, body: { name: 'ci', scopes: ['read'] }, headers });
    const replay = await callApi('POST', '/keys', { key, body: { name: 'ci', scopes: ['read'] }, headers });

    expect(first.status, first.text).toBe(201);
    expect(first.json.data.key).toMatch(/^hk_live_/);
    expect(replay.status).toBe(201);
    expect(replay.json.data).toEqual({ ...first.json.data, key: undefined });
    expect(replay.text).not.toContain(first.json.data.key);
    expect((await listApiKeys(db(), tenantId)).map((record) => record.name)).toEqual(['key admin', 'ci']);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const { key } = await tenantWithKey(db(), ['write']);

    const reply = await callApi('POST', '/jds', { key, body, headers: { 'idempotency-key': 'has space' } });

    expect(reply.status).toBe(400);
  });
});
