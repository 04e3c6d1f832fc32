import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '../../infra/permissions.js';
import { REQUEST_SCHEMAS } from '../../lib/composition/requests.js';
import { responses } from '../../lib/composition/responses.js';
import { ROUTES } from '../../lib/composition/routes.js';

/**
 * The answer and access tables are assembled from each resource's and typed whole (each resource's
 * own table is held to its routes where it is declared). This holds the assembly: a resource whose
 * table is never spread in would compile, and fail here.
 */
describe('the tables assembled from the resources', () => {
  const routeIds = Object.keys(ROUTES).sort();

  it('answer for every route, and for nothing else', () => {
    expect(Object.keys(responses).sort()).toEqual(routeIds);
  });

  it('grant every route its table access, and nothing else', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(routeIds);
  });

  it('name no request schema of a route that does not exist', () => {
    expect(Object.keys(REQUEST_SCHEMAS).filter((id) => !routeIds.includes(id))).toEqual([]);
  });
});
