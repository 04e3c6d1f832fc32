import type { RouteDefinition, TableAccess } from '../http/route-definition.js';
import { LOG_ACCESS } from '../db/log-access.js';

/**
 * The MCP server (lib/composition/mcp-server.ts): one route, Streamable HTTP without sessions, JSON
 * answers. Any valid key may connect; each tool is held to its REST route's scope.
 */
export const MCP_ROUTES = {
  mcp: {
    method: 'POST',
    path: '/mcp',
    functionName: 'mcp',
    scope: undefined,
    summary: "MCP (Streamable HTTP): the API's tools for AI assistants",
    successStatus: 200,
    // Its tools answer pages with signed cursors, as their routes do.
    paginated: true,
  },
} as const satisfies Record<string, RouteDefinition>;

/** Every index a tool's route reads (lib/composition/mcp-tools.ts's routes, and their delta walks). */
const TOOL_INDEXES = ['list', 'listKeys', 'statusKeys', 'matches', 'changes'] as const;

export const MCP_ROUTE_ACCESS = {
  // What its tools' routes do: reads of the tenant's data, the log's sequencing before a read, a
  // review's write with its idempotency record and audit entry (no tool answers a 304 or holds a wait).
  mcp: { table: LOG_ACCESS.table, indexes: TOOL_INDEXES, partitions: ['tenant'] },
} as const satisfies Record<keyof typeof MCP_ROUTES, TableAccess>;
