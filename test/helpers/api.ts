import type { Scope } from '../../lib/http/scopes.js';
import { createKey } from '../../lib/composition/keys.js';
import type { Db } from '../../lib/db/client.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { API_PREFIX } from '../../lib/composition/routes.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { handleRequest, startGateway } from '../../scripts/local/gateway.js';
import { answerViolations } from './contract.js';
import { newTenantId } from './db.js';

export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary JSON
  json: any;
  text: string;
  /** the body's bytes (a compressed body is not text) */
  raw: Buffer;
}

/**
 * Calls the API in-process as API Gateway would: the real authorizer, then the route's real handler,
 * with payload-2.0 events.
 */
export async function callApi(
  method: string,
  path: string,
  options: {
    key?: string;
    body?: unknown;
    rawBody?: string;
    /** rawBody is base64 (as API Gateway passes a body that is not text) */
    isBase64Encoded?: boolean;
    headers?: Record<string, string>;
    sourceIp?: string;
    /** epoch ms the gateway stamps on the request (default: now) */
    receivedAt?: number;
    /** the test replaced the route's function with a fake: its answer is not the service's, so not held to the contract */
    fakeFunction?: true;
    /** the answer is shaped for an older API version than the one docs/openapi.json describes */
    olderVersion?: true;
    /** the function's Lambda timeout, when not the stack's (a test of work that must not run out of time) */
    functionTimeoutMs?: number;
  } = {},
): Promise<ApiReply> {
  const [pathname, query = ''] = path.split('?');
  // Lower-cased names, as API Gateway (and the local gateway over HTTP) hands them to functions.
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  if (options.key) headers['x-api-key'] = options.key;
  let body = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const reply = await handleRequest(
    {
      method,
      rawPath: `${API_PREFIX}${pathname}`,
      rawQueryString: query,
      headers,
      body,
      isBase64Encoded: options.isBase64Encoded ?? false,
      sourceIp: options.sourceIp ?? '127.0.0.1',
      ...(options.receivedAt === undefined ? {} : { receivedAt: options.receivedAt }),
    },
    options.functionTimeoutMs === undefined ? {} : { functionTimeoutMs: options.functionTimeoutMs },
  );
  const raw = Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(reply.body);
  // Every answer the suite receives is held to the published contract (docs/openapi.json).
  const violations = answerViolations(method, path, {
    status: reply.status,
    headers: reply.headers,
    raw,
  });
  if (violations.length > 0 && !options.fakeFunction && !options.olderVersion)
    throw new Error(
      `The answer to ${method} ${path} breaks docs/openapi.json:\n${violations.join('\n')}`,
    );
  const text = reply.body.toString();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: reply.status, headers: reply.headers, json, text, raw };
}

/** A new tenant with one key holding `scopes`. */
export async function tenantWithKey(db: Db, scopes: Scope[], tenantId = newTenantId()) {
  await ensureTenant(db, tenantId);
  const { key, record } = await createKey(db, tenantId, {
    name: `key ${scopes.join(' ')}`,
    scopes,
    createdBy: 'test',
  });
  return { tenantId, key, keyId: record.id };
}

/** The local gateway on a free port for the test file; returns a getter for its base URL. */
export function useLocalGateway(): () => string {
  let base = '';
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const gateway = await startGateway(0);
    base = gateway.url;
    close = gateway.close;
  });
  afterAll(() => close());
  return () => base;
}

/**
 * Walks a list to its end, by page numbers or by cursors, `limit` at a time (60 pages at most by
 * default): the ids in the order seen, and every `total` a page gave (one, when totals are exact).
 * Every page is a 200 whose `pages` agrees with its `total`.
 */
export async function walkList(
  key: string,
  path: string,
  limit: number,
  mode: 'page' | 'cursor',
  maxPages = 60,
): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const query =
      mode === 'page'
        ? `page=${page}&limit=${limit}`
        : `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const reply = await callApi('GET', `${path}${separator}${query}`, { key });
    expect(reply.status, reply.text).toBe(200);
    ids.push(...reply.json.data.map((item: { id: string }) => item.id));
    totals.add(reply.json.pagination.total);
    expect(reply.json.pagination.pages).toBe(Math.ceil(reply.json.pagination.total / limit));
    cursor = reply.json.pagination.nextCursor;
    if (mode === 'page' ? page >= reply.json.pagination.pages : !cursor) break;
  }
  return { ids, totals: [...totals] };
}
