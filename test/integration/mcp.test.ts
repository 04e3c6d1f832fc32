import { describe, expect, it } from 'vitest';
import type { Scope } from '../../lib/http/scopes.js';
import { createKey } from '../../lib/composition/keys.js';
import { importProductData } from '../../scripts/local/import.js';
import { callApi, tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { newTenantId, useTestDb } from '../helpers/db.js';
import { useMcpClients } from '../helpers/mcp.js';

/** The MCP server (POST /mcp) driven by the MCP SDK's own client, over the local gateway. */
const db = useTestDb();
const baseUrl = useLocalGateway();

const connect = useMcpClients(baseUrl);

const scoredAt = () => new Date(Date.now() - 3_600_000).toISOString();

/** A tenant with a JD, a resume and a scored application to it, and keys with `scopes`. */
async function tenantWithData(scopes: Scope[]) {
  const { tenantId, key } = await tenantWithKey(db(), scopes);
  await importProductData(db(), tenantId, {
    jds: [
      {
        id: 'jd-platform',
        title: 'Senior Platform Engineer',
        description: 'Runs the fleet that every team deploys to.',
        status: 'PUBLISHED',
        createdById: 'ats',
      },
    ],
    resumes: [{ id: 'res-ada', fileName: 'ada-lovelace-cv.pdf', parseStatus: 'COMPLETED' }],
    applications: [
      {
        id: 'app-ada',
        jdId: 'jd-platform',
        resumeId: 'res-ada',
        aiScores: [
          { overallScore: 91, scoredAt: scoredAt(), model: { id: 'match-ranker', version: '3' } },
        ],
      },
    ],
  });
  return { tenantId, key };
}

/** A REST answer as a tool's structured content: the envelope without `success`. */
const withoutSuccess = ({ success: _success, ...rest }: Record<string, unknown>) => rest;

describe('MCP server (POST /mcp)', () => {
  it("lists the tools the key's scopes allow, and refuses the others as a tool error with the REST code", async () => {
    const reader = await connect((await tenantWithKey(db(), ['read'])).key);
    const writer = await connect((await tenantWithKey(db(), ['read', 'write'])).key);

    const readable = (await reader.listTools()).tools.map((tool) => tool.name).sort();
    const all = (await writer.listTools()).tools.map((tool) => tool.name).sort();
    const refused = await reader.callTool({
      name: 'record_review',
      arguments: { applicationId: 'app-1', outcome: 'confirmed', reviewer: 'r-1' },
    });

    expect(all).toEqual([
      'get_application',
      'get_jd',
      'list_applications',
      'list_events',
      'list_jds',
      'list_matches',
      'record_review',
      'search_candidates',
    ]);
    expect(readable).toEqual(all.filter((name) => name !== 'record_review'));
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content as { text: string }[])[0]?.text ?? '{}')).toMatchObject({
      code: 'scope_missing',
    });
    const tools = (await writer.listTools()).tools;
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
  });

  it('answers each read as the REST route does, with the same cursor to the next page', async () => {
    const { tenantId, key } = await tenantWithData(['read']);
    const writer = await createKey(db(), tenantId, {
      name: 'writer',
      scopes: ['write'],
      createdBy: 'test',
    });
    for (let n = 0; n < 3; n++)
      await callApi('POST', '/jds', {
        key: writer.key,
        body: { title: `Role ${n}`, description: 'Builds things.', createdById: 'ats' },
      });
    const client = await connect(key);
    const reads: [string, Record<string, unknown>, string][] = [
      ['list_jds', { limit: '2' }, '/jds?limit=2'],
      ['get_jd', { jdId: 'jd-platform' }, '/jds/jd-platform'],
      ['list_matches', { jdId: 'jd-platform' }, '/matches/jd-platform'],
      ['list_applications', { jdId: 'jd-platform' }, '/applications?jdId=jd-platform'],
      ['get_application', { applicationId: 'app-ada' }, '/applications/app-ada'],
      ['search_candidates', { search: 'lovelace' }, '/candidates?search=lovelace'],
      ['list_events', { type: 'application.scored' }, '/events?type=application.scored'],
    ];
    for (const [name, args, path] of reads) {
      const tool = await client.callTool({ name, arguments: args });
      const rest = await callApi('GET', path, { key });
      expect(tool.isError ?? false, `${name}: ${JSON.stringify(tool.content)}`).toBe(false);
      expect(tool.structuredContent, name).toEqual(withoutSuccess(rest.json));
    }
    const first = await client.callTool({ name: 'list_jds', arguments: { limit: '2' } });
    const cursor = (first.structuredContent as { pagination: { nextCursor: string } }).pagination
      .nextCursor;
    const second = await client.callTool({ name: 'list_jds', arguments: { limit: '2', cursor } });
    const restSecond = await callApi('GET', `/jds?limit=2&cursor=${encodeURIComponent(cursor)}`, {
      key,
    });
    expect(second.structuredContent).toEqual(withoutSuccess(restSecond.json));
  });

  it('records a review as the REST write: once per idempotency key, in the audit log with the key as actor', async () => {
    const { tenantId, key } = await tenantWithData(['read', 'write']);
    const admin = await createKey(db(), tenantId, {
      name: 'auditor',
      scopes: ['admin'],
      createdBy: 'test',
    });
    const client = await connect(key);
    const review = {
      applicationId: 'app-ada',
      outcome: 'confirmed',
      reviewer: 'recruiter-17',
      rationale: 'The interview found the same.',
      idempotencyKey: 'review-ada-1',
    };

    const { idempotencyKey: _key, ...withoutKey } = review;
    const unkeyed = await client.callTool({ name: 'record_review', arguments: withoutKey });
    const first = await client.callTool({ name: 'record_review', arguments: review });
    const again = await client.callTool({ name: 'record_review', arguments: review });
    const whoami = await callApi('GET', '/whoami', { key });
    const reviews = await callApi('GET', '/applications/app-ada', { key });

    // A write through a tool is idempotent: its key is required.
    expect(unkeyed.isError).toBe(true);
    expect(JSON.parse((unkeyed.content as { text: string }[])[0]?.text ?? '{}')).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'idempotencyKey', rule: 'required' }],
    });
    expect(first.isError ?? false, JSON.stringify(first.content)).toBe(false);
    const recorded = (first.structuredContent as { data: { id: string } }).data;
    expect((again.structuredContent as { data: { id: string } }).data.id).toBe(recorded.id);
    expect(reviews.json.data.reviews.map((entry: { id: string }) => entry.id)).toEqual([
      recorded.id,
    ]);
    const audit = await callApi(
      'GET',
      `/audit-log?actor=${whoami.json.data.keyId}&objectId=${recorded.id}`,
      { key: admin.key },
    );
    expect(audit.json.data).toEqual([
      expect.objectContaining({
        action: 'review.created',
        actor: whoami.json.data.keyId,
        route: 'POST /applications/{applicationId}/reviews',
      }),
    ]);
  });

  it("keeps a tenant's ids from another tenant and a test key in its own space, as tool errors, never a crash", async () => {
    const { key } = await tenantWithData(['read']);
    const other = await connect((await tenantWithKey(db(), ['read'])).key);
    const client = await connect(key);

    const foreign = await other.callTool({ name: 'get_jd', arguments: { jdId: 'jd-platform' } });
    const invalid = await client.callTool({ name: 'list_jds', arguments: { limit: 'many' } });
    const unknown = await client.callTool({ name: 'drop_tables', arguments: {} });
    const noId = await client.callTool({ name: 'get_application', arguments: {} });

    for (const [result, code] of [
      [foreign, 'not_found'],
      [invalid, 'validation_failed'],
      [unknown, 'not_found'],
      [noId, 'validation_failed'],
    ] as const) {
      expect(result.isError).toBe(true);
      const text = (result.content as { text: string }[])[0]?.text ?? '';
      expect(JSON.parse(text)).toMatchObject({ code });
      expect(text).not.toMatch(/at .+\.ts:\d+/);
    }
  });

  it('answers a GET with 405 (no stream offered), a request without a key with 401, a batch with 400', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const get = await fetch(`${baseUrl()}/mcp`, {
      headers: { 'X-API-Key': key, Accept: 'text/event-stream' },
    });
    const anonymous = await fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

    const batch = await fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: {
        'X-API-Key': key,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]),
    });

    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(anonymous.status).toBe(401);
    // Not OAuth: the challenge names the key's header, and no discovery document is there.
    expect(anonymous.headers.get('www-authenticate')).toBe('ApiKey header="X-API-Key"');
    const origin = baseUrl().replace(/\/api\/v1$/, '');
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/v1/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const discovery = await fetch(`${origin}${path}`);
      expect(discovery.status, path).toBe(404);
      expect(await discovery.json()).toMatchObject({ success: false, code: 'not_found' });
    }
    // One message a request: each request counts once against the key's hour.
    expect(batch.status).toBe(400);
  });

  it("refuses a web page of another domain (403), as a page reaching the server through DNS rebinding; its own domain's is answered", async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'page', version: '1' },
      },
    };
    const post = (headers: Record<string, string>) =>
      callApi('POST', '/mcp', {
        key,
        body: initialize,
        headers: { Accept: 'application/json, text/event-stream', ...headers },
      });

    const rebound = await post({
      Origin: 'http://evil.example.com:3000',
      Host: 'evil.example.com:3000',
    });
    const otherSite = await post({ Origin: 'https://evil.example.com', Host: '127.0.0.1:3000' });
    const ownDomain = await post({ Origin: 'http://127.0.0.1:3000', Host: '127.0.0.1:3000' });
    const fromClient = await post({});

    for (const refused of [rebound, otherSite]) {
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json).toMatchObject({ success: false, code: 'origin_not_allowed' });
    }
    expect(ownDomain.status, ownDomain.text).toBe(200);
    expect(fromClient.status, fromClient.text).toBe(200);
  });

  it('refuses a body nested thousands of levels deep as REST does (400), before anything recursive reads it', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const deep = (levels: number) =>
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_jds","arguments":{"x":${'['.repeat(levels)}${']'.repeat(levels)}}}}`;
    const post = (body: string, path = '/mcp') =>
      fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: {
          'X-API-Key': key,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });

    for (const levels of [5_000, 20_000]) {
      const mcp = await post(deep(levels));
      const rest = await post(deep(levels), '/jds');
      const answer = (await mcp.json()) as Record<string, unknown>;

      expect(mcp.status, JSON.stringify(answer)).toBe(400);
      expect(answer).toMatchObject({
        success: false,
        code: 'validation_failed',
        details: [{ field: 'body', rule: 'max_depth' }],
      });
      expect(rest.status).toBe(400);
    }
  });

  it('answers tool names every object inherits as unknown tools, and malformed calls as invalid params', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const client = await connect(key);
    const call = (params: unknown) =>
      callApi('POST', '/mcp', {
        key,
        body: { jsonrpc: '2.0', id: 3, method: 'tools/call', params },
        headers: { Accept: 'application/json, text/event-stream' },
      });

    for (const name of ['__proto__', 'toString', 'constructor', 'hasOwnProperty']) {
      const result = await client.callTool({ name, arguments: {} });
      expect(result.isError, name).toBe(true);
      expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '{}')).toEqual({
        code: 'not_found',
        error: `No tool ${name}`,
      });
    }
    const stringArguments = await call({ name: 'get_jd', arguments: 'jd-platform' });
    const numericId = await client.callTool({ name: 'get_jd', arguments: { jdId: 5 } });

    expect(stringArguments.status).toBe(200);
    expect(stringArguments.json.error).toMatchObject({
      code: -32602,
      data: { code: 'validation_failed', details: [{ field: 'params.arguments' }] },
    });
    expect(JSON.parse((numericId.content as { text: string }[])[0]?.text ?? '{}')).toMatchObject({
      code: 'validation_failed',
      error: 'jdId: must be a string',
    });
  });

  it("serves a test key's tools from its test space only", async () => {
    const tenantId = newTenantId('mcp');
    await tenantWithKey(db(), ['read'], tenantId);
    const { key: testKey } = await createKey(db(), tenantId, {
      name: 'assistant (test)',
      scopes: ['read'],
      createdBy: 'test',
      mode: 'test',
    });
    const client = await connect(testKey);
    const jds = await client.callTool({ name: 'list_jds', arguments: {} });
    const live = await callApi('GET', '/jds', {
      key: (await tenantWithKey(db(), ['read'], tenantId)).key,
    });
    const rest = await callApi('GET', '/jds', { key: testKey });

    expect(jds.structuredContent).toEqual(withoutSuccess(rest.json));
    expect((jds.structuredContent as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(live.json.data).toEqual([]);
  });
});
