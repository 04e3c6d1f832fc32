import { describe, expect, it } from 'vitest';
import { readCount } from '../../lib/db/counters.js';
import { setTenantHourlyLimit } from '../../lib/keys/store.js';
import { tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();
const gatewayUrl = useLocalGateway();

/** Fires `count` requests with at most `concurrency` in flight; bounded in number and time. */
async function burst(count: number, concurrency: number, send: (i: number) => Promise<Response>) {
  const statuses: number[] = [];
  const bodies: unknown[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const reply = await send(i);
        statuses[i] = reply.status;
        bodies[i] = await reply.json();
      }
    }),
  );
  return { statuses, bodies };
}

describe('under load, over HTTP (local gateway, DynamoDB Local)', () => {
  it('lets exactly L of N concurrent requests through a key with quota L', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await setTenantHourlyLimit(db(), tenantId, 120);

    const { statuses } = await burst(400, 40, () =>
      fetch(`${gatewayUrl()}/whoami`, { headers: { 'X-API-Key': key } }),
    );

    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    expect(statuses.filter((status) => status === 429)).toHaveLength(280);
  });

  it('acknowledges nothing it loses: every 201 of 150 concurrent creates is counted and readable', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);

    const { statuses, bodies } = await burst(150, 30, (i) =>
      fetch(`${gatewayUrl()}/jds`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: `Job ${i}`, description: 'd', createdById: 'load' }),
      }),
    );
    const acknowledged = bodies
      .filter((_, i) => statuses[i] === 201)
      .map((body) => (body as { data: { id: string } }).data.id);
    // A 503 under this load is the service asking to be retried, not a loss: read each one until it answers otherwise.
    const readOnce = (id: string) =>
      fetch(`${gatewayUrl()}/jds/${id}`, { headers: { 'X-API-Key': key } });
    const { statuses: readable } = await burst(acknowledged.length, 10, async (i) => {
      let reply = await readOnce(acknowledged[i]!);
      for (let attempt = 1; reply.status === 503 && attempt < 5; attempt++) {
        await reply.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        reply = await readOnce(acknowledged[i]!);
      }
      return reply;
    });

    expect(
      statuses.filter((status) => status !== 201 && status !== 409 && status !== 503),
      JSON.stringify(bodies.filter((_, i) => statuses[i] !== 201).slice(0, 3)),
    ).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(readable.filter((status) => status !== 200)).toEqual([]);
    expect(await readCount(db(), tenantId, 'JD')).toBe(acknowledged.length);
  });
});
