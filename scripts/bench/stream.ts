import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { setSharedDb } from '../../lib/db/client.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { createKey } from '../../lib/composition/keys.js';
import { createJd } from '../../lib/jds/api.js';
import { MAX_CONNECTIONS_PER_SPACE } from '../../lib/events/stream.js';
import { placeAndStream } from '../../lib/composition/dispatcher.js';
import { sharedStreamOutput } from '../../lib/composition/event-stream.js';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { withDeployedPermissions } from '../local/aws.js';
import { startGateway } from '../local/gateway.js';
import { runAsFunction } from '../local/iam.js';
import { recordingDb } from './capacity.js';
import { PRICES } from './cost.js';

/**
 * The event stream at scale on the local stack, within its ceilings: SPACES spaces holding their most
 * connections each (MAX_CONNECTIONS_PER_SPACE, 1,000 WebSockets in all) through the local gateway (the
 * real authorizer and stream function on each upgrade), what they take of the process's memory, the
 * upgrade one more refused (409), and how long the dispatcher's fan-out of one event to one space's
 * hundred takes; then what one event delivered costs in DynamoDB units (a recording client's count), to
 * each of a space's hundred and to a lone listener, and a listener's month on AWS's price list.
 */

/** spaces opened, each with its most connections */
export const SPACES = 10;
export const CONNECTIONS = SPACES * MAX_CONNECTIONS_PER_SPACE;
const TENANT = 'bench-stream';

/** DynamoDB units for one event delivered to one connection (a fan-out's total over its connections) */
export interface DeliveryUnits {
  rcu: number;
  wcu: number;
  calls: number;
}

export interface StreamScale {
  connections: number;
  spaces: number;
  /** the JS heap grown by opening and subscribing them, per connection (bytes) */
  heapPerConnection: number;
  openMs: number;
  /** the status the upgrade one past a full space's ceiling was answered */
  pastCeilingStatus: number;
  /** one event to a space's hundred: the dispatcher's fan-out, from its call to its return */
  fanOutMs: number;
  /** from that call to each connection's receipt (p50, p99, across the hundred) */
  receivedMs: { p50: number; p99: number };
  /** each of a space's hundred, for one event */
  perDelivery: DeliveryUnits;
  /** a lone listener in its space, for one event */
  alone: DeliveryUnits;
  /** and a fan-out that finds a space's hundred at the log's head (an event already delivered) */
  perIdleLook: { rcu: number; wcu: number };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** An upgrade and its subscription: resolves once subscribed, calling `onEvent` for each event frame. */
function subscribe(url: string, key: string, onEvent: () => void) {
  const socket = new WebSocket(url, { headers: { 'X-API-Key': key } });
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(Object.assign(new Error('upgrade refused'), { status: response.statusCode })),
    );
    socket.once('open', () => socket.send(JSON.stringify({ action: 'subscribe' })));
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string };
      if (frame.type === 'subscribed') resolve();
      if (frame.type === 'event') onEvent();
    });
  });
  return { socket, subscribed };
}

