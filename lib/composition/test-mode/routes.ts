import type { RouteDefinition, TableAccess } from '../../http/route-definition.js';
import { PRODUCT_EVENT_ACTIONS } from '../../db/product-event-access.js';

/**
 * The test routes: they serve test keys only (a live key is 403 `key_mode_mismatch`), and their
 * functions' grants name only the test spaces' partitions (TEST#), so no request of theirs can reach
 * live data whatever their code does.
 */
export const TEST_MODE_ROUTES = {
  resetTestSpace: {
    method: 'POST',
    clientMethod: 'testMode.reset',
    path: '/test/reset',
    functionName: 'reset-test-space',
    scope: { scope: 'write' },
    keyModes: ['test'],
    summary: "Put the key's test space back to its sample data (webhook endpoints are kept)",
    successStatus: 200,
    // A reset that finished answers its retries with what it did.
    idempotent: true,
  },
  simulateProductEvents: {
    method: 'POST',
    clientMethod: 'testMode.simulateProductEvents',
    path: '/test/product-events',
    functionName: 'simulate-product-events',
    scope: { scope: 'write' },
    keyModes: ['test'],
    summary:
      "Apply product events to the key's test space, as the product's feed does to live data: events and webhooks follow",
    successStatus: 200,
  },
} as const satisfies Record<string, RouteDefinition>;

/**
 * Both apply product events (PRODUCT_EVENT_ACTIONS) in the caller's space, which for these routes is
 * only ever a test space; a reset also reads the whole space and deletes it item by item (Query,
 * DeleteItem, among those).
 */
export const TEST_MODE_ROUTE_ACCESS = {
  resetTestSpace: { table: PRODUCT_EVENT_ACTIONS, indexes: [], partitions: ['tenant'] },
  simulateProductEvents: { table: PRODUCT_EVENT_ACTIONS, indexes: [], partitions: ['tenant'] },
} as const satisfies Record<keyof typeof TEST_MODE_ROUTES, TableAccess>;
