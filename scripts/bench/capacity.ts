import type { AttributeValue, ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { authorizeRequest } from '../../lib/auth/authorize.js';
import { createDb, type Db, setSharedDb } from '../../lib/db/client.js';
import { type IndexDefinition, KEY_ATTRIBUTES, tableIndexes } from '../../lib/db/table.js';
import type { AuthorizerContext } from '../../lib/composition/api-handler.js';
import { API_PREFIX, matchRoute, ROUTES } from '../../lib/composition/routes.js';
import { authorizerEvent, proxyEvent } from '../local/events.js';
import { lambdaContext, loadHandler } from '../local/handlers.js';

/**
 * What DynamoDB bills a TransactWriteItems call, in WCU, estimated from the call alone: 2 per KB
 * (rounded up) of each item written or deleted. A Put's size is its item's (its JSON's bytes, a little
 * over DynamoDB's own count); a Delete's or Update's here is a pending entry or the log's head, each
 * under 1 KB: 2. No index entry is counted: `recordingDb(…, { images: true })` bills them.
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

type Item = Record<string, unknown>;

/** The size DynamoDB gives an attribute value (docs: "Item sizes"): names and values, in bytes. */
function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) {
    const digits = value.N.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
  }
  if (value.B !== undefined) return value.B.length;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((sum, each) => sum + Buffer.byteLength(each), 0);
  if (value.NS) return value.NS.reduce((sum, each) => sum + valueBytes({ N: each }), 0);
  if (value.BS) return value.BS.reduce((sum, each) => sum + each.length, 0);
  if (value.L) return 3 + value.L.reduce((sum, each) => sum + 1 + valueBytes(each), 0);
  if (value.M)
    return (
      3 +
      Object.entries(value.M).reduce(
        (sum, [name, each]) => sum + Buffer.byteLength(name) + 1 + valueBytes(each),
        0,
      )
    );
  return 0;
}

/** An item's size as DynamoDB counts it for capacity: its attributes' names and values. */
export function itemBytes(item: Item): number {
  const marshalled = marshall(item, { removeUndefinedValues: true });
  return Object.entries(marshalled).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + valueBytes(value),
    0,
  );
}