export async function measureStreamScale(
  endpoint: string,
  tableName: string,
): Promise<StreamScale> {
  const recorder = recordingDb(endpoint, tableName);
  const db = await withDeployedPermissions(recorder.db);
  // Every upgrade comes from this machine's one address: the per-address minute would refuse the 501st.
  const savedIpLimit = process.env.API_RATE_LIMIT_MAX;
  process.env.API_RATE_LIMIT_MAX = String(CONNECTIONS * 10);
  setSharedDb(db);
  const gateway = await startGateway(0, '127.0.0.1');
  const url = `${gateway.url.replace(/^http/, 'ws')}/events/stream`;
  const sockets: WebSocket[] = [];
  const open = (key: string, onEvent: () => void) => {
    const opened = subscribe(url, key, onEvent);
    sockets.push(opened.socket);
    return opened.subscribed;
  };
  // One read key a space (each upgrade counts once against its key's hour: 1,000 by default).
  const keyOf = async (tenant: string) => {
    await ensureTenant(db, liveSpaceOf(tenant));
    const created = await createKey(db, tenant, {
      name: 'listener',
      scopes: ['read'],
      createdBy: 'bench',
    });
    return created.key;
  };
  try {
    const tenants = Array.from({ length: SPACES }, (_, n) => `${TENANT}-${n}`);
    const keys = await Promise.all(tenants.map(keyOf));
    global.gc?.();
    const before = process.memoryUsage();
    const opened = Date.now();
    const received: number[] = [];
    let sentAt = 0;
    // Opened a batch at a time, as listeners arrive: each upgrade runs the authorizer and $connect.
    // The first space's hundred time the fan-out; the others hold their ceilings beside it.
    for (const [n, key] of keys.entries()) {
      const onEvent = n === 0 ? () => received.push(Date.now() - sentAt) : () => undefined;
      for (let opening = 0; opening < MAX_CONNECTIONS_PER_SPACE; opening += 50)
        await Promise.all(Array.from({ length: 50 }, () => open(key, onEvent)));
    }
    const openMs = Date.now() - opened;
    global.gc?.();
    const after = process.memoryUsage();
    const pastCeilingStatus = await open(keys[0] as string, () => undefined).then(
      () => 101,
      (error: { status?: number }) => error.status ?? 0,
    );

    const fanOutOnce = async (spaceId: ReturnType<typeof liveSpaceOf>) => {
      await createJd(db, spaceId, {
        title: 'Senior Platform Engineer, Payments Infrastructure',
        description: 'Created to time the fan-out of one event to every listener.',
        createdById: 'bench',
      });
      const output = sharedStreamOutput();
      if (!output) throw new Error('The local gateway set no stream output');
      const mark = recorder.calls.length;
      sentAt = Date.now();
      await runAsFunction(BACKGROUND_FUNCTIONS.webhookDispatcher, () =>
        placeAndStream(db, spaceId, output),
      );
      return { ms: Date.now() - sentAt, calls: recorder.calls.slice(mark) };
    };
    const units = (calls: typeof recorder.calls, kind: 'read' | 'billedWrite') =>
      calls.reduce((sum, call) => sum + call[kind], 0);
    const perConnection = (calls: typeof recorder.calls, connections: number) => ({
      rcu: units(calls, 'read') / connections,
      wcu: units(calls, 'billedWrite') / connections,
      calls: calls.length / connections,
    });

    // One event, fanned out as the dispatcher does (its function's grants), to a space's hundred.
    const hundred = liveSpaceOf(tenants[0] as string);
    const fanned = await fanOutOnce(hundred);
    for (let waited = 0; received.length < MAX_CONNECTIONS_PER_SPACE && waited < 10_000;)
      waited += await sleep(50, 50);
    // Again, with nothing new: every connection at the head.
    const idleMark = recorder.calls.length;
    const output = sharedStreamOutput();
    if (!output) throw new Error('The local gateway set no stream output');
    await runAsFunction(BACKGROUND_FUNCTIONS.webhookDispatcher, () =>
      placeAndStream(db, hundred, output),
    );
    const idleCalls = recorder.calls.slice(idleMark);

    // A lone listener in a space of its own: the page after its place is read for it alone.
    const loneTenant = `${TENANT}-alone`;
    let loneHeard = 0;
    await open(await keyOf(loneTenant), () => loneHeard++);
    const lone = await fanOutOnce(liveSpaceOf(loneTenant));
    for (let waited = 0; loneHeard < 1 && waited < 10_000;) waited += await sleep(50, 50);
    return {
      connections: CONNECTIONS,
      spaces: SPACES,
      heapPerConnection: (after.heapUsed - before.heapUsed) / CONNECTIONS,
      openMs,
      pastCeilingStatus,
      fanOutMs: fanned.ms,
      receivedMs:
        received.length < MAX_CONNECTIONS_PER_SPACE
          ? { p50: Number.NaN, p99: Number.NaN }
          : { p50: quantile(received, 0.5), p99: quantile(received, 0.99) },
      perDelivery: perConnection(fanned.calls, MAX_CONNECTIONS_PER_SPACE),
      alone: perConnection(lone.calls, 1),
      perIdleLook: { rcu: units(idleCalls, 'read'), wcu: units(idleCalls, 'billedWrite') },
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await gateway.close();
    setSharedDb(undefined);
    if (savedIpLimit === undefined) delete process.env.API_RATE_LIMIT_MAX;
    else process.env.API_RATE_LIMIT_MAX = savedIpLimit;
  }
}

/** API Gateway WebSocket APIs' list prices (us-east-1, the first billion messages). */
export const WEBSOCKET_PRICES = {
  connectionMinutesPerMillion: 0.25,
  messagesPerMillion: 1.0,
};

/**
 * A listener on the stream for a month (730 hours), on AWS's price list: its connection's minutes, a
 * keep-alive every 5 minutes (and its answer), a reconnection every 2 hours (the authorizer, $connect
 * and the subscribe: three short invocations and their writes), and for each event heard its frame and
 * the DynamoDB units measured for each delivery (`perDelivery`: a lone listener's, or one of a space's
 * hundred).
 */
export function streamListenerMonth(
  perDelivery: DeliveryUnits,
  eventsPerHour: number,
): { total: number; items: [string, number][] } {
  const hours = 730;
  const million = 1_000_000;
  const minutes = hours * 60;
  const pings = (minutes / 5) * 2;
  const reconnects = hours / 2;
  const events = eventsPerHour * hours;
  const invocation = (ms: number) =>
    PRICES.lambdaRequestsPerMillion / million + (ms / 1000) * 0.5 * PRICES.lambdaArmGbSecond;
  const items: [string, number][] = [
    [
      `connection: ${minutes.toLocaleString('en')} minutes`,
      (minutes * WEBSOCKET_PRICES.connectionMinutesPerMillion) / million,
    ],
    [
      `keep-alive: a ping every 5 minutes and its pong (${pings.toLocaleString('en')} messages, no function)`,
      (pings * WEBSOCKET_PRICES.messagesPerMillion) / million,
    ],
    [
      `reconnecting every 2 hours (${reconnects}): the authorizer, $connect and the subscribe (about 20 ms each), the key's count and the connection's item`,
      reconnects *
        (3 * invocation(20) +
          (2 * WEBSOCKET_PRICES.messagesPerMillion) / million +
          (3 * PRICES.dynamoWritePerMillion) / million),
    ],
  ];
  if (events > 0)
    items.push(
      [
        `${events.toLocaleString('en')} events heard: their frames`,
        (events * WEBSOCKET_PRICES.messagesPerMillion) / million,
      ],
      [
        'and for each, its DynamoDB units (measured above)',
        (events *
          (perDelivery.wcu * PRICES.dynamoWritePerMillion +
            perDelivery.rcu * PRICES.dynamoReadPerMillion)) /
          million,
      ],
    );
  return { total: items.reduce((sum, [, value]) => sum + value, 0), items };
}
