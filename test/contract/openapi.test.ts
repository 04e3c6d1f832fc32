import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { importProductData } from '../../scripts/local/import.js';
import { demoData } from '../../lib/composition/test-mode/sample-data.js';
import {
  buildOpenApi,
  type RecordedExamples,
  steadyExamples,
} from '../../scripts/local/openapi.js';
import { SCHEMA_NAMES } from '../../lib/composition/responses.js';
import { currentVersion } from '../../lib/versions/shape.js';
import { API_PREFIX, ROUTES, type RouteId, routeEntries } from '../../lib/composition/routes.js';
import { loadFixture } from '../../scripts/local/fixtures.js';
import { flushLocalRequestLog } from '../../scripts/local/request-log.js';
import { tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { scoredSampleApplication } from '../helpers/product.js';
import { answerViolations, OPENAPI } from '../helpers/contract.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();
const gatewayUrl = useLocalGateway();
const DOCS = join(import.meta.dirname, '..', '..', 'docs');
const EVENTS = join(import.meta.dirname, '..', '..', 'events');
const documentOnDisk = JSON.parse(readFileSync(join(DOCS, 'openapi.json'), 'utf8'));
/** `UPDATE_OPENAPI_EXAMPLES=1 npx vitest run test/contract/openapi.test.ts`, then `npm run openapi`: records the examples anew. */
const RECORD = process.env.UPDATE_OPENAPI_EXAMPLES === '1';

type Operation = {
  operationId: string;
  responses: Record<
    string,
    {
      $ref?: string;
      headers?: Record<string, unknown>;
      content?: {
        'application/json': { schema: object; examples?: Record<string, { value: unknown }> };
      };
    }
  >;
};
const operations = Object.values(
  OPENAPI.paths as unknown as Record<string, Record<string, Operation>>,
).flatMap((methods) => Object.values(methods));

const pathOf = (id: string) =>
  Object.entries(OPENAPI.paths).find(([, methods]) =>
    Object.values(methods).some((o) => o.operationId === id),
  )?.[0] as string;
const byMethodOf = (id: string) =>
  Object.entries(OPENAPI.paths[pathOf(id)] ?? {})
    .find(([, o]) => o.operationId === id)?.[0]
    .toUpperCase() as string;
const resolved = (response: { $ref?: string; headers?: Record<string, unknown> } | undefined) =>
  response?.$ref
    ? (OPENAPI.components.responses as Record<string, { headers?: Record<string, unknown> }>)[
        response.$ref.split('/').at(-1) as string
      ]
    : response;

describe('OpenAPI document', () => {
  it('is up to date with the route table and schemas (run `npm run openapi`)', () => {
    expect(documentOnDisk).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });

  it('describes every live response of the local gateway, and records them as the examples', async () => {
    const tenant = await tenantWithKey(db(), ['read', 'write', 'admin']);
    await importProductData(db(), tenant.tenantId, demoData());
    const byId = new Map<string, { method: string }>();
    for (const methods of Object.values(
      documentOnDisk.paths as Record<string, Record<string, Operation>>,
    )) {
      for (const [method, operation] of Object.entries(methods))
        byId.set(operation.operationId, { method: method.toUpperCase() });
    }
    const errors: string[] = [];
    const recorded: RecordedExamples = {};
    // Live answers over HTTP from the local gateway, each checked against the document and kept as its example.
    const check = async (
      id: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const method = byId.get(id)?.method as string;
      const reply = await fetch(`${gatewayUrl()}${path}`, {
        method,
        // fetch would ask for gzip and decompress on its own, leaving a body that no longer matches its Content-Encoding.
        headers: {
          'X-API-Key': tenant.key,
          'Accept-Encoding': 'identity',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const raw = Buffer.from(await reply.arrayBuffer());
      errors.push(
        ...answerViolations(method, path, {
          status: reply.status,
          headers: Object.fromEntries(reply.headers),
          raw,
        }),
      );
      // A 204 has no body, and so no example.
      const json = raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8'));
      const entry = (recorded[id] ??= { responses: {} });
      if (json !== undefined) entry.responses[String(reply.status)] ??= json;
      if (body !== undefined && reply.status < 300) entry.request ??= body;
      return json as { data?: { id: string } | { id: string }[] };
    };
    await check('listJds', '/jds?limit=2');
    await check('getJd', '/jds/jd-backend');
    await check('createJd', '/jds', {
      title: 'Senior Backend Engineer',
      description: 'Build and run the hiring platform APIs.',
      createdById: 'user-42',
      department: 'Engineering',
      location: 'Remote',
    });
    await check('createJd', '/jds', { title: '' });
    const linked = await check('createJd', '/jds', {
      title: 'Staff Data Engineer',
      description: 'Owns the analytics pipeline.',
      createdById: 'user-42',
      externalId: 'REQ-2026-00042',
    });
    await check('createJd', '/jds', {
      title: 'Staff Data Engineer',
      description: 'Owns the analytics pipeline.',
      createdById: 'user-42',
      externalId: 'REQ-2026-00042',
    });
    await check('listJds', '/jds?externalId=REQ-2026-00042');
    const requisition = {
      title: 'Senior Data Engineer',
      description: 'Runs the pipelines every report is computed from.',
      createdById: 'ats-sync',
      location: 'Berlin',
    };
    // Created (201), then replaced (200).
    await check('upsertJd', '/jds/by-external-id/REQ-2026-00077', requisition);
    await check('upsertJd', '/jds/by-external-id/REQ-2026-00077', {
      ...requisition,
      salary: '€95,000',
    });
    await check('upsertJds', '/jds/batch', {
      items: [
        { externalId: 'REQ-2026-00077', ...requisition, salary: '€95,000' },
        { externalId: 'REQ-2026-00078', ...requisition, title: 'Data Engineer' },
        // Sent twice: the second answers 409, alone (a request example stays valid to its schema).
        { externalId: 'REQ-2026-00078', ...requisition, title: 'Data Engineer (copy)' },
      ],
    });
    await check('deleteJd', `/jds/${(linked.data as { id: string }).id}`);
    const unused = await check('createJd', '/jds', {
      title: 'Duplicate posting',
      description: 'Created by mistake.',
      createdById: 'user-42',
    });
    await check('deleteJd', `/jds/${(unused.data as { id: string }).id}`);
    await check('deleteJd', '/jds/jd-backend');
    await check('updateJd', '/jds/jd-frontend', {
      location: 'Remote (EU)',
      salary: '€90,000–€110,000',
    });
    await check('updateJd', '/jds/jd-design', { status: 'PUBLISHED' });
    await check('updateJd', '/jds/jd-frontend', { location: 'Berlin' }, { 'If-Match': '"1"' });
    await check('listJds', '/jds?updatedSince=1970-01-01T00:00:00Z&limit=2');
    await check('listResumes', '/resumes?limit=2');
    await check('getResume', '/resumes/res-7d3f');
    const matches = await check('listMatches', '/matches/jd-backend');
    // A review names the score its reviewer was shown: app-1's aiScore, with its time and model.
    const shown = (
      matches.data as unknown as { applicationId: string; scoredAt: string; model: object }[]
    ).find((entry) => entry.applicationId === 'app-1');
    await check('listCandidates', '/candidates?search=a&limit=2');
    await check('listCandidates', '/candidates?email=Ada-Lovelace%40Example.com');
    await check('listApplications', '/applications?minScore=50&limit=2');
    await check('listApplications', '/applications?minScore=90&maxScore=50');
    await check('createReview', '/applications/app-1/reviews', {
      score: { scoredAt: shown?.scoredAt, model: shown?.model },
      outcome: 'overridden',
      reviewer: 'recruiter-17',
      rationale: 'Led the ledger migration at her last job; the score misses it.',
    });
    const reviewed = await check('getApplication', '/applications/app-1');
    const [newest] = (reviewed.data as unknown as { reviews: { id: string }[] }).reviews;
    await check('getReview', `/applications/app-1/reviews/${newest?.id}`);
    await check('getReview', '/applications/app-1/reviews/01JNOSUCHREVIEW00000000000');
    await check('createReview', '/applications/app-1/reviews', {
      outcome: 'approved',
      reviewer: 'r',
    });
    await check('getApplication', '/applications/app-1');
    await check('getApplication', '/applications/app-missing');
    await check('exportCandidate', '/candidates/res-7d3f/export?limit=2');
    await check('exportCandidate', '/candidates/res-missing/export');
    const key = await check('createKey', '/keys', { name: 'ATS sync', scopes: ['read'] });
    await check('listKeys', '/keys?limit=2');
    await check('getKey', `/keys/${(key.data as { id: string }).id}`);
    await check('getKey', '/keys/01JNOSUCHKEY00000000000000');
    await check('whoami', '/whoami');
    await check('getJd', '/jds/missing');
    const link = await check('createConsoleLink', '/console/links', {});
    const linkToken = new URLSearchParams(
      new URL((link.data as unknown as { url: string }).url).hash.slice(1),
    ).get('link');
    const opened = await fetch(`${gatewayUrl()}/console/session`, {
      method: 'POST',
      headers: { 'Hiring-Console-Link': linkToken ?? '' },
    });
    expect(opened.status).toBe(201);
    const json = await opened.json();
    (recorded.openConsoleSession ??= { responses: {} }).responses['201'] ??= json;
    // A link works once: its second use is the 403 example.
    await check('openConsoleSession', '/console/session', undefined, {
      'X-API-Key': '',
      'Hiring-Console-Link': linkToken ?? '',
    });
    const session = opened.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    await check('closeConsoleSession', '/console/session', undefined, {
      'X-API-Key': '',
      Cookie: session,
      'Hiring-Console': '1',
      'Sec-Fetch-Site': 'same-origin',
      Origin: new URL(gatewayUrl()).origin,
    });
    await check('revokeKey', `/keys/${(key.data as { id: string }).id}`);
    const sandbox = await check('createKey', '/keys', {
      name: 'Sandbox',
      scopes: ['read', 'write'],
      mode: 'test',
    });
    const testKey = { 'X-API-Key': (sandbox.data as unknown as { key: string }).key };
    await check(
      'simulateProductEvents',
      '/test/product-events',
      {
        events: [
          scoredSampleApplication('app-simulated', 87.5, new Date('2026-11-24T09:30:00Z')),
          {
            type: 'application.upserted',
            data: { id: 'app-orphan', jdId: 'jd-unknown', resumeId: 'res-7d3f' },
          },
        ],
      },
      testKey,
    );
    await check('simulateProductEvents', '/test/product-events', {
      events: [{ type: 'jd.deleted', data: { id: 'jd-data' } }],
    });
    await check('resetTestSpace', '/test/reset', undefined, testKey);
    const events = await check('listEvents', '/events?limit=3');
    const eventId = (events.data as { id: string }[])[0]?.id;
    await check('listEvents', '/events?type=jd.created&limit=1');
    await check('getEvent', `/events/${eventId}`);
    const webhook = await check('createWebhook', '/webhooks', {
      url: 'https://93.184.216.34/hooks',
      events: ['*'],
      description: 'ATS receiver',
    });
    const webhookId = (webhook.data as { id: string }).id;
    await check('createWebhook', '/webhooks', { url: 'http://10.0.0.1/', events: ['*'] });
    await check('listWebhooks', '/webhooks');
    await check('getWebhook', `/webhooks/${webhookId}`);
    await check('rotateWebhookSecret', `/webhooks/${webhookId}/rotate-secret`);
    await check('enableWebhook', `/webhooks/${webhookId}/enable`);
    await check('listWebhookDeliveries', `/webhooks/${webhookId}/deliveries`);
    await check('retryWebhookDelivery', `/webhooks/${webhookId}/deliveries/${eventId}/retry`);
    await check('replayWebhook', `/webhooks/${webhookId}/replay`, {
      since: '2026-01-01T00:00:00Z',
    });
    await check('testWebhook', `/webhooks/${webhookId}/test`);
    await check('deleteWebhook', `/webhooks/${webhookId}`);
    await check('getWebhook', `/webhooks/${webhookId}`);
    await check('listAuditLog', '/audit-log?limit=3');
    await check('listAuditLog', '/audit-log?since=2026-12-01T00:00:00Z&until=2026-11-01T00:00:00Z');
    // The request log holds the scenario's requests once the local subscription has handed them over.
    await flushLocalRequestLog();
    const requests = await check('listRequests', '/requests?limit=3&status=4xx');
    const requestId = (requests.data as unknown as { requestId: string }[])[0]?.requestId;
    await check('getRequest', `/requests/${encodeURIComponent(requestId ?? 'none')}`);
    await check('getRequest', '/requests/no-such-request');

    // Every operation the scenario above leaves out is called as its event fixture asks
    // (events/<function>.json, on the demo data): a new endpoint's fixture is its example.
    for (const [id, route] of routeEntries()) {
      if (recorded[id]) continue;
      const fixture = (await loadFixture(join(EVENTS, `${route.functionName}.json`))) as {
        rawPath: string;
        rawQueryString: string;
        body?: string;
        headers: Record<string, string>;
      };
      const query = fixture.rawQueryString === '' ? '' : `?${fixture.rawQueryString}`;
      await check(
        id,
        `${fixture.rawPath.slice(API_PREFIX.length)}${query}`,
        fixture.body === undefined ? undefined : JSON.parse(fixture.body),
        // What the request says it accepts (MCP's transport answers 406 to a client that takes no stream).
        fixture.headers.accept ? { Accept: fixture.headers.accept } : {},
      );
    }

    expect(errors).toEqual([]);
    if (RECORD) {
      const file = join(DOCS, 'openapi-examples.json');
      const previous: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
      const steady = steadyExamples(previous, recorded);
      writeFileSync(file, `${JSON.stringify(steady, null, 2)}\n`);
    }
    // Every operation was called, so every operation has its examples.
    expect(Object.keys(recorded).sort()).toEqual(
      operations.map((operation) => operation.operationId).sort(),
    );
  });

  it('shows a recorded example on every operation that its own schema accepts', () => {
    for (const operation of operations) {
      const [success] = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      const examples = Object.entries(operation.responses).flatMap(([status, response]) =>
        Object.values(response.content?.['application/json'].examples ?? {}).map((example) => ({
          status,
          value: example.value,
        })),
      );
      if (success === '204')
        expect(operation.responses['204']?.content, operation.operationId).toBeUndefined();
      else
        expect(
          examples.map((example) => example.status),
          operation.operationId,
        ).toContain(success);
      for (const example of examples) {
        const violations = answerViolations(
          byMethodOf(operation.operationId),
          pathOf(operation.operationId),
          {
            status: Number(example.status),
            headers: {
              'RateLimit-Limit': '1',
              'RateLimit-Remaining': '1',
              'RateLimit-Reset': '1',
              'Retry-After': '1',
              'Hiring-Version': currentVersion(),
              'Request-Id': 'recorded',
              // A versioned resource's ETag is its version; any other's, a digest.
              ETag: ['getJd', 'updateJd', 'createJd'].includes(operation.operationId)
                ? '"1"'
                : `W/"${'A'.repeat(22)}"`,
              Location: `/api/v1/recorded`,
            },
            raw: Buffer.from(JSON.stringify(example.value)),
          },
        );
        expect(violations, operation.operationId).toEqual([]);
      }
    }
  });

  it('gives every resource a named type in a client generated by openapi-typescript', async () => {
    const types = astToString(await openapiTS(documentOnDisk));
    for (const name of [...SCHEMA_NAMES.values(), 'GatewayError'])
      expect(types, name).toMatch(new RegExp(`\\n {8}${name}: `));
    // Operations by name, and the webhooks we send.
    expect(types).toContain('listJds: {');
    expect(types).toContain('"jd.created": {');
  });

  it('describes every parameter, gives every path parameter an example, and files every operation under its resource', () => {
    const document = buildOpenApi() as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            tags: string[];
            parameters: {
              name: string;
              in: string;
              description?: string;
              example?: string;
              schema: { type: string };
            }[];
            responses: Record<string, { headers?: Record<string, { $ref?: string }> }>;
          }
        >
      >;
      components: { headers: Record<string, { required: boolean }>; schemas: object };
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const parameters = operations.flatMap((operation) =>
      operation.parameters.map((parameter) => ({ ...parameter, operation: operation.operationId })),
    );
    const tagOf = (id: string) =>
      operations.find((operation) => operation.operationId === id)?.tags;

    expect(parameters.filter((parameter) => parameter.in === 'query').length).toBeGreaterThan(50);
    for (const parameter of parameters)
      expect(
        parameter.description?.length ?? 0,
        `${parameter.operation} ${parameter.in} ${parameter.name}`,
      ).toBeGreaterThan(10);
    for (const parameter of parameters.filter((parameter) => parameter.in === 'path'))
      expect(parameter.example, `${parameter.operation} ${parameter.name}`).toMatch(/\S/);
    expect(
      parameters.find((parameter) => parameter.name === 'wait')?.schema.type,
      'wait is a number of seconds, as limit and page are numbers',
    ).toBe('integer');
    expect(tagOf('getApplication')).toEqual(['Applications']);
    expect(tagOf('createReview')).toEqual(['Applications']);
    expect(tagOf('listAuditLog')).toEqual(['Audit log']);
    expect(tagOf('resetTestSpace')).toEqual(['Test mode']);
    expect(tagOf('mcp')).toEqual(['MCP']);
    // A read always sends its ETag.
    const getJd = operations.find((operation) => operation.operationId === 'getJd');
    const etag = getJd?.responses['200']?.headers?.ETag?.$ref?.split('/').at(-1) as string;
    expect(document.components.headers[etag]?.required).toBe(true);
    // Generated clients name an operation's answer <Operation>Response: no component may take it.
    expect(
      Object.keys(document.components.schemas).filter((name) => /Response$/.test(name)),
    ).toEqual([]);
  });

  it('types what the wire carries: integer page and limit, 409 on every write, RateLimit, version and Retry-After headers where sent', () => {
    const document = buildOpenApi() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: { name: string; in: string; schema: { type: string } }[];
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.entries(methods));
    const numeric = operations.flatMap(([, operation]) =>
      operation.parameters.filter(
        (parameter) => parameter.in === 'query' && ['page', 'limit'].includes(parameter.name),
      ),
    );

    expect(numeric.length).toBeGreaterThan(10);
    expect(new Set(numeric.map((parameter) => parameter.schema.type))).toEqual(
      new Set(['integer']),
    );
    for (const [method, operation] of operations) {
      const [success] = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      const idempotent = operation.parameters.some(
        (parameter) => parameter.name === 'Idempotency-Key',
      );
      const operationId = (operation as unknown as { operationId: string }).operationId;
      const route = ROUTES[operationId as RouteId];
      const conditional = 'conditional' in route;
      // A create answers the ETag GET gives what it made.
      const answersEtag =
        conditional || 'location' in route || ['updateJd', 'upsertJd'].includes(operationId);
      const takesIfMatch = ['updateJd', 'deleteJd', 'upsertJd'].includes(operationId);
      // An upsert's 200 replaced what was there; its 201 says where it created it.
      const upsert = 'upsert' in route;
      expect(Object.keys(operation.responses[success as string]?.headers ?? {})).toEqual([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Request-Id',
        'Hiring-Version',
        'Deprecation',
        'Sunset',
        'Link',
        ...(idempotent ? ['Idempotent-Replayed'] : []),
        ...('location' in route && !upsert ? ['Location'] : []),
        ...(answersEtag ? ['ETag'] : []),
      ]);
      if (upsert)
        expect(Object.keys(operation.responses['201']?.headers ?? {})).toEqual(
          expect.arrayContaining(['Idempotent-Replayed', 'Location', 'ETag']),
        );
      expect(
        operation.parameters.some((parameter) => parameter.name === 'If-Match'),
        operationId,
      ).toBe(takesIfMatch);
      if (takesIfMatch) expect(Object.keys(operation.responses)).toContain('412');
      // A single-resource read: If-None-Match, and a 304 with no body that says its ETag.
      expect(
        operation.parameters.some((parameter) => parameter.name === 'If-None-Match'),
        operationId,
      ).toBe(conditional);
      expect(operation.responses['304'] !== undefined, operationId).toBe(conditional);
      if (conditional) {
        expect(operation.responses['304']).not.toHaveProperty('content');
        expect(Object.keys(operation.responses['304']?.headers ?? {})).toContain('ETag');
      }
      expect(Object.keys(resolved(operation.responses['429'])?.headers ?? {})).toContain(
        'Retry-After',
      );
      expect(Object.keys(resolved(operation.responses['503'])?.headers ?? {})).toEqual([
        'Retry-After',
        'Request-Id',
        'Hiring-Version',
      ]);
      if (method !== 'get')
        expect(operation.responses['409']?.headers).toHaveProperty('Retry-After');
    }
  });
});
