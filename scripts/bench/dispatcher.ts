import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { sequencePending } from '../../lib/db/log/sequencer.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { DEFAULT_HOURLY_LIMIT } from '../../lib/config.js';
import { LIMITS } from '../../lib/schemas/limits.js';
import {
  DISPATCHER_EVENT_SOURCE,
  Dispatcher,
  matchesStreamFilter,
} from '../../lib/composition/dispatcher.js';
import { streamOutput } from '../../lib/composition/event-stream.js';
import type { Db } from '../../lib/db/client.js';
import { queryPage } from '../../lib/db/dynamo.js';
import { underPrefix } from '../../lib/db/ids.js';
import { PENDING_PREFIX, type PendingEntryItem } from '../../lib/db/log/entries.js';
import type { SpaceId } from '../../lib/db/spaces.js';
import type { EventItem } from '../../lib/events/model.js';
import { getEventItem, listEvents } from '../../lib/events/store.js';
import { closeConnection, openConnection, subscribe } from '../../lib/events/stream.js';
import { currentVersion } from '../../lib/versions/shape.js';
import { withDeployedPermissions } from '../local/aws.js';
import { localClient } from '../local/dynamodb-local.js';
import { fullAccessContext } from '../local/events.js';
import { LocalStreamState } from '../local/stream-state.js';
import { startWebhookRuntime } from '../local/webhooks.js';
import { measureRoute, recordingDb } from './capacity.js';
import { seedTenant } from './seed.js';
import { table } from './stats.js';

/**
 * The webhook dispatcher's throughput on the local stack (#8 of the hardening issue): a backlog of
 * POST /jds/batch writes (100 JDs each, their events placed after each as a reader or the dispatcher
 * places them) is left in the table's stream with no poller running; then the local poller, which
 * filters and batches as Lambda's event source mapping does, starts at the stream's oldest record and
 * is timed until its checkpoint passes the backlog's last record. Against the most one key can write:
 * its hour's requests, each a batch of 100.
 */
const BATCHES = Number(process.env.BENCH_DISPATCH_BATCHES ?? 20);

/** One key's most: every request of its hour a batch of 100 JDs. */
export const ONE_KEY_JDS_PER_SECOND = (DEFAULT_HOURLY_LIMIT * LIMITS.batchItems) / 3600;

export interface DispatcherRun {
  jds: number;
  records: number;
  dispatched: number;
  seconds: number;
  /** one write's two records on the dispatcher's path (a subscribed connection, one endpoint) */
  oneWrite: DispatchPath;
}

/** What the dispatcher sends DynamoDB for one write's records: its read units and calls, by command. */
export interface DispatchPath {
  readUnits: number;
  writeUnits: number;
  calls: Record<string, number>;
}

/**
 * The dispatcher's DynamoDB work for one POST /jds with one connection subscribed to the space's
 * event stream and one endpoint: the write's pending entry, then (a batch later, as the stream brings
 * it) its event, each dispatched as the stream brings it.
 */
async function measureOneWrite(
  db: Db,
  recorder: ReturnType<typeof recordingDb>,
  tenantId: SpaceId,
  context: ReturnType<typeof fullAccessContext>,
): Promise<DispatchPath> {
  const post = streamOutput({ post: async () => 'sent', close: async () => undefined });
  post.keysRevoked = async () => new Set();
  await openConnection(db, tenantId, {
    connectionId: 'bench-listener',
    keyId: 'bench',
    apiVersion: currentVersion(),
  });
  await subscribe(db, tenantId, 'bench-listener', undefined, post);
  const queue = { send: async () => undefined };
  const { work } = await measureRoute(recorder, context, 'POST', '/jds', {
    title: 'Senior Backend Engineer, Payments Platform',
    description: 'Owns the ledger service end to end. '.repeat(30),
    createdById: 'ats-sync',
  });
  if (work.status !== 201) throw new Error(`POST /jds answered ${work.status}`);
  const { items } = await queryPage<PendingEntryItem>(db, {
    ...underPrefix(tenantId, PENDING_PREFIX),
    ConsistentRead: true,
  });
  const pending = items[0];
  if (!pending) throw new Error('the write left no pending entry');
  recorder.calls.length = 0;
  await new Dispatcher(recorder.db, queue, post).dispatch(pending);
  const calls = [...recorder.calls];
  const newest = (await listEvents(db, tenantId, { limit: 100 })).events.at(-1);
  const event = newest && (await getEventItem(db, tenantId, newest.id));
  if (!event) throw new Error('the write recorded no event');
  recorder.calls.length = 0;
  await new Dispatcher(recorder.db, queue, post).dispatch(event as EventItem);
  calls.push(...recorder.calls);
  // The backlog below is timed without a listener, as before.
  await closeConnection(db, tenantId, 'bench-listener');
  const byCommand: Record<string, number> = {};
  for (const call of calls)
    byCommand[call.command.replace(/Command$/, '')] =
      (byCommand[call.command.replace(/Command$/, '')] ?? 0) + 1;
  return {
    readUnits: calls.reduce((sum, call) => sum + call.read, 0),
    writeUnits: calls.reduce((sum, call) => sum + call.billedWrite, 0),
    calls: byCommand,
  };
}

