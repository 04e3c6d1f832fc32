import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient as generate } from '@hey-api/openapi-ts';
import createFetchClient from 'openapi-fetch';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../clients/typescript/src/openapi.js';
import { FIRST_VERSION } from '../../lib/versions/first.js';
import { tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

/**
 * Clients an integrator would generate from the published document with outside tools, configured as
 * docs/api.md says (the base URL ends in /api/v1): Hey API's SDK with its zod validators on every
 * answer, and openapi-typescript's types (clients/typescript/src/openapi.ts is its output) with
 * openapi-fetch. Their first call reaches the API; the compatibility promise lets the API add
 * properties and error codes, which they must take.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const OUTPUT = join(ROOT, '.generated', `hey-api-${process.pid}`);
/** The base URL as the docs give it: the deployment's ApiUrl, which ends in the base path. */
const BASE_URL = 'https://hiring.example.com/api/v1';
const db = useTestDb();
const gatewayUrl = useLocalGateway();

type Result = { data?: { data: Record<string, unknown> }; error?: unknown };
type Sdk = Record<'whoami' | 'listEvents' | 'listWebhooks', (options: object) => Promise<Result>>;
type ZodSchema = { safeParse: (value: unknown) => { success: boolean } };
let sdk: Sdk;
let schemas: Record<string, ZodSchema>;
let makeClient: (config: object) => unknown;

beforeAll(async () => {
  await generate({
    input: join(ROOT, 'docs', 'openapi.json'),
    output: OUTPUT,
    plugins: [
      '@hey-api/client-fetch',
      '@hey-api/typescript',
      'zod',
      { name: '@hey-api/sdk', validator: true },
    ],
    logs: { level: 'silent' },
  });
  sdk = (await import(join(OUTPUT, 'sdk.gen.ts'))) as Sdk;
  schemas = (await import(join(OUTPUT, 'zod.gen.ts'))) as Record<string, ZodSchema>;
  makeClient = (
    (await import(join(OUTPUT, 'client', 'index.ts'))) as { createClient: typeof makeClient }
  ).createClient;
  // What an integrator writes with the generated SDK: compiled by the test above.
  await writeFile(
    join(OUTPUT, 'usage.ts'),
    [
      "import { listJds } from './sdk.gen.ts';",
      'export async function titles(): Promise<string[] | string | undefined> {',
      "  const { data, error } = await listJds({ query: { status: 'PUBLISHED' } });",
      '  if (error) return error.code;',
      "  if (data?.kind === 'page') return data.data.map((jd) => jd.title);",
      '  return [];',
      '}',
      '// A delta walk: a deletion is told apart from a live item by `deleted === true`.',
      'export async function removed(token: string): Promise<string[]> {',
      '  const { data } = await listJds({ query: { syncToken: token } });',
      "  if (data?.kind !== 'changes') return [];",
      '  return data.data.flatMap((entry) => (entry.deleted === true ? [entry.id] : []));',
      '}',
      '',
    ].join('\n'),
  );
}, 60_000);
afterAll(() => rm(OUTPUT, { recursive: true, force: true }));

const whoami = {
  success: true,
  data: {
    tenantId: 'acme',
    keyId: '01KAT0Q7X1Y2Z3A4B5C6D7E8F9',
    name: 'ATS sync, production',
    scopes: ['read'],
    apiVersion: FIRST_VERSION,
    mode: 'live',
    blind: false,
    quota: { limit: 1000, used: 1, remaining: 999, resetAt: '2026-11-24T10:00:00.000Z' },
  },
};

/** A client of BASE_URL whose requests get `body`, or the 404 a deployment answers off its paths. */
function clientAnswering(body: unknown) {
  return makeClient({
    baseUrl: BASE_URL,
    fetch: async (request: Request) =>
      new URL(request.url).pathname.startsWith('/api/v1/') &&
      !new URL(request.url).pathname.startsWith('/api/v1/api/v1/')
        ? new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json', 'Hiring-Version': FIRST_VERSION },
          })
        : new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 }),
  });
}

