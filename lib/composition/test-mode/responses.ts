import * as z from 'zod/mini';
import type { RouteResponses } from '../../http/route-definition.js';
import type { TEST_MODE_ROUTES } from './routes.js';
import { LIMITS } from '../../schemas/limits.js';
import { PRODUCT_EVENT_TYPES } from '../../product-events/data.js';
import { freeText, id, success } from '../../schemas/response-parts.js';

const sampleCounts = z.strictObject({
  jds: z.number(),
  resumes: z.number(),
  applications: z.number(),
});

/** What a reset did: when `complete` is false the space was too large to empty at once: call again. */
const resetOutcome = z.strictObject({
  complete: z.boolean(),
  deletedItems: z.number(),
  /** what the space holds again (null until the reset is complete) */
  sampleData: z.nullable(sampleCounts),
});

/** What became of one simulated event, in the order sent. */
const simulatedOutcome = z.strictObject({
  /** the event's id (made when it was sent without one) */
  id,
  type: z.enum(PRODUCT_EVENT_TYPES),
  /**
   * `applied` (`created` says whether it made the entity), `ignored` (a version no newer than the one
   * stored: `reason`), `rejected` (it can never be applied as sent: `reason`; the live feed would
   * send it to its dead-letter queue, or wait for a JD or resume that has not arrived), or `skipped`
   * (the request ran out of time before it: send it again)
   */
  outcome: z.enum(['applied', 'ignored', 'rejected', 'skipped']),
  created: z.optional(z.boolean()),
  reason: z.optional(freeText(1_000)),
});

export const TEST_MODE_RESPONSES = {
  resetTestSpace: success(resetOutcome),
  simulateProductEvents: success(
    z.strictObject({
      results: z.array(simulatedOutcome).check(z.maxLength(LIMITS.simulatedEvents)),
    }),
  ),
} as const satisfies RouteResponses<typeof TEST_MODE_ROUTES>;

export const TEST_MODE_SCHEMA_NAMES: [z.ZodMiniType, string][] = [
  [resetOutcome, 'TestSpaceReset'],
  [simulatedOutcome, 'SimulatedEventOutcome'],
];