/** Every record of the table's one stream: how many, how many the filter lets through, the newest. */
async function streamContents(
  endpoint: string,
  tableName: string,
): Promise<{ streamArn: string; records: number; dispatched: number; newest: bigint }> {
  const dynamo = localClient(endpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    const streamArn = Table?.LatestStreamArn as string;
    const { StreamDescription } = await streams.send(
      new DescribeStreamCommand({ StreamArn: streamArn }),
    );
    let records = 0;
    let dispatched = 0;
    let newest = 0n;
    for (const shard of StreamDescription?.Shards ?? []) {
      let iterator = (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shard.ShardId,
            ShardIteratorType: 'TRIM_HORIZON',
          }),
        )
      ).ShardIterator;
      while (iterator) {
        const page = await streams.send(
          new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }),
        );
        if (!page.Records?.length) break;
        for (const record of page.Records) {
          records += 1;
          if (matchesStreamFilter(record)) dispatched += 1;
          const sequence = BigInt(record.dynamodb?.SequenceNumber ?? '0');
          if (sequence > newest) newest = sequence;
        }
        iterator = page.NextShardIterator;
      }
    }
    return { streamArn, records, dispatched, newest };
  } finally {
    streams.destroy();
    dynamo.destroy();
  }
}

export async function measureDispatcher(
  endpoint: string,
  tableName: string,
  log: (message: string) => void,
): Promise<DispatcherRun> {
  const saved = process.env.WEBHOOK_ALLOW_LOCAL_URLS;
  process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
  // The local stand-ins of the stack's other services (its webhook secrets key), as npm start has them.
  const db = await withDeployedPermissions(createDb({ endpoint, tableName }));
  const recorder = recordingDb(endpoint, tableName);
  const tenantId = liveSpaceOf('bench-dispatch');
  await seedTenant(recorder.db, tenantId, 0, 0);
  const context = fullAccessContext(tenantId, 'bench');
  // One endpoint, subscribed to the JDs' events: the dispatcher queues a delivery of each for it.
  const hook = await measureRoute(recorder, context, 'POST', '/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['jd.created'],
  });
  if (hook.work.status !== 201) throw new Error(`POST /webhooks answered ${hook.work.status}`);
  const oneWrite = await measureOneWrite(db, recorder, tenantId, context);
  log(`  one write's records: ${JSON.stringify(oneWrite)}`);
  for (let batch = 0; batch < BATCHES; batch++) {
    if (batch % 5 === 0) log(`  backlog: batch ${batch + 1} of ${BATCHES}`);
    const items = Array.from({ length: LIMITS.batchItems }, (_, n) => ({
      externalId: `REQ-${batch}-${n}`,
      title: `Senior Backend Engineer ${batch}.${n}, Payments Platform`,
      description: 'Owns the ledger service end to end. '.repeat(30),
      createdById: 'ats-sync',
    }));
    const { work } = await measureRoute(recorder, context, 'POST', '/jds/batch', { items });
    if (work.status !== 200) throw new Error(`POST /jds/batch answered ${work.status}`);
    await sequencePending(recorder.db, tenantId);
  }
  const backlog = await streamContents(endpoint, tableName);
  setSharedDb(db);
  const dynamo = localClient(endpoint);
  const state = new LocalStreamState(dynamo, tableName);
  log(`  draining ${backlog.records.toLocaleString('en')} stream records`);
  const started = performance.now();
  const runtime = await startWebhookRuntime(db, { endpoint, from: 'TRIM_HORIZON' });
  // The worker is a function of its own, fed by its own queue (on AWS it shares nothing with the
  // dispatcher but the table, which scales): its deliveries wait in the queue, kept, while the
  // dispatcher is timed, so DynamoDB Local's cores measure the dispatcher's work alone.
  await runtime.queue.stop();
  try {
    for (;;) {
      const checkpoints = Object.values((await state.checkpoints(backlog.streamArn)) ?? {});
      if (checkpoints.some((sequence) => BigInt(sequence) >= backlog.newest)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      jds: BATCHES * LIMITS.batchItems,
      records: backlog.records,
      dispatched: backlog.dispatched,
      seconds: (performance.now() - started) / 1000,
      oneWrite,
    };
  } finally {
    await runtime.stop();
    dynamo.destroy();
    setSharedDb(undefined);
    if (saved === undefined) delete process.env.WEBHOOK_ALLOW_LOCAL_URLS;
    else process.env.WEBHOOK_ALLOW_LOCAL_URLS = saved;
  }
}

