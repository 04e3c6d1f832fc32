import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { createDb } from '../../lib/db/client.js';
import { getTenant } from '../../lib/db/tenants.js';
import { createKey } from '../../lib/composition/keys.js';
import { applyProductEvent } from '../../lib/composition/product-events/apply.js';
import { simulateProductEvents } from '../../lib/composition/test-mode/simulate.js';
import { productEventOf } from '../../lib/composition/product-events/consume.js';
import { queueMessageOf } from '../../scripts/local/product-bus.js';
import { LocalIam, runAsFunction } from '../../scripts/local/iam.js';

import { sampleData, SAMPLE_PEOPLE } from '../../lib/composition/test-mode/sample-data.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { stackTemplateForTests, useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { scoredSampleApplication } from '../helpers/product.js';
import { testSpaceOf } from '../../lib/db/spaces.js';

// A webhook endpoint may be a local address, as on the local stack.
useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });

const db = useTestDb();

/** A JD the tests write through the API, in whichever space the key reaches. */
const jdBody = (title: string) => ({
  title,
  description: 'Written by a test, in one space only.',
  createdById: 'user-1',
});

describe('test mode', () => {
  let live: Awaited<ReturnType<typeof tenantWithKey>>;
  let testKey: string;
  let testKeyId: string;

  beforeAll(async () => {
    live = await tenantWithKey(db(), ['read', 'write', 'admin']);
    const created = await callApi('POST', '/keys', {
      key: live.key,
      body: { name: 'sandbox', scopes: ['read', 'write', 'admin'], mode: 'test' },
    });
    expect(created.status).toBe(201);
    testKey = created.json.data.key;
    testKeyId = created.json.data.id;
  });

  it('makes an hk_test_ key that whoami and GET /keys show as a test key of the same tenant', async () => {
    expect(testKey).toMatch(/^hk_test_[0-9A-Za-z]{33}$/);
    const whoami = await callApi('GET', '/whoami', { key: testKey });
    expect(whoami.json.data).toMatchObject({
      tenantId: live.tenantId,
      keyId: testKeyId,
      mode: 'test',
    });
    expect((await callApi('GET', '/whoami', { key: live.key })).json.data.mode).toBe('live');
    const keys = await callApi('GET', '/keys', { key: live.key });
    const modes = Object.fromEntries(
      keys.json.data.map((key: { id: string; mode: string }) => [key.id, key.mode]),
    );
    expect(modes).toEqual({ [live.keyId]: 'live', [testKeyId]: 'test' });
  });

  it('starts the test space with the sample data, and the live key sees none of it', async () => {
    const sample = sampleData();
    const testJds = await callApi('GET', '/jds?limit=100', { key: testKey });
    expect(testJds.json.data.map((jd: { id: string }) => jd.id).sort()).toEqual(
      sample.jds?.map((jd) => jd.id).sort(),
    );
    const candidates = await callApi('GET', '/candidates?limit=100', { key: testKey });
    const files = candidates.json.data.map((c: { fileName: string }) => c.fileName).sort();
    expect(files).toEqual(
      SAMPLE_PEOPLE.map(([name]) => `${name.replace(/ /g, '_')}_CV.pdf`).sort(),
    );
    expect(files.every((file: string) => file.startsWith('Sample_'))).toBe(true);
    const matches = await callApi('GET', '/matches/jd-backend', { key: testKey });
    expect(matches.json.data[0]).toMatchObject({
      candidate: 'Sample Avery Testwood',
      email: 'avery-testwood@example.com',
      aiScore: 91.5,
    });
    expect(matches.json.data[0].model).toEqual({
      id: 'match-ranker',
      version: '2026.11.1',
    });

    expect((await callApi('GET', '/jds', { key: live.key })).json.data).toEqual([]);
    expect((await callApi('GET', '/jds/jd-backend', { key: live.key })).status).toBe(404);
    const liveEvents = await callApi('GET', '/events?limit=100', { key: live.key });
    expect(liveEvents.json.data.map((event: { type: string }) => event.type)).toEqual([
      'key.created',
      'key.created',
    ]);
  });

  it('keeps what each key writes in its own space', async () => {
    const inTest = await callApi('POST', '/jds', { key: testKey, body: jdBody('Test-only JD') });
    const inLive = await callApi('POST', '/jds', { key: live.key, body: jdBody('Live-only JD') });
    expect([inTest.status, inLive.status]).toEqual([201, 201]);

    const titles = async (key: string) =>
      (await callApi('GET', '/jds?limit=100', { key })).json.data.map(
        (jd: { title: string }) => jd.title,
      );
    expect(await titles(live.key)).toEqual(['Live-only JD']);
    expect(await titles(testKey)).toContain('Test-only JD');
    expect(await titles(testKey)).not.toContain('Live-only JD');
    expect((await callApi('GET', `/jds/${inTest.json.data.id}`, { key: live.key })).status).toBe(
      404,
    );
    expect((await callApi('GET', `/jds/${inLive.json.data.id}`, { key: testKey })).status).toBe(
      404,
    );
  });

  it('keeps key management to live keys and the test routes to test keys (403 key_mode_mismatch)', async () => {
    const admin = await callApi('POST', '/keys', {
      key: live.key,
      body: { name: 'sandbox admin', scopes: ['admin', 'write'], mode: 'test' },
    });
    const testAdmin = admin.json.data.key;
    const refused = await Promise.all([
      callApi('GET', '/keys', { key: testAdmin }),
      callApi('POST', '/keys', { key: testAdmin, body: { name: 'x', scopes: ['read'] } }),
      callApi('DELETE', `/keys/${live.keyId}`, { key: testAdmin }),
      callApi('POST', '/test/reset', { key: live.key }),
      callApi('POST', '/test/product-events', {
        key: live.key,
        body: { events: [{ type: 'jd.deleted', data: { id: 'jd-backend' } }] },
      }),
    ]);
    expect(refused.map((reply) => [reply.status, reply.json.code])).toEqual(
      Array(5).fill([403, 'key_mode_mismatch']),
    );
    expect((await callApi('GET', '/whoami', { key: live.key })).status).toBe(200);
  });

  it("spends only the test key's quota on test requests", async () => {
    const quota = async (key: string) =>
      (await callApi('GET', '/whoami', { key })).json.data.quota.used;
    const liveBefore = await quota(live.key);
    const testBefore = await quota(testKey);
    for (let i = 0; i < 3; i++) await callApi('GET', '/jds', { key: testKey });
    expect(await quota(testKey)).toBe(testBefore + 4);
    expect(await quota(live.key)).toBe(liveBefore + 1);
  });

  it('applies simulated product events to the test space only, and reports each outcome', async () => {
    const simulated = await callApi('POST', '/test/product-events', {
      key: testKey,
      body: {
        events: [
          scoredSampleApplication('app-simulated', 87),
          {
            type: 'application.upserted',
            data: { id: 'app-orphan', jdId: 'jd-nowhere', resumeId: 'res-7d3f' },
          },
          { type: 'jd.deleted', tenantId: live.tenantId, data: { id: 'jd-nowhere' } },
        ],
      },
    });
    expect(simulated.status).toBe(200);
    expect(
      simulated.json.data.results.map((r: { type: string; outcome: string }) => [
        r.type,
        r.outcome,
      ]),
    ).toEqual([
      ['application.upserted', 'applied'],
      ['application.upserted', 'rejected'],
      ['jd.deleted', 'applied'],
    ]);
    expect(simulated.json.data.results[1].reason).toMatch(/JD jd-nowhere .* has not arrived/);

    const application = await callApi('GET', '/applications/app-simulated', { key: testKey });
    expect(application.json.data.aiScore).toBe(87);
    expect((await callApi('GET', '/applications/app-simulated', { key: live.key })).status).toBe(
      404,
    );
    const types = (await callApi('GET', '/events?limit=100', { key: testKey })).json.data.map(
      (event: { type: string }) => event.type,
    );
    expect(types).toContain('application.scored');
    const liveTypes = (await callApi('GET', '/events?limit=100', { key: live.key })).json.data.map(
      (event: { type: string }) => event.type,
    );
    expect(
      liveTypes.filter((type: string) => !type.startsWith('key.') && type !== 'jd.created'),
    ).toEqual([]);
  });

  it('skips the events left once its time is spent, always applying the first', async () => {
    const events = ['jd-a', 'jd-b', 'jd-c'].map((id) => ({
      type: 'jd.upserted' as const,
      data: { id, title: `Budget ${id}`, description: 'd', createdById: 'u' },
    }));
    const outcomes = await simulateProductEvents(
      db(),
      testSpaceOf(live.tenantId),
      { events },
      { budgetMs: 0 },
    );
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['applied', 'skipped', 'skipped']);
    expect(outcomes[1]?.reason).toMatch(/ran out of time/);
    expect((await callApi('GET', '/jds/jd-a', { key: testKey })).status).toBe(200);
    expect((await callApi('GET', '/jds/jd-b', { key: testKey })).status).toBe(404);
  });

  it('refuses a simulated event naming another tenant, with nothing applied', async () => {
    const other = await callApi('POST', '/test/product-events', {
      key: testKey,
      body: { events: [{ type: 'jd.deleted', tenantId: 'someone-else', data: { id: 'jd-data' } }] },
    });
    expect([other.status, other.json.code]).toEqual([400, 'validation_failed']);
    expect((await callApi('GET', '/jds/jd-data', { key: testKey })).status).toBe(200);
  });

  it('puts the test space back to the sample data on reset, keeping its webhook endpoints', async () => {
    const webhook = await callApi('POST', '/webhooks', {
      key: testKey,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['application.scored'] },
    });
    expect(webhook.status).toBe(201);
    const tokenOf = async (key: string) => {
      const walk = await callApi('GET', '/jds?updatedSince=1970-01-01T00:00:00Z&limit=100', {
        key,
      });
      return walk.json.pagination.syncToken as string;
    };
    const [testToken, liveToken] = [await tokenOf(testKey), await tokenOf(live.key)];
    const reset = await callApi('POST', '/test/reset', { key: testKey });
    expect(reset.status).toBe(200);
    expect(reset.json.data).toMatchObject({
      complete: true,
      sampleData: { jds: 6, resumes: 8, applications: 9 },
    });
    expect(reset.json.data.deletedItems).toBeGreaterThan(50);
    // A reset deletes without tombstones: a sync token from before it would hide those deletions.
    const stale = await callApi('GET', `/jds?syncToken=${encodeURIComponent(testToken)}`, {
      key: testKey,
    });
    expect([stale.status, stale.json.code]).toEqual([410, 'sync_token_expired']);
    expect(stale.json.error).toContain('issued before the test space was reset');
    const fresh = await tokenOf(testKey);
    expect(
      (await callApi('GET', `/jds?syncToken=${encodeURIComponent(fresh)}`, { key: testKey }))
        .status,
    ).toBe(200);
    expect(
      (await callApi('GET', `/jds?syncToken=${encodeURIComponent(liveToken)}`, { key: live.key }))
        .status,
    ).toBe(200);
    const titles = (await callApi('GET', '/jds?limit=100', { key: testKey })).json.data.map(
      (jd: { title: string }) => jd.title,
    );
    expect(titles).toHaveLength(6);
    expect(titles).not.toContain('Test-only JD');
    expect((await callApi('GET', '/applications/app-simulated', { key: testKey })).status).toBe(
      404,
    );
    const webhooks = await callApi('GET', '/webhooks', { key: testKey });
    expect(webhooks.json.data.map((w: { id: string }) => w.id)).toEqual([webhook.json.data.id]);
    expect(
      (await callApi('GET', '/jds?limit=100', { key: live.key })).json.data.map(
        (jd: { title: string }) => jd.title,
      ),
    ).toEqual(['Live-only JD']);
  });

  it('makes a test key even when its sample data cannot be written; a reset gives the space its sample later', async () => {
    const tenant = await tenantWithKey(db(), ['admin']);
    // DynamoDB refuses every call on the test space, as in an outage that starts after the key's write.
    const failing = createDb({
      endpoint: process.env.DYNAMODB_ENDPOINT,
      tableName: db().tableName,
    });
    failing.baseClient.middlewareStack.add(
      (next) => async (args) => {
        if (JSON.stringify(args.input).includes('TEST#'))
          throw new Error('DynamoDB is unavailable');
        return next(args);
      },
      { step: 'initialize' },
    );
    const { key } = await createKey(failing, tenant.tenantId, {
      name: 'sandbox',
      scopes: ['read', 'write'],
      createdBy: 'test',
      mode: 'test',
    });
    expect((await callApi('GET', '/jds', { key })).json.data).toEqual([]);
    expect(await getTenant(db(), testSpaceOf(tenant.tenantId))).toBeUndefined();
    const reset = await callApi('POST', '/test/reset', { key });
    // The space has its own item again, named for its tenant: its webhook endpoints are counted there.
    expect(await getTenant(db(), testSpaceOf(tenant.tenantId))).toMatchObject({
      name: tenant.tenantId,
    });
    expect(reset.json.data.sampleData).toEqual({ jds: 6, resumes: 8, applications: 9 });
    expect((await callApi('GET', '/jds?limit=100', { key })).json.data).toHaveLength(6);
  });

  it('serves no test key where the stage turned test mode off: none is made, and those made before are refused', async () => {
    process.env.TEST_MODE = 'off';
    try {
      const refused = await callApi('POST', '/keys', {
        key: live.key,
        body: { name: 'sandbox 2', scopes: ['read'], mode: 'test' },
      });
      expect([refused.status, refused.json.details]).toEqual([
        400,
        [{ field: 'mode', rule: 'test_mode_off', message: 'test mode is off on this deployment' }],
      ]);
      const whoami = await callApi('GET', '/whoami', { key: testKey });
      expect([whoami.status, whoami.json.code]).toEqual([403, 'key_invalid']);
      expect((await callApi('GET', '/whoami', { key: live.key })).status).toBe(200);
    } finally {
      delete process.env.TEST_MODE;
    }
    expect((await callApi('GET', '/whoami', { key: testKey })).status).toBe(200);
  });

  it('keeps the product feed out of test spaces: its schema and its grants refuse them', async () => {
    const message = queueMessageOf(
      {
        type: 'jd.deleted',
        id: 'evt-1',
        tenantId: `test:${live.tenantId}`,
        occurredAt: new Date().toISOString(),
        version: Number.MAX_SAFE_INTEGER,
        data: { id: 'jd-backend' },
      },
      0,
    );
    expect(() => productEventOf(message.body)).toThrow(/tenantId/);
    // Even handed such an event past its schema, the consumer's grant names no test space.
    const event = {
      type: 'jd.deleted' as const,
      id: 'evt-2',
      tenantId: `test:${live.tenantId}`,
      occurredAt: new Date().toISOString(),
      version: Number.MAX_SAFE_INTEGER,
      data: { id: 'jd-backend' },
    };
    await expect(
      runAsFunction(BACKGROUND_FUNCTIONS.eventConsumer, () => applyProductEvent(db(), event)),
    ).rejects.toThrow(/AccessDenied|not authorized/);
    expect((await callApi('GET', '/jds/jd-backend', { key: testKey })).status).toBe(200);

    const iam = new LocalIam(stackTemplateForTests(), 't');
    const write = (pk: string) => ({
      action: 'dynamodb:PutItem',
      resource: 'arn:aws:dynamodb:us-east-1:123456789012:table/t',
      context: { 'dynamodb:LeadingKeys': [pk] },
    });
    expect(iam.authorize(BACKGROUND_FUNCTIONS.eventConsumer, write('TENANT#acme')).allowed).toBe(
      true,
    );
    expect(iam.authorize(BACKGROUND_FUNCTIONS.eventConsumer, write('TEST#acme')).allowed).toBe(
      false,
    );
    expect(iam.authorize('simulate-product-events', write('TEST#acme')).allowed).toBe(true);
    expect(iam.authorize('simulate-product-events', write('TENANT#acme')).allowed).toBe(false);
    expect(iam.authorize('reset-test-space', write('TENANT#acme')).allowed).toBe(false);
    expect(iam.authorize('create-jd', write('TEST#acme')).allowed).toBe(true);
  });
});
