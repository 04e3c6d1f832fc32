import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  DeleteCommand,
  type DeleteCommandInput,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ConflictError, TransientError } from '../errors.js';
import type { Db } from './client.js';
import { CHANGES_SORT_KEY, pendingChangeKind, stampChange } from './log/changes.js';
import { type LogEntry, pendingEntry } from './log/entries.js';
import { changesNoted } from './log/sending.js';
import { IdempotencyClaimLostError, type IdempotencyRecordItem } from './entities/idempotency.js';
import { isTransientFault } from './faults.js';

/**
 * Every DynamoDB call of lib/db goes through here. Two things happen at this one boundary:
 * - a fault the client may retry (throttling, timeout, connection) becomes a TransientError;
 * - an item read from the table gets its entity's type (lib/db/entities). That is the one place an item
 *   is trusted to have the shape its entity says: this service alone writes the table, and only
 *   through the entities' item builders.
 */
export type Key = { pk: string; sk: string };
/** One string per item key, to match items to keys. */
const keyOf = (item: Key) => `${item.pk}\u0000${item.sk}`;
/** One item of a TransactWriteItems call, as DynamoDB takes it. */
export type WriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Additions to number fields of one item, with no condition (a counter's shard): an update when sent. */
export interface Addition {
  Add: { key: Key; deltas: Record<string, number> };
}

/**
 * A write whose condition guards what the caller read, named: when the condition fails, the cancelled
 * transaction says so by this name (GuardsFailedError), wherever the item stands in the list.
 */
export interface Guarded<Name extends string = string> {
  Guard: { name: Name; write: WriteItem };
}

/**
 * An item of a transaction: a write as DynamoDB takes it, a guarded one (guards), or one completed
 * when the transaction is sent: an addition (addTo) or an entry in the space's ordered log (LogEntry:
 * lib/db/log/entries.ts). What an item is shows in its own shape, so a copy means the same write.
 */
export type TransactItem = SentItem | Guarded;
/** An item as a transaction sends it: guards unwrapped, additions and log entries still to complete. */
export type SentItem = WriteItem | Addition | LogEntry;
export type TransactItems = TransactItem[];

async function call<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (isTransientFault(error))
      throw new TransientError('DynamoDB did not answer in time; retry shortly', { cause: error });
    throw error;
  }
}

/** The trust boundary: a stored item, typed as its entity. */
function stored<T>(item: Record<string, unknown>): T {
  return item as T;
}

export async function getItem<T>(
  db: Db,
  key: Key,
  options: { consistent?: boolean; projection?: string; names?: Record<string, string> } = {},
): Promise<T | undefined> {
  const { Item } = await call(() =>
    db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: key,
        ConsistentRead: options.consistent,
        ProjectionExpression: options.projection,
        ExpressionAttributeNames: options.names,
      }),
    ),
  );
  return Item ? stored<T>(Item) : undefined;
}

/**
 * A PutItem. An item whose write notes a change in the ordered log (a listed item: its pending change,
 * lib/db/log/changes.ts) does not compile here, and is refused if it comes anyway: it goes in a
 * transaction with its space's log entry.
 */
export async function putItem<T extends object>(
  db: Db,
  input: Omit<PutCommandInput, 'TableName' | 'Item'> & {
    Item: T extends { [CHANGES_SORT_KEY]: unknown } ? never : T;
  },
): Promise<void> {
  if (pendingChangeKind(input.Item as Record<string, unknown>))
    throw new Error('A listed item is written in a transaction with its log entry, not by putItem');
  await call(() => db.client.send(new PutCommand({ ...input, TableName: db.tableName })));
}

/** A DeleteItem; with a condition, it fails (ConditionalCheckFailedException) unless the item meets it. */
export async function deleteItem(
  db: Db,
  key: Key,
  condition?: Pick<
    DeleteCommandInput,
    'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
  >,
): Promise<void> {
  await call(() =>
    db.client.send(new DeleteCommand({ TableName: db.tableName, Key: key, ...condition })),
  );
}

export type UpdateInput = Omit<UpdateCommandInput, 'TableName'>;

