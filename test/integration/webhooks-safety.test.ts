import pMap from 'p-map';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdBefore, eventKeys } from '../../lib/events/model.js';
import {
  type WebhookRequest,
  type WebhookRequestItem,
  webhookKeys,
} from '../../lib/webhooks/model.js';
import { newId, tenantPk } from '../../lib/db/ids.js';
import { transactWrite } from '../../lib/db/dynamo.js';
import { pendingChange } from '../../lib/db/log/changes.js';
import { noteChanges } from '../../lib/db/log/entries.js';
import { headForReading } from '../../lib/db/log/sequencer.js';
import { Dispatcher } from '../../lib/composition/dispatcher.js';
import {
  DISABLE_AFTER_FAILING_MS,
  PREVIOUS_SECRET_VALIDITY_MS,
  signingSecrets,
} from '../../lib/webhooks/model.js';
import { listEvents } from '../../lib/events/store.js';
import { createJd } from '../../lib/jds/api.js';
import { listDeliveryAttempts } from '../../lib/webhooks/store.js';
import { getWebhook, getWebhookItem } from '../../lib/webhooks/store.js';
import { rotateSecret } from '../../lib/webhooks/api.js';
import { registerWebhook } from '../../lib/webhooks/register.js';
import { openSecrets } from '../../lib/webhooks/secret-box.js';
import type { DeliveryMessage, DeliveryQueue } from '../../lib/webhooks/queue.js';
import { work } from '../../lib/webhooks/worker.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { startReceiver } from '../helpers/webhooks.js';
import type { SpaceId } from '../../lib/db/spaces.js';

// As deployed: https only, no loopback (WEBHOOK_ALLOW_LOCAL_URLS unset).
const db = useTestDb();
/** A public address (documentation ranges are refused, so one of example.com's). */
const PUBLIC_ADDRESS = '93.184.215.14';

/** A TCP listener on 127.0.0.1 that counts the connections it gets: proof that nothing was even dialled. */
let listener: Server;
let connections = 0;
beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  // On 8443, a port a webhook may use, so that a delivery that wrongly dialled loopback would reach it.
  await new Promise<void>((resolve, reject) =>
    listener.once('error', reject).listen(8443, '127.0.0.1', resolve),
  );
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

function recordingQueue() {
  const sent: { message: DeliveryMessage; delayMs: number }[] = [];
  const queue: DeliveryQueue = { send: async (entries) => void sent.push(...entries) };
  return { queue, sent };
}

/** A tenant with an endpoint at `url` (its host resolving to a public address at registration) and one event to deliver. */
async function endpointWithEvent(url: string) {
  const { tenantId } = await tenantWithKey(db(), ['admin']);
  const { webhook } = await registerWebhook(
    db(),
    tenantId,
    { url, events: ['jd.created'] },
    { resolve: async () => [PUBLIC_ADDRESS] },
  );
  await createJd(db(), tenantId, { title: 'Engineer', description: 'd', createdById: 'u' });
  const [event] = (await listEvents(db(), tenantId, { types: ['jd.created'], limit: 1 })).events;
  const message: DeliveryMessage = {
    kind: 'deliver',
    tenantId,
    webhookId: webhook.id,
    eventId: event!.id,
    id: 'auto:0',
    retry: 0,
    trigger: 'automatic',
  };
  return { tenantId, webhookId: webhook.id, message };
}

