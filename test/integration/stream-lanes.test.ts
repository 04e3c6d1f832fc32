import { describe, expect, it } from 'vitest';
import { tenantPk } from '../../lib/db/ids.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { DISPATCHER_EVENT_SOURCE, type StreamRecord } from '../../lib/composition/dispatcher.js';
import { runningFunction } from '../../scripts/local/iam.js';
import { laneOf } from '../../scripts/local/webhooks.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useLocalStack } from '../helpers/local-stack.js';
import { startReceiver, waitFor } from '../helpers/webhooks.js';

/**
 * One tenant's failing stream record holds back only the tenants of its lane (the event source's
 * ParallelizationFactor, which the local poller keeps as Lambda does): a webhook of #70 waited a
 * minute behind another tenant's record retried ten times, each try a DynamoDB timeout.
 */
const { db } = useLocalStack();

const laneOfTenant = (tenantId: string) =>
  laneOf(
    {
      dynamodb: { Keys: { pk: { S: tenantPk(liveSpaceOf(tenantId)) } } },
    } as unknown as StreamRecord,
    DISPATCHER_EVENT_SOURCE.parallelizationFactor,
  );

async function tenantWithEndpoint(url: string, avoidLane?: number) {
  for (;;) {
    const tenant = await tenantWithKey(db(), ['read', 'write', 'admin']);
    if (laneOfTenant(tenant.tenantId) === avoidLane) continue;
    const registered = await callApi('POST', '/webhooks', {
      key: tenant.key,
      body: { url, events: ['jd.created'] },
    });
    expect(registered.status).toBe(201);
    return tenant;
  }
}

const createJd = (key: string, title: string) =>
  callApi('POST', '/jds', { key, body: { title, description: 'd', createdById: 'u' } });

describe('the dispatcher’s lanes', () => {
  it('deliver another tenant’s webhook while one tenant’s stream record fails and is retried, then that one’s too', async () => {
    const receiver = await startReceiver();
    const failing = await tenantWithEndpoint(receiver.url);
    const other = await tenantWithEndpoint(receiver.url, laneOfTenant(failing.tenantId));
    const failingPk = tenantPk(liveSpaceOf(failing.tenantId));
    let faults = 0;
    // Every call the dispatcher makes on the failing tenant's partition times out, as DynamoDB's do.
    const name = 'failingTenantTimesOut';
    db().client.middlewareStack.add(
      (next) => async (args) => {
        if (
          runningFunction() === BACKGROUND_FUNCTIONS.webhookDispatcher &&
          JSON.stringify((args as { input?: unknown }).input).includes(failingPk)
        ) {
          faults += 1;
          await new Promise((resolve) => setTimeout(resolve, 400));
          throw Object.assign(new Error('Connection timed out'), { name: 'TimeoutError' });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    const heard = (id: string) =>
      receiver.received.some((delivery) => JSON.parse(delivery.body).data?.id === id);
    let otherHeardWhileFailing = false;
    let failingJd: string;
    try {
      failingJd = (await createJd(failing.key, 'Failing tenant’s role')).json.data.id;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const otherJd = (await createJd(other.key, 'Other tenant’s role')).json.data.id;
      await waitFor(() => heard(otherJd), 3_500, 'the other tenant’s webhook').then(
        () => (otherHeardWhileFailing = true),
        () => undefined,
      );
    } finally {
      db().client.middlewareStack.remove(name);
    }
    await waitFor(() => heard(failingJd), 20_000, 'the failing tenant’s webhook, once it recovers');
    await receiver.close();

    expect(faults).toBeGreaterThan(0);
    expect(otherHeardWhileFailing).toBe(true);
  });
});