/** An UpdateItem; with ReturnValues, the item as it was or became (with ALL_NEW, always there). */
export async function updateItem<T>(
  db: Db,
  input: UpdateInput & { ReturnValues: 'ALL_NEW' },
): Promise<T>;
export async function updateItem<T = never>(db: Db, input: UpdateInput): Promise<T | undefined>;
export async function updateItem<T>(db: Db, input: UpdateInput): Promise<T | undefined> {
  const { Attributes } = await call(() =>
    db.client.send(new UpdateCommand({ ...input, TableName: db.tableName })),
  );
  if (!Attributes && input.ReturnValues === 'ALL_NEW')
    throw new Error('UpdateItem with ReturnValues ALL_NEW returned no item');
  return Attributes ? stored<T>(Attributes) : undefined;
}

export interface QueryPage<T> {
  items: T[];
  /** where the next page starts; absent on the last page */
  lastKey: Record<string, unknown> | undefined;
}

export async function queryPage<T>(
  db: Db,
  input: Omit<QueryCommandInput, 'TableName'>,
): Promise<QueryPage<T>> {
  const output = await call(() =>
    db.client.send(new QueryCommand({ ...input, TableName: db.tableName })),
  );
  return {
    items: (output.Items ?? []).map((item) => stored<T>(item)),
    lastKey: output.LastEvaluatedKey,
  };
}

/**
 * Up to `count` items of a query. A DynamoDB page ends at 1 MB read whatever its Limit, so a short page
 * says nothing about the end: pages are followed on LastEvaluatedKey until `count` items are in hand or
 * the query has no more. `lastKey` is where to continue (absent at the end). With `untilBytes`, no page
 * is read once the items in hand pass that many bytes of JSON (`endedForBytes`): what a caller could
 * not hand over in one answer is not read.
 */
export async function queryUpTo<T>(
  db: Db,
  input: Omit<QueryCommandInput, 'TableName' | 'Limit'>,
  count: number,
  untilBytes = Infinity,
): Promise<QueryPage<T> & { endedForBytes: boolean }> {
  const items: T[] = [];
  let bytes = 0;
  let startKey = input.ExclusiveStartKey;
  do {
    const page = await queryPage<T>(db, {
      ...input,
      ExclusiveStartKey: startKey,
      Limit: count - items.length,
    });
    items.push(...page.items);
    if (untilBytes !== Infinity)
      for (const item of page.items) bytes += Buffer.byteLength(JSON.stringify(item), 'utf8');
    startKey = page.lastKey;
  } while (startKey && items.length < count && bytes <= untilBytes);
  return {
    items,
    lastKey: startKey,
    endedForBytes: startKey !== undefined && items.length < count,
  };
}

/**
 * Hands every item a query matches to `each`, in order, a page at a time (never the whole result in
 * memory: what one-off upgrades walk is a tenant's every resume).
 */
export async function forEachQueried<T>(
  db: Db,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  each: (item: T) => Promise<void>,
): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryPage<T>(db, { ...input, ExclusiveStartKey: startKey });
    for (const item of page.items) await each(item);
    startKey = page.lastKey;
  } while (startKey);
}

/** Every item a query matches, following LastEvaluatedKey page by page. */
export async function queryAll<T>(
  db: Db,
  input: Omit<QueryCommandInput, 'TableName'>,
): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryPage<T>(db, { ...input, ExclusiveStartKey: startKey });
    items.push(...page.items);
    startKey = page.lastKey;
  } while (startKey);
  return items;
}

/** Rounds of BatchGetItem for keys DynamoDB left unprocessed (it does under throttling) before giving up. */
export const BATCH_GET_MAX_ATTEMPTS = 5;

/**
 * The items at `keys`, in the order of `keys` (missing ones left out). Unprocessed keys are retried with
 * back-off a bounded number of times, then the call fails as transient (503).
 */