describe('webhook URLs (SSRF)', () => {
  it('refuses, at creation, every URL that is not https to a public address', async () => {
    const { key } = await tenantWithKey(db(), ['admin']);
    const refused: [string, string][] = [
      ['http://example.com/hooks', 'url: must use https'],
      ['ftp://example.com/hooks', 'url: must be an absolute http(s) URL'],
      ['hooks.example.com', 'url: must be an absolute http(s) URL'],
      ['https://user:pass@example.com/hooks', 'url: must not contain credentials'],
      ['https://10.0.0.8/hooks', 'private, link-local or reserved'],
      ['https://192.168.1.1/hooks', 'private, link-local or reserved'],
      ['https://169.254.169.254/latest/meta-data/', 'private, link-local or reserved'],
      ['https://[::ffff:169.254.169.254]/', 'private, link-local or reserved'],
      ['https://[64:ff9b::a9fe:a9fe]/', 'private, link-local or reserved'],
      ['https://[fd00:ec2::254]/', 'private, link-local or reserved'],
      ['https://[fe80::1]/', 'private, link-local or reserved'],
      ['https://127.0.0.1/hooks', 'loopback'],
      ['https://0x7f.1/hooks', 'loopback'],
      ['https://2130706433/hooks', 'loopback'],
      ['https://[::1]/hooks', 'loopback'],
      ['https://localhost/hooks', 'loopback'],
      ['https://no-such-host.invalid/hooks', 'could not be resolved'],
      [`https://example.com/${'a'.repeat(2048)}`, 'at most 2048 characters'],
    ];

    const replies = await Promise.all(
      refused.map(([url]) => callApi('POST', '/webhooks', { key, body: { url, events: ['*'] } })),
    );

    for (const [i, reply] of replies.entries()) {
      expect([refused[i]![0].slice(0, 60), reply.status], reply.text).toEqual([
        refused[i]![0].slice(0, 60),
        400,
      ]);
      expect(reply.json.error).toContain(refused[i]![1]);
    }
    expect((await callApi('GET', '/webhooks', { key })).json.data).toEqual([]);
  });

  it('refuses a host any of whose addresses is private, and allows http to loopback only on the local stack', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const register = (url: string, addresses: string[]) =>
      registerWebhook(db(), tenantId, { url, events: ['*'] }, { resolve: async () => addresses });

    await expect(
      register('https://hooks.example.com/x', [PUBLIC_ADDRESS, '10.1.2.3']),
    ).rejects.toThrow('url: hooks.example.com resolves to 10.1.2.3 is a private');
    await expect(register('https://hooks.example.com/x', ['::ffff:127.0.0.1'])).rejects.toThrow(
      'loopback',
    );
    await expect(register('http://127.0.0.1:9/x', [])).rejects.toThrow('url: must use https');
    process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
    try {
      await expect(register('http://127.0.0.1:9/x', [])).resolves.toMatchObject({
        webhook: { url: 'http://127.0.0.1:9/x' },
      });
      await expect(register('http://169.254.169.254/x', [])).rejects.toThrow(
        'private, link-local or reserved',
      );
      process.env.STAGE = 'prod';
      await expect(register('http://127.0.0.1:9/y', [])).rejects.toThrow('url: must use https');
    } finally {
      delete process.env.WEBHOOK_ALLOW_LOCAL_URLS;
      delete process.env.STAGE;
    }
  });

  it('never connects when the host resolves to a private address at delivery (DNS rebinding), and records why', async () => {
    const { port } = listener.address() as AddressInfo;
    const { tenantId, webhookId, message } = await endpointWithEvent(
      `https://rebinding.example.com:${port}/hooks`,
    );
    const { queue, sent } = recordingQueue();
    const before = connections;

    const toLoopback = await work(db(), message, 'm-1', {
      queue,
      resolve: async () => ['127.0.0.1'],
    });
    const toMixed = await work(db(), { ...message, id: 'auto:1', retry: 1 }, 'm-2', {
      queue,
      resolve: async () => [PUBLIC_ADDRESS, '10.0.0.7'],
    });

    expect([toLoopback, toMixed]).toEqual(['retry scheduled', 'retry scheduled']);
    expect(connections).toBe(before);
    const { items: attempts } = await listDeliveryAttempts(db(), tenantId, webhookId, {
      limit: 10,
    });
    expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.error])).toEqual(
      [
        [
          2,
          null,
          'rebinding.example.com resolves to 10.0.0.7 is a private, link-local or reserved address (10.0.0.0/8: Private-Use)',
        ],
        [1, null, 'rebinding.example.com resolves to 127.0.0.1 is a loopback address'],
      ],
    );
    expect(sent.map(({ message: next }) => next.kind === 'deliver' && next.id)).toEqual([
      'auto:1',
      'auto:2',
    ]);
  });
});

describe('webhook endpoints per tenant', () => {
  it('allows at most 10, even when 12 are created at once; a deleted one makes room', async () => {
    const { key } = await tenantWithKey(db(), ['admin']);
    const create = (i: number) =>
      callApi('POST', '/webhooks', {
        key,
        body: { url: `https://${PUBLIC_ADDRESS}/hooks/${i}`, events: ['*'] },
      });

    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => create(i)));
    const statuses = replies.map((reply) => reply.status).sort();
    const refusal = replies.find((reply) => reply.status === 409);
    const created = replies.find((reply) => reply.status === 201);
    const deleted = await callApi('DELETE', `/webhooks/${created!.json.data.id}`, { key });
    const again = await create(12);

    expect(statuses).toEqual([...Array(10).fill(201), 409, 409]);
    expect(refusal?.json.error).toBe(
      'This tenant already has 10 webhook endpoints, the most it may have: delete one first',
    );
    expect([deleted.status, again.status]).toEqual([200, 201]);
    expect((await callApi('GET', '/webhooks', { key })).json.data).toHaveLength(10);
  });
});

