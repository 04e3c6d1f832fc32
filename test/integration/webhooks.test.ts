import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { productVersion, useTestDb } from '../helpers/db.js';
import { type Received, startReceiver, useWebhookRuntime, waitFor } from '../helpers/webhooks.js';
import { deliverLocally } from '../../scripts/local/product-bus.js';
import { disableWebhook } from '../../lib/webhooks/deliveries.js';
import { useEnv } from '../helpers/env.js';

// Short retries and stream batching window for the test (its own file tests the
// window); http and loopback allowed, as on the local stack.
useEnv({
  STREAM_BATCHING_WINDOW_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0.3,0.3,0.3',
  WEBHOOK_ALLOW_LOCAL_URLS: 'true',
});

const db = useTestDb({ stream: true });
const runtime = useWebhookRuntime(db);

/** A tenant with an admin key (webhooks) and a read/write key (data, events). */
async function newTenant() {
  const admin = await tenantWithKey(db(), ['admin']);
  const { key: data } = await tenantWithKey(db(), ['read', 'write'], admin.tenantId);
  return { tenantId: admin.tenantId, admin: admin.key, data };
}

async function register(admin: string, url: string, events: string[] = ['*']) {
  const reply = await callApi('POST', '/webhooks', {
    key: admin,
    body: { url, events, description: 'test receiver' },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.json.data as { id: string; secret: string };
}

/** Every event of the tenant's log, oldest first, walking `after` cursors. */
async function wholeLog(key: string, type?: string) {
  const events: { id: string; type: string; data: Record<string, unknown> }[] = [];
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({
      limit: '7',
      ...(after ? { after } : {}),
      ...(type ? { type } : {}),
    });
    const reply = await callApi('GET', `/events?${query}`, { key });
    expect(reply.status, reply.text).toBe(200);
    events.push(...reply.json.data);
    after = reply.json.pagination.nextCursor ?? after;
    if (!reply.json.pagination.hasMore) return events;
  }
}

/** A scripted sequence of changes, through the API and through product events, whose events the test lists. */
async function changes(tenant: { tenantId: string; admin: string; data: string }) {
  const created = await callApi('POST', '/jds', {
    key: tenant.data,
    body: { title: 'Engineer', description: 'Builds.', createdById: 'u1' },
  });
  const jdId = created.json.data.id as string;
  const v = () => productVersion().sourceVersion;
  const event = (type: string, data: object) => ({
    type,
    id: `e-${Math.random().toString(36).slice(2)}`,
    tenantId: tenant.tenantId,
    occurredAt: new Date().toISOString(),
    version: v(),
    data,
  });
  const applied = await deliverLocally(db(), [
    event('jd.upserted', {
      id: jdId,
      title: 'Engineer',
      description: 'Builds.',
      createdById: 'u1',
      status: 'PUBLISHED',
    }),
  ]);
  await deliverLocally(db(), [
    event('resume.upserted', {
      id: 'r-1',
      fileName: 'ada.pdf',
      metadata: { name: 'Ada Lovelace', email: 'ada@example.com' },
    }),
  ]);
  await deliverLocally(db(), [
    event('application.upserted', { id: 'a-1', jdId, resumeId: 'r-1', status: 'SCREENING' }),
  ]);
  await deliverLocally(db(), [
    event('application.upserted', {
      id: 'a-1',
      jdId,
      resumeId: 'r-1',
      status: 'SHORTLISTED',
      aiScores: [{ overallScore: 91 }],
    }),
  ]);
  const key = await callApi('POST', '/keys', {
    key: tenant.admin,
    body: { name: 'temp', scopes: ['read'] },
  });
  await callApi('DELETE', `/keys/${key.json.data.id}`, { key: tenant.admin });
  await deliverLocally(db(), [event('resume.deleted', { id: 'r-1' })]);
  expect(applied[0]?.outcome, JSON.stringify(applied[0]?.outcome)).toMatchObject({
    outcome: 'applied',
  });
  return { jdId, keyId: key.json.data.id as string };
}

describe('webhooks out (Standard Webhooks, verified by an integrator’s receiver)', () => {
  it('delivers every event of a sequence of changes after 500s and a timeout, and never again once answered 2xx', async () => {
    const tenant = await newTenant();
    // Each event: 500, then no answer (timeout), then 200.
    const receiver = await startReceiver((_request, previous) =>
      previous === 0 ? 500 : previous === 1 ? 'hang' : 200,
    );
    try {
      const { id: webhookId, secret } = await register(tenant.admin, receiver.url);

      const { jdId } = await changes(tenant);
      const expected = [
        'jd.created',
        'jd.updated',
        'resume.created',
        'application.created',
        'application.updated',
        // the score of 91, new to the application
        'application.scored',
        'key.created',
        'key.revoked',
        'resume.deleted',
        'application.deleted',
      ];
      const delivered = () => receiver.received.filter((request) => request.status === 200);
      // While the endpoint fails, it takes one delivery at a time (its probe), the others coming back
      // after it: the ten events' failing attempts go one after another.
      await waitFor(() => delivered().length >= expected.length, 40_000, 'every event delivered');
      await new Promise((resolve) => setTimeout(resolve, 1500));

      const verifier = new Webhook(secret);
      const payloads = delivered().map(
        (request) =>
          verifier.verify(request.body, request.headers as Record<string, string>) as {
            id: string;
            type: string;
          },
      );
      const log = await wholeLog(tenant.data);
      expect(payloads.map((event) => event.type).sort()).toEqual([...expected].sort());
      expect(new Set(payloads.map((event) => event.id)).size).toBe(expected.length);
      for (const event of payloads) {
        const attempts = receiver.received.filter(
          (request) => request.headers['webhook-id'] === event.id,
        );
        expect(attempts.map((request) => request.status)).toEqual([500, undefined, 200]);
      }
      // The log also holds the two keys the tenant was set up with, before the endpoint existed.
      expect(log.slice(0, 2).map((event) => event.type)).toEqual(['key.created', 'key.created']);
      expect(log.slice(2).map((event) => event.id)).toEqual(
        payloads.map((event) => event.id).sort(),
      );
      expect(log.find((event) => event.type === 'jd.updated')?.data).toMatchObject({
        id: jdId,
        status: 'PUBLISHED',
        previousStatus: 'DRAFT',
      });
      expect(log.find((event) => event.type === 'application.updated')?.data).toMatchObject({
        status: 'SHORTLISTED',
        previousStatus: 'SCREENING',
        aiScore: 91,
      });
      expect(JSON.stringify(log).toLowerCase()).not.toMatch(/lovelace|ada@/);

      const deliveries = await callApi('GET', `/webhooks/${webhookId}/deliveries?limit=100`, {
        key: tenant.admin,
      });
      expect(deliveries.json.data).toHaveLength(expected.length * 3);
      expect(
        deliveries.json.data.filter(
          (attempt: { statusCode: number | null }) => attempt.statusCode === null,
        )[0],
      ).toMatchObject({
        error: expect.stringContaining('no answer'),
        trigger: 'automatic',
      });
    } finally {
      await receiver.close();
    }
  }, 60_000);
});

describe('webhook endpoints', () => {
  it('keeps deliveries verifiable through a secret rotation: both secrets sign for 24 hours', async () => {
    const tenant = await newTenant();
    const receiver = await startReceiver();
    try {
      const { id, secret: first } = await register(tenant.admin, receiver.url, ['jd.created']);
      await callApi('POST', '/jds', {
        key: tenant.data,
        body: { title: 'Before', description: 'd', createdById: 'u' },
      });
      await waitFor(() => receiver.received.length === 1, 10_000, 'the first delivery');

      const rotated = await callApi('POST', `/webhooks/${id}/rotate-secret`, { key: tenant.admin });
      await callApi('POST', '/jds', {
        key: tenant.data,
        body: { title: 'After', description: 'd', createdById: 'u' },
      });
      await waitFor(() => receiver.received.length === 2, 10_000, 'the second delivery');

      const [before, after] = receiver.received as [Received, Received];
      const verify = (secret: string, request: Received) =>
        new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
      expect(rotated.json.data).toMatchObject({ id, secret: expect.stringMatching(/^whsec_/) });
      expect(rotated.json.data.secret).not.toBe(first);
      expect(String(before.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verify(first, before)).toMatchObject({
        type: 'jd.created',
        data: { title: 'Before' },
      });
      expect(verify(first, after)).toMatchObject({ data: { title: 'After' } });
      expect(verify(rotated.json.data.secret, after)).toMatchObject({ data: { title: 'After' } });
      expect(() => verify(rotated.json.data.secret, before)).toThrow();
      expect(
        (await callApi('GET', `/webhooks/${id}`, { key: tenant.admin })).json.data,
      ).not.toHaveProperty('secret');
    } finally {
      await receiver.close();
    }
  });

  it('disables an endpoint that answers 410 at once, sends it nothing more, and after enable replays what it missed', async () => {
    const tenant = await newTenant();
    let gone = true;
    const receiver = await startReceiver(() => (gone ? 410 : 200));
    try {
      const { id } = await register(tenant.admin, receiver.url, ['jd.created']);
      const since = new Date().toISOString();
      await callApi('POST', '/jds', {
        key: tenant.data,
        body: { title: 'One', description: 'd', createdById: 'u' },
      });
      await waitFor(
        async () =>
          (await callApi('GET', `/webhooks/${id}`, { key: tenant.admin })).json.data.status ===
          'disabled',
        10_000,
        'disabled',
      );
      await callApi('POST', '/jds', {
        key: tenant.data,
        body: { title: 'Two', description: 'd', createdById: 'u' },
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const whileDisabled = receiver.received.length;
      const refused = await callApi('POST', `/webhooks/${id}/replay`, {
        key: tenant.admin,
        body: { since },
      });

      gone = false;
      const enabled = await callApi('POST', `/webhooks/${id}/enable`, { key: tenant.admin });
      const replay = await callApi('POST', `/webhooks/${id}/replay`, {
        key: tenant.admin,
        body: { since },
      });
      await waitFor(
        () => receiver.received.filter((request) => request.status === 200).length === 2,
        10_000,
        'the replay',
      );

      expect(whileDisabled).toBe(1);
      expect(refused.status).toBe(409);
      expect(enabled.json.data).toMatchObject({ status: 'enabled' });
      expect(enabled.json.data).not.toHaveProperty('disabledReason');
      expect(replay.status).toBe(202);
      const titles = receiver.received
        .filter((request) => request.status === 200)
        .map((request) => JSON.parse(request.body).data.title);
      expect(titles.sort()).toEqual(['One', 'Two']);
      const log = await callApi('GET', `/webhooks/${id}/deliveries`, { key: tenant.admin });
      expect(
        log.json.data.map((attempt: { statusCode: number; trigger: string }) => [
          attempt.statusCode,
          attempt.trigger,
        ]),
      ).toEqual([
        [200, 'manual'],
        [200, 'manual'],
        [410, 'automatic'],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('re-sends one event on request, with the same webhook-id, and refuses an unknown event', async () => {
    const tenant = await newTenant();
    const receiver = await startReceiver();
    try {
      const { id } = await register(tenant.admin, receiver.url, ['jd.created']);
      await callApi('POST', '/jds', {
        key: tenant.data,
        body: { title: 'Once', description: 'd', createdById: 'u' },
      });
      await waitFor(() => receiver.received.length === 1, 10_000, 'the delivery');
      const eventId = String(receiver.received[0]?.headers['webhook-id']);

      const retried = await callApi('POST', `/webhooks/${id}/deliveries/${eventId}/retry`, {
        key: tenant.admin,
      });
      const unknown = await callApi(
        'POST',
        `/webhooks/${id}/deliveries/evt_01KA0000000000000000000000/retry`,
        { key: tenant.admin },
      );
      await waitFor(() => receiver.received.length === 2, 10_000, 'the retry');

      expect(retried.json).toEqual({
        success: true,
        data: { webhookId: id, eventId, status: 'queued' },
      });
      expect(unknown.status).toBe(404);
      expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
        eventId,
        eventId,
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('sends an endpoint only the types it subscribes to, and nothing once it is deleted, not even a scheduled retry', async () => {
    const tenant = await newTenant();
    const receiver = await startReceiver(() => 500);
    try {
      const { id } = await register(tenant.admin, receiver.url, ['key.created']);
      await callApi('POST', '/jds', {
        key: tenant.data,
        body: { title: 'Not sent', description: 'd', createdById: 'u' },
      });
      await callApi('POST', '/keys', {
        key: tenant.admin,
        body: { name: 'sent', scopes: ['read'] },
      });
      await waitFor(() => receiver.received.length === 1, 10_000, 'the first attempt');
      const deleted = await callApi('DELETE', `/webhooks/${id}`, { key: tenant.admin });
      await callApi('POST', '/keys', {
        key: tenant.admin,
        body: { name: 'not sent', scopes: ['read'] },
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));

      expect(receiver.received.map((request) => JSON.parse(request.body).type)).toEqual([
        'key.created',
      ]);
      expect(deleted.status).toBe(200);
      expect((await callApi('GET', `/webhooks/${id}`, { key: tenant.admin })).status).toBe(404);
      const retries = runtime().queue.handled.filter(
        (handled) =>
          handled.message.kind === 'deliver' &&
          handled.message.webhookId === id &&
          handled.message.id === 'auto:1',
      );
      expect(retries.map((handled) => handled.outcome)).toEqual([
        'skipped: endpoint gone or disabled',
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('sends one signed webhook.test on request: not in the event log, never retried, shown as a test in the deliveries log; 409 when disabled, 404 when unknown', async () => {
    const tenant = await newTenant();
    let answer = 500;
    const receiver = await startReceiver(() => answer);
    try {
      const { id, secret } = await register(tenant.admin, receiver.url, ['jd.created']);
      const failing = await callApi('POST', `/webhooks/${id}/test`, { key: tenant.admin });
      await waitFor(() => receiver.received.length === 1, 10_000, 'the failing test delivery');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      answer = 200;
      const passing = await callApi('POST', `/webhooks/${id}/test`, { key: tenant.admin });
      await waitFor(() => receiver.received.length === 2, 10_000, 'the second test delivery');

      expect(failing.status, failing.text).toBe(202);
      expect(failing.json.data).toEqual({
        webhookId: id,
        eventId: expect.stringMatching(/^evt_/),
        status: 'queued',
      });
      // The 500 was not retried: one request per test.
      expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
        failing.json.data.eventId,
        passing.json.data.eventId,
      ]);
      const delivered = new Webhook(secret).verify(
        receiver.received[1]?.body ?? '',
        receiver.received[1]?.headers as Record<string, string>,
      );
      expect(delivered).toEqual({
        id: passing.json.data.eventId,
        type: 'webhook.test',
        createdAt: expect.any(String),
        data: { webhookId: id, message: expect.any(String) },
      });
      const attempts = (await callApi('GET', `/webhooks/${id}/deliveries`, { key: tenant.admin }))
        .json.data;
      expect(
        attempts.map((attempt: { eventId: string; trigger: string; statusCode: number }) => [
          attempt.eventId,
          attempt.trigger,
          attempt.statusCode,
        ]),
      ).toEqual([
        [passing.json.data.eventId, 'test', 200],
        [failing.json.data.eventId, 'test', 500],
      ]);
      // Nothing in the log, and a failed test leaves the endpoint as it was.
      expect((await wholeLog(tenant.data)).map((event) => event.type)).not.toContain(
        'webhook.test',
      );
      expect(
        (await callApi('GET', `/webhooks/${id}`, { key: tenant.admin })).json.data,
      ).toMatchObject({ status: 'enabled' });
      expect(
        (await callApi('GET', `/events/${failing.json.data.eventId}`, { key: tenant.data })).status,
      ).toBe(404);

      await disableWebhook(db(), tenant.tenantId, id, 'the endpoint answered 410 Gone', new Date());
      const disabled = await callApi('POST', `/webhooks/${id}/test`, { key: tenant.admin });
      const unknown = await callApi('POST', '/webhooks/wh_unknown/test', { key: tenant.admin });
      expect([disabled.status, disabled.json.code, unknown.status]).toEqual([
        409,
        'webhook_disabled',
        404,
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('takes 5 test deliveries an endpoint a minute (then 429 webhook_test_limited with Retry-After), and a test answered 410 Gone disables the endpoint as any delivery does', async () => {
    const tenant = await newTenant();
    let answer = 200;
    const receiver = await startReceiver(() => answer);
    try {
      const { id } = await register(tenant.admin, receiver.url, ['jd.created']);
      const tests = [];
      for (let i = 0; i < 6; i++)
        tests.push(await callApi('POST', `/webhooks/${id}/test`, { key: tenant.admin }));
      await waitFor(() => receiver.received.length === 5, 10_000, 'five test deliveries');

      expect(tests.map((reply) => reply.status)).toEqual([202, 202, 202, 202, 202, 429]);
      const refused = tests[5]!;
      expect([
        refused.json.code,
        refused.json.retryAfterMs > 0,
        Number(refused.headers['retry-after']) >= 1,
      ]).toEqual(['webhook_test_limited', true, true]);

      const { id: gone } = await register(tenant.admin, receiver.url, ['jd.created']);
      answer = 410;
      await callApi('POST', `/webhooks/${gone}/test`, { key: tenant.admin });
      await waitFor(
        async () =>
          (await callApi('GET', `/webhooks/${gone}`, { key: tenant.admin })).json.data.status ===
          'disabled',
        10_000,
        'the endpoint disabled by its 410',
      );
      expect(
        (await callApi('GET', `/webhooks/${gone}`, { key: tenant.admin })).json.data.disabledReason,
      ).toBe('the endpoint answered 410 Gone');
    } finally {
      await receiver.close();
    }
  });
});
