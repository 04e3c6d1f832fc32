import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  postDelivery,
  RESPONSE_BODY_BYTES,
  RESPONSE_BODY_WAIT_MS,
} from '../../lib/webhooks/deliver.js';
import { DISABLE_AFTER_FAILING_MS } from '../../lib/webhooks/model.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { useWebhookRuntime, waitFor } from '../helpers/webhooks.js';

useEnv({
  STREAM_BATCHING_WINDOW_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0.2',
  WEBHOOK_ALLOW_LOCAL_URLS: 'true',
});
const db = useTestDb({ stream: true });
useWebhookRuntime(db);

/** A receiver on localhost that answers as `answer` says; closed after each test. */
const servers: ReturnType<typeof createServer>[] = [];
async function receiver(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(request, response));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const post = (url: string) =>
  postDelivery(url, { 'content-type': 'application/json' }, '{"id":"evt"}', { allowLocal: true });
const HEADER_CANARY = 'header-value-canary-7f3a';

describe('a failed delivery says why', () => {
  it("keeps what the status means and the receiver's own words, never its headers' values", async () => {
    const url = await receiver((_request, response) =>
      response
        .writeHead(500, { 'x-receiver-token': HEADER_CANARY, 'content-type': 'text/plain' })
        .end('database connection refused: pool exhausted'),
    );
    const result = await post(url);
    expect(result.statusCode).toBe(500);
    expect(result.error).toMatch(/500 Internal Server Error/);
    expect(result.responseBody).toBe('database connection refused: pool exhausted');
    expect(JSON.stringify(result)).not.toContain(HEADER_CANARY);
  });

  it('keeps the first kilobyte of a long answer as text, cutting no character in half', async () => {
    // 3-byte characters: 1024 is not a multiple of 3, so the cut falls inside one.
    const long = '€'.repeat(2_000);
    const url = await receiver((_request, response) => response.writeHead(422).end(long));
    const result = await post(url);
    expect(result.error).toMatch(/422 Unprocessable Entity/);
    const kept = Buffer.byteLength(result.responseBody!);
    expect(kept).toBeLessThanOrEqual(RESPONSE_BODY_BYTES);
    expect(kept).toBeGreaterThan(RESPONSE_BODY_BYTES - 3);
    expect(result.responseBody).toBe('€'.repeat(Math.floor(RESPONSE_BODY_BYTES / 3)));
  });

  it('has no responseBody when the receiver answered nothing, and names a redirect as not followed', async () => {
    const empty = await receiver((_request, response) => response.writeHead(503).end());
    const emptyResult = await post(empty);
    expect(emptyResult.error).toMatch(/503 Service Unavailable/);
    expect(emptyResult).not.toHaveProperty('responseBody');

    const moved = await receiver((_request, response) =>
      response.writeHead(301, { location: 'https://elsewhere.example.com/' }).end(),
    );
    expect((await post(moved)).error).toMatch(/301 Moved Permanently: redirects are not followed/);
  });

  it('waits a second at most for a body that never ends, and keeps what came', async () => {
    const url = await receiver((_request, response) => {
      response.writeHead(502);
      response.write('upstream timed out');
      // Never ended: the receiver holds the connection open.
    });
    const started = performance.now();
    const result = await post(url);
    expect(performance.now() - started).toBeLessThan(RESPONSE_BODY_WAIT_MS + 2_000);
    expect(result.responseBody).toBe('upstream timed out');
  });
});

describe("an endpoint's health", () => {
  it('shows a failing run with its attempts and when it would be disabled, then its last success once fixed', async () => {
    const { key: admin, tenantId } = await tenantWithKey(db(), ['admin']);
    const { key: writer } = await tenantWithKey(db(), ['write', 'read'], tenantId);
    let fixed = false;
    const url = await receiver((_request, response) =>
      fixed
        ? response.writeHead(204).end()
        : response.writeHead(500).end('{"message":"handler threw: jd_id missing"}'),
    );
    const created = await callApi('POST', '/webhooks', {
      key: admin,
      body: { url, events: ['jd.created'] },
    });
    expect(created.status, created.text).toBe(201);
    const webhookId = created.json.data.id as string;
    expect(created.json.data.health).toEqual({
      lastSuccessAt: null,
      lastFailureAt: null,
      failingSince: null,
      failedAttempts: 0,
      disablesAt: null,
    });

    const jd = await callApi('POST', '/jds', {
      key: writer,
      body: { title: 'Staff Data Engineer', description: 'Owns the pipelines.', createdById: 'u' },
    });
    expect(jd.status, jd.text).toBe(201);
    const attempts = async () =>
      (await callApi('GET', `/webhooks/${webhookId}/deliveries`, { key: admin })).json.data as {
        eventId: string;
        eventType: string;
        statusCode: number;
        error?: string;
        responseBody?: string;
      }[];
    // The first attempt and its one retry (WEBHOOK_RETRY_SCHEDULE).
    await waitFor(async () => (await attempts()).length === 2, 15_000, 'two failed attempts');
    for (const attempt of await attempts()) {
      expect(attempt.eventType).toBe('jd.created');
      expect(attempt.statusCode).toBe(500);
      expect(attempt.error).toMatch(/500 Internal Server Error/);
      expect(attempt.responseBody).toBe('{"message":"handler threw: jd_id missing"}');
    }

    const failing = (await callApi('GET', `/webhooks/${webhookId}`, { key: admin })).json.data;
    expect(failing.health.failedAttempts).toBe(2);
    expect(failing.health.lastSuccessAt).toBeNull();
    expect(failing.health.lastFailureAt >= failing.health.failingSince).toBe(true);
    expect(Date.parse(failing.health.disablesAt) - Date.parse(failing.health.failingSince)).toBe(
      DISABLE_AFTER_FAILING_MS,
    );
    const listed = (await callApi('GET', '/webhooks', { key: admin })).json.data;
    expect(listed[0].health).toEqual(failing.health);

    fixed = true;
    const eventId = (await attempts())[0]!.eventId;
    const retried = await callApi('POST', `/webhooks/${webhookId}/deliveries/${eventId}/retry`, {
      key: admin,
    });
    expect(retried.status, retried.text).toBe(202);
    await waitFor(
      async () =>
        (await callApi('GET', `/webhooks/${webhookId}`, { key: admin })).json.data.health
          .lastSuccessAt !== null,
      15_000,
      'the retry delivered',
    );
    const healthy = (await callApi('GET', `/webhooks/${webhookId}`, { key: admin })).json.data;
    expect(healthy.health).toMatchObject({
      failingSince: null,
      failedAttempts: 0,
      disablesAt: null,
      lastFailureAt: failing.health.lastFailureAt,
    });
    const succeeded = (await attempts()).find((attempt) => attempt.statusCode === 204)!;
    expect(succeeded).not.toHaveProperty('error');
    expect(succeeded).not.toHaveProperty('responseBody');
  });
});
