import { describe, expect, it } from 'vitest';
import { createJd } from '../../lib/jds/api.js';
import { listEvents } from '../../lib/events/store.js';
import { registerWebhook } from '../../lib/webhooks/register.js';
import { getWebhookItem } from '../../lib/webhooks/store.js';
import type { DeliveryResult, postDelivery } from '../../lib/webhooks/deliver.js';
import type { DeliveryMessage, DeliveryQueue } from '../../lib/webhooks/queue.js';
import { PROBE_LEASE_MS, SLOW_ANSWER_MS, work } from '../../lib/webhooks/worker.js';
import { tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();
const PUBLIC_ADDRESS = '93.184.215.14';

/** An endpoint of a new tenant, and one automatic delivery message for each of `events` new JDs. */
async function endpointWithEvents(events: number) {
  const { tenantId } = await tenantWithKey(db(), ['admin']);
  const { webhook } = await registerWebhook(
    db(),
    tenantId,
    { url: 'https://hooks.example.com/hiring', events: ['jd.created'] },
    { resolve: async () => [PUBLIC_ADDRESS] },
  );
  for (let n = 0; n < events; n++)
    await createJd(db(), tenantId, {
      title: `Platform Engineer ${n}`,
      description: 'Created to be delivered to an endpoint that stopped answering.',
      createdById: 'u',
    });
  const logged = (await listEvents(db(), tenantId, { types: ['jd.created'], limit: 100 })).events;
  const messages = logged.map((event): DeliveryMessage => ({
    kind: 'deliver',
    tenantId,
    webhookId: webhook.id,
    eventId: event.id,
    id: 'auto:0',
    retry: 0,
    trigger: 'automatic',
  }));
  return { tenantId, webhookId: webhook.id, messages };
}

function recordingQueue() {
  const sent: { message: DeliveryMessage; delayMs: number }[] = [];
  const queue: DeliveryQueue = { send: async (entries) => void sent.push(...entries) };
  return { queue, sent };
}

/**
 * An endpoint that answers `result` after `ms`, counting the deliveries it holds at once; with
 * `together`, each answer also waits (5 s at most) until that many are held.
 */
function endpoint(result: DeliveryResult, ms = 20, together = 1) {
  const seen = { calls: 0, heldAtOnce: 0, held: 0 };
  const post: typeof postDelivery = async () => {
    seen.calls++;
    seen.held++;
    seen.heldAtOnce = Math.max(seen.heldAtOnce, seen.held);
    for (let waited = 0; seen.held < together && waited < 5_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, ms));
    seen.held--;
    return result;
  };
  return { post, seen };
}

const TIMED_OUT: DeliveryResult = { statusCode: null, durationMs: 15_000, error: 'timed out' };

