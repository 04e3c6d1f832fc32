import * as z from 'zod/mini';
import { LIMITS } from '../schemas/limits.js';
import { simulatedProductEvent } from '../product-events/data.js';

/** POST /test/product-events: the events, applied in the order sent. */
export const simulateProductEventsBody = z.strictObject({
  events: z.array(simulatedProductEvent).check(z.minLength(1), z.maxLength(LIMITS.simulatedEvents)),
});
export type SimulateProductEventsBody = z.infer<typeof simulateProductEventsBody>;
