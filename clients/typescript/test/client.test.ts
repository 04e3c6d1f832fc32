import { readFileSync } from 'node:fs';
import { createApiKey } from '../../../lib/keys/api.js';
import { describe, expect, it } from 'vitest';
import {
  type Change,
  HiringApiError,
  HiringClient,
  type JdSummary,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index.js';
import { CLIENT_TYPES_FILE, clientTypes } from '../../../scripts/local/client-types.js';
import { importProductData } from '../../../scripts/local/import.js';
import { demoData } from '../../../lib/composition/test-mode/sample-data.js';
import { tenantWithKey } from '../../../test/helpers/api.js';
import { useLocalStack } from '../../../test/helpers/local-stack.js';
import { startReceiver, waitFor } from '../../../test/helpers/webhooks.js';

const { db, baseUrl } = useLocalStack();

async function clientOf(
  scopes: ('read' | 'write' | 'admin')[],
  options: Partial<ConstructorParameters<typeof HiringClient>[0]> = {},
) {
  const tenant = await tenantWithKey(db(), scopes);
  return {
    ...tenant,
    client: new HiringClient({
      baseUrl: baseUrl(),
      apiKey: tenant.key,
      retryBaseMs: 20,
      ...options,
    }),
  };
}

describe('the TypeScript client (clients/typescript) against the local stack', () => {
  it('walks every JD of a tenant with more than 250 through listAll, by cursor, each once', async () => {
    const { tenantId, client } = await clientOf(['read']);
    const jds = Array.from({ length: 260 }, (_, i) => ({
      id: `jd-${String(i).padStart(3, '0')}`,
      title: `Engineer ${i}`,
      description: 'Builds things.',
      createdById: 'ats',
    }));
    await importProductData(db(), tenantId, { jds });

    const seen: JdSummary[] = [];
    for await (const jd of client.jds.listAll({ limit: 100 })) seen.push(jd);

    expect(seen).toHaveLength(260);
    expect(new Set(seen.map((jd) => jd.id)).size).toBe(260);
  });

  it('reads an application with every score’s provenance, typed, and the time and model of the score a match shows', async () => {
    const { tenantId, client } = await clientOf(['read']);
    await importProductData(db(), tenantId, demoData());

    const application = await client.applications.get('app-1');
    const [best] = (await client.matches.list('jd-backend')).data;

    expect(application.data.aiScores.map((score) => score.overallScore).sort()).toEqual([84, 91.5]);
    const explained = application.data.aiScores.find((score) => score.summary !== undefined);
    expect(explained).toMatchObject({
      overallScore: 91.5,
      model: { id: 'match-ranker' },
      criteria: [
        expect.objectContaining({ name: 'Required skills' }),
        expect.anything(),
        expect.anything(),
      ],
    });
    expect(best).toMatchObject({
      applicationId: 'app-1',
      aiScore: 91.5,
      scoredAt: explained?.scoredAt,
      model: explained?.model,
    });
  });

  it('records a review of the score a match shows, and reads it back with the application', async () => {
    const { tenantId, client } = await clientOf(['read', 'write']);
    await importProductData(db(), tenantId, demoData());
    const [best] = (await client.matches.list('jd-backend')).data;

    const recorded = await client.applications.review('app-1', {
      score: { scoredAt: best?.scoredAt as string, model: best?.model ?? undefined },
      outcome: 'confirmed',
      reviewer: 'recruiter-17',
      rationale: 'Matches the team’s needs.',
    });

    expect(recorded.data.score).toEqual({
      overallScore: best?.aiScore,
      scoredAt: best?.scoredAt,
      model: best?.model,
    });
    expect((await client.applications.get('app-1')).data.reviews).toEqual([recorded.data]);
    expect((await client.matches.list('jd-backend')).data[0]).toMatchObject({
      reviewed: true,
      reviewOutcome: 'confirmed',
    });
  });

  it('reads the security history and a candidate’s export, every page', async () => {
    const { tenantId, client } = await clientOf(['admin']);
    await importProductData(db(), tenantId, demoData());
    const created = await client.keys.create({ name: 'ATS sync', scopes: ['read'] });
    await client.keys.revoke(created.data.id);

    const history = [];
    for await (const entry of client.auditLog.listAll({ objectId: created.data.id }))
      history.push(entry);
    const pages = [];
    for await (const page of client.candidates.exportAll('res-7d3f')) pages.push(page);

    expect(history.map((entry) => entry.action)).toEqual(['key.revoked', 'key.created']);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0]?.data.resume.id).toBe('res-7d3f');
    expect(pages.flatMap((page) => page.data.applications).length).toBeGreaterThan(0);
  });

  it('walks the applications a filter keeps, sending score bounds as numbers', async () => {
    const { tenantId, client } = await clientOf(['read']);
    const data = demoData();
    await importProductData(db(), tenantId, data);

    const seen = [];
    for await (const application of client.applications.listAll({ minScore: 80.5, limit: 1 }))
      seen.push(application);

    const expected = (data.applications ?? []).filter((application) =>
      (application.aiScores ?? []).some((score) => score.overallScore >= 80.5),
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(seen.map((application) => application.id).sort()).toEqual(
      expected.map((application) => application.id).sort(),
    );
    for (const application of seen) expect(application.aiScore).toBeGreaterThanOrEqual(80.5);
  });

  it('syncs JDs by delta: a first sync, then exactly what changed, deletions included, ending with the next token', async () => {
    const { client } = await clientOf(['read', 'write']);
    const created = [];
    for (let n = 0; n < 5; n++)
      created.push(
        await client.jds.create({ title: `Engineer ${n}`, description: 'd', createdById: 'ats' }),
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const replica = new Map<string, string>();
    const apply = (changes: Change<JdSummary>[]) => {
      for (const change of changes)
        if ('deleted' in change) replica.delete(change.id);
        else replica.set(change.id, change.title);
    };

    const first = await client.jds.sync({ updatedSince: '1970-01-01T00:00:00Z' }, apply);
    expect(replica.size).toBe(5);
    await client.jds.update(created[0]!.data.id, { title: 'Staff Engineer' });
    await client.jds.delete(created[1]!.data.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pages: number[] = [];
    const second = await client.jds.sync({ syncToken: first }, (changes) => {
      pages.push(changes.length);
      apply(changes);
    });

    expect(pages).toEqual([2]);
    expect(replica.get(created[0]!.data.id)).toBe('Staff Engineer');
    expect(replica.has(created[1]!.data.id)).toBe(false);
    expect(second).not.toBe(first);
  });

  it('keeps a copy of the JDs in sync across runs with keepInSync, saving the token itself, and rebuilds it when the token has expired', async () => {
    let expireTokens = false;
    // A saved token more than 30 days old: the API answers 410, as it does to any token past the tombstones.
    const fetchWithExpiry: typeof fetch = async (input, init) => {
      if (expireTokens && String(input).includes('syncToken=')) {
        return new Response(
          JSON.stringify({
            success: false,
            error: 'The sync token is older than deletions are kept',
            code: 'sync_token_expired',
          }),
          { status: 410, headers: { 'Content-Type': 'application/json' } },
        );
      }
      return fetch(input, init);
    };
    const { client } = await clientOf(['read', 'write'], { fetch: fetchWithExpiry });
    const saved: string[] = [];
    const store = { load: () => saved.at(-1), save: (token: string) => void saved.push(token) };
    const replica = new Map<string, string>();
    let rebuilds = 0;
    const handlers = {
      onPage: (changes: Change<JdSummary>[]) => {
        for (const change of changes)
          if ('deleted' in change) replica.delete(change.id);
          else replica.set(change.id, change.title);
      },
      onRebuild: () => {
        rebuilds += 1;
        replica.clear();
      },
    };
    const [kept, dropped] = await Promise.all(
      ['Data Engineer', 'Site Reliability Engineer'].map((title) =>
        client.jds.create({ title, description: 'Runs the platform.', createdById: 'ats' }),
      ),
    );

    const first = await client.jds.keepInSync(store, handlers);
    expect(saved).toEqual([first]);
    expect([...replica.values()].sort()).toEqual(['Data Engineer', 'Site Reliability Engineer']);

    await client.jds.update(kept!.data.id, { title: 'Staff Data Engineer' });
    await client.jds.delete(dropped!.data.id);
    const second = await client.jds.keepInSync(store, handlers);
    expect(saved).toEqual([first, second]);
    expect([...replica.entries()]).toEqual([[kept!.data.id, 'Staff Data Engineer']]);

    // The replica drifted while the token aged: the rebuild starts it again from what the API holds.
    replica.set('stale-entry', 'Left over');
    expireTokens = true;
    const third = await client.jds.keepInSync(store, handlers);
    expect(rebuilds).toBe(1);
    expect(saved.at(-1)).toBe(third);
    expect([...replica.entries()]).toEqual([[kept!.data.id, 'Staff Data Engineer']]);
    // Without onRebuild, the 410 is the caller's to handle.
    await expect(client.jds.keepInSync(store, { onPage: handlers.onPage })).rejects.toMatchObject({
      status: 410,
      code: 'sync_token_expired',
    });
  });

  it('deletes a JD created by mistake (204, no body), and then finds it no more', async () => {
    const { client } = await clientOf(['read', 'write']);
    const mistake = await client.jds.create({
      title: 'Duplicate posting',
      description: 'Created by mistake.',
      createdById: 'ats',
    });

    await expect(client.jds.delete(mistake.data.id)).resolves.toBeUndefined();
    expect(
      await client.jds
        .get(mistake.data.id)
        .catch((error: unknown) => (error as HiringApiError).status),
    ).toBe(404);
  });

  it('updates a JD only over the version it read: the second writer with the same ETag gets a 412', async () => {
    const { client } = await clientOf(['read', 'write']);
    const {
      data: { id },
    } = await client.jds.create({
      title: 'Platform Engineer',
      description: 'Runs the platform.',
      createdById: 'ats',
    });
    const { etag } = (await client.jds.get(id)).lastResponse;

    const first = await client.jds.update(
      id,
      { location: 'Remote (EU)' },
      { ifMatch: etag as string },
    );
    const second = await client.jds
      .update(id, { location: 'Berlin' }, { ifMatch: etag as string })
      .catch((error: unknown) => error);

    expect(first.data.location).toBe('Remote (EU)');
    expect(first.lastResponse.etag).not.toBe(etag);
    expect(second).toBeInstanceOf(HiringApiError);
    expect(second).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect(
      (
        await client.jds.update(
          id,
          { status: 'CLOSED' },
          { ifMatch: first.lastResponse.etag as string },
        )
      ).data.status,
    ).toBe('CLOSED');
  });

  it('reads a JD again only when it changed: getIfChanged with the ETag held is a 304, and after a change the new JD and ETag', async () => {
    const { client } = await clientOf(['read', 'write']);
    const {
      data: { id },
    } = await client.jds.create({
      title: 'Platform Engineer',
      description: 'Runs the platform.',
      createdById: 'ats',
    });
    const first = await client.jds.getIfChanged(id, undefined);
    expect(first).toMatchObject({ changed: true, data: { id, title: 'Platform Engineer' } });

    const unchanged = await client.jds.getIfChanged(id, first.etag);
    expect(unchanged).toEqual({ changed: false, etag: first.etag });

    await client.jds.update(id, { location: 'Remote (EU)' });
    const changed = await client.jds.getIfChanged(id, first.etag);
    expect(changed).toMatchObject({ changed: true, data: { location: 'Remote (EU)' } });
    expect(changed.etag).not.toBe(first.etag);
  });

  it('deletes a JD only as it was read: a stale ETag gets a 412 and deletes nothing', async () => {
    const { client } = await clientOf(['read', 'write']);
    const {
      data: { id },
    } = await client.jds.create({
      title: 'Platform Engineer',
      description: 'Runs the platform.',
      createdById: 'ats',
    });
    const { etag } = (await client.jds.get(id)).lastResponse;
    const edited = await client.jds.update(id, { location: 'Remote (EU)' });

    const stale = await client.jds
      .delete(id, { ifMatch: etag as string })
      .catch((error: unknown) => error);

    expect(stale).toMatchObject({ status: 412, code: 'precondition_failed' });
    await expect(
      client.jds.delete(id, { ifMatch: edited.lastResponse.etag as string }),
    ).resolves.toBeUndefined();
  });

  it('creates one JD when the answer to its first attempt is lost: the retry carries the same Idempotency-Key', async () => {
    const sent: { method: string; key: string | null }[] = [];
    let dropped = false;
    // The first POST reaches the service and is applied; its answer never reaches the client.
    const flaky: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const headers = new Headers(init?.headers);
      sent.push({ method: init?.method ?? 'GET', key: headers.get('Idempotency-Key') });
      if (init?.method === 'POST' && !dropped) {
        dropped = true;
        throw new TypeError('fetch failed: connection reset');
      }
      return response;
    };
    const { client } = await clientOf(['read', 'write'], { fetch: flaky });

    const created = await client.jds.create({
      title: 'Platform Engineer',
      description: 'Runs the platform.',
      createdById: 'ats',
    });
    const { pagination, data } = await client.jds.list();

    expect(created.data).toMatchObject({ title: 'Platform Engineer', status: 'DRAFT' });
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', key: expect.any(String) },
      { method: 'POST', key: sent[0]?.key },
    ]);
    expect([pagination.total, data.map((jd) => jd.id)]).toEqual([1, [created.data.id]]);
  });

  it('pushes requisitions by their own ids: upsertMany in batches of 100, a result per item in order, a lost answer retried without a duplicate; upsertByExternalId says created or not', async () => {
    const batches: number[] = [];
    let dropped = false;
    // The second batch reaches the service and is applied; its answer never reaches the client.
    const flaky: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST' && String(input).endsWith('/jds/batch')) {
        batches.push((JSON.parse(String(init.body)) as { items: unknown[] }).items.length);
        if (batches.length === 2 && !dropped) {
          dropped = true;
          throw new TypeError('fetch failed: connection reset');
        }
      }
      return response;
    };
    const { client } = await clientOf(['read', 'write'], { fetch: flaky });
    const items = Array.from({ length: 250 }, (_, n) => ({
      externalId: `REQ-2026-${String(n).padStart(5, '0')}`,
      title: `Data Engineer ${n} — Zürich`,
      description: 'Runs the pipelines every report is computed from.',
      createdById: 'ats-sync',
    }));

    const results = await client.jds.upsertMany([
      ...items,
      { ...items[0]!, externalId: 'has space' },
    ]);
    const { externalId, ...first } = items[0]!;
    const upserted = await client.jds.upsertByExternalId(externalId, {
      ...first,
      salary: 'CHF 120k',
    });
    const created = await client.jds.upsertByExternalId('REQ-2026-new', {
      title: 'New',
      description: 'New.',
      createdById: 'ats-sync',
    });

    // 250 items and a bad one: 100, 100 (sent twice: its answer was lost), 51. On a busy machine a
    // batch may not start some of its items (503 each), which the client sends again in a later batch,
    // so only the first batch's size is fixed (a CI run saw 100, 31, 31, …); the lost one is sent again
    // as it was, and every item is in the results once, in order (below).
    expect(batches[0]).toBe(100);
    expect(batches[2]).toBe(batches[1]);
    expect(batches.every((size) => size <= 100)).toBe(true);
    expect(results.slice(0, 250).map((result) => 'outcome' in result && result.outcome)).toEqual(
      items.map(() => 'created'),
    );
    expect(results.map((result) => result.externalId)).toEqual([
      ...items.map((item) => item.externalId),
      'has space',
    ]);
    expect(results[250]).toMatchObject({ error: { status: 400, code: 'validation_failed' } });
    expect((await client.jds.list({ limit: 1 })).pagination.total).toBe(251);
    expect([
      upserted.lastResponse.status === 201,
      upserted.data.salary,
      created.lastResponse.status === 201,
    ]).toEqual([false, 'CHF 120k', true]);
  });

  it('retries a write after a 503 only when it carries an Idempotency-Key: a delete is thrown, a reset retried with its key', async () => {
    const sent: { method: string; path: string; key: string | null }[] = [];
    const busy = new Set(['DELETE', 'POST']);
    // The first DELETE and the first POST answer 503, as a write that may have committed does.
    const flaky: typeof fetch = async (input, init) => {
      const method = init?.method ?? 'GET';
      sent.push({
        method,
        path: new URL(String(input)).pathname,
        key: new Headers(init?.headers).get('Idempotency-Key'),
      });
      if (busy.delete(method))
        return new Response(
          JSON.stringify({ success: false, error: 'busy', code: 'unavailable', requestId: 'r' }),
          { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '0' } },
        );
      return fetch(input, init);
    };
    const { client } = await clientOf(['read', 'write'], { fetch: flaky, retryBaseMs: 1 });

    const deleted = await client.jds.delete('jd-any').catch((error: unknown) => error);

    expect(deleted).toMatchObject({ status: 503, code: 'unavailable' });
    expect(sent.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const testKey = await createApiKey(db(), tenantId, {
      name: 'sandbox',
      scopes: ['read', 'write'],
      createdBy: 'test',
      mode: 'test',
    });
    const tester = new HiringClient({
      baseUrl: baseUrl(),
      apiKey: testKey.key,
      fetch: flaky,
      retryBaseMs: 1,
    });
    const reset = await tester.testMode.reset();
    const resets = sent.filter((call) => call.path.endsWith('/test/reset'));
    expect(reset.data.complete).toBe(true);
    expect(resets).toEqual([
      { method: 'POST', path: expect.any(String), key: expect.any(String) },
      { method: 'POST', path: expect.any(String), key: resets[0]?.key },
    ]);
  });

  it('throws one typed error with status, code, message and details, and does not retry what cannot succeed', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const { client } = await clientOf(['read', 'write'], { fetch: counting });

    const invalid = await client.jds
      .create({ title: '', description: 'x', createdById: 'ats' })
      .catch((error: unknown) => error);
    const missing = await client.jds.get('no-such-jd').catch((error: unknown) => error);

    expect(invalid).toBeInstanceOf(HiringApiError);
    expect(invalid).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: expect.arrayContaining([expect.objectContaining({ field: 'title' })]),
    });
    expect(missing).toMatchObject({ status: 404, code: 'not_found', message: 'JD not found' });
    expect(calls).toBe(2);
  });

  it('follows the event log across writes, each event once, handing back the cursor to resume from', async () => {
    const { client } = await clientOf(['read', 'write']);
    const stop = new AbortController();
    const seen: { type: string; cursor: string }[] = [];
    const following = (async () => {
      for await (const { event, cursor } of client.events.follow({
        types: ['jd.created'],
        waitSeconds: 2,
        signal: stop.signal,
      })) {
        seen.push({ type: event.type, cursor });
        if (seen.length === 3) stop.abort();
      }
    })();

    await client.jds.create({ title: 'First', description: 'd', createdById: 'ats' });
    await waitFor(() => seen.length >= 1, 10_000);
    await client.jds.create({ title: 'Second', description: 'd', createdById: 'ats' });
    await client.jds.create({ title: 'Third', description: 'd', createdById: 'ats' });
    await following;
    const after = (await client.events.list({ cursor: seen[0]?.cursor, type: 'jd.created' })).data;

    expect(seen.map((entry) => entry.type)).toEqual(['jd.created', 'jd.created', 'jd.created']);
    expect(new Set(seen.map((entry) => entry.cursor)).size).toBe(3);
    expect(after.map((event) => event.id)).toEqual(seen.slice(1).map((entry) => entry.cursor));
  });

  /** Follows `client`'s log in the background: what it gave, how it said it waited, and its stop. */
  function following(client: HiringClient, options: { after?: string } = {}) {
    const stop = new AbortController();
    const seen: string[] = [];
    const waiting: string[] = [];
    const done = (async () => {
      for await (const { event } of client.events.follow({
        ...options,
        waitSeconds: 2,
        pollIntervalMs: 200,
        // A reopen within 0.2 s, not the 30 s window that spreads a mass reconnect.
        reconnectWindowMs: 200,
        signal: stop.signal,
        onWaiting: ({ via }) => waiting.push(via),
      }))
        seen.push(event.id);
    })();
    return { seen, waiting, stop: () => (stop.abort(), done) };
  }

  const idsOf = async (client: HiringClient) =>
    (await client.events.list({ limit: 100 })).data.map((event) => event.id);

  it('follows on the event stream where it opens: each event pushed as committed, no long-poll asked', async () => {
    const asked: string[] = [];
    const { client } = await clientOf(['read', 'write'], {
      fetch: (input, init) => {
        asked.push(String(input));
        return fetch(input, init);
      },
    });
    const follower = following(client);
    await waitFor(() => follower.waiting.length > 0, 10_000);

    await client.jds.create({ title: 'Pushed', description: 'd', createdById: 'ats' });
    await client.jds.create({ title: 'Pushed too', description: 'd', createdById: 'ats' });
    const ids = await idsOf(client);
    await waitFor(() => follower.seen.length >= ids.length, 10_000);
    await follower.stop();

    expect(follower.seen).toEqual(ids);
    expect(follower.waiting[0]).toBe('stream');
    expect(asked.filter((url) => url.includes('wait='))).toEqual([]);
  });

  it('falls back to the long-poll where the stream does not open, and goes on from the same place', async () => {
    const { client } = await clientOf(['read', 'write'], {
      // A network that refuses WebSockets: nothing listens there.
      webSocket: (_url, headers) => new WebSocket('ws://127.0.0.1:9/', { headers } as never),
    });
    await client.jds.create({ title: 'Before', description: 'd', createdById: 'ats' });
    const follower = following(client);

    await waitFor(() => follower.waiting.includes('long-poll'), 10_000);
    await client.jds.create({ title: 'After', description: 'd', createdById: 'ats' });
    const ids = await idsOf(client);
    await waitFor(() => follower.seen.length >= ids.length, 10_000);
    await follower.stop();

    expect(follower.seen).toEqual(ids);
    expect(follower.waiting).not.toContain('stream');
  });

  it('reconnects when a connection ends (API Gateway closes one after 2 hours), after the last event it gave: nothing missed, nothing twice', async () => {
    const sockets: WebSocket[] = [];
    const { client } = await clientOf(['read', 'write'], {
      webSocket: (url, headers) => {
        const socket = new WebSocket(url, { headers } as never);
        sockets.push(socket);
        return socket;
      },
    });
    await client.jds.create({ title: 'First', description: 'd', createdById: 'ats' });
    const [first] = await idsOf(client);
    const follower = following(client, { after: first as string });
    await waitFor(() => follower.waiting.length > 0, 10_000);
    await client.jds.create({ title: 'Second', description: 'd', createdById: 'ats' });
    await waitFor(() => follower.seen.length === 1, 10_000);

    sockets[0]?.close();
    for (const title of ['Third', 'Fourth'])
      await client.jds.create({ title, description: 'd', createdById: 'ats' });
    const ids = await idsOf(client);
    await waitFor(() => follower.seen.length >= ids.length - 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await follower.stop();

    expect(sockets.length).toBeGreaterThanOrEqual(2);
    expect(follower.seen).toEqual(ids.slice(1));
  });

  it('verifies a real delivery of the local webhook pipeline into its typed event, and rejects a tampered one', async () => {
    const { client } = await clientOf(['read', 'write', 'admin']);
    const receiver = await startReceiver();
    try {
      const webhook = await client.webhooks.create({ url: receiver.url, events: ['jd.created'] });
      const jd = await client.jds.create({
        title: 'Data Engineer',
        description: 'Pipelines.',
        createdById: 'ats',
      });
      await waitFor(() => receiver.received.length >= 1, 15_000);
      const [delivery] = receiver.received;
      const headers = delivery?.headers as Record<string, string>;

      const event = verifyWebhook(webhook.data.secret as string, headers, delivery?.body as string);
      const tampered = () =>
        verifyWebhook(
          webhook.data.secret as string,
          headers,
          (delivery?.body as string).replace('Data Engineer', 'Data Engineer (edited)'),
        );
      const otherSecret = () =>
        verifyWebhook(
          'whsec_' + Buffer.from('another secret, 32 bytes long!!').toString('base64'),
          headers,
          delivery?.body as string,
        );
      const rotation = verifyWebhook(
        [
          'whsec_' + Buffer.from('an old secret, still accepted..').toString('base64'),
          webhook.data.secret as string,
        ],
        headers,
        delivery?.body as string,
      );

      expect(event.type).toBe('jd.created');
      if (event.type === 'jd.created')
        expect(event.data).toMatchObject({ id: jd.data.id, title: 'Data Engineer' });
      expect(tampered).toThrow(WebhookVerificationError);
      expect(otherSecret).toThrow(WebhookVerificationError);
      expect(rotation.id).toBe(event.id);
      await waitFor(
        async () => (await client.webhooks.deliveries(webhook.data.id)).data.length >= 1,
        10_000,
      );
      const attempts = [];
      for await (const attempt of client.webhooks.deliveriesAll(webhook.data.id))
        attempts.push(attempt);
      expect(attempts.map((attempt) => [attempt.eventId, attempt.statusCode])).toEqual([
        [event.id, 200],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('is typed from the committed API description (run `npm run client:types` when it changes)', async () => {
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(await clientTypes());
  });
});
