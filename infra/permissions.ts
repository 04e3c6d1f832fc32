import type { PartitionKind } from '../lib/db/table.js';
import type { TableAccess } from '../lib/http/route-definition.js';
import type { KeyMode } from '../lib/keys/format.js';
import { PRODUCT_EVENT_ACTIONS } from '../lib/db/product-event-access.js';
import { DELTA_WALK_ACCESS } from '../lib/db/log/walk.js';
import { LOG_ACCESS } from '../lib/db/log/access.js';
import { keyModesOf } from '../lib/http/route-definition.js';
import { ROUTES, type RouteId } from '../lib/composition/routes.js';
import { APPLICATION_ROUTE_ACCESS } from '../lib/applications/routes.js';
import { AUDIT_ROUTE_ACCESS } from '../lib/audit/routes.js';
import { REQUEST_LOG_ROUTE_ACCESS } from '../lib/request-log/routes.js';
import { EVENT_ROUTE_ACCESS } from '../lib/events/routes.js';
import { JD_ROUTE_ACCESS } from '../lib/jds/routes.js';
import { KEY_ROUTE_ACCESS } from '../lib/keys/routes.js';
import { RESUME_ROUTE_ACCESS } from '../lib/resumes/routes.js';
import { WEBHOOK_ROUTE_ACCESS } from '../lib/webhooks/routes.js';
import { TEST_MODE_ROUTE_ACCESS } from '../lib/composition/test-mode/routes.js';
import { MCP_ROUTE_ACCESS } from '../lib/mcp/routes.js';
import { MCP_TOOLS } from '../lib/composition/mcp-tools.js';

export type { TableAccess };

/**
 * What each function may do on the table: the DynamoDB actions its code sends on the table itself,
 * the indexes it queries (Query only), and the partitions it may touch at all (a `dynamodb:LeadingKeys`
 * condition on every grant). Transactions are authorised per item action (PutItem, UpdateItem…).
 * Typed by RouteId: a new route cannot ship without its entry. Every local path runs the handlers
 * under these grants as synthesized (scripts/local/iam.ts), so a missing one fails a local test.
 */
const tenantData = ['tenant'] as const;

const assembled: Partial<Record<RouteId, TableAccess>> = {
  ...JD_ROUTE_ACCESS,
  ...RESUME_ROUTE_ACCESS,
  ...APPLICATION_ROUTE_ACCESS,
  ...KEY_ROUTE_ACCESS,
  ...EVENT_ROUTE_ACCESS,
  ...WEBHOOK_ROUTE_ACCESS,
  ...AUDIT_ROUTE_ACCESS,
  ...REQUEST_LOG_ROUTE_ACCESS,
  ...TEST_MODE_ROUTE_ACCESS,
  ...MCP_ROUTE_ACCESS,
};
/**
 * Every route's table access. Whole because each resource's table is held to its own routes where it
 * is declared (`satisfies Record<…RouteId, TableAccess>`): a route without one fails to compile there,
 * once, and not again here.
 */
export const ROUTE_ACCESS = assembled as Record<RouteId, TableAccess>;

/**
 * A grant as the stage deploys it. `tenant` in a declared access means the caller's space: a function
 * serving live keys reaches TENANT#, one serving test keys TEST# (with the stage's test mode on), one
 * serving both reaches both. A declared `testSpace` (the sample data a new test key brings) stays only
 * with test mode on: a stage with it off names TEST# in no grant.
 */
export function inSpaces(
  access: TableAccess,
  modes: readonly KeyMode[],
  testMode: boolean,
): TableAccess {
  const spaces: PartitionKind[] = [];
  if (modes.includes('live')) spaces.push('tenant');
  if (testMode && modes.includes('test')) spaces.push('testSpace');
  const partitions = access.partitions.flatMap((kind): PartitionKind[] => {
    if (kind === 'tenant') return spaces;
    if (kind === 'testSpace') return testMode ? [kind] : [];
    return [kind];
  });
  return { ...access, partitions: [...new Set(partitions)] };
}

/** Two grants as one: every action, index and partition of either. */
function unionOf(first: TableAccess, second: TableAccess): TableAccess {
  return {
    table: [...new Set([...first.table, ...second.table])],
    indexes: [...new Set([...first.indexes, ...second.indexes])],
    partitions: [...new Set([...first.partitions, ...second.partitions])],
  };
}