describe('an endpoint that stopped answering', () => {
  it('holds one worker at a time once it is failing: its other deliveries wait, unattempted, for its probe', async () => {
    const { tenantId, webhookId, messages } = await endpointWithEvents(12);
    const [first, ...rest] = messages;
    const hanging = endpoint(TIMED_OUT, 200);
    const { queue, sent } = recordingQueue();
    const resolve = async () => [PUBLIC_ADDRESS];

    // Its first failure starts its run of failures.
    expect(await work(db(), first!, 'm-first', { queue, resolve, post: hanging.post })).toBe(
      'retry scheduled',
    );
    expect((await getWebhookItem(db(), tenantId, webhookId))?.failingSince).toBeDefined();

    // Then eleven at once, as a worker's batches would take them: one is sent, the rest wait for it.
    sent.length = 0;
    const outcomes = await Promise.all(
      rest.map((message, n) =>
        work(db(), message, `m-${n}`, { queue, resolve, post: hanging.post }),
      ),
    );

    expect(hanging.seen.heldAtOnce).toBe(1);
    expect(outcomes.filter((outcome) => outcome === 'retry scheduled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'postponed')).toHaveLength(10);
    // Each waiting delivery is put back whole, for after the probe's lease, and no attempt is used.
    const postponed = sent.filter(
      (entry) => entry.message.kind === 'deliver' && entry.message.id === 'auto:0',
    );
    expect(postponed).toHaveLength(10);
    for (const entry of postponed) {
      expect(entry.message).toMatchObject({ retry: 0, trigger: 'automatic' });
      expect(entry.delayMs).toBeGreaterThan(0);
      expect(entry.delayMs).toBeLessThanOrEqual(PROBE_LEASE_MS + 60_000);
    }
  });

  it('takes every delivery again at once when its probe succeeds', async () => {
    const { tenantId, webhookId, messages } = await endpointWithEvents(6);
    const [first, probe, ...rest] = messages;
    const { queue } = recordingQueue();
    const resolve = async () => [PUBLIC_ADDRESS];
    await work(db(), first!, 'm-first', { queue, resolve, post: endpoint(TIMED_OUT).post });

    const answering = endpoint({ statusCode: 200, durationMs: 20 }, 50);
    expect(await work(db(), probe!, 'm-probe', { queue, resolve, post: answering.post })).toBe(
      'delivered',
    );
    expect((await getWebhookItem(db(), tenantId, webhookId))?.failingSince).toBeUndefined();
    // Each answer waits until all of them are held: they are, only if none waits for another.
    const together = endpoint({ statusCode: 200, durationMs: 20 }, 0, rest.length);
    const outcomes = await Promise.all(
      rest.map((message, n) =>
        work(db(), message, `m-${n}`, { queue, resolve, post: together.post }),
      ),
    );

    expect(outcomes).toEqual(rest.map(() => 'delivered'));
    expect(together.seen.heldAtOnce).toBe(rest.length);
  });

  it('takes one delivery at a time from when an attempt goes unanswered, before any has failed, until a 2xx', async () => {
    const { tenantId, webhookId, messages } = await endpointWithEvents(12);
    const [first, ...rest] = messages;
    const { queue } = recordingQueue();
    const resolve = async () => [PUBLIC_ADDRESS];
    const slowAnswerMs = 100;
    // A healthy endpoint begins to hang: its first attempt is still unanswered past slowAnswerMs...
    const hanging = endpoint({ statusCode: 200, durationMs: 900 }, 900);
    const firstDone = work(db(), first!, 'm-first', {
      queue,
      resolve,
      post: hanging.post,
      slowAnswerMs,
    });
    await new Promise((resolve) => setTimeout(resolve, slowAnswerMs * 3));
    expect((await getWebhookItem(db(), tenantId, webhookId))?.slowSince).toBeDefined();

    // ...so the eleven that come next are sent one at a time: one probe, the rest back in the queue.
    const outcomes = await Promise.all(
      rest.map((message, n) =>
        work(db(), message, `m-${n}`, { queue, resolve, post: hanging.post, slowAnswerMs }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'postponed')).toHaveLength(10);
    expect(hanging.seen.heldAtOnce).toBe(2);

    // Its 2xx (late) ends it: every delivery goes at its rate again.
    expect(await firstDone).toBe('delivered');
    expect((await getWebhookItem(db(), tenantId, webhookId))?.slowSince).toBeUndefined();
    expect(SLOW_ANSWER_MS).toBeLessThan(PROBE_LEASE_MS);
  });

  it('marks nothing on an endpoint that answers in time', async () => {
    const { tenantId, webhookId, messages } = await endpointWithEvents(2);
    const { queue } = recordingQueue();
    const resolve = async () => [PUBLIC_ADDRESS];
    const answering = endpoint({ statusCode: 200, durationMs: 20 }, 20);
    for (const [n, message] of messages.entries())
      expect(
        await work(db(), message, `m-${n}`, {
          queue,
          resolve,
          post: answering.post,
          slowAnswerMs: 500,
        }),
      ).toBe('delivered');
    const item = await getWebhookItem(db(), tenantId, webhookId);
    expect(item?.slowSince).toBeUndefined();
    expect(item?.failingSince).toBeUndefined();
  });

  it('lets the next delivery probe once a probe’s lease is over, even if its worker never came back', async () => {
    const { messages } = await endpointWithEvents(3);
    const [first, second, third] = messages;
    const { queue } = recordingQueue();
    const resolve = async () => [PUBLIC_ADDRESS];
    const start = Date.now();
    await work(db(), first!, 'm-first', { queue, resolve, post: endpoint(TIMED_OUT).post });
    // A probe whose worker was cut off holds its lease and never gives it back.
    const cutOff: typeof postDelivery = () => new Promise(() => undefined);
    void work(db(), second!, 'm-second', { queue, resolve, post: cutOff });
    await new Promise((resolve) => setTimeout(resolve, 200));

    const now = () => new Date(start + 1_000);
    const later = () => new Date(Date.now() + PROBE_LEASE_MS + 1_000);
    const answering = endpoint({ statusCode: 200, durationMs: 20 });
    expect(await work(db(), third!, 'm-third', { queue, resolve, post: answering.post, now })).toBe(
      'postponed',
    );
    expect(
      await work(db(), third!, 'm-third', { queue, resolve, post: answering.post, now: later }),
    ).toBe('delivered');
  });
});