export async function batchGet<T extends Key>(
  db: Db,
  keys: Key[],
  options: { projection?: string; names?: Record<string, string>; consistent?: boolean } = {},
): Promise<T[]> {
  const found = new Map<string, T>();
  for (let i = 0; i < keys.length; i += 100) {
    let pending: BatchGetCommandInput['RequestItems'] = {
      [db.tableName]: {
        Keys: keys.slice(i, i + 100),
        ConsistentRead: options.consistent,
        // Results are matched to keys by pk/sk, so a projection always includes them.
        ProjectionExpression: options.projection ? `pk, sk, ${options.projection}` : undefined,
        ExpressionAttributeNames: options.names,
      },
    };
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt >= BATCH_GET_MAX_ATTEMPTS)
        throw new TransientError('DynamoDB left keys unprocessed after every attempt');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const request: BatchGetCommandInput['RequestItems'] = pending;
      const output: BatchGetCommandOutput = await call(() =>
        db.client.send(new BatchGetCommand({ RequestItems: request })),
      );
      for (const item of output.Responses?.[db.tableName] ?? []) {
        const typed = stored<T>(item);
        found.set(keyOf(typed), typed);
      }
      pending = output.UnprocessedKeys;
    }
  }
  return keys.map((key) => found.get(keyOf(key))).filter((item): item is T => item !== undefined);
}

/**
 * Puts `items`, 25 to a call (BatchWriteItem's most); items DynamoDB left unprocessed are put again with
 * back-off a bounded number of times, then the call fails as transient. No condition: for items only
 * their writer makes (what a background writer appends).
 */
export async function batchPut(db: Db, items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending: BatchWriteCommandInput['RequestItems'] = {
      [db.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt >= BATCH_GET_MAX_ATTEMPTS)
        throw new TransientError('DynamoDB left items unprocessed after every attempt');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const request: BatchWriteCommandInput['RequestItems'] = pending;
      const output: BatchWriteCommandOutput = await call(() =>
        db.client.send(new BatchWriteCommand({ RequestItems: request })),
      );
      pending = output.UnprocessedItems;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Transactions and conditions

/** Attempts of a transaction that met TransactionConflict, and of an optimistic read-then-write that lost its race. */
export const TRANSACTION_ATTEMPTS = 4;
export const OPTIMISTIC_ATTEMPTS = 8;
const RACE_LOST = 'The resource is being changed by another request; retry shortly';

/** The wait before attempt `attempt + 1` of an optimistic write that lost its race: exponential, with jitter (0 to 1). */
export const backOffMs = (attempt: number, jitter = Math.random()) =>
  5 * 2 ** attempt + jitter * 10 * attempt;
export const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, backOffMs(attempt)));

/** The wait before attempt `attempt + 1` of a transaction that met TransactionConflict. */
export const conflictBackOffMs = (attempt: number, jitter = Math.random()) =>
  10 * 2 ** attempt + jitter * 20;

function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return error.CancellationReasons?.map((reason) => reason.Code);
}

/** A transaction cancelled because the condition of one or more of its guards failed. */
export class GuardsFailedError extends Error {
  constructor(
    readonly guards: ReadonlySet<string>,
    options: { cause: unknown },
  ) {
    super(`The transaction's guards failed: ${[...guards].join(', ')}`, options);
    this.name = 'GuardsFailedError';
  }
}

/**
 * The guards of one kind of write: `on` names the condition of an item where it is built, `failed`
 * tells whether a transaction was cancelled by the guards named (any of this kind when none is named).
 * The names are a type, so a guard read but never written, or misspelt, does not compile, and the
 * order of a transaction's items means nothing.
 */
export function guards<const Name extends string>(...names: Name[]) {
  return {
    on: (name: Name, write: WriteItem): Guarded<Name> => ({ Guard: { name, write } }),
    failed: (error: unknown, ...which: Name[]): boolean =>
      error instanceof GuardsFailedError &&
      (which.length > 0 ? which : names).some((name) => error.guards.has(name)),
  };
}

export function isConditionFailure(error: unknown): boolean {
  return (
    error instanceof GuardsFailedError ||
    (error instanceof Error && error.name === 'ConditionalCheckFailedException') ||
    (cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false)
  );
}

/**
 * Whether a single write failed its condition, and if so the item as it was (when the write asked for
 * it with ReturnValuesOnConditionCheckFailure: ALL_OLD; absent when there was no item).
 */
export function conditionFailure<T>(error: unknown): { item: T | undefined } | undefined {
  if (!(error instanceof ConditionalCheckFailedException)) return undefined;
  return { item: error.Item ? stored<T>(unmarshall(error.Item)) : undefined };
}

/**
 * The items whose condition failed in a cancelled transaction, as they were (for transaction items
 * that asked for them with ReturnValuesOnConditionCheckFailure: ALL_OLD).
 */
