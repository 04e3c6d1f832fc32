import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { Db } from '../../lib/db/client.js';
import { newId } from '../../lib/db/ids.js';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { logger } from '../../lib/observability/logger.js';
import {
  DELIVERY_EVENT_SOURCE,
  DISPATCHER_EVENT_SOURCE,
  Dispatcher,
  dispatchRecord,
  matchesStreamFilter,
  type StreamRecord,
} from '../../lib/composition/dispatcher.js';
import type { DeliveryMessage, DeliveryQueue } from '../../lib/webhooks/queue.js';
import { work, type WorkerDependencies, type WorkOutcome } from '../../lib/webhooks/worker.js';
import { CALLED_RESOURCES } from '../../infra/api-function.js';
import { checkQueueSend } from './aws.js';
import { sharedStreamOutput } from '../../lib/composition/event-stream.js';
import { localClient } from './dynamodb-local.js';
import { runAsFunction } from './iam.js';
import { LocalStreamState } from './stream-state.js';

/**
 * Webhooks out on the local stack: a poller reads the table's stream from DynamoDB Local and hands
 * each record to the dispatcher's code (as the `webhook-dispatcher` function, under its IAM policies),
 * and an in-process queue hands each delivery message to the worker's code (as `webhook-worker`) when
 * its delay is over. As in AWS, a message whose processing fails comes back (same token) after a
 * visibility timeout, up to 5 receives; a stream record that fails is read again. The poller filters
 * and batches as the event source mapping does (StreamPoller), reads an idle shard as often as Lambda
 * does and holds records for the batching window, so a webhook's lag here is the one AWS gives
 * (STREAM_BATCHING_WINDOW_MS shortens the window: tests), and its throughput one shard's.
 * As in AWS, nothing is lost across a restart: the poller goes on after the last record it handed over
 * (the event source mapping's checkpoint), and queued messages wait in DynamoDB, not only in timers
 * (./stream-state.ts).
 */
const MAX_RECEIVES = 5;
/** AWS's most messages worked at once: the queue mapping's invocations at once × their batch. */
const MOST_IN_FLIGHT = DELIVERY_EVENT_SOURCE.maxConcurrency * DELIVERY_EVENT_SOURCE.batchSize;
const REDELIVERY_MS = 1000;
const STREAM_POLL_MS = 1000 / DISPATCHER_EVENT_SOURCE.pollsPerSecond;
const MAX_STREAM_TRIES = 10;

/** The event source's batching window, unless a test shortens it. */
function batchingWindowMs(): number {
  const raw = process.env.STREAM_BATCHING_WINDOW_MS;
  return raw === undefined
    ? DISPATCHER_EVENT_SOURCE.maxBatchingWindowSeconds * 1000
    : Math.max(0, Number(raw));
}

export interface Handled {
  message: DeliveryMessage;
  outcome: WorkOutcome | 'failed to process';
}

/** The delivery queue of the local stack: timers instead of SQS delays, the worker's own code per message. */
export class LocalDeliveryQueue implements DeliveryQueue {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** messages due while MOST_IN_FLIGHT are being worked, in the order they fell due (SQS keeps them meanwhile) */
  private readonly due: (() => Promise<void>)[] = [];
  /** every message the worker finished with, and what it did (tests read this) */
  readonly handled: Handled[] = [];
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly deps: Omit<WorkerDependencies, 'queue'> = {},
    private readonly state?: LocalStreamState,
    private readonly mostInFlight = MOST_IN_FLIGHT,
  ) {}

  async send(entries: { message: DeliveryMessage; delayMs: number }[]): Promise<void> {
    checkQueueSend(CALLED_RESOURCES.deliveryQueue);
    // Kept before the send is acknowledged, as SQS keeps a message it accepted.
    const queued = entries.map(({ message, delayMs }) => ({
      token: newId(),
      message,
      dueAt: Date.now() + Math.max(0, delayMs),
      receive: 1,
    }));
    await Promise.all(queued.map((entry) => this.state?.keep(entry)));
    for (const { message, token, dueAt } of queued)
      this.schedule(message, token, dueAt - Date.now(), 1);
  }

  /** Takes up the messages a stopped run left queued, each when its delay is over. */
  async resume(): Promise<number> {
    const queued = (await this.state?.queued()) ?? [];
    for (const { message, token, dueAt, receive } of queued)
      this.schedule(message, token, dueAt - Date.now(), receive);
    return queued.length;
  }

  private schedule(
    message: DeliveryMessage,
    token: string,
    delayMs: number,
    receive: number,
  ): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.due.push(() => this.receive(message, token, receive));
        this.workDue();
      },
      Math.max(0, delayMs),
    );
    this.timers.add(timer);
  }

  /** Works the messages due, as many at once as AWS's mapping takes: the others wait their turn. */
  private workDue(): void {
    while (!this.stopped && this.running.size < this.mostInFlight && this.due.length > 0) {
      const next = this.due.shift() as () => Promise<void>;
      const run = next().finally(() => {
        this.running.delete(run);
        this.workDue();
      });
      this.running.add(run);
    }
  }

  private async receive(message: DeliveryMessage, token: string, receive: number): Promise<void> {
    try {
      const outcome = await runAsFunction(BACKGROUND_FUNCTIONS.webhookWorker, () =>
        work(this.db, message, token, { ...this.deps, queue: this }),
      );
      this.handled.push({ message, outcome });
      await this.state?.forget(token);
      logger.info('Webhook delivery', {
        messageId: token,
        kind: message.kind,
        tenantId: message.tenantId,
        webhookId: message.webhookId,
        outcome,
      });
    } catch (error) {
      logger.warn('Webhook delivery message failed', { error: error as Error, receive });
      if (receive < MAX_RECEIVES) {
        await this.state?.keep({
          token,
          message,
          dueAt: Date.now() + REDELIVERY_MS,
          receive: receive + 1,
        });
        this.schedule(message, token, REDELIVERY_MS, receive + 1);
      } else {
        this.handled.push({ message, outcome: 'failed to process' });
        await this.state?.forget(token);
      }
    }
  }

  /** Messages waiting for their delay, and messages being worked on. */
  get pending(): number {
    return this.timers.size + this.due.length + this.running.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    // Kept in the state as SQS keeps them: a restart takes them up.
    this.due.length = 0;
    await Promise.allSettled([...this.running]);
  }
}

