import * as z from 'zod/mini';
import type { RouteRequests } from '../../http/route-definition.js';
import type { TEST_MODE_ROUTES } from './routes.js';
import { LIMITS } from '../../schemas/limits.js';
import { simulatedProductEvent } from '../../product-events/data.js';

/** POST /test/product-events: the events, applied in the order sent. */
export const simulateProductEventsBody = z.strictObject({
  events: z.array(simulatedProductEvent).check(z.minLength(1), z.maxLength(LIMITS.simulatedEvents)),
});
export type SimulateProductEventsBody = z.infer<typeof simulateProductEventsBody>;

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const TEST_MODE_REQUESTS = {
  simulateProductEvents: { body: simulateProductEventsBody },
} as const satisfies RouteRequests<typeof TEST_MODE_ROUTES>;