describe('failing endpoints', () => {
  /** A tenant with an endpoint that always answers 503, and a way to attempt a delivery at a given time. */
  async function failingEndpoint(receiver: { url: string }) {
    const { tenantId, key } = await tenantWithKey(db(), ['admin']);
    const { webhook } = await registerWebhook(db(), tenantId, {
      url: receiver.url,
      events: ['jd.created'],
    });
    const newEvent = async () => {
      await createJd(db(), tenantId, { title: 'Engineer', description: 'd', createdById: 'u' });
      return (await listEvents(db(), tenantId, { limit: 50, types: ['jd.created'] })).events.at(-1)!
        .id;
    };
    const { queue, sent } = recordingQueue();
    const start = Date.now();
    let token = 0;
    const attemptAt = (
      offsetMs: number,
      eventId: string,
      attempt: number,
      trigger: 'automatic' | 'manual' = 'automatic',
    ) =>
      work(
        db(),
        {
          kind: 'deliver',
          tenantId,
          webhookId: webhook.id,
          eventId,
          id: `${trigger === 'manual' ? 'manual' : 'auto'}:${attempt}`,
          retry: 0,
          trigger,
        },
        `m-${++token}`,
        {
          queue,
          now: () => new Date(start + offsetMs),
        },
      );
    return { tenantId, key, webhookId: webhook.id, newEvent, attemptAt, sent };
  }

  async function withFailingReceiver(
    run: (receiver: Awaited<ReturnType<typeof startReceiver>>) => Promise<void>,
  ) {
    const receiver = await startReceiver(() => 503);
    process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
    try {
      await run(receiver);
    } finally {
      delete process.env.WEBHOOK_ALLOW_LOCAL_URLS;
      await receiver.close();
    }
  }

  it('disables an endpoint whose every delivery failed for 5 days in an unbroken run of at least 10 attempts, and not one day sooner', async () => {
    await withFailingReceiver(async (receiver) => {
      const endpoint = await failingEndpoint(receiver);
      const eventId = await endpoint.newEvent();
      const halfDay = 12 * 3_600_000;
      const outcomes: string[] = [];
      // An attempt every 12 hours: the 9th is at 4 days, the 11th at 5 days.
      for (let i = 0; i <= 9; i++)
        outcomes.push(await endpoint.attemptAt(i * halfDay, eventId, i + 1));
      const statusAfterFourAndAHalf = (
        await getWebhook(db(), endpoint.tenantId, endpoint.webhookId)
      ).status;
      const fiveDaysLater = await endpoint.attemptAt(DISABLE_AFTER_FAILING_MS, eventId, 11);
      const disabled = await getWebhook(db(), endpoint.tenantId, endpoint.webhookId);
      const afterDisable = await endpoint.attemptAt(DISABLE_AFTER_FAILING_MS + 1000, eventId, 12);

      expect(new Set(outcomes)).toEqual(new Set(['retry scheduled']));
      expect([statusAfterFourAndAHalf, fiveDaysLater]).toEqual(['enabled', 'disabled']);
      expect(disabled).toMatchObject({
        status: 'disabled',
        disabledReason: 'every delivery failed for 5 days',
      });
      expect(afterDisable).toBe('skipped: endpoint gone or disabled');
      expect(receiver.received).toHaveLength(11);
    });
  });

  it('does not disable at the first failure of an event that comes days after the last failure: a new run begins, with its retries', async () => {
    await withFailingReceiver(async (receiver) => {
      const endpoint = await failingEndpoint(receiver);
      const dayZero = await endpoint.newEvent();
      await endpoint.attemptAt(0, dayZero, 1);
      const dayFive = await endpoint.newEvent();

      const outcome = await endpoint.attemptAt(DISABLE_AFTER_FAILING_MS, dayFive, 1);

      expect(outcome).toBe('retry scheduled');
      expect((await getWebhook(db(), endpoint.tenantId, endpoint.webhookId)).status).toBe(
        'enabled',
      );
    });
  });

  it('makes a failed manual send (a retry or a replay) one attempt, with no automatic schedule after it', async () => {
    await withFailingReceiver(async (receiver) => {
      const endpoint = await failingEndpoint(receiver);
      const eventId = await endpoint.newEvent();

      const outcome = await endpoint.attemptAt(0, eventId, 1, 'manual');

      expect(outcome).toBe('failed');
      expect(endpoint.sent).toEqual([]);
      const [attempt] = (
        await listDeliveryAttempts(db(), endpoint.tenantId, endpoint.webhookId, { limit: 5 })
      ).items;
      expect(attempt).toMatchObject({ eventId, trigger: 'manual', statusCode: 503 });
    });
  });

  it('answers 404 to a retry of an event past its 30 days that DynamoDB has not removed yet', async () => {
    await withFailingReceiver(async (receiver) => {
      const endpoint = await failingEndpoint(receiver);
      const eventId = await endpoint.newEvent();
      await db().client.send(
        new UpdateCommand({
          TableName: db().tableName,
          Key: eventKeys.item(endpoint.tenantId, eventId),
          UpdateExpression: 'SET #ttl = :past',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
        }),
      );

      const retried = await callApi(
        'POST',
        `/webhooks/${endpoint.webhookId}/deliveries/${eventId}/retry`,
        { key: endpoint.key },
      );

      expect([retried.status, retried.json.error]).toEqual([404, 'Event not found']);
    });
  });
});

