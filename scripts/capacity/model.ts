import {
  AUTHORIZER_FUNCTION,
  NOT_FOUND_FUNCTION,
  routeEntries,
} from '../../lib/composition/routes.js';
import { BACKGROUND_FUNCTIONS, STREAM_FUNCTION } from '../../lib/functions.js';
import { RECONNECT_WINDOW_MS } from '../../clients/typescript/src/stream.js';
import {
  DEPLOYMENT_FUNCTION_METADATA_KEY,
  FUNCTION_METADATA_KEY,
} from '../../infra/api-function.js';
import { DEFAULT_HOURLY_LIMIT } from '../../lib/config.js';
import { LIMITS } from '../../lib/schemas/limits.js';
import type { CfnTemplate } from '../local/stack-template.js';
import { QUOTAS, reservableConcurrency } from './quotas.js';

/**
 * The capacity of one deployment shared by every tenant (`npm run capacity`, docs/operations.md,
 * "Capacity"): what each function does, read from the synthesized prod template (one namespace,
 * scripts/local/stack-template.ts's appTemplate), what a tenant asks of it (a traffic mix), and AWS's
 * quotas (./quotas.ts). For each shared limit it gives the number of tenants at which it binds, so the
 * first to bind is known before it does. A function the model has no place for is an error: a new one
 * must say what it takes.
 */

/** What a function is to the model: what drives its invocations, and so what it takes. */
export type FunctionKind =
  | 'authorizer'
  | 'route'
  | 'long-poll'
  | 'product-events'
  | 'dispatcher'
  | 'deliveries'
  | 'stream'
  | 'request-log';

export interface ModelledFunction {
  name: string;
  logicalId: string;
  kind: FunctionKind;
  timeoutSeconds: number;
  reserved: number | undefined;
  /** its queue's or stream's event source: a batch's size, the most invocations at once, and (a stream's) the batches of one shard at once */
  source?: EventSource;
  environment: Record<string, string>;
}

interface EventSource {
  batchSize: number;
  maxConcurrency: number | undefined;
  /** a stream's ParallelizationFactor: batches of one shard processed at once (1 unless set) */
  parallelizationFactor: number;
}

const BACKGROUND_KINDS: Record<string, FunctionKind> = {
  [BACKGROUND_FUNCTIONS.eventConsumer]: 'product-events',
  [BACKGROUND_FUNCTIONS.webhookDispatcher]: 'dispatcher',
  [BACKGROUND_FUNCTIONS.webhookWorker]: 'deliveries',
  // CloudWatch Logs' batches of the API functions' request-log lines: about one a second per busy function instance.
  [BACKGROUND_FUNCTIONS.requestLogWriter]: 'request-log',
  // Runs only as a connection opens, subscribes or closes: a listener's few invocations in 2 hours.
  [STREAM_FUNCTION]: 'stream',
};

/** The kind of the function named `name`, from the code's own tables; undefined for one it has no place for. */
function kindOf(name: string): FunctionKind | undefined {
  if (name === AUTHORIZER_FUNCTION) return 'authorizer';
  if (name === NOT_FOUND_FUNCTION) return 'route';
  const route = routeEntries().find(([, found]) => found.functionName === name)?.[1];
  if (route) return route.longPoll ? 'long-poll' : 'route';
  return BACKGROUND_KINDS[name];
}