export function itemsThatFailedConditions<T>(error: unknown): T[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).flatMap((reason) =>
    reason.Code === 'ConditionalCheckFailed' && reason.Item
      ? [stored<T>(unmarshall(reason.Item))]
      : [],
  );
}

/** Awaits a conditional write whose failed condition means "nothing to do". */
export async function ignoreConditionFailure(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export function addTo(key: Key, deltas: Record<string, number>): Addition {
  return { Add: { key, deltas } };
}

function additionUpdate(tableName: string, { key, deltas }: Addition['Add']): WriteItem {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = Object.entries(deltas).map(([field, delta], i) => {
    names[`#f${i}`] = field;
    values[`:d${i}`] = delta;
    return `#f${i} :d${i}`;
  });
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The items as DynamoDB takes them, the moment they leave. Three completions happen here, and only
 * here, each of an item whose type says so: an addition becomes its ADD update (additionUpdate); a log
 * entry becomes its pending entry, with a new ULID, the time `now`, and the changes it notes
 * (lib/db/log/sending.ts); a listed item's pending change is stamped with the same `now`
 * (lib/db/log/changes.ts). Nothing is added; any other item leaves as it is.
 */
export function toWriteItems(tableName: string, items: SentItem[], now = new Date()): WriteItem[] {
  const noted = changesNoted(items);
  return items.map((item, index) => {
    if ('Add' in item) return additionUpdate(tableName, item.Add);
    if ('Log' in item)
      return {
        Put: {
          TableName: tableName,
          Item: pendingEntry(item.Log, noted.get(index), now),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
    if (item.Put?.Item) return { Put: { ...item.Put, Item: stampChange(item.Put.Item, now) } };
    return item;
  });
}

/**
 * One TransactWriteItems call, completed as it leaves (retries included), at `now` when
 * the caller stamped something itself with the same time.
 */
export function sendTransaction(db: Db, items: SentItem[], now?: Date): Promise<unknown> {
  return call(() =>
    db.client.send(
      new TransactWriteCommand({ TransactItems: toWriteItems(db.tableName, items, now) }),
    ),
  );
}

/**
 * TransactWriteItems, tried again with back-off when another transaction touched the same items
 * (TransactionConflict, which the SDK does not retry): 4 attempts in all, then a retryable conflict.
 * A lost idempotency claim is raised first, as IdempotencyClaimLostError with the record that won,
 * whatever else failed with it; then failed guards, as GuardsFailedError naming them; any other
 * failed condition is the caller's.
 */
export async function transactWrite(db: Db, items: TransactItems): Promise<void> {
  // Sent unwrapped; the guards' names stay here, by position.
  const writes: SentItem[] = items.map((item) => ('Guard' in item ? item.Guard.write : item));
  changesNoted(writes);
  for (let attempt = 1; ; attempt++) {
    try {
      await sendTransaction(db, writes);
      return;
    } catch (error) {
      const winner = itemsThatFailedConditions<Partial<IdempotencyRecordItem>>(error).find(
        (item) => item.entity === 'IDEMPOTENCY',
      );
      if (winner) throw new IdempotencyClaimLostError(winner as IdempotencyRecordItem);
      const codes = cancellationCodes(error);
      const failedGuards = items.flatMap((item, index) =>
        'Guard' in item && codes?.[index] === 'ConditionalCheckFailed' ? [item.Guard.name] : [],
      );
      if (failedGuards.length > 0)
        throw new GuardsFailedError(new Set(failedGuards), { cause: error });
      const conflicted =
        codes?.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflicted) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) throw new ConflictError(RACE_LOST, true);
      await new Promise((resolve) => setTimeout(resolve, conflictBackOffMs(attempt)));
    }
  }
}

/**
 * A read-then-write that guards its write with the versions it read: when a guard fails (`lostRace`),
 * another writer got there first, so it runs again from a fresh read, with back-off; 8 attempts in all
 * (about 1.5 s of waiting at most), then a retryable conflict.
 */
export async function optimistically<T>(
  readThenWrite: () => Promise<T>,
  lostRace: (error: unknown) => boolean,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readThenWrite();
    } catch (error) {
      if (!lostRace(error)) throw error;
      if (attempt >= OPTIMISTIC_ATTEMPTS) throw new ConflictError(RACE_LOST, true);
      await backOff(attempt);
    }
  }
}
