import type { RouteDefinition, TableAccess } from '../http/route-definition.js';

/** The security history's route (read-only: each change writes its own entry), and its table access. */
export const AUDIT_ROUTES = {
  listAuditLog: {
    method: 'GET',
    clientMethod: 'auditLog.list',
    path: '/audit-log',
    functionName: 'list-audit-log',
    scope: { scope: 'admin' },
    summary:
      'The security history: every change to keys, webhooks, JDs and reviews, who made it and how, newest first',
    successStatus: 200,
    paginated: true,
  },
} as const satisfies Record<string, RouteDefinition>;

export const AUDIT_ROUTE_ACCESS = {
  listAuditLog: { table: ['Query'], indexes: [], partitions: ['tenant'] },
} as const satisfies Record<keyof typeof AUDIT_ROUTES, TableAccess>;
