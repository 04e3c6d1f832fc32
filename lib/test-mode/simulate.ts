import type { Db } from '../db/client.js';
import { isTestSpace, newId, tenantOfSpace } from '../db/ids.js';
import { InvalidInputError, MissingParentError } from '../errors.js';
import { applyProductEvent } from '../product-events/apply.js';
import { permanentFailure } from '../product-events/consume.js';
import type { ProductEvent, ProductEventType } from '../schemas/product-data.js';
import type { SimulateProductEventsBody } from './requests.js';

export interface SimulatedOutcome {
  id: string;
  type: ProductEventType;
  outcome: 'applied' | 'ignored' | 'rejected';
  created?: boolean;
  reason?: string;
}

/**
 * Applies simulated product events to a test space, in the order sent, through the product consumer's
 * own code: what follows (events in GET /events, webhooks, their signatures and retries) is what live
 * data would see. Where the live feed would wait for an application's JD or resume to arrive, a
 * simulation answers at once that it is missing, and a version no newer than the stored one is ignored
 * as the feed ignores it. Only an outage fails the request (503): the events applied before it stay.
 */
export async function simulateProductEvents(
  db: Db,
  spaceId: string,
  body: SimulateProductEventsBody,
  now = new Date(),
): Promise<SimulatedOutcome[]> {
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