describe('the deliveries log', () => {
  it('pages with a signed cursor bound to its endpoint: another endpoint’s or a made-up cursor is a 400', async () => {
    const receiver = await startReceiver(() => 503);
    process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
    try {
      const { tenantId, key } = await tenantWithKey(db(), ['admin']);
      const endpoints = await Promise.all(
        [1, 2].map(() =>
          registerWebhook(db(), tenantId, { url: receiver.url, events: ['jd.created'] }),
        ),
      );
      await createJd(db(), tenantId, { title: 'Engineer', description: 'd', createdById: 'u' });
      const [event] = (await listEvents(db(), tenantId, { limit: 1, types: ['jd.created'] }))
        .events;
      const { queue } = recordingQueue();
      for (const { webhook } of endpoints) {
        for (let attempt = 1; attempt <= 3; attempt++) {
          await work(
            db(),
            {
              kind: 'deliver',
              tenantId,
              webhookId: webhook.id,
              eventId: event!.id,
              id: `auto:${attempt}`,
              retry: 0,
              trigger: 'automatic',
            },
            `${webhook.id}-${attempt}`,
            { queue },
          );
        }
      }
      const [first, second] = endpoints.map(({ webhook }) => webhook.id);

      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await callApi(
          'GET',
          `/webhooks/${first}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          { key },
        );
        expect(page.status, page.text).toBe(200);
        ids.push(...page.json.data.map((attempt: { id: string }) => attempt.id));
        cursor = page.json.pagination.nextCursor;
      } while (cursor);
      const firstCursor = (await callApi('GET', `/webhooks/${first}/deliveries?limit=1`, { key }))
        .json.pagination.nextCursor;
      const onAnother = await callApi(
        'GET',
        `/webhooks/${second}/deliveries?cursor=${firstCursor}`,
        { key },
      );
      const bare = await callApi('GET', `/webhooks/${first}/deliveries?cursor=${ids[0]}`, { key });

      expect(new Set(ids).size).toBe(3);
      expect([onAnother.status, bare.status]).toEqual([400, 400]);
    } finally {
      delete process.env.WEBHOOK_ALLOW_LOCAL_URLS;
      await receiver.close();
    }
  });
});

describe('replay requests', () => {
  it('answers 400 to a range that cannot exist and 404 to an event not in this tenant’s log, as documented', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['admin']);
    const other = await tenantWithKey(db(), ['admin']);
    const { webhook } = await registerWebhook(
      db(),
      tenantId,
      { url: 'https://hooks.example.com/in', events: ['*'] },
      { resolve: async () => [PUBLIC_ADDRESS] },
    );
    await createJd(db(), other.tenantId, { title: 'Engineer', description: 'd', createdById: 'u' });
    const [foreign] = (await listEvents(db(), other.tenantId, { limit: 1 })).events;
    const replay = (since: string) =>
      callApi('POST', `/webhooks/${webhook.id}/replay`, { key, body: { since } });

    const future = await replay(new Date(Date.now() + 3_600_000).toISOString());
    const notUlid = await replay('evt_ZZZZZZZZZZZZZZZZZZZZZZZZZZ');
    const foreignEvent = await replay(foreign!.id);
    const unknown = await replay('evt_01KA0000000000000000000000');
    const past = await replay(new Date(Date.now() - 3_600_000).toISOString());

    expect([future.status, future.json.error]).toEqual([400, 'since: must not be in the future']);
    expect(notUlid.status).toBe(400);
    expect([foreignEvent.status, foreignEvent.json.error]).toEqual([404, 'Event not found']);
    expect([unknown.status, unknown.json.error]).toEqual([404, 'Event not found']);
    expect(past.status).toBe(202);
  });
});

describe('secret rotation', () => {
  it('keeps every secret rotated out in the last 24 hours signing, up to three at once', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const { webhook, secret: original } = await registerWebhook(
      db(),
      tenantId,
      { url: 'https://hooks.example.com/in', events: ['*'] },
      { resolve: async () => [PUBLIC_ADDRESS] },
    );
    const start = Date.now();
    const rotateAt = (offsetMs: number) =>
      rotateSecret(db(), tenantId, webhook.id, { now: new Date(start + offsetMs) });
    const signingAt = async (offsetMs: number) =>
      openSecrets(
        tenantId,
        signingSecrets(
          (await getWebhookItem(db(), tenantId, webhook.id))!,
          new Date(start + offsetMs),
        ),
      );

    const { secret: second } = await rotateAt(60_000);
    const { secret: third } = await rotateAt(120_000);
    const afterTwo = await signingAt(180_000);
    const { secret: fourth } = await rotateAt(240_000);
    const afterThree = await signingAt(300_000);
    const nextDay = await signingAt(121_000 + PREVIOUS_SECRET_VALIDITY_MS);

    expect(afterTwo).toEqual([third, second, original]);
    expect(afterThree).toEqual([fourth, third, second]);
    expect(nextDay).toEqual([fourth, third]);
  });
});

describe('manual deliveries are made once, however often their messages repeat', () => {
  /** Works every queued message (each a new SQS message, so a new token) until the queue is empty. */
  async function drain(
    sent: { message: DeliveryMessage; delayMs: number }[],
    queue: DeliveryQueue,
  ) {
    let n = 0;
    while (sent.length > 0) {
      const { message } = sent.shift()!;
      await work(db(), message, `sqs-${++n}`, { queue });
    }
  }

  async function setUp(events: number) {
    const receiver = await startReceiver(() => 500);
    process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const { webhook } = await registerWebhook(db(), tenantId, {
      url: receiver.url,
      events: ['jd.created'],
    });
    for (let i = 0; i < events; i++)
      await createJd(db(), tenantId, { title: `Role ${i}`, description: 'd', createdById: 'u' });
    const eventIds = (
      await listEvents(db(), tenantId, { limit: 100, types: ['jd.created'] })
    ).events.map((event) => event.id);
    const request = (body: WebhookRequest): WebhookRequestItem => ({
      ...webhookKeys.request(tenantId, newId()),
      entity: 'WEBHOOK_REQUEST',
      tenantId,
      ttl: 4_102_444_800,
      ...body,
    });
    const cleanUp = async () => {
      delete process.env.WEBHOOK_ALLOW_LOCAL_URLS;
      await receiver.close();
    };
    return { receiver, tenantId, webhookId: webhook.id, eventIds, request, cleanUp };
  }
  const perEvent = (received: { headers: Record<string, unknown> }[]) => {
    const counts: Record<string, number> = {};
    for (const entry of received)
      counts[String(entry.headers['webhook-id'])] =
        (counts[String(entry.headers['webhook-id'])] ?? 0) + 1;
    return counts;
  };

  it('sends a retry request the stream brings twice once', async () => {
    const setup = await setUp(1);
    try {
      const { queue, sent } = recordingQueue();
      const dispatcher = new Dispatcher(db(), queue);
      const retry = setup.request({
        kind: 'retry',
        webhookId: setup.webhookId,
        eventId: setup.eventIds[0]!,
      });

      await dispatcher.dispatch(retry);
      await dispatcher.dispatch(retry);
      await drain(sent, queue);

      expect(perEvent(setup.receiver.received)).toEqual({ [setup.eventIds[0]!]: 1 });
    } finally {
      await setup.cleanUp();
    }
  });

  it('sends each event of a replay request the stream brings twice once', async () => {
    const setup = await setUp(3);
    try {
      const { queue, sent } = recordingQueue();
      const dispatcher = new Dispatcher(db(), queue);
      const replay = setup.request({
        kind: 'replay',
        webhookId: setup.webhookId,
        after: eventIdBefore(0),
        until: eventIdBefore(Date.now() + 1000),
      });

      await dispatcher.dispatch(replay);
      await dispatcher.dispatch(replay);
      await drain(sent, queue);

      expect(perEvent(setup.receiver.received)).toEqual(
        Object.fromEntries(setup.eventIds.map((id) => [id, 1])),
      );
    } finally {
      await setup.cleanUp();
    }
  });

  it('sends each event once when a replay page’s queue send fails half-way and the page is redelivered', async () => {
    const setup = await setUp(12);
    try {
      const { queue, sent } = recordingQueue();
      const replay: DeliveryMessage = (
        await new Dispatcher(db(), queue).messagesFor(
          setup.request({
            kind: 'replay',
            webhookId: setup.webhookId,
            after: eventIdBefore(0),
            until: eventIdBefore(Date.now() + 1000),
          }),
        )
      )[0]!;
      // Like SQS's SendMessageBatch of 10: the first chunk goes, the second fails, the call throws.
      const failingHalfWay: DeliveryQueue = {
        send: async (entries) => {
          sent.push(...entries.slice(0, 10));
          throw new Error('SQS refused 2 delivery message(s)');
        },
      };

      await expect(work(db(), replay, 'sqs-replay', { queue: failingHalfWay })).rejects.toThrow(
        'SQS refused',
      );
      await work(db(), replay, 'sqs-replay', { queue }); // SQS redelivers the replay message
      await drain(sent, queue);

      expect(perEvent(setup.receiver.received)).toEqual(
        Object.fromEntries(setup.eventIds.map((id) => [id, 1])),
      );
    } finally {
      await setup.cleanUp();
    }
  });
});

describe('every endpoint has a delivery rate', () => {
  it('spreads a replay over the seconds its rate takes, the next page after them, and postpones a delivery past the rate this second to a later one', async () => {
    const receiver = await startReceiver(() => 200);
    process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
    try {
      const { tenantId, key } = await tenantWithKey(db(), ['admin']);
      const created = await callApi('POST', '/webhooks', {
        key,
        body: { url: receiver.url, events: ['jd.created'], rateLimit: 4 },
      });
      const webhookId = created.json.data.id as string;
      for (let i = 0; i < 10; i++)
        await createJd(db(), tenantId, { title: `Role ${i}`, description: 'd', createdById: 'u' });
      const events = (await listEvents(db(), tenantId, { limit: 100, types: ['jd.created'] }))
        .events;
      const { queue, sent } = recordingQueue();
      const now = new Date(Math.ceil(Date.now() / 1000) * 1000 + 250);

      await work(
        db(),
        {
          kind: 'replay',
          tenantId,
          webhookId,
          requestId: newId(),
          after: eventIdBefore(0),
          until: eventIdBefore(Date.now() + 1000),
        },
        'sqs-replay',
        { queue, now: () => now },
      );
      const paced = sent.splice(0).map((entry) => entry.delayMs);
      const outcomes = [];
      for (const event of events.slice(0, 6)) {
        outcomes.push(
          await work(
            db(),
            {
              kind: 'deliver',
              tenantId,
              webhookId,
              eventId: event.id,
              id: 'auto:0',
              retry: 0,
              trigger: 'automatic',
            },
            `sqs-${event.id}`,
            { queue, now: () => now },
          ),
        );
      }

      expect(created.json.data.rateLimit).toBe(4);
      // 10 events at 4 a second: seconds 0, 0, 0, 0, 1, 1, 1, 1, 2, 2; no next page (the range is whole).
      expect(paced).toEqual([0, 0, 0, 0, 1000, 1000, 1000, 1000, 2000, 2000]);
      // Six at once in one second: four go, the fifth and sixth wait for the start of the next second.
      expect(outcomes).toEqual([
        'delivered',
        'delivered',
        'delivered',
        'delivered',
        'postponed',
        'postponed',
      ]);
      expect(sent.map((entry) => entry.delayMs)).toEqual([750, 750]);
      expect(sent.map((entry) => (entry.message as { notBefore?: number }).notBefore)).toEqual([
        now.getTime() + 750,
        now.getTime() + 750,
      ]);
      expect(
        (await callApi('GET', '/webhooks', { key })).json.data.map(
          (webhook: { rateLimit: number }) => webhook.rateLimit,
        ),
      ).toEqual([4]);
      expect(
        (
          await callApi('POST', '/webhooks', {
            key,
            body: { url: receiver.url, events: ['*'], rateLimit: 0 },
          })
        ).status,
      ).toBe(400);
      expect(
        (await callApi('POST', '/webhooks', { key, body: { url: receiver.url, events: ['*'] } }))
          .json.data.rateLimit,
      ).toBe(10);
    } finally {
      delete process.env.WEBHOOK_ALLOW_LOCAL_URLS;
      await receiver.close();
    }
  });
});

describe('replays are bounded', () => {
  it('goes on past a page of the log that holds only changes recording no event, to the events after it', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const { webhook } = await registerWebhook(
      db(),
      tenantId,
      { url: 'https://hooks.example.com/in', events: ['jd.created'] },
      { resolve: async () => [PUBLIC_ADDRESS] },
    );
    const since = eventIdBefore(Date.now() - 1_000);
    await createJd(db(), tenantId, { title: 'Before', description: 'd', createdById: 'u' });
    // 150 writes that change a listed item but record no event: 150 changes in the log, in a row.
    for (let n = 0; n < 150; n++)
      await transactWrite(db(), [
        {
          Put: {
            TableName: db().tableName,
            Item: {
              pk: tenantPk(tenantId),
              sk: `NOTE#${n}`,
              gsi4sk: pendingChange('jd', `n-${n}`),
            },
          },
        },
        noteChanges(tenantId),
      ]);
    await createJd(db(), tenantId, { title: 'After', description: 'd', createdById: 'u' });
    const head = await headForReading(db(), tenantId, { everything: true });

    const { queue, sent } = recordingQueue();
    let message: DeliveryMessage = {
      kind: 'replay',
      tenantId,
      webhookId: webhook.id,
      requestId: '',
      after: since,
      until: head?.lastEventId as string,
    };
    for (let page = 0; page < 5; page++) {
      const before = sent.length;
      await work(db(), message, `sqs-page-${page}`, { queue });
      const next = sent.slice(before).find((entry) => entry.message.kind === 'replay');
      if (!next) break;
      message = next.message;
    }
    const delivered = sent.filter((entry) => entry.message.kind === 'deliver');
    expect(delivered).toHaveLength(2);
  });

  it('runs one replay per endpoint at a time (a second answers 409 naming the first), shows its progress, takes an Idempotency-Key', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['admin']);
    const { webhook } = await registerWebhook(
      db(),
      tenantId,
      { url: 'https://hooks.example.com/in', events: ['jd.created'] },
      { resolve: async () => [PUBLIC_ADDRESS] },
    );
    await pMap(
      Array.from({ length: 105 }, (_, i) => i),
      (i) => createJd(db(), tenantId, { title: `Role ${i}`, description: 'd', createdById: 'u' }),
      { concurrency: 8 },
    );
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const replay = (body: { since: string }, headers: Record<string, string> = {}) =>
      callApi('POST', `/webhooks/${webhook.id}/replay`, { key, body, headers });

    const first = await replay({ since }, { 'idempotency-key': 'replay-1' });
    const again = await replay({ since }, { 'idempotency-key': 'replay-1' });
    const second = await replay({ since: new Date(Date.now() - 60_000).toISOString() });
    expect(first.status, first.text).toBe(202);
    expect(again.json).toEqual(first.json);
    expect([second.status, second.json.error]).toEqual([
      409,
      expect.stringContaining(
        `A replay is already running on webhook ${webhook.id} (request ${first.json.data.requestId}`,
      ),
    ]);

    // The worker takes the replay a page (100 events) at a time.
    const { queue, sent } = recordingQueue();
    const message: DeliveryMessage = {
      kind: 'replay',
      tenantId,
      webhookId: webhook.id,
      requestId: first.json.data.requestId,
      after: first.json.data.after,
      until: first.json.data.until,
    };
    await work(db(), message, 'sqs-page-1', { queue });
    const queuedByFirstPage = sent.filter((entry) => entry.message.kind === 'deliver').length;
    const midway = await callApi('GET', `/webhooks/${webhook.id}/deliveries`, { key });
    const nextPage = sent.find((entry) => entry.message.kind === 'replay')!.message;
    await work(db(), nextPage, 'sqs-page-2', { queue });
    const finished = await callApi('GET', `/webhooks/${webhook.id}/deliveries`, { key });
    const afterwards = await replay({ since });

    // The first page held 100 events of the log, the key's creation among them: 99 are jd.created.
    expect(queuedByFirstPage).toBe(99);
    expect(midway.json.replay).toMatchObject({
      requestId: first.json.data.requestId,
      queued: queuedByFirstPage,
    });
    expect(midway.json.replay.position).toBe((nextPage as { after: string }).after);
    expect(finished.json.replay).toBeUndefined();
    expect(afterwards.status).toBe(202);
  });
});

