import type { RouteDefinition, TableAccess } from '../http/route-definition.js';

/** The match and application routes (read-only: the product writes applications), and what their functions may do on the table. */
export const APPLICATION_ROUTES = {
  listMatches: {
    method: 'GET',
    path: '/matches/{jdId}',
    functionName: 'list-matches',
    scope: { scope: 'match:read', generic: 'read' },
    summary: 'Applications of a JD ranked by AI score',
    successStatus: 200,
    paginated: true,
  },
  listApplications: {
    method: 'GET',
    path: '/applications',
    functionName: 'list-applications',
    scope: { scope: 'match:read', generic: 'read' },
    summary:
      'Every application of the tenant, filtered by JD, resume, status, score or when scored',
    successStatus: 200,
    paginated: true,
    deltaSync: true,
  },
  getApplication: {
    method: 'GET',
    path: '/applications/{applicationId}',
    functionName: 'get-application',
    scope: { scope: 'match:read', generic: 'read' },
    summary: 'One application with every AI score and its provenance',
    successStatus: 200,
    conditional: true,
  },
} as const satisfies Record<string, RouteDefinition>;

const tenantData = ['tenant'] as const;

export const APPLICATION_ROUTE_ACCESS = {
  listMatches: { table: ['GetItem'], indexes: ['matches'], partitions: tenantData },
  // Query: the tenant's, a JD's or a resume's applications; BatchGetItem: a resume's, from its copies.
  listApplications: {
    table: ['Query', 'BatchGetItem'],
    indexes: ['changes'],
    partitions: tenantData,
  },
  // GetItem: the pointer from its id, then the application it points at.
  getApplication: { table: ['GetItem'], indexes: [], partitions: tenantData },
} as const satisfies Record<keyof typeof APPLICATION_ROUTES, TableAccess>;
