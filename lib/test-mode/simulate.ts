import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { isTestSpace, tenantOfSpace } from '../db/spaces.js';
import { InvalidInputError, MissingParentError } from '../errors.js';
import { applyProductEvent } from '../product-events/apply.js';
import { permanentFailure } from '../product-events/consume.js';
import type { ProductEvent, ProductEventType } from '../schemas/product-data.js';
import type { SimulateProductEventsBody } from './requests.js';

/** How long a request applies events before it skips the rest (the function has 10 s). */
const SIMULATION_BUDGET_MS = 6_000;
const SKIPPED =
  'not applied: the request ran out of time before it; send it and those after it again';

export interface SimulatedOutcome {
  id: string;
  type: ProductEventType;
  outcome: 'applied' | 'ignored' | 'rejected' | 'skipped';
  created?: boolean;
  reason?: string;
}

/**
 * Applies simulated product events to a test space, in the order sent, through the product consumer's
 * own code: what follows (events in GET /events, webhooks, their signatures and retries) is what live
 * data would see. Where the live feed would wait for an application's JD or resume to arrive, a
 * simulation answers at once that it is missing, and a version no newer than the stored one is ignored
 * as the feed ignores it. Only an outage fails the request (503): the events applied before it stay.
 * The events left once `budgetMs` has passed are `skipped`, so that the answer comes within the
 * function's 10 s whatever they cost (a JD's deletion removes all its applications); the first event is
 * always applied.
 */
export async function simulateProductEvents(
  db: Db,
  spaceId: string,
  body: SimulateProductEventsBody,
  options: { now?: Date; budgetMs?: number } = {},
): Promise<SimulatedOutcome[]> {
  const now = options.now ?? new Date();
  const started = Date.now();
  const budgetMs = options.budgetMs ?? SIMULATION_BUDGET_MS;
  if (!isTestSpace(spaceId)) throw new Error(`Not a test space: ${spaceId}`);
  const tenantId = tenantOfSpace(spaceId);
  body.events.forEach((event, index) => {
    if (event.tenantId !== undefined && event.tenantId !== tenantId)
      throw new InvalidInputError(
        `events[${index}].tenantId: must be this key's tenant (${tenantId}), or left out`,
        [
          {
            field: `events[${index}].tenantId`,
            rule: 'tenant',
            message: "must be this key's tenant, or left out",
          },
        ],
      );
  });
  // Newer than every version the service made before (sample data is versioned in milliseconds).
  const version = now.getTime() * 1000;
  const outcomes: SimulatedOutcome[] = [];
  for (const [index, sent] of body.events.entries()) {
    const event = {
      ...sent,
      id: sent.id ?? newId(),
      tenantId: spaceId,
      occurredAt: sent.occurredAt ?? now.toISOString(),
      version: sent.version ?? version + index,
    } as ProductEvent;
    const { id, type } = event;
    if (index > 0 && Date.now() - started >= budgetMs) {
      outcomes.push({ id, type, outcome: 'skipped', reason: SKIPPED });
      continue;
    }
    try {
      const outcome = await applyProductEvent(db, event, now);
      outcomes.push(
        outcome.outcome === 'applied'
          ? { id, type, outcome: 'applied', created: outcome.created }
          : { id, type, outcome: 'ignored', reason: outcome.reason },
      );
    } catch (error) {
      const reason =
        error instanceof MissingParentError
          ? `${error.message} in the test space (the live feed would wait and try it again)`
          : permanentFailure(error);
      if (reason === undefined) throw error;
      outcomes.push({ id, type, outcome: 'rejected', reason });
    }
  }
  return outcomes;
}
