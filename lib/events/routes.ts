import { LOG_ACCESS } from '../db/log/access.js';
import type { RouteDefinition, TableAccess } from '../http/route-definition.js';

/** The longest GET /events?wait= holds a request: well inside API Gateway's 30 s for an HTTP API's answer. */
export const LONG_POLL_MAX_SECONDS = 20;

/** The event log's routes (read-only to a caller: every change records its own event), and their table access. */
export const EVENT_ROUTES = {
  listEvents: {
    method: 'GET',
    clientMethod: 'events.list',
    path: '/events',
    functionName: 'list-events',
    scope: { scope: 'read' },
    summary: 'The event log, oldest first, after a cursor',
    successStatus: 200,
    longPoll: { maxWaitSeconds: LONG_POLL_MAX_SECONDS },
  },
  getEvent: {
    method: 'GET',
    clientMethod: 'events.get',
    path: '/events/{eventId}',
    functionName: 'get-event',
    scope: { scope: 'read' },
    summary: 'One event',
    successStatus: 200,
    conditional: true,
  },
} as const satisfies Record<string, RouteDefinition>;

const tenantData = ['tenant'] as const;

export const EVENT_ROUTE_ACCESS = {
  // A reader of the log first sequences what is pending in it (lib/db/log/sequencer.ts): writes to the log only.
  // A wait also counts itself, for its tenant and across tenants (./wait-slots.ts).
  listEvents: { table: LOG_ACCESS.table, indexes: [], partitions: ['tenant', 'waits'] },
  getEvent: { table: ['GetItem'], indexes: [], partitions: tenantData },
} as const satisfies Record<keyof typeof EVENT_ROUTES, TableAccess>;