describe('clients generated from the published document, configured with the documented base URL', () => {
  it('make their first call successfully: Hey API’s SDK and openapi-fetch, against the local stack', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const base = gatewayUrl();
    expect(base).toMatch(/\/api\/v1$/);

    const hey = await sdk.whoami({ client: makeClient({ baseUrl: base }), auth: key });
    const api = createFetchClient<paths>({ baseUrl: base, headers: { 'X-API-Key': key } });
    const fetched = await api.GET('/whoami');
    const jds = await api.GET('/jds', { params: { query: { limit: 5 } } });

    expect(hey.error).toBeUndefined();
    expect(hey.data?.data.scopes).toEqual(['read']);
    expect(fetched.error).toBeUndefined();
    expect(fetched.data?.data.scopes).toEqual(['read']);
    expect([jds.response.status, jds.data?.kind]).toEqual([200, 'page']);
  });

  it('type a plain page’s items and every error’s code without narrowing (compiled with tsc)', () => {
    const usage = join(OUTPUT, 'usage.ts');
    const program = ts.createProgram([usage], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowImportingTsExtensions: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  it('name each operation’s answer once: no component takes the name Hey API gives it', async () => {
    const types = await readFile(join(OUTPUT, 'types.gen.ts'), 'utf8');

    expect(types).toMatch(/export type ListJdsResponse = /);
    expect(types.match(/\w+Response2\b/g) ?? []).toEqual([]);
  });
});

describe('a client generated by Hey API from the published document, validating every answer', () => {
  it('takes an answer as the API sends it today', async () => {
    const result = await sdk.whoami({ client: clientAnswering(whoami), auth: 'hk_live_x' });
    expect(result.error).toBeUndefined();
    expect(result.data?.data.name).toBe('ATS sync, production');
  });

  it('takes an answer with a property added after the document was published', async () => {
    const result = await sdk.whoami({
      client: clientAnswering({ ...whoami, data: { ...whoami.data, region: 'eu-west-1' } }),
      auth: 'hk_live_x',
    });
    expect(result.error).toBeUndefined();
    expect(result.data?.data.name).toBe('ATS sync, production');
  });

  it('takes an event of a type added after the document was published, and a subscription to it', async () => {
    const at = '2026-11-24T09:30:00.000Z';
    const known = {
      id: 'evt_01KAT0Q7X1Y2Z3A4B5C6D7E8F0',
      type: 'jd.created',
      createdAt: at,
      data: { id: 'jd-1', title: 'Staff Engineer', status: 'DRAFT', updatedAt: at },
    };
    const added = {
      id: 'evt_01KAT0Q7X1Y2Z3A4B5C6D7E8F9',
      type: 'application.reviewed',
      createdAt: at,
      data: { id: 'app-1', outcome: 'confirmed', updatedAt: at },
    };
    const events = await sdk.listEvents({
      client: clientAnswering({
        success: true,
        data: [known, added],
        pagination: { limit: 100, hasMore: false },
      }),
      auth: 'hk_live_x',
    });
    expect(events.error).toBeUndefined();
    expect((events.data as unknown as { data: unknown[] }).data).toHaveLength(2);

    const webhooks = await sdk.listWebhooks({
      client: clientAnswering({
        success: true,
        data: [
          {
            id: 'wh_01KAT0Q7X1Y2Z3A4B5C6D7E8F9',
            url: 'https://ats.example.com/hooks',
            events: ['jd.created', 'application.reviewed'],
            status: 'enabled',
            rateLimit: 10,
            apiVersion: FIRST_VERSION,
            health: {
              lastSuccessAt: at,
              lastFailureAt: null,
              failingSince: null,
              failedAttempts: 0,
              disablesAt: null,
            },
            createdAt: at,
            updatedAt: at,
          },
        ],
      }),
      auth: 'hk_live_x',
    });
    expect(webhooks.error).toBeUndefined();
  });

  it('takes an error code added after the document was published', () => {
    const error = { success: false, error: 'Too many reviews', code: 'review_limit_reached' };
    expect(schemas.zError?.safeParse(error).success).toBe(true);
    expect(schemas.zError?.safeParse({ ...error, code: 'Not A Code' }).success).toBe(false);
  });
});