/** A record the filter let through, with where it was read (for the checkpoint after its batch). */
interface Gathered {
  record: StreamRecord;
  /** its place in its shard's order of records to hand over (unfinished), marked once handed over */
  read: { sequenceNumber: string; done: boolean };
}

/** Most records one GetRecords returns (DynamoDB Streams' own limit): what a poll reads of a shard. */
const READ_LIMIT = 1000;

/** One of a shard's ParallelizationFactor lanes: its records gathered, and its batch being handed over. */
interface Lane {
  gathered: Gathered[];
  /** when its first gathered record was read */
  since: number;
  running?: Promise<void>;
}

/** The lane of a record: its partition key's hash, as Lambda keeps a key's records in one batch line. */
export function laneOf(record: StreamRecord, lanes: number): number {
  const key = (record as { dynamodb?: { Keys?: { pk?: { S?: string } } } }).dynamodb?.Keys?.pk?.S;
  let hash = 2166136261;
  for (const char of key ?? '') hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash % lanes;
}

/**
 * Reads the table's stream from DynamoDB Local, shard by shard, into the dispatcher, as Lambda's event
 * source mapping does: each record read is held to the filter (STREAM_FILTER) first, and only those it
 * lets through are gathered, in the lane of their partition key (ParallelizationFactor lanes), into
 * batches of `batchSize`, a batch going when it is full or when its window since its first record is
 * over; the lanes hand over their batches each on its own, so a record retried in one holds back only
 * the tenants of that lane; a shard with more to read is read again at once (Lambda waits only on a
 * shard with nothing new), and a batch's records are dispatched concurrently, as the function's batch
 * processor does. A shard's checkpoint stands before its first record not yet handed over.
 */
class StreamPoller {
  private readonly client: DynamoDBStreamsClient;
  private readonly iterators = new Map<string, string | undefined>();
  /** the last record read in each shard (handed over, filtered out, or gathered) */
  private readonly lastRead = new Map<string, string>();
  /** each shard's checkpoint as last written */
  private readonly checkpointed = new Map<string, string>();
  private readonly lanes: Lane[] = Array.from(
    { length: DISPATCHER_EVENT_SOURCE.parallelizationFactor },
    () => ({ gathered: [], since: 0 }),
  );
  private checkpointing = Promise.resolve();
  /** each shard's records the filter let through, in the order read, until the checkpoint passes them */
  private readonly unfinished = new Map<string, { sequenceNumber: string; done: boolean }[]>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private stopped = false;

  constructor(
    endpoint: string,
    private readonly streamArn: string,
    /** a batch's dispatch, made anew for each batch as Lambda makes an invocation */
    private readonly startBatch: () => (record: StreamRecord) => Promise<unknown>,
    private readonly from: ShardIteratorType,
    private readonly state: LocalStreamState,
  ) {
    this.client = new DynamoDBStreamsClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }

