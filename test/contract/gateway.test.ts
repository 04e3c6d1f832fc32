/* eslint-disable @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON */
import { get as httpGet } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { ROUTES } from '../../lib/composition/routes.js';
import { proxyEvent, queryParameters } from '../../scripts/local/events.js';
import { fromLambdaResult } from '../../scripts/local/gateway.js';
import { tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();
const gatewayUrl = useLocalGateway();

describe('local gateway over real HTTP, as API Gateway HTTP API', () => {
  it('answers 401 without X-API-Key and 403 for a refused key, in the envelope with their codes', async () => {
    const missing = await fetch(`${gatewayUrl()}/jds`);
    const refused = await fetch(`${gatewayUrl()}/jds`, {
      headers: { 'X-API-Key': 'hk_live_nope' },
    });

    expect([missing.status, await missing.json()]).toEqual([
      401,
      { success: false, error: expect.stringContaining('X-API-Key'), code: 'unauthenticated' },
    ]);
    expect([refused.status, await refused.json()]).toEqual([
      403,
      { success: false, error: expect.any(String), code: 'key_invalid' },
    ]);
  });

  it('answers 503 with Retry-After in the envelope when DynamoDB is unreachable, the authorizer included', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    setSharedDb(createDb({ endpoint: 'http://127.0.0.1:9', tableName: 'unreachable' }));
    try {
      const reply = await fetch(`${gatewayUrl()}/jds`, { headers: { 'X-API-Key': key } });
      expect([reply.status, reply.headers.get('retry-after'), await reply.json()]).toEqual([
        503,
        '1',
        {
          success: false,
          error: 'The service is busy; retry shortly',
          code: 'unavailable',
          requestId: expect.any(String),
        },
      ]);
    } finally {
      setSharedDb(db());
    }
  });

  it('passes repeated query keys comma-joined and maps results with status, headers and JSON body', async () => {
    const { key } = await tenantWithKey(db(), ['read']);

    const reply = await fetch(`${gatewayUrl()}/jds?status=DRAFT&status=CLOSED`, {
      headers: { 'X-API-Key': key },
    });

    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toContain('application/json');
    expect(reply.headers.get('ratelimit-limit')).toBe('1000');
    expect(((await reply.json()) as any).error).toBe(
      'status: must be one of DRAFT, PUBLISHED, CLOSED, ARCHIVED',
    );
  });

  it('passes a query parameter named like an inherited property on as its own, as API Gateway does', async () => {
    const { key } = await tenantWithKey(db(), ['read']);

    const replies = await Promise.all(
      ['__proto__', 'constructor', 'toString'].map((name) =>
        fetch(`${gatewayUrl()}/jds?${name}=x`, { headers: { 'X-API-Key': key } }),
      ),
    );

    for (const [i, name] of ['__proto__', 'constructor', 'toString'].entries()) {
      const reply = replies[i] as Response;
      expect(reply.status, name).toBe(400);
      expect(((await reply.json()) as { error: string }).error).toBe(
        `Unknown query parameter "${name}": not accepted by this endpoint`,
      );
    }
    expect(queryParameters('constructor=a&constructor=b')).toEqual({ constructor: 'a,b' });
    expect(Object.hasOwn(queryParameters('__proto__=x') ?? {}, '__proto__')).toBe(true);
  });

  it('answers unknown routes with a 404 envelope and serves the OpenAPI document and reference without a key', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const unknown = await fetch(`${gatewayUrl()}/nope`, { headers: { 'X-API-Key': key } });
    const openapi = await fetch(`${gatewayUrl()}/openapi.json`);
    const reference = await fetch(`${gatewayUrl().replace('/api/v1', '')}/docs`);

    expect([unknown.status, ((await unknown.json()) as any).success]).toEqual([404, false]);
    expect(((await openapi.json()) as any).openapi).toBe('3.1.0');
    expect(await reference.text()).toContain('swagger-ui-bundle.js');
  });

  it('matches paths exactly as API Gateway does: no empty, trailing or dot segments (they are unknown routes)', async () => {
    const { key } = await tenantWithKey(db(), ['read']);

    // Sent as-is (fetch would normalize the dot segments away before sending, as browsers do).
    const rawGet = (path: string) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const request = httpGet(
          {
            host: '127.0.0.1',
            port: new URL(gatewayUrl()).port,
            path,
            headers: { 'X-API-Key': key },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
            );
          },
        );
        request.on('error', reject);
      });

    const replies = await Promise.all(
      [
        '/api/v1//jds',
        '/api/v1/jds/jd-backend/',
        '/api/v1/jds/.',
        '/api/v1/jds/..',
        '/api/v1/jds/',
      ].map(rawGet),
    );
    const bodies = replies.map((reply) => reply.body);

    expect(replies.map((reply) => reply.status)).toEqual([404, 404, 404, 404, 404]);
    expect(bodies.map((body) => body.error)).toEqual([
      'Route not found: GET /api/v1//jds',
      'Route not found: GET /api/v1/jds/jd-backend/',
      'Route not found: GET /api/v1/jds/.',
      'Route not found: GET /api/v1/jds/..',
      'Route not found: GET /api/v1/jds/',
    ]);
  });

  it('refuses payloads over 10 MB as API Gateway does', async () => {
    const { key } = await tenantWithKey(db(), ['write']);

    const reply = await fetch(`${gatewayUrl()}/jds`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });

    expect(reply.status).toBe(413);
  });

  it('answers a request line and headers over 16 KB with a 431 that says why, as JSON', async () => {
    const reply = await fetch(`${gatewayUrl()}/jds?search=${'x'.repeat(17 * 1024)}`);

    expect(reply.status).toBe(431);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect((await reply.json()) as unknown).toEqual({ message: expect.stringMatching(/16 KB/) });
  });
});

describe('payload-2.0 event and result mapping', () => {
  it('builds proxy events with lower-cased headers, cookies, comma-joined query and full requestContext', () => {
    const event = proxyEvent(
      {
        method: 'GET',
        rawPath: '/api/v1/jds/a%20b',
        rawQueryString: 'x=1&x=2&y=',
        headers: { 'x-api-key': 'k', cookie: 'a=1; b=2', 'user-agent': 'ua' },
        sourceIp: '198.51.100.7',
      },
      ROUTES.getJd,
      { jdId: 'a b' },
      {} as never,
      'req-9',
      1_700_000_000_000,
    );

    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/v1/jds/{jdId}',
      rawPath: '/api/v1/jds/a%20b',
      queryStringParameters: { x: '1,2', y: '' },
      cookies: ['a=1', 'b=2'],
      pathParameters: { jdId: 'a b' },
      isBase64Encoded: false,
      requestContext: {
        http: {
          method: 'GET',
          path: '/api/v1/jds/a%20b',
          sourceIp: '198.51.100.7',
          userAgent: 'ua',
        },
        requestId: 'req-9',
        timeEpoch: 1_700_000_000_000,
      },
    });
    expect(event.headers).not.toHaveProperty('cookie');
    expect(queryParameters('')).toBeUndefined();
  });

  it('maps a bare object result to a 200 JSON response, and a structured one as given', () => {
    expect(fromLambdaResult({ hello: 'world' })).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(
      fromLambdaResult({
        statusCode: 201,
        headers: { 'X-A': 1 },
        body: Buffer.from('hi').toString('base64'),
        isBase64Encoded: true,
      }),
    ).toEqual({ status: 201, headers: { 'x-a': '1' }, body: Buffer.from('hi') });
  });
});