/** An item's attributes in one order, nested ones too (DynamoDB answers them in any). */
function canonical(value: unknown): string {
  if (value instanceof Set) return canonical([...value].sort());
  if (Array.isArray(value) || value instanceof Uint8Array)
    return JSON.stringify([...value].map(canonical));
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonical((value as Item)[name])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** DynamoDB's count of bytes an index entry carries besides its attributes. */
const INDEX_ENTRY_OVERHEAD_BYTES = 100;
const kilobytes = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

/** An item's entry in `index`, as its attributes (none: the item is not in it). */
function indexEntry(item: Item | undefined, index: IndexDefinition) {
  if (!item || item[index.partitionKey] === undefined || item[index.sortKey] === undefined)
    return undefined;
  if (index.projection.type === 'ALL') return item;
  const names = new Set<string>([
    KEY_ATTRIBUTES.partitionKey,
    KEY_ATTRIBUTES.sortKey,
    index.partitionKey,
    index.sortKey,
    ...(index.projection.type === 'INCLUDE' ? index.projection.nonKeyAttributes : []),
  ]);
  return Object.fromEntries(Object.entries(item).filter(([name]) => names.has(name)));
}

/** One item of a transaction as DynamoDB bills it: the table's write units and its indexes'. */
export interface BilledItem {
  key: string;
  action: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  /** the larger of the item before and after, in bytes (0: there is none) */
  bytes: number;
  tableWcu: number;
  /** each index whose entry the write puts or removes, with the write units it costs there */
  indexes: Record<string, number>;
}

/**
 * What DynamoDB bills one item of a TransactWriteItems call, from the item before and after: 2 write
 * units per KB (rounded up) of the larger of the two, a condition check as a write; and each index
 * entry written as a standard write, 1 unit per KB of the entry (its keys, its projected attributes and
 * DynamoDB's 100 B): none when neither its key nor a projected attribute changed, two when its key
 * did (the old entry removed, the new one put).
 */
export function billItem(
  action: BilledItem['action'],
  key: Item,
  before: Item | undefined,
  after: Item | undefined,
): BilledItem {
  const bytes = Math.max(before ? itemBytes(before) : 0, after ? itemBytes(after) : 0);
  const indexes: Record<string, number> = {};
  if (action !== 'ConditionCheck')
    for (const index of tableIndexes()) {
      const old = indexEntry(before, index);
      const now = indexEntry(after, index);
      const size = (entry: Item) => kilobytes(itemBytes(entry) + INDEX_ENTRY_OVERHEAD_BYTES);
      let units = 0;
      if (old && now)
        units =
          old[index.sortKey] !== now[index.sortKey]
            ? size(old) + size(now)
            : canonical(old) === canonical(now)
              ? 0
              : size(now);
      else if (old) units = size(old);
      else if (now) units = size(now);
      if (units > 0) indexes[index.name] = units;
    }
  return {
    key: `${String(key[KEY_ATTRIBUTES.partitionKey])} ${String(key[KEY_ATTRIBUTES.sortKey])}`,
    action,
    bytes,
    tableWcu: 2 * kilobytes(bytes),
    indexes,
  };
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function actionOf(item: TransactItem): { action: BilledItem['action']; key: Item } {
  if (item.Put) {
    const put = item.Put.Item as Item;
    return {
      action: 'Put',
      key: { pk: put[KEY_ATTRIBUTES.partitionKey], sk: put[KEY_ATTRIBUTES.sortKey] },
    };
  }
  const [action, request] = Object.entries(item).find(([, value]) => value) as [
    BilledItem['action'],
    { Key: Item },
  ];
  return { action, key: request.Key };
}

/** The items at `keys` as they stand (absent: not there), read by a client the recorder does not count. */
async function images(peek: Db, keys: Item[]): Promise<(Item | undefined)[]> {
  const found = new Map<string, Item>();
  const id = (item: Item) =>
    `${String(item[KEY_ATTRIBUTES.partitionKey])}\u0000${String(item[KEY_ATTRIBUTES.sortKey])}`;
  let wanted = keys;
  while (wanted.length > 0) {
    const answer = await peek.client.send(
      new BatchGetCommand({
        RequestItems: { [peek.tableName]: { Keys: wanted, ConsistentRead: true } },
      }),
    );
    for (const item of answer.Responses?.[peek.tableName] ?? []) found.set(id(item), item);
    wanted = (answer.UnprocessedKeys?.[peek.tableName]?.Keys ?? []) as Item[];
  }
  return keys.map((key) => found.get(id(key)));
}

/** One DynamoDB call as the recorder saw it. */
interface Call {
  command: string;
  start: number;
  end: number;
  read: number;
  write: number;
  /**
   * the write as DynamoDB bills it: a transaction by its items (`billed`, when the recorder reads
   * images) or by transactionWcu (Local undercounts transactions), else as Local reports it
   */
  billedWrite: number;
  /** a transaction's items as DynamoDB bills them (a recorder with `images` only) */
  billed?: BilledItem[];
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

/**
 * A Db whose client asks for ReturnConsumedCapacity on every call and records it. With `images`, each
 * transaction's items are read before and after it (by a client of their own, not recorded), and the
 * transaction billed from them as DynamoDB bills it, index entries included (billItem).
 */
export function recordingDb(
  endpoint: string,
  tableName: string,
  options: { images?: boolean } = {},
): { db: Db; calls: Call[] } {
  // DynamoDB answers a 1 MB page in tens of milliseconds; Local, parsing every stored item on the same
  // cores, can take seconds: the bench counts calls and capacity, so it waits for Local.
  const db = createDb({ endpoint, tableName, timeouts: { requestTimeoutMs: 60_000 } });
  const peek = options.images ? createDb({ endpoint, tableName }) : undefined;
  const calls: Call[] = [];
  db.client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const transaction =
        context.commandName === 'TransactWriteItemsCommand'
          ? ((args.input as TransactWriteCommandInput).TransactItems ?? []).map(actionOf)
          : undefined;
      const before =
        peek &&
        transaction &&
        (await images(
          peek,
          transaction.map(({ key }) => key),
        ));
      const start = performance.now();
      const result = await next(args);
      const after =
        peek &&
        transaction &&
        (await images(
          peek,
          transaction.map(({ key }) => key),
        ));
      const billed =
        transaction &&
        before &&
        after &&
        transaction.map(({ action, key }, index) =>
          billItem(action, key, before[index], after[index]),
        );
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
        billedWrite: billed
          ? billed.reduce(
              (sum, item) =>
                sum + item.tableWcu + Object.values(item.indexes).reduce((a, b) => a + b, 0),
              0,
            )
          : command === 'TransactWriteItemsCommand'
            ? Math.max(write, transactionWcu(args.input as Parameters<typeof transactionWcu>[0]))
            : write,
        ...(billed ? { billed } : {}),
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