/** The resources a value refers to (`Ref`, `Fn::GetAtt`), anywhere in it. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const inner of value) refsIn(inner, found);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') found.push(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner)) found.push(String(inner[0]));
      else refsIn(inner, found);
    }
  return found;
}
const refOf = (value: unknown): string | undefined => refsIn(value)[0];

/** Every function of the app's template, with its kind; throws on one the model has no place for. */
export function functionsOf(template: CfnTemplate): ModelledFunction[] {
  const resources = Object.entries(template.Resources);
  // An event source names an alias, whose function is the one it feeds.
  const functionOfAlias = new Map(
    resources
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Alias')
      .map(([id, resource]) => [id, refOf(resource.Properties?.FunctionName)]),
  );
  const sources = new Map<string, EventSource>();
  for (const [, resource] of resources) {
    if (resource.Type !== 'AWS::Lambda::EventSourceMapping') continue;
    // The alias it names (inside the ARN a Fn::Join spells), and the alias's function.
    const alias = refsIn(resource.Properties?.FunctionName).find((id) => functionOfAlias.has(id));
    const fn = alias ? functionOfAlias.get(alias) : refOf(resource.Properties?.FunctionName);
    if (fn)
      sources.set(fn, {
        batchSize: Number(resource.Properties?.BatchSize ?? 10),
        maxConcurrency: (resource.Properties?.ScalingConfig as { MaximumConcurrency?: number })
          ?.MaximumConcurrency,
        parallelizationFactor: Number(resource.Properties?.ParallelizationFactor ?? 1),
      });
  }
  return (
    resources
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
      // CDK's copy of the console's build runs once a deployment, on none of the app's traffic.
      .filter(([, resource]) => !resource.Metadata?.[DEPLOYMENT_FUNCTION_METADATA_KEY])
      .map(([logicalId, resource]) => {
        const name = String(resource.Metadata?.[FUNCTION_METADATA_KEY] ?? logicalId);
        const kind = kindOf(name);
        if (!kind)
          throw new Error(
            `The capacity model has no place for function ${name} (${logicalId}): say what drives it (scripts/capacity/model.ts)`,
          );
        const source = sources.get(logicalId);
        return {
          name,
          logicalId,
          kind,
          timeoutSeconds: Number(resource.Properties?.Timeout ?? 3),
          reserved: resource.Properties?.ReservedConcurrentExecutions as number | undefined,
          ...(source ? { source } : {}),
          environment:
            (resource.Properties?.Environment as { Variables?: Record<string, string> })
              ?.Variables ?? {},
        };
      })
  );
}

/** What one tenant asks of the service, a second (defaults: an ATS and a dashboard of a mid-size company). */
export interface TenantMix {
  /** authenticated GETs */
  readsPerSecond: number;
  /** creates and changes through the API */
  writesPerSecond: number;
  /** the product's events (resumes parsed, applications scored) */
  productEventsPerSecond: number;
  /** webhook endpoints subscribed to every event */
  webhookEndpoints: number;
  /** clients following the log with GET /events?wait=20 (those that cannot hold a WebSocket) */
  listeners: number;
  /** clients following the log on the event stream (the clients' default) */
  streamListeners: number;
  /** an assistant's tool calls */
  mcpCallsPerSecond: number;
}

export const DEFAULT_MIX: TenantMix = {
  readsPerSecond: 0.5,
  writesPerSecond: 0.05,
  productEventsPerSecond: 0.2,
  webhookEndpoints: 1,
  listeners: 0.1,
  streamListeners: 1,
  mcpCallsPerSecond: 0.02,
};

/**
 * What each piece of work takes, as the benchmarks measure it (docs/benchmarks.md): Lambda time, and
 * DynamoDB units as DynamoDB bills them.
 */
