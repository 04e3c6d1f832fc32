import { describe, expect, it } from 'vitest';
import { HiringApiError, HiringClient } from '../src/index.js';
import { setTenantHourlyLimit } from '../../../lib/keys/store.js';
import { startGateway } from '../../../scripts/local/gateway.js';
import { tenantWithKey, useLocalGateway } from '../../../test/helpers/api.js';
import { useTestDb } from '../../../test/helpers/db.js';
import { useEnv } from '../../../test/helpers/env.js';

// Two requests a minute per client address, as a small quota (every request here comes from 127.0.0.1).
useEnv({ API_RATE_LIMIT_MAX: '2' });
const db = useTestDb();
const baseUrl = useLocalGateway();

/** A fetch that records each answer's status. */
function recording() {
  const statuses: number[] = [];
  const fetchRecording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  };
  return { statuses, fetch: fetchRecording };
}

describe('the TypeScript client under rate limits', () => {
  it('waits what a 429 asks (Retry-After) and then succeeds', async () => {
    const tenant = await tenantWithKey(db(), ['read']);
    const { statuses, fetch } = recording();
    // The per-address window is the clock minute: the gateway's clock starts 1.5 s before one ends, so
    // the wait a 429 asks for is short.
    const offset = 60_000 - (Date.now() % 60_000) - 1_500;
    const gatewayClock = () => Date.now() + offset;
    const gateway = await startGateway(0, '127.0.0.1', { now: gatewayClock });
    const client = new HiringClient({ baseUrl: gateway.url, apiKey: tenant.key, fetch });

    try {
      const started = gatewayClock();
      const answers = await Promise.all(
        [client.whoami(), client.whoami()].map((answer) =>
          answer.then((data) => data.data.tenantId),
        ),
      );
      const third = await client.whoami();
      const finished = gatewayClock();

      expect([...answers, third.data.tenantId]).toEqual([
        tenant.tenantId,
        tenant.tenantId,
        tenant.tenantId,
      ]);
      expect(statuses).toEqual([200, 200, 429, 200]);
      // It waited into the next minute, as Retry-After said, rather than retrying at once.
      expect(Math.floor(finished / 60_000)).toBe(Math.floor(started / 60_000) + 1);
    } finally {
      await gateway.close();
    }
  });

  it("throws at once, with how long to wait, when the wait is longer than it may wait (the key's hour spent)", async () => {
    const tenant = await tenantWithKey(db(), ['read']);
    await setTenantHourlyLimit(db(), tenant.tenantId, 1);
    const { statuses, fetch } = recording();
    const client = new HiringClient({
      baseUrl: baseUrl(),
      apiKey: tenant.key,
      fetch,
      retryMaxMs: 5_000,
    });
    // Not in the hour's last seconds, where the wait would be short enough to take.
    const intoHour = Date.now() % 3_600_000;
    if (intoHour > 3_590_000)
      await new Promise((resolve) => setTimeout(resolve, 3_600_500 - intoHour));

    process.env.API_RATE_LIMIT_MAX = '1000000';
    let refused: unknown;
    try {
      await client.whoami();
      refused = await client.whoami().catch((error: unknown) => error);
    } finally {
      process.env.API_RATE_LIMIT_MAX = '2';
    }

    expect(refused).toBeInstanceOf(HiringApiError);
    expect(refused).toMatchObject({
      status: 429,
      code: 'quota_exceeded',
      retryAfterMs: expect.any(Number),
    });
    expect((refused as HiringApiError).retryAfterMs).toBeGreaterThan(5_000);
    expect(statuses).toEqual([200, 429]);
  });
});
