import type { RouteDefinition, TableAccess } from '../http/route-definition.js';

/** The request log's routes (read-only: the writer fills it from the functions' log lines), and their table access. */
export const REQUEST_LOG_ROUTES = {
  listRequests: {
    method: 'GET',
    clientMethod: 'requests.list',
    path: '/requests',
    functionName: 'list-requests',
    scope: { scope: 'admin' },
    summary:
      "The request log: every request the space's keys made in the last 30 days and how it was answered, newest first",
    successStatus: 200,
    paginated: true,
  },
  getRequest: {
    method: 'GET',
    clientMethod: 'requests.get',
    path: '/requests/{requestId}',
    functionName: 'get-request',
    scope: { scope: 'admin' },
    summary: 'One request of the request log, by the Request-Id its answer carried',
    successStatus: 200,
  },
} as const satisfies Record<string, RouteDefinition>;

export const REQUEST_LOG_ROUTE_ACCESS = {
  listRequests: { table: ['Query'], indexes: [], partitions: ['tenant'] },
  getRequest: { table: ['Query'], indexes: [], partitions: ['tenant'] },
} as const satisfies Record<keyof typeof REQUEST_LOG_ROUTES, TableAccess>;
