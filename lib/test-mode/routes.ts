import type { RouteDefinition, TableAccess } from '../http/route-definition.js';

/**
 * The test routes: they serve test keys only (a live key is 403 `key_mode_mismatch`), and their
 * functions' grants name only the test spaces' partitions (TEST#), so no request of theirs can reach
 * live data whatever their code does.
 */
export const TEST_MODE_ROUTES = {
  resetTestSpace: {
    method: 'POST',
    path: '/test/reset',
    functionName: 'reset-test-space',
    scope: { scope: 'write' },
    keyModes: ['test'],
    summary: "Put the key's test space back to its sample data (webhook endpoints are kept)",
    successStatus: 200,
  },
  simulateProductEvents: {
    method: 'POST',
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
 * Both write what the product's consumer writes (lib/product-events/apply.ts), in the caller's space;
 * a reset also reads the whole space and deletes it item by item.
 */
const PRODUCT_WRITES = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'ConditionCheckItem',
] as const;

export const TEST_MODE_ROUTE_ACCESS = {
  resetTestSpace: { table: PRODUCT_WRITES, indexes: [], partitions: ['tenant'] },
  simulateProductEvents: { table: PRODUCT_WRITES, indexes: [], partitions: ['tenant'] },
} as const satisfies Record<keyof typeof TEST_MODE_ROUTES, TableAccess>;