export const WORK = {
  authorizerSeconds: 0.02,
  readSeconds: 0.04,
  writeSeconds: 0.06,
  mcpSeconds: 0.15,
  /** a read's units: a GET by id 1, a page of 20 11; a mix */
  readRcu: 6,
  /** the authorizer's counted write, on every request */
  authorizerWcu: 1,
  /** POST /jds: its transaction (16) and its place in the log (6) */
  writeWcu: 22,
  /** an application.upserted: the application, its copy, its event (16) and its place in the log (6) */
  productEventWcu: 22,
  /** a product-events batch of 10, consumed */
  consumerBatchSeconds: 0.5,
  /**
   * the request log: a writer batch (a function instance's second of lines, taken as 10 requests)
   * takes about 50 ms, and its entries about 0.05 write units each (packed, gzip'd: docs/benchmarks.md)
   */
  requestLogEntriesPerBatch: 10,
  requestLogBatchSeconds: 0.05,
  requestLogWcuPerEntry: 0.05,
  /** a webhook delivery: the receiver's answer, and its record */
  deliverySeconds: 0.2,
  deliveryWcu: 2,
  /** events a write or a product event records (a scored application: created and scored) */
  eventsPerChange: 1.2,
  /** a waiting listener: a request every 20 s, looks at the log twice a second (2 read units each), four counted writes a request */
  listenerRequestsPerSecond: 1 / 20,
  listenerRcuPerSecond: 4,
  listenerWcuPerRequest: 4,
  /** a stream listener: a keep-alive every 5 minutes (a message API Gateway answers itself) */
  streamPingsPerSecond: 1 / 300,
  /** and a connection at least every 2 hours (API Gateway closes it then), sooner on a network's whim: one an hour */
  streamConnectsPerSecond: 1 / 3600,
  /**
   * A mass reconnect: every connection dropped at once (a stage replaced, API Gateway going away, the
   * 2 hours of connections opened together) reopens after a random wait within the clients' window
   * (RECONNECT_WINDOW_MS, 30 s, the Python client's RECONNECT_WINDOW alike), so N connections ask N/30
   * new connections a second, against API Gateway's 500 for the account: 15,000 listeners at most.
   */
  streamReconnectWindowSeconds: RECONNECT_WINDOW_MS / 1000,
  /** a connection's opening in the stream function: its $connect and its subscribe, about 50 ms together */
  streamOpenSeconds: 0.05,
  /** an event delivered to a connection: its hold taken and let go (2 units), the log read after its place (2) */
  streamWcuPerDelivery: 2,
  streamRcuPerDelivery: 2,
  /**
   * a dispatcher batch of 100 filtered records (each change's pending entry and its event): a
   * sequencing, a fan-out and an endpoint read per space, a queue send per event; 0.2–0.3 s on
   * DynamoDB Local (docs/benchmarks.md, "The webhook dispatcher's throughput"), taken as 0.5 s on AWS
   */
  dispatcherBatchSeconds: 0.5,
  /** the stream records the dispatcher is handed per event: its pending entry, then the event */
  dispatchedRecordsPerEvent: 2,
} as const;

/** What one stream shard's dispatcher takes, and the most one key can write into it. */
export interface DispatcherShard {
  batchSize: number;
  parallelizationFactor: number;
  /** records the dispatcher takes a second from one shard: its batches at once × a batch / a batch's time */
  recordsPerSecond: number;
  /** the same in JD writes (one event each) */
  jdsPerSecond: number;
  /** the most one key writes: every request of its hour a POST /jds/batch of 100 */
  oneKeyJdsPerSecond: number;
  oneKeyRecordsPerSecond: number;
}

/**
 * The webhook dispatcher's rate per shard of the table's stream, from its event source mapping
 * (BatchSize, ParallelizationFactor): a shard's records go one batch at a time (ParallelizationFactor
 * at once, each its partition keys' records in order), so every tenant whose partition is on a shard
 * shares this, and one tenant's burst is before the others' records that follow it.
 */
export function dispatcherPerShard(template: CfnTemplate): DispatcherShard {
  const dispatcher = functionsOf(template).find((fn) => fn.kind === 'dispatcher');
  if (!dispatcher?.source) throw new Error('The template has no dispatcher with an event source');
  const { batchSize, parallelizationFactor } = dispatcher.source;
  const recordsPerSecond = (parallelizationFactor * batchSize) / WORK.dispatcherBatchSeconds;
  const oneKeyJdsPerSecond = (DEFAULT_HOURLY_LIMIT * LIMITS.batchItems) / 3600;
  return {
    batchSize,
    parallelizationFactor,
    recordsPerSecond,
    jdsPerSecond: recordsPerSecond / WORK.dispatchedRecordsPerEvent,
    oneKeyJdsPerSecond,
    oneKeyRecordsPerSecond: oneKeyJdsPerSecond * WORK.dispatchedRecordsPerEvent,
  };
}

/** The HTTP API's requests one tenant makes a second (each through the authorizer, each answered by a route). */
export function apiRequestsPerSecond(mix: TenantMix): number {
  return (
    mix.readsPerSecond +
    mix.writesPerSecond +
    mix.mcpCallsPerSecond +
    mix.listeners * WORK.listenerRequestsPerSecond
  );
}

