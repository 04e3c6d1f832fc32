import { describe, expect, it } from 'vitest';
import { createKey } from '../../lib/composition/keys.js';
import { callApi, tenantWithKey, useLocalGateway, type ApiReply } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import type { RequestLogEntry as Entry } from '../../lib/request-log/model.js';
import { useMcpClients } from '../helpers/mcp.js';
import { connected, openStream } from '../helpers/stream.js';

const db = useTestDb();
const baseUrl = useLocalGateway();
const mcpClient = useMcpClients(baseUrl);

/** Every entry of the space's log an admin key reads, walking the cursor `limit` at a time. */
async function wholeLog(admin: string, query = '', limit = 100): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const page = await callApi('GET', `/requests?${params}`, { key: admin });
    expect(page.status, page.text).toBe(200);
    entries.push(...(page.json.data as Entry[]));
    if (!page.json.pagination.hasMore) return entries;
    cursor = page.json.pagination.nextCursor;
  }
}

/** Waits (10 s at most: the local stack's promise) until every one of `ids` is in the log. */
async function logged(admin: string, ids: string[]): Promise<Entry[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const entries = await wholeLog(admin);
    if (ids.every((id) => entries.some((entry) => entry.requestId === id))) return entries;
    if (Date.now() > deadline)
      throw new Error(
        `Not in the request log within 10 s: ${ids.filter((id) => !entries.some((e) => e.requestId === id))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const idOf = (reply: ApiReply) => reply.headers['request-id']!;

describe('the request log', () => {
  it('records each request a valid key made, whatever its answer, with what was asked and answered', async () => {
    const { tenantId, key: admin, keyId: adminId } = await tenantWithKey(db(), ['admin']);
    const { key: writer, keyId: writerId } = await tenantWithKey(db(), ['read', 'write'], tenantId);
    const created = await callApi('POST', '/jds', {
      key: writer,
      body: {
        title: 'Senior Platform Engineer',
        description: 'Runs the platform.',
        createdById: 'u1',
      },
      headers: {
        'user-agent': 'acme-ats/4.2 (+https://ats.example.com)',
        'idempotency-key': 'jd-create-2041',
      },
    });
    expect(created.status, created.text).toBe(201);
    const replay = await callApi('POST', '/jds', {
      key: writer,
      body: {
        title: 'Senior Platform Engineer',
        description: 'Runs the platform.',
        createdById: 'u1',
      },
      headers: { 'idempotency-key': 'jd-create-2041' },
    });
    const jdId = created.json.data.id as string;
    const revalidated = await callApi('GET', `/jds/${jdId}`, {
      key: writer,
      headers: { 'if-none-match': created.headers.etag! },
    });
    expect(revalidated.status).toBe(304);
    const missing = await callApi('GET', '/jds/jd-that-never-was', { key: writer });
    expect(missing.status).toBe(404);
    const invalid = await callApi('POST', '/jds', { key: writer, body: { title: '' } });
    expect(invalid.status).toBe(400);
    const forbidden = await callApi('GET', '/keys', { key: writer });
    expect(forbidden.status).toBe(403);
    const unrouted = await callApi('GET', '/no-such-route', { key: writer });
    expect(unrouted.status).toBe(404);
    const listed = await callApi('GET', '/jds?limit=5&status=DRAFT', { key: writer });
    expect(listed.status).toBe(200);
    // Without a valid key a request belongs to no tenant.
    const anonymous = await callApi('GET', '/jds');
    const badKey = await callApi('GET', '/jds', { key: `hk_live_${'x'.repeat(40)}` });

    const replies = [created, replay, revalidated, missing, invalid, forbidden, unrouted, listed];
    const entries = await logged(admin, replies.map(idOf));
    const entry = (reply: ApiReply) => entries.find((e) => e.requestId === idOf(reply))!;

    expect(entry(created)).toMatchObject({
      method: 'POST',
      path: '/jds',
      route: 'POST /jds',
      status: 201,
      code: null,
      keyId: writerId,
      keyName: 'key read write',
      idempotencyKey: 'jd-create-2041',
      replayed: false,
      queryParameters: [],
      userAgent: 'acme-ats/4.2 (+https://ats.example.com)',
      clientIp: '127.0.0.1',
    });
    expect(entry(created).apiVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(entry(replay)).toMatchObject({
      status: 201,
      idempotencyKey: 'jd-create-2041',
      replayed: true,
    });
    expect(entry(revalidated)).toMatchObject({
      status: 304,
      route: 'GET /jds/{jdId}',
      path: `/jds/${jdId}`,
    });
    expect(entry(missing)).toMatchObject({
      status: 404,
      code: 'not_found',
      path: '/jds/jd-that-never-was',
      queryParameters: [],
    });
    expect(entry(invalid)).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(entry(forbidden)).toMatchObject({
      status: 403,
      code: 'scope_missing',
      route: 'GET /keys',
    });
    expect(entry(unrouted)).toMatchObject({ status: 404, route: null, path: '/no-such-route' });
    expect(entry(listed).queryParameters).toEqual(['limit', 'status']);
    for (const one of entries) {
      expect(Date.parse(one.time)).toBeGreaterThan(Date.now() - 60_000);
      expect(one.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(entries.map((e) => e.requestId)).not.toContain(idOf(anonymous));
    expect(entries.map((e) => e.requestId)).not.toContain(idOf(badKey));
    // Newest first.
    const times = entries.map((e) => e.time);
    expect([...times].sort().reverse()).toEqual(times);

    // One by its Request-Id; the reads themselves are logged too, as the admin's.
    const one = await callApi('GET', `/requests/${idOf(missing)}`, { key: admin });
    expect(one.status, one.text).toBe(200);
    expect(one.json.data).toEqual(entry(missing));
    const again = await logged(admin, [idOf(one)]);
    expect(again.find((e) => e.requestId === idOf(one))).toMatchObject({
      keyId: adminId,
      route: 'GET /requests/{requestId}',
    });
  });

  it('filters by status, key, route and time, and pages by cursor without loss or repeat', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { key: reader, keyId: readerId } = await tenantWithKey(db(), ['read'], tenantId);
    const ids: string[] = [];
    for (let n = 0; n < 7; n++) ids.push(idOf(await callApi('GET', '/jds', { key: reader })));
    for (let n = 0; n < 5; n++)
      ids.push(idOf(await callApi('GET', `/jds/jd-missing-${n}`, { key: reader })));
    ids.push(idOf(await callApi('GET', '/keys', { key: admin })));
    await logged(admin, ids);

    const all = await wholeLog(admin, '', 3);
    expect(new Set(all.map((e) => e.requestId)).size).toBe(all.length);
    expect(all.map((e) => e.requestId)).toEqual(expect.arrayContaining(ids));

    const failed = await wholeLog(admin, 'status=4xx', 2);
    expect(failed.map((e) => e.requestId).sort()).toEqual(ids.slice(7, 12).sort());
    expect((await wholeLog(admin, 'status=404')).length).toBe(5);
    expect((await wholeLog(admin, 'status=5xx')).length).toBe(0);
    const byKey = await wholeLog(admin, `keyId=${readerId}`);
    expect(byKey.every((e) => e.keyId === readerId)).toBe(true);
    expect(byKey.length).toBe(12);
    const byRoute = await wholeLog(
      admin,
      new URLSearchParams({ route: 'GET /jds/{jdId}' }).toString(),
    );
    expect(byRoute.map((e) => e.requestId).sort()).toEqual(ids.slice(7, 12).sort());
    const middle = all.find((e) => e.requestId === ids[9])!;
    const before = await wholeLog(admin, new URLSearchParams({ before: middle.time }).toString());
    expect(before.every((e) => e.time <= middle.time)).toBe(true);
    const after = await wholeLog(admin, new URLSearchParams({ after: middle.time }).toString());
    expect(after.every((e) => e.time >= middle.time)).toBe(true);
    expect(before.length + after.length).toBeGreaterThanOrEqual(all.length);

    const refused = await callApi('GET', '/requests?status=6xx', { key: admin });
    expect(refused.status).toBe(400);
    const reversed = await callApi(
      'GET',
      `/requests?${new URLSearchParams({ after: middle.time, before: '2000-01-01T00:00:00Z' })}`,
      { key: admin },
    );
    expect(reversed.status).toBe(400);
  });

  it("is the space's own: another tenant, a test key and a key without admin see none of it", async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { key: reader } = await tenantWithKey(db(), ['read'], tenantId);
    const { key: other } = await tenantWithKey(db(), ['admin']);
    const { key: testAdmin } = await createKey(db(), tenantId, {
      name: 'test admin',
      scopes: ['admin', 'read'],
      mode: 'test',
      createdBy: 'test',
    });
    const live = idOf(await callApi('GET', '/jds', { key: reader }));
    const inTest = idOf(await callApi('GET', '/jds', { key: testAdmin }));
    await logged(admin, [live]);
    await logged(testAdmin, [inTest]);

    expect((await callApi('GET', `/requests/${live}`, { key: other })).status).toBe(404);
    expect((await wholeLog(other)).map((e) => e.requestId)).not.toContain(live);
    expect((await callApi('GET', `/requests/${live}`, { key: testAdmin })).status).toBe(404);
    expect((await wholeLog(admin)).map((e) => e.requestId)).not.toContain(inTest);
    const denied = await callApi('GET', '/requests', { key: reader });
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('scope_missing');
  });

  it('keeps no body, no query value, no header value beyond those named and nothing of the key', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { key: writer } = await tenantWithKey(db(), ['read', 'write'], tenantId);
    const CANARY = 'canary-5c1e9-jane.doe@example.com';
    const replies = [
      await callApi('POST', '/jds', {
        key: writer,
        body: { title: CANARY, description: CANARY, createdById: CANARY },
        headers: {
          'x-trace-note': CANARY,
          authorization: `Bearer ${CANARY}`,
          cookie: `s=${CANARY}`,
        },
      }),
      await callApi('GET', `/jds?search=${encodeURIComponent(CANARY)}&limit=2`, { key: writer }),
      await callApi('GET', `/candidates?email=${encodeURIComponent(CANARY)}`, { key: writer }),
      await callApi('POST', '/jds', { key: writer, rawBody: `{"title":"${CANARY}"` }),
    ];
    const entries = await logged(admin, replies.map(idOf));
    const read = JSON.stringify(entries);
    const ones = await Promise.all(
      replies.map((reply) => callApi('GET', `/requests/${idOf(reply)}`, { key: admin })),
    );
    for (const text of [read, ...ones.map((one) => one.text)]) {
      expect(text).not.toContain('canary-5c1e9');
      expect(text).not.toContain(writer);
      expect(text).not.toContain(writer.slice(-12));
    }
    const search = entries.find((e) => e.requestId === idOf(replies[1]!))!;
    expect(search.queryParameters).toEqual(['limit', 'search']);
  });

  it("shows each active key's hour and its last 24 hours' requests and errors to the admin, in GET /keys and GET /keys/:id", async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { key: reader, keyId: readerId } = await tenantWithKey(db(), ['read'], tenantId);
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) ids.push(idOf(await callApi('GET', '/jds', { key: reader })));
    for (let n = 0; n < 3; n++)
      ids.push(idOf(await callApi('GET', `/jds/jd-missing-${n}`, { key: reader })));
    await logged(admin, ids);
    const whoami = await callApi('GET', '/whoami', { key: reader });

    const listed = await callApi('GET', '/keys', { key: admin });
    expect(listed.status, listed.text).toBe(200);
    const shown = (listed.json.data as { id: string }[]).find((key) => key.id === readerId)!;
    expect(shown).toMatchObject({
      quota: { ...whoami.json.data.quota },
      last24Hours: { requests: 7, errors: 3 },
    });
    const one = await callApi('GET', `/keys/${readerId}`, { key: admin });
    expect(one.json.data.quota).toEqual(whoami.json.data.quota);
    expect(one.json.data.last24Hours).toEqual({ requests: 7, errors: 3 });

    await callApi('DELETE', `/keys/${readerId}`, { key: admin });
    const revoked = await callApi('GET', `/keys/${readerId}`, { key: admin });
    expect(revoked.json.data.quota).toBeNull();
    expect(revoked.json.data.last24Hours).toEqual({ requests: 7, errors: 3 });
  });

  it("offers an admin key's assistant list_requests, and logs the MCP endpoint's requests as one each", async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { key: reader } = await tenantWithKey(db(), ['read'], tenantId);
    const failed = idOf(await callApi('GET', '/jds/jd-the-assistant-asks-about', { key: reader }));
    await logged(admin, [failed]);

    const assistant = await mcpClient(admin);
    const readerAssistant = await mcpClient(reader);
    expect((await assistant.listTools()).tools.map((tool) => tool.name)).toContain('list_requests');
    expect((await readerAssistant.listTools()).tools.map((tool) => tool.name)).not.toContain(
      'list_requests',
    );
    const result = await assistant.callTool({
      name: 'list_requests',
      arguments: { status: '404', limit: '5' },
    });
    const answer = result.structuredContent as { data: Entry[] };
    expect(answer.data.map((entry) => entry.requestId)).toContain(failed);
    expect(answer.data.find((entry) => entry.requestId === failed)).toMatchObject({
      code: 'not_found',
      route: 'GET /jds/{jdId}',
    });
    // The assistant's own calls are POST /mcp entries; a tool's inner route call adds none.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const entries = await wholeLog(admin);
    expect(entries.some((entry) => entry.route === 'POST /mcp')).toBe(true);
    const ids = entries.map((entry) => entry.requestId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("records the event stream's upgrades, opened or refused, as GET /events/stream", async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { key: reader, keyId: readerId } = await tenantWithKey(db(), ['read'], tenantId);
    const opened = await connected(baseUrl(), reader);
    const refused = await openStream(baseUrl(), admin);
    expect('refused' in refused && refused.refused.status).toBe(403);
    const deadline = Date.now() + 10_000;
    let upgrades: Entry[] = [];
    while (upgrades.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      upgrades = (await wholeLog(admin)).filter((entry) => entry.route === 'GET /events/stream');
    }
    expect(
      upgrades.map((entry) => [entry.keyId === readerId, entry.status, entry.code]).sort(),
    ).toEqual([
      [false, 403, 'scope_missing'],
      [true, 200, null],
    ]);
    await opened.close();
  });
});
