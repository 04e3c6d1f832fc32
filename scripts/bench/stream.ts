import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { setSharedDb } from '../../lib/db/client.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { createApiKey } from '../../lib/keys/api.js';
import { createJd } from '../../lib/jds/api.js';
import { fanOut } from '../../lib/events/stream.js';
import { sharedStreamOutput } from '../../lib/composition/event-stream.js';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { withDeployedPermissions } from '../local/aws.js';
import { startGateway } from '../local/gateway.js';
import { runAsFunction } from '../local/iam.js';
import { recordingDb } from './capacity.js';
import { PRICES } from './cost.js';

/**
 * The event stream at scale on the local stack: CONNECTIONS WebSockets subscribed to one tenant's log
 * through the local gateway (the real authorizer and stream function on each upgrade), what they take of
 * the process's memory, and how long the dispatcher's fan-out of one event to all of them takes; then
 * what one event delivered to one connection costs in DynamoDB units (a recording client's count), and
 * a listener's month on AWS's price list, idle and at 100 events an hour.
 */

export const CONNECTIONS = 1_000;
/** keys the connections share (each upgrade counts once against its key's hour: 1,000 by default) */
const KEYS = 4;
const TENANT = 'bench-stream';

export interface StreamScale {
  connections: number;
  /** the JS heap grown by opening and subscribing them, per connection (bytes) */
  heapPerConnection: number;
  openMs: number;
  /** one event to every connection: the dispatcher's fan-out, from its call to its return */
  fanOutMs: number;
  /** from that call to each connection's receipt (p50, p99, across connections) */
  receivedMs: { p50: number; p99: number };
  /** DynamoDB units for one event delivered to one connection (the fan-out's total / connections) */
  perDelivery: { rcu: number; wcu: number; calls: number };
  /** and a fan-out that finds every connection at the log's head (an event already delivered) */
  perIdleLook: { rcu: number; wcu: number };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

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
  const spaceId = liveSpaceOf(TENANT);
  const sockets: WebSocket[] = [];
  try {
    await ensureTenant(db, spaceId);
    const keys = await Promise.all(
      Array.from({ length: KEYS }, (_, n) =>
        createApiKey(db, TENANT, { name: `listener ${n}`, scopes: ['read'], createdBy: 'bench' }),
      ),
    );
    global.gc?.();
    const before = process.memoryUsage();
    const opened = Date.now();
    const received: number[] = [];
    let sentAt = 0;
    // Opened a batch at a time, as listeners arrive: each upgrade runs the authorizer and $connect.
    for (let n = 0; n < CONNECTIONS; n += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, CONNECTIONS - n) }, (_, i) => {
          const socket = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/events/stream`, {
            headers: { 'X-API-Key': keys[(n + i) % KEYS]?.key as string },
          });
          sockets.push(socket);
          return new Promise<void>((resolve, reject) => {
            socket.once('error', reject);
            socket.once('open', () => socket.send(JSON.stringify({ action: 'subscribe' })));
            socket.on('message', (data) => {
              const frame = JSON.parse(data.toString()) as { type: string };
              if (frame.type === 'subscribed') resolve();
              if (frame.type === 'event') received.push(Date.now() - sentAt);
            });
          });
        }),
      );
    }
    const openMs = Date.now() - opened;
    global.gc?.();
    const after = process.memoryUsage();

    // One event, fanned out as the dispatcher does (its function's grants), to every connection.
    await createJd(db, spaceId, {
      title: 'Senior Platform Engineer, Payments Infrastructure',
      description: 'Created to time the fan-out of one event to every listener.',
      createdById: 'bench',
    });
    const output = sharedStreamOutput();
    if (!output) throw new Error('The local gateway set no stream output');
    const mark = recorder.calls.length;
    sentAt = Date.now();
    await runAsFunction(BACKGROUND_FUNCTIONS.webhookDispatcher, () => fanOut(db, spaceId, output));
    const fanOutMs = Date.now() - sentAt;
    const fanOutCalls = recorder.calls.slice(mark);
    for (let waited = 0; received.length < CONNECTIONS && waited < 10_000; waited += 50)
      await sleep(50);
    // Again, with nothing new: every connection at the head.
    const idleMark = recorder.calls.length;
    await runAsFunction(BACKGROUND_FUNCTIONS.webhookDispatcher, () => fanOut(db, spaceId, output));
    const idleCalls = recorder.calls.slice(idleMark);
    const units = (calls: typeof fanOutCalls, kind: 'read' | 'billedWrite') =>
      calls.reduce((sum, call) => sum + call[kind], 0);
    return {
      connections: CONNECTIONS,
      heapPerConnection: (after.heapUsed - before.heapUsed) / CONNECTIONS,
      openMs,
      fanOutMs,
      receivedMs:
        received.length < CONNECTIONS
          ? { p50: Number.NaN, p99: Number.NaN }
          : { p50: quantile(received, 0.5), p99: quantile(received, 0.99) },
      perDelivery: {
        rcu: units(fanOutCalls, 'read') / CONNECTIONS,
        wcu: units(fanOutCalls, 'billedWrite') / CONNECTIONS,
        calls: fanOutCalls.length / CONNECTIONS,
      },
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
 * the DynamoDB units `perDelivery` measured.
 */
export function streamListenerMonth(
  scale: Pick<StreamScale, 'perDelivery'>,
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
        `and for each, ${scale.perDelivery.wcu.toFixed(1)} write and ${scale.perDelivery.rcu.toFixed(1)} read units (measured)`,
        (events *
          (scale.perDelivery.wcu * PRICES.dynamoWritePerMillion +
            scale.perDelivery.rcu * PRICES.dynamoReadPerMillion)) /
          million,
      ],
    );
  return { total: items.reduce((sum, [, value]) => sum + value, 0), items };
}