/**
 * What a route's code sends: what it declares, plus what its traits send on every request (a delta
 * walk's reads: DELTA_WALK_ACCESS). The MCP server calls its tools' routes in its own function: theirs.
 */
function sentBy(id: RouteId): TableAccess {
  if (id === 'mcp')
    return Object.values(MCP_TOOLS)
      .map((tool) => sentBy(tool.route))
      .reduce(unionOf, ROUTE_ACCESS.mcp);
  const declared: TableAccess = ROUTE_ACCESS[id];
  return 'deltaSync' in ROUTES[id]
    ? unionOf(declared, { ...DELTA_WALK_ACCESS, partitions: tenantData })
    : declared;
}

/** A route's grant as the stage deploys it: what its code sends, in the spaces its key modes reach. */
export function routeAccess(id: RouteId, testMode: boolean): TableAccess {
  return inSpaces(sentBy(id), keyModesOf(ROUTES[id]), testMode);
}

/**
 * The authorizer: one conditional UpdateItem on the key lookup, and one on the per-IP counter where no
 * edge counts requests per IP (behind CloudFront and WAF it has no access to those items at all); for
 * a console request, one more on its sign-in link (spent) or its session (seen) first.
 */
export function authorizerAccess({ behindEdge }: { behindEdge: boolean }): TableAccess {
  const console: PartitionKind[] = ['consoleLink', 'consoleSession'];
  return {
    table: ['UpdateItem'],
    indexes: [],
    partitions: behindEdge ? ['keyHash', ...console] : ['keyHash', 'clientIp', ...console],
  };
}

/**
 * A single-resource read (a `conditional` route) gives back the quota unit of its 304s, and a
 * long-poll (a `longPoll` route) that waited and found nothing the unit of its empty answer
 * (lib/composition/api-handler.ts): the authorizer's conditional UpdateItem on the key lookup, nothing else there.
 */
export const QUOTA_REFUND_ACCESS: TableAccess = {
  table: ['UpdateItem'],
  indexes: [],
  partitions: ['keyHash'],
};

/**
 * The product-events consumer writes every kind of tenant data (PRODUCT_EVENT_ACTIONS), live only:
 * the product feed never reaches a test space, whatever an event names.
 */
export const EVENT_CONSUMER_ACCESS: TableAccess = {
  table: PRODUCT_EVENT_ACTIONS,
  indexes: [],
  partitions: tenantData,
};

/**
 * The webhook dispatcher reads each tenant's endpoints, and sequences the pending entries of the
 * spaces' logs (lib/db/log/sequencer.ts's LOG_ACCESS: the only writes it makes to the table).
 */
export const WEBHOOK_DISPATCHER_ACCESS: TableAccess = {
  table: LOG_ACCESS.table,
  indexes: [],
  partitions: tenantData,
};

/**
 * The webhook delivery worker reads endpoints and events (a page of the log for a replay), counts each
 * delivery against its endpoint's rate, claims and records attempts, and marks endpoints failing,
 * healthy or disabled.
 */
export const WEBHOOK_WORKER_ACCESS: TableAccess = {
  table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
  indexes: [],
  partitions: tenantData,
};

/**
 * The request log's writer puts packed entries, new items of the spaces' request logs, live and test,
 * and adds them to their keys' hourly counts (lib/request-log/writer.ts, counts.ts).
 */
export const REQUEST_LOG_WRITER_ACCESS: TableAccess = {
  table: ['BatchWriteItem', 'UpdateItem'],
  indexes: [],
  partitions: tenantData,
};

/**
 * A console session's connections to the event stream end with it: the stream's function (at a
 * subscribe) and the dispatcher (at each fan-out) read whether the session is still open, and never
 * write it (lib/keys/console.ts, consoleSessionsEnded).
 */
export const CONSOLE_SESSION_READ_ACCESS: TableAccess = {
  table: ['BatchGetItem'],
  indexes: [],
  partitions: ['consoleSession'],
};

/**
 * The event stream's function (and the dispatcher, which delivers to the same connections): a
 * connection is an item in its key's space, holding its place in the log, which it reads (and, as
 * every reader of the log, sequences: LOG_ACCESS), and takes, moves on and forgets with conditional
 * writes (lib/events/stream.ts).
 */
export const STREAM_ACCESS: TableAccess = {
  table: LOG_ACCESS.table,
  indexes: [],
  partitions: tenantData,
};
