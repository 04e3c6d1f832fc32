import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { authorizeRequest } from '../../lib/auth/authorize.js';
import { createDb, type Db, setSharedDb } from '../../lib/db/client.js';
import type { AuthorizerContext } from '../../lib/composition/api-handler.js';
import { API_PREFIX, matchRoute, ROUTES } from '../../lib/composition/routes.js';
import { authorizerEvent, proxyEvent } from '../local/events.js';
import { lambdaContext, loadHandler } from '../local/handlers.js';

/**
 * What DynamoDB bills a TransactWriteItems call, in WCU: 2 per KB (rounded up) of each item written
 * or deleted. A Put's size is its item's (its JSON's bytes, a little over DynamoDB's own count); a
 * Delete's or Update's here is a pending entry or the log's head, each under 1 KB: 2.
 */
export function transactionWcu(input: { TransactItems?: { Put?: { Item?: unknown } }[] }): number {
  return (input.TransactItems ?? []).reduce(
    (sum, item) =>
      sum +
      2 *
        (item.Put
          ? Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify(item.Put.Item)) / 1024))
          : 1),
    0,
  );
}

/** One DynamoDB call as the recorder saw it. */
interface Call {
  command: string;
  start: number;
  end: number;
  read: number;
  write: number;
  /** the write as DynamoDB bills it: a transaction by transactionWcu (Local undercounts it), else as reported */
  billedWrite: number;
}

export interface Work {
  calls: number;
  /** the longest chain of calls where each starts after the previous ended */
  sequential: number;
  rcu: number;
  wcu: number;
  /** bytes of the response's data */
  bytes: number;
  /** capacity needed to read just those bytes, eventually consistent */
  idealRcu: number;
  status: number;
}

/**
 * DynamoDB Local reports no consumed capacity for BatchGetItem; DynamoDB charges each item read
 * separately, rounded up to 4 KB (0.5 RCU eventually consistent, 1 RCU strongly consistent).
 */
function estimateBatchGet(output: unknown): number {
  const responses =
    (output as { Responses?: Record<string, Record<string, unknown>[]> }).Responses ?? {};
  return Object.values(responses)
    .flat()
    .reduce(
      (sum, item) => sum + Math.ceil(Buffer.byteLength(JSON.stringify(item)) / 4096) * 0.5,
      0,
    );
}

// The DocumentClient's commands run as the low-level ones; these are their names.
const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand']);

/** A Db whose client asks for ReturnConsumedCapacity on every call and records it. */
export function recordingDb(endpoint: string, tableName: string): { db: Db; calls: Call[] } {
  // DynamoDB answers a 1 MB page in tens of milliseconds; Local, parsing every stored item on the same
  // cores, can take seconds: the bench counts calls and capacity, so it waits for Local.
  const db = createDb({ endpoint, tableName, timeouts: { requestTimeoutMs: 60_000 } });
  const calls: Call[] = [];
  db.client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const start = performance.now();
      const result = await next(args);
      const consumed = (
        result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }
      ).ConsumedCapacity;
      let units = [consumed ?? []]
        .flat()
        .reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
      const command = String(context.commandName);
      if (command === 'BatchGetItemCommand' && units === 0) units = estimateBatchGet(result.output);
      const write = READS.has(command) ? 0 : units;
      calls.push({
        command,
        start,
        end: performance.now(),
        read: READS.has(command) ? units : 0,
        write,
        billedWrite:
          command === 'TransactWriteItemsCommand'
            ? Math.max(write, transactionWcu(args.input as Parameters<typeof transactionWcu>[0]))
            : write,
      });
      return result;
    },
    { step: 'initialize', name: 'capacityRecorder' },
  );
  return { db, calls };
}

function sequentialDepth(calls: Call[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  sorted.forEach((call, i) => {
    let before = 0;
    for (let j = 0; j < i; j++)
      if ((sorted[j] as Call).end <= call.start) before = Math.max(before, depth[j] as number);
    depth[i] = before + 1;
  });
  return Math.max(0, ...depth);
}

export function summarize(calls: Call[], bytes: number, status: number): Work {
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    calls: calls.length,
    sequential: sequentialDepth(calls),
    rcu: round(calls.reduce((sum, call) => sum + call.read, 0)),
    wcu: round(calls.reduce((sum, call) => sum + call.write, 0)),
    bytes,
    idealRcu: Math.ceil(Math.max(bytes, 1) / 4096) * 0.5,
    status,
  };
}

/** Calls one route's real handler with a payload-2.0 event and measures the DynamoDB work it did. */
export async function measureRoute(
  recorder: { db: Db; calls: Call[] },
  context: AuthorizerContext,
  method: string,
  pathAndQuery: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ work: Work; json: Record<string, unknown>; headers: Record<string, string> }> {
  const [path = '', query = ''] = pathAndQuery.split('?');
  const matched = matchRoute(method, path);
  if (!matched) throw new Error(`No route for ${method} ${path}`);
  setSharedDb(recorder.db);
  const handler = await loadHandler(matched.route.functionName);
  recorder.calls.length = 0;
  const result = (await handler(
    proxyEvent(
      {
        method,
        rawPath: `${API_PREFIX}${path}`,
        rawQueryString: query,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      },
      matched.route,
      matched.pathParameters,
      context,
    ),
    // DynamoDB Local is far slower than DynamoDB (a search over 100,000 entries takes minutes there):
    // the bench measures capacity, so the handler gets a long deadline instead of Lambda's 10 s.
    lambdaContext(matched.route.functionName, 'bench', 30 * 60_000),
  )) as { statusCode: number; body?: string; headers?: Record<string, string> };
  // A 304 has no body.
  const json = (result.body ? JSON.parse(result.body) : {}) as Record<string, unknown>;
  const bytes = Buffer.byteLength(JSON.stringify(json.data ?? json.message ?? ''));
  return {
    work: summarize(recorder.calls, bytes, result.statusCode),
    json,
    headers: result.headers ?? {},
  };
}

/** The authorizer's work for one request with a valid key (the steady state: window already open). */
export async function measureAuthorizer(
  recorder: { db: Db; calls: Call[] },
  key: string,
): Promise<Work> {
  const event = authorizerEvent(
    { method: 'GET', rawPath: '/api/v1/jds', headers: { 'x-api-key': key } },
    ROUTES.listJds,
    {},
  );
  await authorizeRequest(recorder.db, event);
  recorder.calls.length = 0;
  const decision = await authorizeRequest(recorder.db, event);
  return summarize(recorder.calls, 0, decision.isAuthorized ? 200 : 403);
}