describe('the delivery protocol: every transition of docs/webhook-deliveries.md', () => {
  const answering = (statusCode: number) => async () => ({ statusCode, durationMs: 3 });
  const stateOf = async (tenantId: SpaceId, webhookId: string, eventId: string) =>
    (
      await db().client.send(
        new GetCommand({
          TableName: db().tableName,
          Key: webhookKeys.state(tenantId, webhookId, eventId),
          ConsistentRead: true,
        }),
      )
    ).Item;
  const attemptsLogged = async (tenantId: SpaceId, webhookId: string) =>
    (await listDeliveryAttempts(db(), tenantId, webhookId, { limit: 100 })).items.map((attempt) => [
      attempt.attempt,
      attempt.trigger,
      attempt.statusCode,
    ]);

  it('pending → pending while the schedule lasts, → failed when it runs out; a repeat of the last message is a no-op', async () => {
    process.env.WEBHOOK_RETRY_SCHEDULE = '1,1';
    try {
      const { tenantId, webhookId, message } = await endpointWithEvent(
        'https://hooks.example.com/in',
      );
      const { queue, sent } = recordingQueue();
      const deps = { queue, post: answering(500) };
      const outcomes = [await work(db(), message, 'sqs-1', deps)];
      for (let n = 2; sent.length > 0; n++) {
        const { message: next } = sent.shift()!;
        outcomes.push(
          await work(db(), { ...next, notBefore: undefined } as DeliveryMessage, `sqs-${n}`, deps),
        );
      }
      const last = { ...message, id: 'auto:2', retry: 2 };
      const repeat = await work(db(), last, 'sqs-copy', deps);

      expect(outcomes).toEqual(['retry scheduled', 'retry scheduled', 'failed']);
      expect(repeat).toBe('duplicate');
      expect((await stateOf(tenantId, webhookId, message.eventId))?.status).toBe('failed');
      expect(await attemptsLogged(tenantId, webhookId)).toEqual([
        [3, 'automatic', 500],
        [2, 'automatic', 500],
        [1, 'automatic', 500],
      ]);
    } finally {
      delete process.env.WEBHOOK_RETRY_SCHEDULE;
    }
  });

  it('a message that fails after its claim takes the claim back when it comes again; a copy of it claims nothing', async () => {
    const { tenantId, webhookId, message } = await endpointWithEvent(
      'https://hooks.example.com/in',
    );
    const { queue } = recordingQueue();
    let calls = 0;
    const crashingOnce = async () => {
      calls += 1;
      if (calls === 1) throw new Error('the function died after claiming');
      return { statusCode: 204, durationMs: 3 };
    };

    await expect(work(db(), message, 'sqs-1', { queue, post: crashingOnce })).rejects.toThrow(
      'died',
    );
    const copy = await work(db(), message, 'sqs-2', { queue, post: crashingOnce });
    const redelivered = await work(db(), message, 'sqs-1', { queue, post: crashingOnce });

    expect([copy, redelivered]).toEqual(['duplicate', 'delivered']);
    expect(await attemptsLogged(tenantId, webhookId)).toEqual([[1, 'automatic', 204]]);
  });

  it('succeeded: no automatic attempt follows, a manual one does (and is recorded as the next attempt)', async () => {
    const { tenantId, webhookId, message } = await endpointWithEvent(
      'https://hooks.example.com/in',
    );
    const { queue } = recordingQueue();
    const deps = { queue, post: answering(200) };

    const first = await work(db(), message, 'sqs-1', deps);
    const automaticAfter = await work(db(), { ...message, id: 'auto:1', retry: 1 }, 'sqs-2', deps);
    const manual = await work(
      db(),
      { ...message, id: 'manual:req-1', trigger: 'manual' },
      'sqs-3',
      deps,
    );

    expect([first, automaticAfter, manual]).toEqual(['delivered', 'duplicate', 'delivered']);
    expect(await attemptsLogged(tenantId, webhookId)).toEqual([
      [2, 'manual', 200],
      [1, 'automatic', 200],
    ]);
    expect((await stateOf(tenantId, webhookId, message.eventId))?.status).toBe('succeeded');
  });
});