  /**
   * Starts where the last run stopped: after each shard's checkpoint, and a shard without one from its
   * oldest record (it opened since, or nothing of it was handed over yet). A stream never read before
   * starts at `from`.
   */
  async start(): Promise<void> {
    const checkpoints = await this.state.checkpoints(this.streamArn);
    if (checkpoints === undefined) await this.state.startReading(this.streamArn);
    for (const [shardId, sequenceNumber] of Object.entries(checkpoints ?? {}))
      this.checkpointed.set(shardId, sequenceNumber);
    await this.discoverShards(checkpoints === undefined ? this.from : 'TRIM_HORIZON', checkpoints);
    this.loop(STREAM_POLL_MS);
  }

  private async discoverShards(
    type: ShardIteratorType,
    checkpoints: Record<string, string> = {},
  ): Promise<void> {
    const { StreamDescription } = await this.client.send(
      new DescribeStreamCommand({ StreamArn: this.streamArn }),
    );
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId as string;
      if (this.iterators.has(shardId)) continue;
      const after = checkpoints[shardId];
      if (after) this.lastRead.set(shardId, after);
      this.iterators.set(shardId, await this.iteratorOf(shardId, type, after));
    }
  }

  /**
   * An iterator of a shard: after `after` when given (from the shard's oldest record when that one is
   * older than the stream keeps, 24 hours), else of `type`.
   */
  private async iteratorOf(
    shardId: string,
    type: ShardIteratorType,
    after?: string,
  ): Promise<string | undefined> {
    const iterator = (ShardIteratorType: ShardIteratorType, SequenceNumber?: string) =>
      this.client.send(
        new GetShardIteratorCommand({
          StreamArn: this.streamArn,
          ShardId: shardId,
          ShardIteratorType,
          ...(SequenceNumber === undefined ? {} : { SequenceNumber }),
        }),
      );
    if (after === undefined) return (await iterator(type)).ShardIterator;
    try {
      return (await iterator('AFTER_SEQUENCE_NUMBER', after)).ShardIterator;
    } catch (error) {
      if ((error as Error).name !== 'TrimmedDataAccessException') throw error;
      return (await iterator('TRIM_HORIZON')).ShardIterator;
    }
  }

  private loop(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      let again = false;
      this.polling = this.pollOnce()
        .then(
          (more) => {
            again = more;
          },
          (error: unknown) => logger.warn('Stream poll failed', { error: error as Error }),
        )
        .finally(() => this.loop(again ? 0 : STREAM_POLL_MS));
    }, delayMs);
  }

  /** One poll of every shard, and the batches it fills; true when a shard has more to read now. */
  private async pollOnce(): Promise<boolean> {
    let closed = false;
    let more = false;
    for (const [shardId, iterator] of this.iterators) {
      if (!iterator) continue;
      let answer;
      try {
        answer = await this.client.send(
          new GetRecordsCommand({ ShardIterator: iterator, Limit: READ_LIMIT }),
        );
      } catch (error) {
        // DynamoDB Local trims an iterator taken on an empty shard as soon as another table is written
        // (this runtime's own state, ./stream-state.ts): read on after the last record read, or from
        // the shard's oldest, which is then newer than the iterator.
        const { name } = error as Error;
        if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException')
          throw error;
        this.iterators.set(
          shardId,
          await this.iteratorOf(shardId, 'TRIM_HORIZON', this.lastRead.get(shardId)),
        );
        continue;
      }
      const records = (answer.Records ?? []) as (StreamRecord & {
        dynamodb?: { SequenceNumber?: string };
      })[];
      // As Lambda does: the filter first, then the batch (a record filtered out is only passed over).
      for (const record of records) {
        if (!matchesStreamFilter(record)) continue;
        const lane = this.lanes[laneOf(record, this.lanes.length)] as Lane;
        if (lane.gathered.length === 0) lane.since = Date.now();
        const read = { sequenceNumber: record.dynamodb?.SequenceNumber as string, done: false };
        lane.gathered.push({ record, read });
        const order = this.unfinished.get(shardId) ?? [];
        order.push(read);
        this.unfinished.set(shardId, order);
      }
      const newest = records.at(-1)?.dynamodb?.SequenceNumber;
      if (newest) this.lastRead.set(shardId, newest);
      if (records.length >= READ_LIMIT) more = true;
      this.iterators.set(shardId, answer.NextShardIterator);
      if (!answer.NextShardIterator) closed = true;
    }
    for (const lane of this.lanes) this.handOverDue(lane);
    // What the filter passed over alone moves the checkpoint too, as Lambda's does.
    await this.checkpoint();
    // A closed shard has children: read them from their start.
    if (closed) await this.discoverShards('TRIM_HORIZON');
    return more;
  }

  /** As Lambda does, for a lane not busy: a batch goes when it is full or its window since the first record is over. */
  private handOverDue(lane: Lane): void {
    if (lane.running || this.stopped) return;
    const { gathered } = lane;
    if (
      gathered.length < DISPATCHER_EVENT_SOURCE.batchSize &&
      !(gathered.length > 0 && Date.now() - lane.since >= batchingWindowMs())
    )
      return;
    const batch = gathered.splice(0, DISPATCHER_EVENT_SOURCE.batchSize);
    if (gathered.length > 0) lane.since = Date.now();
    lane.running = this.handOver(batch.map((entry) => entry.record))
      .then(async () => {
        // Only once the batch is handed over (its messages queued): a restart before reads it again.
        for (const { read } of batch) read.done = true;
        await this.checkpoint();
      })
      .catch((error: unknown) => logger.warn('Stream batch failed', { error: error as Error }))
      .finally(() => {
        lane.running = undefined;
        this.handOverDue(lane);
      });
  }

  /**
   * Each shard's checkpoint: after every record read when none of it is still to hand over, else
   * after the last record handed over before its first one still to hand over.
   */
  private checkpoint(): Promise<void> {
    // One at a time, so that an older checkpoint never lands after a newer one.
    this.checkpointing = this.checkpointing
      .then(() => this.writeCheckpoints())
      .catch((error: unknown) =>
        logger.warn('Stream checkpoint failed', { error: error as Error }),
      );
    return this.checkpointing;
  }

  private async writeCheckpoints(): Promise<void> {
    for (const [shardId, read] of this.lastRead) {
      const order = this.unfinished.get(shardId) ?? [];
      let safe: string | undefined;
      while (order[0]?.done) safe = order.shift()?.sequenceNumber;
      const at = order.length === 0 ? read : safe;
      if (at === undefined || this.checkpointed.get(shardId) === at) continue;
      await this.state.checkpoint(this.streamArn, shardId, at);
      this.checkpointed.set(shardId, at);
    }
  }

  private async handOver(records: StreamRecord[]): Promise<void> {
    const dispatch = this.startBatch();
    // Concurrently, as the function's batch processor (lib/composition/batch-handler.ts) runs a batch.
    await Promise.all(
      records.map(async (record) => {
        for (let tries = 1; ; tries++) {
          try {
            await dispatch(record);
            return;
          } catch (error) {
            // As Lambda does: retry the record, then give up on it (AWS: the stream failures queue).
            if (tries >= MAX_STREAM_TRIES) {
              logger.error('Stream record dropped after retries', {
                error: error as Error,
                eventId: (record as { eventID?: string }).eventID,
              });
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, STREAM_POLL_MS));
          }
        }
      }),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    await Promise.all(this.lanes.map((lane) => lane.running));
    this.client.destroy();
  }
}

