import { applicationKeys, type ApplicationPointerItem } from '../../matching/items.js';
import type { Db } from '../../db/client.js';
import { getItem } from '../../db/dynamo.js';
import type { TombstoneItem } from '../../db/entities/tombstone.js';
import { isValidId, newId } from '../../db/ids.js';
import { jdKeys } from '../../jds/model.js';
import { resumeKeys } from '../../resumes/model.js';
import { isTestSpace, tenantOfSpace, type SpaceId } from '../../db/spaces.js';
import { InvalidInputError, MissingParentError } from '../../errors.js';
import { applyProductEvent } from '../product-events/apply.js';
import { permanentFailure } from '../product-events/consume.js';
import type { ProductEvent, ProductEventType } from '../../product-events/data.js';
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

/** Why an event without a version cannot be applied to an entity at the largest version there is. */
const newestVersionTaken = (stored: number) =>
  `its entity holds version ${stored}, the largest a version can be (2^53 - 1), so no version is newer: send the event's own version, or POST /test/reset`;

/**
 * The version the product feed last applied to the entity an event names (its tombstone's, once
 * deleted), or 0 when there is none: a simulated event sent without a version must be newer.
 */
async function storedVersion(
  db: Db,
  spaceId: SpaceId,
  event: { type: ProductEventType; data: { id: string } },
): Promise<number> {
  const { id } = event.data;
  if (!isValidId(id)) return 0;
  const versionAt = async (key: { pk: string; sk: string }) =>
    (
      await getItem<{ sourceVersion?: number }>(db, key, {
        consistent: true,
        projection: 'sourceVersion',
      })
    )?.sourceVersion ?? 0;
  if (event.type.startsWith('jd.')) return versionAt(jdKeys.head(spaceId, id));
  if (event.type.startsWith('resume.')) return versionAt(resumeKeys.item(spaceId, id));
  // An application's version is on its item, found from its pointer (or on its tombstone there).
  const pointer = await getItem<ApplicationPointerItem | TombstoneItem>(
    db,
    applicationKeys.pointer(spaceId, id),
    { consistent: true },
  );
  if (pointer?.entity === 'TOMBSTONE') return pointer.sourceVersion;
  if (pointer?.entity !== 'APPLICATION_POINTER') return 0;
  return versionAt(applicationKeys.item(spaceId, pointer.jdId, id));
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
  spaceId: SpaceId,
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
  // A version of now in microseconds, one apart in the order sent: newer than any default given before.
  const version = now.getTime() * 1000;
  const outcomes: SimulatedOutcome[] = [];
  for (const [index, sent] of body.events.entries()) {
    const id = sent.id ?? newId();
    const { type } = sent;
    if (index > 0 && Date.now() - started >= budgetMs) {
      outcomes.push({ id, type, outcome: 'skipped', reason: SKIPPED });
      continue;
    }
    try {
      // Without one, a version newer than any before: also than one an integrator sent.
      const stored = sent.version === undefined ? await storedVersion(db, spaceId, sent) : 0;
      if (stored >= Number.MAX_SAFE_INTEGER) {
        outcomes.push({ id, type, outcome: 'rejected', reason: newestVersionTaken(stored) });
        continue;
      }
      const event = {
        ...sent,
        id,
        tenantId: spaceId,
        occurredAt: sent.occurredAt ?? now.toISOString(),
        version: sent.version ?? Math.max(version + index, stored + 1),
      } as ProductEvent;
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
