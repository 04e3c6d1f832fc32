import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransientError } from '../errors.js';
import type { CallGroups, Db } from './client.js';
import {
  type Addition,
  addTo,
  batchGet,
  type Key,
  keyOf,
  sendTransaction,
  type SentItem,
} from './dynamo.js';

/**
 * Group commit, for the local bulk import (`npm run admin -- import`, `npm start`'s seed): thousands
 * of independent changes at once, where it multiplies throughput on DynamoDB Local. The consumer in
 * Lambda does not use it: there it saved calls but not time (docs/benchmarks.md). While earlier calls
 * are in flight, the reads and transactions that arrive wait and then leave together: the reads as one
 * BatchGetItem, the transactions as one TransactWriteItems. Each caller still gets its own result and
 * its own failure, as if its call had been sent alone:
 * - a group's transaction is all or nothing, so it only adds atomicity to independent changes. When it
 *   is cancelled, a member whose items all show `None` did nothing wrong and goes again with the next
 *   group; the others get their own slice of the cancellation reasons (ConditionalCheckFailed,
 *   TransactionConflict) and handle it as they always do;
 * - two members never touch the same item, except additions (addTo: counter shards), which commute and
 *   are merged into one update, and identical condition checks (an application's check of its JD),
 *   sent once; any other overlap waits for a later group;
 * - a group that fails for another reason (validation) is split, each member then sent alone.
 * A caller that waits for each call before the next sees no difference: its groups hold one call.
 *
 * DynamoDB's limits hold: 100 items and 4 MB per transaction, 100 keys per BatchGetItem.
 */
const MAX_GROUPS_IN_FLIGHT = 4;
const MAX_TRANSACTION_ITEMS = 100;
/** Under the 4 MB of a transaction, measured on the JSON of the items (DynamoDB's size is smaller). */
const MAX_TRANSACTION_JSON_BYTES = 3_500_000;
const MAX_BATCH_GET_KEYS = 100;

interface Waiting<Request, Result> {
  request: Request;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Holds requests while MAX_GROUPS_IN_FLIGHT groups are out; `take` picks the next group from the queue
 * (which then leaves it), `send` settles each member of a group.
 */
class GroupCommit<Request, Result> {
  private queue: Waiting<Request, Result>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly take: (queue: Waiting<Request, Result>[]) => Waiting<Request, Result>[],
    private readonly send: (
      group: Waiting<Request, Result>[],
      requeue: (members: Waiting<Request, Result>[]) => void,
    ) => Promise<void>,
  ) {}

  submit(request: Request): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // The calls made in the same turn of the event loop leave in the same group.
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < MAX_GROUPS_IN_FLIGHT && this.queue.length > 0) {
        const group = new Set(this.take(this.queue));
        this.queue = this.queue.filter((waiting) => !group.has(waiting));
        this.inFlight += 1;
        void this.send([...group], (members) => this.queue.unshift(...members)).finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
      }
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Reads

type ReadRequest = { keys: Key[]; consistent: boolean };
type Item = Record<string, unknown>;

function takeReads(queue: Waiting<ReadRequest, Item[]>[]): Waiting<ReadRequest, Item[]>[] {
  const consistent = queue[0]?.request.consistent;
  const keys = new Set<string>();
  const group: Waiting<ReadRequest, Item[]>[] = [];
  for (const waiting of queue) {
    if (waiting.request.consistent !== consistent) continue;
    const added = waiting.request.keys.map(keyOf).filter((key) => !keys.has(key));
    if (group.length > 0 && keys.size + new Set(added).size > MAX_BATCH_GET_KEYS) break;
    for (const key of added) keys.add(key);
    group.push(waiting);
  }
  return group;
}

