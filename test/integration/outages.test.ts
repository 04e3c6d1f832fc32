import { createServer, type Server, type Socket } from 'node:net';
import { CONSOLE_SECURE_SESSION_COOKIE } from '../../lib/keys/console.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, setSharedDb } from '../../lib/db/client.js';
import { ROUTES, type RouteId, routeEntries } from '../../lib/composition/routes.js';
import { handleRequest } from '../../scripts/local/gateway.js';
import { allScopesContext, callApiWithContext } from '../helpers/invoke.js';
import type { AuthorizerContext } from '../../lib/http/gateway-context.js';
import { tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();

/** A DynamoDB endpoint that accepts connections and never answers. */
let stalled: Server;
const sockets: Socket[] = [];
beforeAll(async () => {
  stalled = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
});
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  stalled.close();
});
const stalledEndpoint = () => `http://127.0.0.1:${(stalled.address() as { port: number }).port}`;

async function withDynamoDbAt<T>(endpoint: string | Db, work: () => Promise<T>): Promise<T> {
  setSharedDb(
    typeof endpoint === 'string' ? createDb({ endpoint, tableName: db().tableName }) : endpoint,
  );
  try {
    return await work();
  } finally {
    setSharedDb(db());
  }
}

/** Well-formed ids, so that each function gets as far as DynamoDB. */
const SAMPLE_IDS: Record<string, string> = {
  eventId: 'evt_01KA0000000000000000000000',
  webhookId: 'wh_01KA0000000000000000000000',
};
const SAMPLE_BODIES: Partial<Record<RouteId, unknown>> = {
  createJd: { title: 't', description: 'd', createdById: 'u' },
  updateJd: { title: 't' },
  upsertJd: { title: 't', description: 'd', createdById: 'u' },
  upsertJds: { items: [{ externalId: 'REQ-1', title: 't', description: 'd', createdById: 'u' }] },
  createKey: { name: 'n', scopes: ['read'] },
  createConsoleLink: {},
  // An address literal: no DNS lookup before the write.
  createWebhook: { url: 'https://93.184.216.34/hooks', events: ['*'] },
  replayWebhook: { since: '2026-11-01T00:00:00Z' },
  createReview: { outcome: 'confirmed', reviewer: 'r-1' },
  simulateProductEvents: { events: [{ type: 'jd.deleted', data: { id: 'jd-1' } }] },
};

/**
 * What the console's sign-in and sign-out need to reach DynamoDB: a spent link, a session's cookie (by
 * its https name: these requests are the deployed API's, which no CONSOLE_ORIGIN makes plain http).
 */
const SAMPLE_HEADERS: Partial<Record<RouteId, Record<string, string>>> = {
  closeConsoleSession: { cookie: `${CONSOLE_SECURE_SESSION_COOKIE}=hcs_${'A'.repeat(43)}` },
};
const SAMPLE_CONTEXTS: Partial<Record<RouteId, AuthorizerContext>> = {
  openConsoleSession: { ...allScopesContext, console: 'link' },
};

const sample = (routeId: RouteId) => {
  const route = ROUTES[routeId];
  const idOf = (name: string) => SAMPLE_IDS[name] ?? 'some-id';
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => idOf(name));
  const pathParameters = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
      name as string,
      idOf(name as string),
    ]),
  );
  const body = SAMPLE_BODIES[routeId];
  const headers = SAMPLE_HEADERS[routeId];
  return {
    path,
    pathParameters,
    ...(body ? { body: JSON.stringify(body) } : {}),
    ...(headers ? { headers } : {}),
  };
};

describe('DynamoDB outages', () => {
  it('answers 503 with Retry-After from every function that reads or writes, when DynamoDB refuses connections', async () => {
    // MCP answers a tool's failure as a tool error, inside its 200 (below).
    const routes = routeEntries().filter(([id]) => id !== 'whoami' && id !== 'mcp');

    const replies = await withDynamoDbAt('http://127.0.0.1:9', () =>
      Promise.all(routes.map(([id]) => callApiWithContext(id, sample(id), SAMPLE_CONTEXTS[id]))),
    );

    const outcome = replies.map((reply, i) => [
      routes[i]?.[0],
      reply.statusCode,
      reply.headers?.['Retry-After'],
      JSON.parse(reply.body as string).error,
    ]);
    expect(outcome).toEqual(
      routes.map(([id]) => [id, 503, '1', 'The service is busy; retry shortly']),
    );
  });

  it("answers a tool that cannot reach DynamoDB with a tool error carrying the REST code, inside MCP's own answer", async () => {
    const reply = await withDynamoDbAt('http://127.0.0.1:9', () =>
      callApiWithContext('mcp', {
        path: '/mcp',
        headers: { accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'list_jds', arguments: {} },
        }),
      }),
    );
    const answer = JSON.parse(reply.body as string);

    expect(reply.statusCode).toBe(200);
    expect(answer.result.isError).toBe(true);
    expect(JSON.parse(answer.result.content[0].text)).toMatchObject({ code: 'unavailable' });
  });

  it('answers 503 when DynamoDB stalls, inside the function timeout instead of hanging until Lambda kills it', async () => {
    const reply = await withDynamoDbAt(stalledEndpoint(), () =>
      callApiWithContext('listJds', sample('listJds')),
    );

    expect([reply.statusCode, reply.headers?.['Retry-After']]).toEqual([503, '1']);
  });

  it('answers 503 just before the Lambda timeout when a DynamoDB call never returns (middy’s early timeout response)', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    // The authorizer's UpdateItem goes through; the function's Query never comes back.
    const hanging = createDb({
      endpoint: process.env.DYNAMODB_ENDPOINT,
      tableName: db().tableName,
    });
    hanging.baseClient.middlewareStack.add(
      (next, context) => (args) =>
        context.commandName === 'QueryCommand' ? new Promise<never>(() => undefined) : next(args),
      { step: 'initialize', name: 'hangQueries' },
    );

    const reply = await withDynamoDbAt(hanging, () =>
      handleRequest(
        { method: 'GET', rawPath: '/api/v1/jds', headers: { 'x-api-key': key } },
        { functionTimeoutMs: 500 },
      ),
    );

    expect([
      reply.status,
      reply.headers['retry-after'],
      JSON.parse(reply.body.toString()).error,
    ]).toEqual([503, '1', 'The service is busy; retry shortly']);
  });
});
