import { describe, expect, it } from 'vitest';
import { claimWaitSlot, WINDOW_MS } from '../../lib/events/wait-slots.js';
import { liveSpaceOf, type SpaceId } from '../../lib/db/spaces.js';
import { WaitLimitedError } from '../../lib/errors.js';
import { newTenantId, useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';

/**
 * The long-poll ceiling holds what it says: N listeners, each waiting 20 s (an idle wait, the longest)
 * and waiting again at once, hold N places. Simulated with the real counting on DynamoDB Local, its
 * clock passed in: each wait begins at its instant, ends 20 s later, and a refused one asks again when
 * its Retry-After says (its window's end), as the clients do.
 */
const db = useTestDb();
const SERVICE_CEILING = 180;
const TENANT_CEILING = 20;
useEnv({
  LONG_POLL_CEILING: String(SERVICE_CEILING),
  LONG_POLL_TENANT_CEILING: String(TENANT_CEILING),
});

interface Outcome {
  waits: number;
  refused: number;
  /** the most waits held at one instant: by the service, and by any one tenant */
  mostHeld: number;
  mostHeldByATenant: number;
}

/** Listeners of each tenant (`tenants[i]` listeners of tenant i), begun evenly over one window, for `windows` windows. */
async function simulate(tenants: number[], windows = 2): Promise<Outcome> {
  // Windows of their own, far from any other test's (the service's count is one for all tenants).
  const base =
    (Math.floor(Date.now() / WINDOW_MS) + 1_000 + Math.floor(Math.random() * 1e6)) * WINDOW_MS;
  const spaces: SpaceId[] = tenants.map(() => liveSpaceOf(newTenantId('listener')));
  const listeners = tenants.flatMap((count, tenant) => Array.from({ length: count }, () => tenant));
  const next = listeners.map((_, i) => base + Math.floor((i / listeners.length) * WINDOW_MS));
  const held: ({ release: () => Promise<void>; tenant: number } | undefined)[] = [];
  const outcome: Outcome = { waits: 0, refused: 0, mostHeld: 0, mostHeldByATenant: 0 };
  for (;;) {
    const at = Math.min(...next);
    if (at >= base + windows * WINDOW_MS) return outcome;
    const listener = next.indexOf(at);
    const tenant = listeners[listener] as number;
    // A wait that began 20 s ago ends now; its listener waits again at once.
    await held[listener]?.release();
    held[listener] = undefined;
    try {
      const slot = await claimWaitSlot(db(), spaces[tenant] as SpaceId, at);
      held[listener] = { ...slot, tenant };
      outcome.waits += 1;
      next[listener] = at + WINDOW_MS;
    } catch (error) {
      if (!(error instanceof WaitLimitedError)) throw error;
      outcome.refused += 1;
      next[listener] = at + error.retryAfterMs;
    }
    const holding = held.filter((slot) => slot !== undefined);
    outcome.mostHeld = Math.max(outcome.mostHeld, holding.length);
    outcome.mostHeldByATenant = Math.max(
      outcome.mostHeldByATenant,
      ...tenants.map((_, t) => holding.filter((slot) => slot.tenant === t).length),
    );
  }
}

/** `total` listeners, in tenants of `each` (the last with the rest). */
const spread = (total: number, each: number) =>
  Array.from({ length: Math.ceil(total / each) }, (_, i) => Math.min(each, total - i * each));

describe('the long-poll ceiling', () => {
  it('holds 180 listeners waiting back to back, none refused: one tenant’s 20, one’s 15, one’s 10, the rest in tenants of 10 (90 and 120 are held the same way, below it)', async () => {
    const tenants = [20, 15, 10, ...spread(135, 10)];

    const outcome = await simulate(tenants);

    expect(outcome.refused).toBe(0);
    expect(outcome.mostHeld).toBe(SERVICE_CEILING);
    expect(outcome.mostHeldByATenant).toBe(TENANT_CEILING);
  });

  it('refuses what is past either ceiling, and never holds more: one tenant’s 25 among 190 listeners', async () => {
    const outcome = await simulate([25, ...spread(165, 10)]);

    expect(outcome.refused).toBeGreaterThan(10);
    expect(outcome.mostHeld).toBe(SERVICE_CEILING);
    expect(outcome.mostHeldByATenant).toBe(TENANT_CEILING);
  });
});