async function sendReads(db: Db, group: Waiting<ReadRequest, Item[]>[]): Promise<void> {
  const keys = new Map<string, Key>();
  for (const { request } of group) for (const key of request.keys) keys.set(keyOf(key), key);
  try {
    const items = await batchGet<Key & Item>(db, [...keys.values()], {
      consistent: group[0]?.request.consistent,
    });
    const found = new Map(items.map((item) => [keyOf(item), item]));
    for (const { request, resolve } of group) {
      resolve(
        request.keys
          .map((key) => found.get(keyOf(key)))
          .filter((item): item is Key & Item => item !== undefined),
      );
    }
  } catch (error) {
    for (const { reject } of group) reject(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Transactions

type TransactRequest = { items: SentItem[]; alone?: boolean };

/** The item a transaction item writes or checks; undefined for a log entry (its key is a new id no other item has). */
function itemKey(item: SentItem): string | undefined {
  if ('Log' in item) return undefined;
  if ('Add' in item) return keyOf(item.Add.key);
  const { Put, Update, Delete, ConditionCheck } = item;
  const key = Put ? Put.Item : Update ? Update.Key : Delete ? Delete.Key : ConditionCheck?.Key;
  return keyOf({ pk: String(key?.pk), sk: String(key?.sk) });
}

/**
 * Items two members may share: additions to the same item (merged into one), and the same condition
 * check of the same item (sent once). Any other pair of items on one key cannot be in one transaction.
 */
function sharing(item: SentItem): string | undefined {
  if ('Add' in item) return 'addition';
  if ('ConditionCheck' in item && item.ConditionCheck)
    return `check ${JSON.stringify(item.ConditionCheck)}`;
  return undefined;
}

function takeTransactions(
  queue: Waiting<TransactRequest, void>[],
): Waiting<TransactRequest, void>[] {
  if (queue[0]?.request.alone) return queue.slice(0, 1);
  const group: Waiting<TransactRequest, void>[] = [];
  /** each touched item, with how it may be shared (undefined: it may not) */
  const touched = new Map<string, string | undefined>();
  let items = 0;
  let bytes = 0;
  for (const waiting of queue) {
    if (waiting.request.alone) continue;
    const own = waiting.request.items;
    const shared = (item: SentItem) => {
      const key = itemKey(item);
      return (
        key !== undefined && touched.get(key) !== undefined && touched.get(key) === sharing(item)
      );
    };
    const collides = (item: SentItem) => {
      const key = itemKey(item);
      return key !== undefined && touched.has(key) && !shared(item);
    };
    if (own.some(collides)) continue;
    const newItems = own.filter((item) => !shared(item)).length;
    const size = JSON.stringify(own).length;
    if (
      group.length > 0 &&
      (items + newItems > MAX_TRANSACTION_ITEMS || bytes + size > MAX_TRANSACTION_JSON_BYTES)
    )
      break;
    for (const item of own) {
      const key = itemKey(item);
      if (key !== undefined) touched.set(key, sharing(item));
    }
    items += newItems;
    bytes += size;
    group.push(waiting);
  }
  return group;
}

/** The group's items (shared ones sent once), and each member with where its items went. */
function combine(group: Waiting<TransactRequest, void>[]): {
  items: SentItem[];
  members: { waiting: Waiting<TransactRequest, void>; positions: number[] }[];
} {
  const items: SentItem[] = [];
  const additionAt = new Map<string, { index: number; deltas: Record<string, number>; key: Key }>();
  const checkAt = new Map<string, number>();
  const place = (item: SentItem): number => {
    const key = itemKey(item);
    if (key === undefined) return items.push(item) - 1;
    if ('ConditionCheck' in item && item.ConditionCheck) {
      const index = checkAt.get(key) ?? items.push(item) - 1;
      checkAt.set(key, index);
      return index;
    }
    if (!('Add' in item)) return items.push(item) - 1;
    const addition: Addition['Add'] = item.Add;
    const merged = additionAt.get(key);
    if (!merged) {
      const entry = {
        index: items.push(item) - 1,
        deltas: { ...addition.deltas },
        key: addition.key,
      };
      additionAt.set(key, entry);
      return entry.index;
    }
    for (const [field, delta] of Object.entries(addition.deltas))
      merged.deltas[field] = (merged.deltas[field] ?? 0) + delta;
    items[merged.index] = addTo(merged.key, merged.deltas);
    return merged.index;
  };
  const members = group.map((waiting) => ({
    waiting,
    positions: waiting.request.items.map(place),
  }));
  return { items, members };
}

async function sendTransactions(
  db: Db,
  group: Waiting<TransactRequest, void>[],
  requeue: (members: Waiting<TransactRequest, void>[]) => void,
): Promise<void> {
  const { items, members } = combine(group);
  try {
    await sendTransaction(db, items);
    for (const { resolve } of group) resolve();
    return;
  } catch (error) {
    const reasons =
      error instanceof TransactionCanceledException ? error.CancellationReasons : undefined;
    if (group.length === 1 || error instanceof TransientError) {
      for (const { reject } of group) reject(error);
      return;
    }
    if (
      error instanceof TransactionCanceledException &&
      reasons &&
      reasons.length === items.length
    ) {
      const innocent: Waiting<TransactRequest, void>[] = [];
      for (const { waiting, positions } of members) {
        const own = positions.map((index) => reasons[index] ?? { Code: 'None' });
        if (own.every((reason) => reason.Code === 'None')) innocent.push(waiting);
        else
          waiting.reject(
            new TransactionCanceledException({
              message: error.message,
              $metadata: error.$metadata,
              CancellationReasons: own,
            }),
          );
      }
      requeue(innocent);
      return;
    }
    // Something about one member's items (a validation error): each is sent alone to find out whose.
    requeue(group.map((waiting) => ({ ...waiting, request: { ...waiting.request, alone: true } })));
  }
}

const grouped = new WeakMap<Db, Db>();

/** The same Db, its concurrent reads and transactions sent in groups (one grouped Db per Db). */
export function withGroupedCalls(db: Db): Db {
  const existing = grouped.get(db);
  if (existing) return existing;
  const { groups: _, ...plain } = db;
  const reads = new GroupCommit<ReadRequest, Item[]>(takeReads, (group) => sendReads(plain, group));
  const transactions = new GroupCommit<TransactRequest, void>(takeTransactions, (group, requeue) =>
    sendTransactions(plain, group, requeue),
  );
  const groups: CallGroups = {
    read: (keys, options) => reads.submit({ keys, consistent: options.consistent ?? false }),
    transact: (items) => transactions.submit({ items }),
  };
  const result = { ...plain, groups };
  grouped.set(db, result);
  return result;
}
