import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { importProductData } from '../../scripts/local/import.js';
import { demoData } from '../../scripts/local/demo-data.js';
import { buildOpenApi } from '../../scripts/local/openapi.js';
import { tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

// Events are readable as soon as they are written (no settle window) in this test.
process.env.EVENT_SETTLE_MS = '0';
afterAll(() => {
  delete process.env.EVENT_SETTLE_MS;
});

const db = useTestDb();
const gatewayUrl = useLocalGateway();
const documentOnDisk = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));

type Operation = {
  operationId: string;
  responses: Record<string, { headers?: Record<string, { $ref: string }>; content?: { 'application/json': { schema: object } } }>;
};

/** The headers the document declares for this answer that the live answer lacks. */
function missingHeaders(operation: Operation, status: number, headers: Headers): string[] {
  const declared = Object.keys(operation.responses[String(status)]?.headers ?? {});
  // Idempotent-Replayed is declared on the answer, but sent on a replay only.
  return declared.filter((name) => name !== 'Idempotent-Replayed' && !headers.has(name)).map((name) => `${operation.operationId} ${status}: no ${name} header`);
}

function validatorFor(document: typeof documentOnDisk) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi');
  return (operation: Operation, status: number, body: unknown) => {
    const schema = operation.responses[String(status)]?.content?.['application/json'].schema;
    if (!schema) return [`no schema for ${operation.operationId} ${status}`];
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
    const validate = ajv.compile(rewritten);
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${operation.operationId} ${status}: ${e.instancePath} ${e.message}`);
  };
}

describe('OpenAPI document', () => {
  it('is up to date with the route table and schemas (run `npm run openapi`)', () => {
    expect(documentOnDisk).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });

  it('describes every live response of the local gateway: status, body and the headers it declares', async () => {
    const tenant = await tenantWithKey(db(), ['read', 'write', 'admin']);
    await importProductData(db(), tenant.tenantId, demoData());
    const operations = new Map<string, { method: string; path: string; operation: Operation }>();
    for (const [path, methods] of Object.entries(documentOnDisk.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations.set(operation.operationId, { method: method.toUpperCase(), path: path.replace('/api/v1', ''), operation });
      }
    }
    const calls: [string, string, unknown?][] = [
      ['listJds', '/jds?limit=2'],
      ['getJd', '/jds/jd-backend'],
      ['createJd', '/jds', { title: 'T', description: 'D', createdById: 'u' }],
      ['listResumes', '/resumes'],
      ['getResume', '/resumes/res-ada-lovelace'],
      ['listMatches', '/matches/jd-backend'],
      ['listCandidates', '/candidates?search=a'],
      ['createKey', '/keys', { name: 'n', scopes: ['read'] }],
      ['listKeys', '/keys'],
      ['whoami', '/whoami'],
      ['getJd', '/jds/missing'],
      ['createJd', '/jds', { title: '' }],
    ];
    const validate = validatorFor(documentOnDisk);
    const errors: string[] = [];
    // Live responses over HTTP from the local gateway.
    const send = async (method: string, path: string, body?: unknown) => {
      const reply = await fetch(`${gatewayUrl()}${path}`, {
        method,
        headers: { 'X-API-Key': tenant.key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: reply.status, headers: reply.headers, json: (await reply.json()) as { data?: { id: string } } };
    };
    for (const [id, path, body] of calls) {
      const { method, operation } = operations.get(id)!;
      const reply = await send(method, path, body);
      errors.push(...validate(operation, reply.status, reply.json), ...missingHeaders(operation, reply.status, reply.headers));
    }
    const created = await send('POST', '/keys', { name: 'tmp', scopes: ['read'] });
    const revoke = await send('DELETE', `/keys/${created.json.data?.id}`);
    errors.push(...validate(operations.get('revokeKey')!.operation, revoke.status, revoke.json));

    // Events and webhooks: ids come from earlier answers.
    const check = async (id: string, path: string, body?: unknown) => {
      const { method, operation } = operations.get(id)!;
      const reply = await send(method, path, body);
      errors.push(...validate(operation, reply.status, reply.json), ...missingHeaders(operation, reply.status, reply.headers));
      return reply.json as { data?: { id: string } | { id: string }[] };
    };
    const events = await check('listEvents', '/events?limit=100');
    const eventId = (events.data as { id: string }[])[0]?.id;
    await check('listEvents', '/events?type=jd.created&limit=1');
    await check('getEvent', `/events/${eventId}`);
    const webhook = await check('createWebhook', '/webhooks', { url: 'https://93.184.216.34/hooks', events: ['*'], description: 'contract' });
    const webhookId = (webhook.data as { id: string }).id;
    await check('createWebhook', '/webhooks', { url: 'http://10.0.0.1/', events: ['*'] });
    await check('listWebhooks', '/webhooks');
    await check('getWebhook', `/webhooks/${webhookId}`);
    await check('rotateWebhookSecret', `/webhooks/${webhookId}/rotate-secret`);
    await check('enableWebhook', `/webhooks/${webhookId}/enable`);
    await check('listWebhookDeliveries', `/webhooks/${webhookId}/deliveries`);
    await check('retryWebhookDelivery', `/webhooks/${webhookId}/deliveries/${eventId}/retry`);
    await check('replayWebhook', `/webhooks/${webhookId}/replay`, { since: '2026-01-01T00:00:00Z' });
    await check('deleteWebhook', `/webhooks/${webhookId}`);
    await check('getWebhook', `/webhooks/${webhookId}`);

    expect(errors).toEqual([]);
  });

  it('types what the wire carries: integer page and limit, 409 on every write, RateLimit and Retry-After headers where sent (#30 item 3)', () => {
    const document = buildOpenApi() as { paths: Record<string, Record<string, { parameters: { name: string; in: string; schema: { type: string } }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>> };
    const operations = Object.values(document.paths).flatMap((methods) => Object.entries(methods));
    const numeric = operations.flatMap(([, operation]) => operation.parameters.filter((parameter) => parameter.in === 'query' && ['page', 'limit'].includes(parameter.name)));

    expect(numeric.length).toBeGreaterThan(10);
    expect(new Set(numeric.map((parameter) => parameter.schema.type))).toEqual(new Set(['integer']));
    for (const [method, operation] of operations) {
      const [success] = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      const idempotent = operation.parameters.some((parameter) => parameter.name === 'Idempotency-Key');
      expect(Object.keys(operation.responses[success as string]?.headers ?? {})).toEqual([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        ...(idempotent ? ['Idempotent-Replayed'] : []),
      ]);
      expect(Object.keys(operation.responses['429']?.headers ?? {})).toContain('Retry-After');
      expect(Object.keys(operation.responses['503']?.headers ?? {})).toEqual(['Retry-After']);
      if (method !== 'get') expect(operation.responses['409']?.headers).toHaveProperty('Retry-After');
    }
  });
});