/** The section of docs/benchmarks.md, and its target. */
export function dispatcherSection(
  run: DispatcherRun,
  check: (ok: boolean, text: string) => void,
): string[] {
  const jdsPerSecond = run.jds / run.seconds;
  const recordsPerJd = run.records / run.jds;
  check(
    jdsPerSecond > ONE_KEY_JDS_PER_SECOND,
    `the local webhook dispatcher drains JD writes faster than one key can make them, in batches of 100 at its hour's ${DEFAULT_HOURLY_LIMIT.toLocaleString('en')} requests (${jdsPerSecond.toFixed(0)} vs ${ONE_KEY_JDS_PER_SECOND.toFixed(1)} JDs a second)`,
  );
  return [
    "## The webhook dispatcher's throughput",
    `${run.jds.toLocaleString('en')} JDs written by POST /jds/batch (100 a request, their events placed after each) while no poller runs, leaving ${run.records.toLocaleString('en')} records in the table's stream (${recordsPerJd.toFixed(1)} a JD, ${(run.dispatched / run.jds).toFixed(1)} of them the dispatcher's: the pending entry and the event); then the local poller, filtering and batching as Lambda's event source mapping does (${DISPATCHER_EVENT_SOURCE.batchSize} filtered records a batch), from the stream's oldest record until its checkpoint passed the last. The tenant has one webhook endpoint subscribed to \`jd.created\`: each event's delivery is queued (and kept, as SQS keeps it), not sent meanwhile, since the worker is a function of its own on AWS. One tenant's records, so one lane of the shard, one batch at a time, as on AWS (ParallelizationFactor ${DISPATCHER_EVENT_SOURCE.parallelizationFactor}: other tenants' records would go in the other lanes at once).`,
    table(
      [
        'what',
        'stream records/s',
        "dispatcher's records/s",
        'JD writes/s',
        'one key at most (JDs/s)',
        'ratio',
      ],
      [
        [
          `${run.records.toLocaleString('en')} records in ${run.seconds.toFixed(1)} s`,
          (run.records / run.seconds).toFixed(0),
          (run.dispatched / run.seconds).toFixed(0),
          jdsPerSecond.toFixed(0),
          ONE_KEY_JDS_PER_SECOND.toFixed(1),
          `${(jdsPerSecond / ONE_KEY_JDS_PER_SECOND).toFixed(1)}×`,
        ],
      ],
    ),
    `One write's records on the dispatcher's path (POST /jds, with one connection subscribed to the space's event stream and one endpoint): its pending entry, then its event, each in a batch of its own as the stream brings them. What the dispatcher sends DynamoDB for them: ${run.oneWrite.readUnits} read units and ${run.oneWrite.writeUnits} write units, in ${Object.entries(
      run.oneWrite.calls,
    )
      .map(([command, count]) => `${count} ${command}`)
      .join(', ')}.`,
  ];
}
