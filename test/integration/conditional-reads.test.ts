import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { setTenantHourlyLimit } from '../../lib/keys/store.js';
import { useTestDb } from '../helpers/db.js';
import { productEvents } from '../helpers/product.js';
import { useEnv } from '../helpers/env.js';
import { startReceiver } from '../helpers/webhooks.js';

/** Conditional reads: every single-resource GET answers an ETag and honours If-None-Match. */
const db = useTestDb();
useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });

const ulidLike = (prefix: string, i: number) => `${prefix}${String(i).padStart(24, '0')}`;
const JD = ulidLike('JD', 1);
const RESUME = ulidLike('RS', 1);
const OTHER_RESUME = ulidLike('RS', 2);
const APPLICATION = ulidLike('AP', 1);

const product = productEvents(db);

const application = (resumeId: string, id: string, status: string) => ({
  id,
  jdId: JD,
  resumeId,
  status,
  aiScores: [{ overallScore: 81.5, scoredAt: new Date().toISOString() }],
});

describe('conditional reads', () => {
  let tenant: Awaited<ReturnType<typeof tenantWithKey>>;
  let admin: Awaited<ReturnType<typeof tenantWithKey>>;
  let paths: string[];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  afterAll(() => receiver?.close());

  beforeAll(async () => {
    tenant = await tenantWithKey(db(), ['read', 'write']);
    admin = await tenantWithKey(db(), ['admin'], tenant.tenantId);
    await product(tenant.tenantId, 'jd.upserted', {
      id: JD,
      title: 'Senior Backend Engineer, Payments Platform',
      description: 'Builds the ledger.',
      createdById: 'u-1',
      status: 'PUBLISHED',
    });
    for (const [id, n] of [
      [RESUME, 1],
      [OTHER_RESUME, 2],
    ] as const) {
      await product(tenant.tenantId, 'resume.upserted', {
        id,
        fileName: `candidate_${n}_cv.pdf`,
        metadata: { name: `Candidate ${n}`, email: `candidate${n}@example.com` },
      });
    }
    await product(
      tenant.tenantId,
      'application.upserted',
      application(RESUME, APPLICATION, 'SCREENING'),
    );
    receiver = await startReceiver();
    const hook = await callApi('POST', '/webhooks', {
      key: admin.key,
      body: { url: receiver.url, events: ['jd.updated'] },
    });
    expect(hook.status, hook.text).toBe(201);
    const events = await callApi('GET', '/events?limit=1', { key: tenant.key });
    paths = [
      `/jds/${JD}`,
      `/resumes/${RESUME}`,
      `/applications/${APPLICATION}`,
      `/events/${events.json.data[0].id}`,
      `/webhooks/${hook.json.data.id}`,
    ];
  });

  const keyFor = (path: string) => (path.startsWith('/webhooks') ? admin.key : tenant.key);

  it('answers 304 with no body to If-None-Match naming the ETag of every single-resource GET, and spends none of the key’s hour on it', async () => {
    for (const path of paths) {
      const key = keyFor(path);
      const first = await callApi('GET', path, { key });
      expect(first.status, `${path}: ${first.text}`).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, path).toMatch(/^(W\/)?"[\x21\x23-\x7e]{1,64}"$/);
      // The same representation, the same ETag.
      expect((await callApi('GET', path, { key })).headers.etag, path).toBe(etag);
      const remaining = Number(
        (await callApi('GET', path, { key })).headers['ratelimit-remaining'],
      );

      const notModified = await callApi('GET', path, { key, headers: { 'if-none-match': etag } });
      expect(notModified.status, path).toBe(304);
      expect(notModified.raw.length, path).toBe(0);
      expect(notModified.headers.etag, path).toBe(etag);
      expect(notModified.headers['request-id'], path).toMatch(/^[\x21-\x7e]{8,128}$/);
      expect(notModified.headers['hiring-version'], path).toBeDefined();
      // Given back: the 304 shows the hour as the previous answer left it, and so does the next one.
      expect(Number(notModified.headers['ratelimit-remaining']), path).toBe(remaining);
      const after = await callApi('GET', path, { key });
      expect(Number(after.headers['ratelimit-remaining']), path).toBe(remaining - 1);

      // Weak comparison (RFC 9110 13.1.2), a list, and `*` match; another tag does not.
      const opaque = etag.replace(/^W\//, '');
      for (const header of [`W/${opaque}`, `"nope", ${etag}`, '*']) {
        expect(
          (await callApi('GET', path, { key, headers: { 'if-none-match': header } })).status,
          `${path} If-None-Match: ${header}`,
        ).toBe(304);
      }
      const other = await callApi('GET', path, { key, headers: { 'if-none-match': '"nope"' } });
      expect(other.status, path).toBe(200);
      expect(other.json.data, path).toEqual(first.json.data);
    }
  });

  it('answers 200 with a new ETag once the resource changed', async () => {
    const jd = await callApi('GET', `/jds/${JD}`, { key: tenant.key });
    const resume = await callApi('GET', `/resumes/${RESUME}`, { key: tenant.key });
    const app = await callApi('GET', `/applications/${APPLICATION}`, { key: tenant.key });

    await product(tenant.tenantId, 'resume.upserted', {
      id: RESUME,
      fileName: 'candidate_1_cv_v2.pdf',
      metadata: { name: 'Candidate 1', email: 'candidate1@example.com' },
    });
    const resumeAgain = await callApi('GET', `/resumes/${RESUME}`, {
      key: tenant.key,
      headers: { 'if-none-match': resume.headers.etag as string },
    });
    expect(resumeAgain.status).toBe(200);
    expect(resumeAgain.headers.etag).not.toBe(resume.headers.etag);

    await product(
      tenant.tenantId,
      'application.upserted',
      application(RESUME, APPLICATION, 'SHORTLISTED'),
    );
    const appAgain = await callApi('GET', `/applications/${APPLICATION}`, {
      key: tenant.key,
      headers: { 'if-none-match': app.headers.etag as string },
    });
    expect(appAgain.status).toBe(200);
    expect(appAgain.json.data.status).toBe('SHORTLISTED');
    // GET /jds/:id lists its applications with their status: its ETag moved too.
    const jdAgain = await callApi('GET', `/jds/${JD}`, {
      key: tenant.key,
      headers: { 'if-none-match': jd.headers.etag as string },
    });
    expect(jdAgain.status).toBe(200);
    expect(jdAgain.json.data.applications).toEqual([{ id: APPLICATION, status: 'SHORTLISTED' }]);
    expect(jdAgain.headers.etag).not.toBe(jd.headers.etag);
  });

  it('moves the JD’s ETag when an application joins or leaves it (GET /jds/:id lists them), so an If-Match read before answers 412', async () => {
    const before = await callApi('GET', `/jds/${JD}`, { key: tenant.key });
    const second = ulidLike('AP', 2);
    await product(
      tenant.tenantId,
      'application.upserted',
      application(OTHER_RESUME, second, 'SCREENING'),
    );
    const joined = await callApi('GET', `/jds/${JD}`, {
      key: tenant.key,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(joined.status).toBe(200);
    expect(joined.json.data.applications.map((a: { id: string }) => a.id)).toContain(second);
    const stale = await callApi('PATCH', `/jds/${JD}`, {
      key: tenant.key,
      body: { location: 'Berlin' },
      headers: { 'if-match': before.headers.etag as string },
    });
    expect(stale.status, stale.text).toBe(412);

    // A score alone changes nothing GET /jds/:id shows: its ETag stays.
    await product(tenant.tenantId, 'application.upserted', {
      ...application(OTHER_RESUME, second, 'SCREENING'),
      aiScores: [{ overallScore: 64, scoredAt: new Date().toISOString() }],
    });
    expect(
      (
        await callApi('GET', `/jds/${JD}`, {
          key: tenant.key,
          headers: { 'if-none-match': joined.headers.etag as string },
        })
      ).status,
    ).toBe(304);

    await product(tenant.tenantId, 'resume.deleted', { id: OTHER_RESUME });
    const left = await callApi('GET', `/jds/${JD}`, {
      key: tenant.key,
      headers: { 'if-none-match': joined.headers.etag as string },
    });
    expect(left.status).toBe(200);
    expect(left.json.data.applications.map((a: { id: string }) => a.id)).not.toContain(second);
    const patched = await callApi('PATCH', `/jds/${JD}`, {
      key: tenant.key,
      body: { location: 'Berlin' },
      headers: { 'if-match': left.headers.etag as string },
    });
    expect(patched.status, patched.text).toBe(200);
  });

  it('still answers 404 to If-None-Match: * on what does not exist, and another tenant’s ETag reveals nothing', async () => {
    const missing = await callApi('GET', `/resumes/${ulidLike('RS', 9)}`, {
      key: tenant.key,
      headers: { 'if-none-match': '*' },
    });
    expect(missing.status).toBe(404);
    const stranger = await tenantWithKey(db(), ['read']);
    const etag = (await callApi('GET', `/resumes/${RESUME}`, { key: tenant.key })).headers.etag;
    const foreign = await callApi('GET', `/resumes/${RESUME}`, {
      key: stranger.key,
      headers: { 'if-none-match': etag as string },
    });
    expect(foreign.status).toBe(404);
  });

  /**
   * A key of a tenant at `limit` requests an hour that has read one JD (its ETag) and spent `spent`
   * of its hour, every request stamped in one clock hour, whatever the clock says while the test runs.
   */
  async function keyWithSpentHour(limit: number, spent: number) {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await product(tenantId, 'jd.upserted', {
      id: JD,
      title: 'Senior Backend Engineer, Payments Platform',
      description: 'Builds the ledger.',
      createdById: 'u-1',
      status: 'PUBLISHED',
    });
    await setTenantHourlyLimit(db(), tenantId, limit);
    const receivedAt = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_800_000;
    const first = await callApi('GET', `/jds/${JD}`, { key, receivedAt });
    for (let i = 1; i < spent; i++) await callApi('GET', '/whoami', { key, receivedAt });
    return { tenantId, key, receivedAt, etag: first.headers.etag as string };
  }

  it('spends nothing on 304s, even 24 at once with 5 of 12 left, and never locks the key out', async () => {
    const { key, receivedAt, etag } = await keyWithSpentHour(12, 7);

    const revalidations = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        callApi('GET', `/jds/${JD}`, {
          key,
          receivedAt,
          headers: { 'if-none-match': i % 2 === 0 ? etag : '*' },
        }),
      ),
    );

    expect(revalidations.map((reply) => reply.status)).toEqual(Array(24).fill(304));
    const after = await callApi('GET', '/whoami', { key, receivedAt });
    expect(after.status).toBe(200);
    expect(after.json.data.quota).toMatchObject({ limit: 12, used: 8, remaining: 4 });
  });

  it('answers a revalidation 304 once the hour is spent, and 429 when the resource changed', async () => {
    const { tenantId, key, receivedAt, etag } = await keyWithSpentHour(3, 3);

    const unchanged = await callApi('GET', `/jds/${JD}`, {
      key,
      receivedAt,
      headers: { 'if-none-match': etag },
    });
    const changed = await callApi('GET', `/jds/${JD}`, {
      key,
      receivedAt,
      headers: { 'if-none-match': '"nope"' },
    });

    expect(unchanged.status).toBe(304);
    expect(unchanged.headers['ratelimit-remaining']).toBe('0');
    expect(changed.status).toBe(429);
    expect(changed.json.code).toBe('quota_exceeded');
    // Neither spent anything: raising the limit by one lets exactly one more request through.
    await setTenantHourlyLimit(db(), tenantId, 4);
    const next = await callApi('GET', '/whoami', { key, receivedAt });
    expect([next.status, next.json.data?.quota?.used]).toEqual([200, 4]);
  });
});