/** One limit every tenant shares: its capacity, what one tenant takes of it, and what reaching it does. */
export interface SharedLimit {
  what: string;
  capacity: number;
  unit: string;
  perTenant: number;
  /** what happens at the limit, and what raises it */
  atTheLimit: string;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The service's shared limits for `mix`, from the template's functions and stage settings. */
export function sharedLimits(template: CfnTemplate, mix: TenantMix = DEFAULT_MIX): SharedLimit[] {
  const functions = functionsOf(template);
  const one = (kind: FunctionKind) => {
    const found = functions.find((fn) => fn.kind === kind);
    if (!found) throw new Error(`The template has no ${kind} function`);
    return found;
  };
  // The HTTP API's stage ($default); the event stream's WebSocket API has a stage of its own.
  const stage = Object.values(template.Resources).find(
    (resource) =>
      resource.Type === 'AWS::ApiGatewayV2::Stage' && resource.Properties?.StageName === '$default',
  );
  const throttle = stage?.Properties?.DefaultRouteSettings as
    { ThrottlingRateLimit?: number } | undefined;
  const reserved = sum(functions.map((fn) => fn.reserved ?? 0));
  // Past it there is no capacity to model: Lambda refuses the reservations, and the deploy fails.
  if (reserved > reservableConcurrency())
    throw new Error(
      `The functions reserve ${reserved.toLocaleString('en-US')} of the account's ${QUOTAS.lambdaConcurrency.value.toLocaleString('en-US')} concurrent executions (${functions
        .filter((fn) => fn.reserved)
        .map((fn) => `${fn.name} ${fn.reserved}`)
        .join(
          ', ',
        )}): Lambda keeps ${QUOTAS.lambdaUnreservedFloor.value} unreserved and refuses the rest, so the deploy fails; reserve at most ${reservableConcurrency().toLocaleString('en-US')}`,
    );
  const longPoll = one('long-poll');
  const waitCeiling = Number(longPoll.environment.LONG_POLL_CEILING ?? 180);
  const consumer = one('product-events');
  const worker = one('deliveries');
  const authorizer = one('authorizer');
  const streamFunction = one('stream');

  const apiRequests = apiRequestsPerSecond(mix);
  const events = (mix.writesPerSecond + mix.productEventsPerSecond) * WORK.eventsPerChange;
  const deliveries = events * mix.webhookEndpoints;
  const streamDeliveries = events * mix.streamListeners;
  // Each a message API Gateway counts: the frames posted, the keep-alives, the upgrades.
  const streamMessages =
    streamDeliveries +
    mix.streamListeners * (WORK.streamPingsPerSecond + WORK.streamConnectsPerSecond);
  // What runs on the unreserved pool: the routes (not the long-poll, which has its own), the consumers.
  const unreservedSeconds =
    mix.readsPerSecond * WORK.readSeconds +
    mix.writesPerSecond * WORK.writeSeconds +
    mix.mcpCallsPerSecond * WORK.mcpSeconds +
    (mix.productEventsPerSecond / consumer.source!.batchSize) * WORK.consumerBatchSeconds +
    deliveries * WORK.deliverySeconds +
    (apiRequests / WORK.requestLogEntriesPerBatch) * WORK.requestLogBatchSeconds;
  const consumerRate =
    ((consumer.source?.maxConcurrency ?? 1_000) * consumer.source!.batchSize) /
    WORK.consumerBatchSeconds;
  const workerRate =
    ((worker.source?.maxConcurrency ?? 1_000) * worker.source!.batchSize) / WORK.deliverySeconds;

  return [
    {
      what: 'Lambda: the account’s unreserved concurrency (every route but the long-poll, the consumers)',
      capacity: QUOTAS.lambdaConcurrency.value - reserved,
      unit: 'executions at once',
      perTenant: unreservedSeconds,
      atTheLimit:
        'Lambda throttles: API Gateway answers 500/503 of its own, queues back up. Raise the account’s concurrency (Service Quotas).',
    },
    {
      what: 'Lambda: the authorizer’s reserved concurrency (every request)',
      capacity: authorizer.reserved ?? QUOTAS.lambdaConcurrency.value,
      unit: 'executions at once',
      perTenant: apiRequests * WORK.authorizerSeconds,
      atTheLimit:
        'Every route answers API Gateway’s 500 (the AuthorizerThrottles alarm). Raise authorizerReservedConcurrency with the stage throttle.',
    },
    {
      what: 'Waiting listeners held at once (GET /events?wait=)',
      capacity: waitCeiling,
      unit: 'waits at once',
      perTenant: mix.listeners,
      atTheLimit:
        'A wait past it answers at once 429 wait_limited (the clients ask again after Retry-After): events come up to 20 s later, nothing else is touched. Raise longPollReservedConcurrency, or move listeners to the event stream.',
    },
    {
      what: 'API Gateway: the stage’s throttle',
      capacity: throttle?.ThrottlingRateLimit ?? QUOTAS.apiGatewayAccountRps.value,
      unit: 'requests a second',
      perTenant: apiRequests,
      atTheLimit:
        'API Gateway answers 429 {"message":"Too Many Requests"} for every tenant. Raise the stages’ throttle (throttleRateLimit in cdk.json’s stage, a setting), then the account’s.',
    },
    {
      what: 'API Gateway: the account, every API together (the event stream’s messages and frames too)',
      capacity: QUOTAS.apiGatewayAccountRps.value,
      unit: 'requests a second',
      perTenant: apiRequests + streamMessages,
      atTheLimit:
        'As the stage’s throttle, for every API of the account; frames the dispatcher posts are throttled and retried with its batch. Raise it (Service Quotas).',
    },
    {
      what: 'API Gateway: new WebSocket connections (the event stream’s upgrades), per account',
      capacity: QUOTAS.webSocketConnectsPerSecond.value,
      unit: 'connections a second',
      perTenant: mix.streamListeners * WORK.streamConnectsPerSecond,
      atTheLimit:
        'Upgrades are refused 429 by API Gateway; the clients fall back to the long-poll and try the stream again later. Raise it (Service Quotas).',
    },
    {
      what: 'API Gateway: new WebSocket connections when every one drops at once (a stage replaced, the 2 hours of connections opened together), each reopened within the clients’ 30 s',
      capacity: QUOTAS.webSocketConnectsPerSecond.value,
      unit: 'connections a second',
      perTenant: mix.streamListeners / WORK.streamReconnectWindowSeconds,
      atTheLimit:
        'The upgrades past it are refused 429: those clients back off (a random wait up to 1, 2, 4, 8 s), after 5 refusals in a row take the long-poll and try the stream again minutes later; events come later, none is lost. Raise it (Service Quotas) with the listeners: N come back at N/30 a second.',
    },
    {
      what: 'Lambda: the event stream function’s reserved concurrency, when every connection drops at once and reopens within the clients’ 30 s',
      capacity: streamFunction.reserved ?? QUOTAS.lambdaConcurrency.value,
      unit: 'executions at once',
      perTenant: (mix.streamListeners / WORK.streamReconnectWindowSeconds) * WORK.streamOpenSeconds,
      atTheLimit:
        'Upgrades past it are throttled (API Gateway answers them 500, no $connect run): those clients back off and reopen, as after a refused upgrade; connections already open and the routes are not touched. Raise streamReservedConcurrency.',
    },
    {
      what: 'DynamoDB: the table’s reads (on-demand maximum)',
      capacity: QUOTAS.dynamoTableRru.value,
      unit: 'read units a second',
      perTenant:
        mix.readsPerSecond * WORK.readRcu +
        mix.mcpCallsPerSecond * WORK.readRcu +
        mix.listeners * WORK.listenerRcuPerSecond +
        streamDeliveries * WORK.streamRcuPerDelivery,
      atTheLimit:
        'Reads are throttled: 503 unavailable with Retry-After (the TableThrottles alarm). Raise the table’s maximum.',
    },
    {
      what: 'DynamoDB: the table’s writes (on-demand maximum)',
      capacity: QUOTAS.dynamoTableWru.value,
      unit: 'write units a second',
      perTenant:
        apiRequests * WORK.authorizerWcu +
        apiRequests * WORK.requestLogWcuPerEntry +
        mix.writesPerSecond * WORK.writeWcu +
        mix.productEventsPerSecond * WORK.productEventWcu +
        deliveries * WORK.deliveryWcu +
        mix.listeners * WORK.listenerRequestsPerSecond * WORK.listenerWcuPerRequest +
        streamDeliveries * WORK.streamWcuPerDelivery,
      atTheLimit:
        'Writes are throttled: 503 with Retry-After, product events retried from their queue. Raise the table’s maximum.',
    },
    {
      what: 'The product-events consumer (its queue’s most invocations at once × a batch)',
      capacity: consumerRate,
      unit: 'events a second',
      perTenant: mix.productEventsPerSecond,
      atTheLimit:
        'Events wait in the queue (the ProductEventsBacklog alarm); none is lost. Raise the event source’s maximum concurrency.',
    },
    {
      what: 'The webhook worker (its queue’s most invocations at once × a batch)',
      capacity: workerRate,
      unit: 'deliveries a second',
      perTenant: deliveries,
      atTheLimit:
        'Deliveries wait in the queue (the DeliveryBacklog alarm); none is lost. Raise the event source’s maximum concurrency. A failing endpoint takes one delivery at a time: one that hangs holds one invocation’s place 15 s, not the queue.',
    },
    {
      what: 'EventBridge: PutEvents (the product’s events)',
      capacity: QUOTAS.eventBridgePutEvents.value,
      unit: 'events a second',
      perTenant: mix.productEventsPerSecond,
      atTheLimit:
        'The product’s PutEvents are throttled and must retry. Raise it (Service Quotas).',
    },
  ];
}

/** The tenants at which a limit binds. */
export const tenantsAt = (limit: SharedLimit) => limit.capacity / limit.perTenant;

/** An item every request of a kind writes, with its rate at its busiest and the most it takes. */
export interface HotItem {
  item: string;
  writesPerSecond: string;
  most: string;
}

export function hotItems(shard: DispatcherShard, mix: TenantMix = DEFAULT_MIX): HotItem[] {
  const events = (mix.writesPerSecond + mix.productEventsPerSecond) * WORK.eventsPerChange;
  const share = Math.round((100 * shard.oneKeyRecordsPerSecond) / shard.recordsPerSecond);
  return [
    {
      item: 'a key’s quota counter (KEYHASH#<hash>), one a key',
      writesPerSecond: 'one a request: 0.28 a second at the default 1,000 an hour, at most',
      most: `${QUOTAS.dynamoPartitionWcu.value.toLocaleString('en')} write units a second: a key would need 3,600,000 an hour`,
    },
    {
      item: 'a tenant’s log head (TENANT#<id> LOG#HEAD), one a space',
      writesPerSecond: `one transaction (2 units) a sequencing, each up to 49 changes: at most ${events.toFixed(2)} a second at the default mix`,
      most: `${QUOTAS.dynamoPartitionWcu.value.toLocaleString('en')} write units a second: about 500 sequencings, 24,000 changes a second for one tenant`,
    },
    {
      item: 'a tenant’s partition (TENANT#<id>), everything of one tenant',
      writesPerSecond: `${(mix.writesPerSecond * WORK.writeWcu + mix.productEventsPerSecond * WORK.productEventWcu).toFixed(1)} write units a second at the default mix`,
      most: `${QUOTAS.dynamoPartitionWcu.value.toLocaleString('en')} write units and ${QUOTAS.dynamoPartitionRcu.value.toLocaleString('en')} read units a second per partition, split by DynamoDB as the tenant grows: about 45 writes a second for one tenant before it must split`,
    },
    {
      item: 'a tenant’s event stream connections (TENANT#<id> STREAM#<connection>), in its partition',
      writesPerSecond: `two an event heard by a connection (its hold taken and let go): ${(events * mix.streamListeners * WORK.streamWcuPerDelivery).toFixed(2)} a second at the default mix`,
      most: `${QUOTAS.dynamoPartitionWcu.value.toLocaleString('en')} write units a second with the tenant’s other writes: about 500 deliveries a second for one tenant (its 100 connections at most, hearing 5 events a second), past which its listeners hear events later, not fewer`,
    },
    {
      item: 'a shard of the table’s stream, read by the webhook dispatcher: the tenants whose partitions it holds, their records in order',
      writesPerSecond: `two records the dispatcher takes an event (its pending entry, the event): ${(events * WORK.dispatchedRecordsPerEvent).toFixed(2)} a second a tenant at the default mix; one key’s most, every request of its hour a batch of 100 JDs: ${shard.oneKeyRecordsPerSecond.toFixed(1)} (${shard.oneKeyJdsPerSecond.toFixed(1)} JDs) a second`,
      most: `${shard.parallelizationFactor} batch${shard.parallelizationFactor === 1 ? '' : 'es'} at once (ParallelizationFactor) × ${shard.batchSize} records / ${WORK.dispatcherBatchSeconds} s a batch: ${Math.round(shard.recordsPerSecond).toLocaleString('en')} records (${Math.round(shard.jdsPerSecond).toLocaleString('en')} JDs) a second a shard, of which one key’s most takes ${share}%; keys writing more into one shard than that hold back every webhook and stream event of its tenants (docs/operations.md, "A burst"): raise ParallelizationFactor (up to 10)`,
    },
    {
      item: 'the waits held, by the 20 s window they began in (WAITS#<window>), one for the service',
      writesPerSecond:
        'two a wait (counted as it begins, given back as it ends), and two strongly consistent reads of the window before (what is still held): 18 writes a second in prod with every listener idle, 2 more for each listener hearing an event a second',
      most: `${QUOTAS.dynamoPartitionWcu.value.toLocaleString('en')} write units a second`,
    },
    {
      item: 'a client address’s minute (IP#<ip>), without the edge only (dev)',
      writesPerSecond: 'one a request of that address',
      most: 'the per-IP limit (500 a minute) refuses long before',
    },
  ];
}

/** What `npm run capacity` prints, and docs/operations.md holds: the limits in the order they bind, then 10, 1,000 and 10,000 tenants. */
export function capacityReport(template: CfnTemplate, mix: TenantMix = DEFAULT_MIX): string {
  const limits = sharedLimits(template, mix).sort((a, b) => tenantsAt(a) - tenantsAt(b));
  const number = (value: number) =>
    value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(value >= 1 ? 1 : 3);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines = [
    `With each tenant asking, a second: ${mix.readsPerSecond} reads, ${mix.writesPerSecond} writes, ${mix.productEventsPerSecond} product events, ${mix.mcpCallsPerSecond} tool calls, ${mix.webhookEndpoints} webhook endpoint, ${mix.streamListeners} listener on the event stream and ${mix.listeners} waiting on the long-poll.`,
    '',
    row(['shared limit', 'capacity', 'one tenant takes', 'binds at (tenants)', 'at the limit']),
    row(['---', '---', '---', '---', '---']),
    ...limits.map((limit) =>
      row([
        limit.what,
        `${number(limit.capacity)} ${limit.unit}`,
        number(limit.perTenant),
        number(tenantsAt(limit)),
        limit.atTheLimit,
      ]),
    ),
    '',
    row([
      'tenants',
      'the first limit to bind',
      'what it takes: each limit past 80% used, raised so that it is used 80%',
    ]),
    row(['---', '---', '---']),
    ...[10, 1_000, 10_000].map((tenants) => {
      // Past 80% of a limit is where it must be raised: traffic is not flat.
      const over = limits.filter((limit) => tenants > tenantsAt(limit) * 0.8);
      return row([
        tenants.toLocaleString('en'),
        over[0]
          ? `${over[0].what} (binds at ${number(tenantsAt(over[0]))})`
          : `none (the first binds at ${number(tenantsAt(limits[0] as SharedLimit))})`,
        over.length === 0
          ? 'nothing'
          : over
              .map(
                (limit) =>
                  `${limit.what}: ${number((limit.perTenant * tenants) / 0.8)} ${limit.unit}`,
              )
              .join('; '),
      ]);
    }),
    '',
    row(['hot item', 'writes', 'the most it takes']),
    row(['---', '---', '---']),
    ...hotItems(dispatcherPerShard(template), mix).map((item) =>
      row([item.item, item.writesPerSecond, item.most]),
    ),
  ];
  return lines.join('\n');
}