export interface WebhookRuntime {
  queue: LocalDeliveryQueue;
  stop(): Promise<void>;
}

/**
 * Starts the local dispatcher and worker on the table of `db`, where the last run on it stopped: after
 * the last stream record it handed over, with the messages it left queued. On a table never served
 * before, `from: 'LATEST'` (default) dispatches only what is written from now on.
 */
export async function startWebhookRuntime(
  db: Db,
  options: {
    endpoint: string;
    from?: ShardIteratorType;
    worker?: Omit<WorkerDependencies, 'queue'>;
  },
): Promise<WebhookRuntime> {
  const dynamo = localClient(options.endpoint);
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: db.tableName }));
  if (!Table?.LatestStreamArn) throw new Error(`Table ${db.tableName} has no stream`);
  const state = new LocalStreamState(dynamo, db.tableName);
  await state.open();
  const queue = new LocalDeliveryQueue(db, options.worker, state);
  const poller = new StreamPoller(
    options.endpoint,
    Table.LatestStreamArn,
    // A dispatcher per batch, as each Lambda invocation has its own: endpoints read, and spaces
    // sequenced, once a batch.
    () => {
      // The event stream's output: the local gateway's sockets, once it serves them.
      const dispatcher = new Dispatcher(db, queue, sharedStreamOutput());
      return (record) =>
        runAsFunction(BACKGROUND_FUNCTIONS.webhookDispatcher, () =>
          dispatchRecord(dispatcher, record),
        );
    },
    options.from ?? 'LATEST',
    state,
  );
  const resumed = await queue.resume();
  if (resumed > 0)
    logger.info('Webhook deliveries taken up where the last run left them', { resumed });
  await poller.start();
  return {
    queue,
    async stop() {
      await poller.stop();
      await queue.stop();
      dynamo.destroy();
    },
  };
}
