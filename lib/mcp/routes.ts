import type { RouteDefinition, TableAccess } from '../http/route-definition.js';

/**
 * The MCP server (lib/composition/mcp-server.ts): one route, Streamable HTTP without sessions, JSON
 * answers. Any valid key may connect; each tool is held to its REST route's scope.
 */
export const MCP_ROUTES = {
  mcp: {
    method: 'POST',
    clientMethod: null,
    path: '/mcp',
    functionName: 'mcp',
    scope: undefined,
    summary: "MCP (Streamable HTTP): the API's tools for AI assistants",
    successStatus: 200,
    // Its tools answer pages with signed cursors, as their routes do.
    paginated: true,
  },
} as const satisfies Record<string, RouteDefinition>;

/**
 * What its tools' routes do, and nothing of its own: infra/permissions.ts grants it the union of
 * their grants (MCP_TOOLS names them), so a new tool brings its route's access with it.
 */
export const MCP_ROUTE_ACCESS = {
  mcp: { table: [], indexes: [], partitions: [] },
} as const satisfies Record<keyof typeof MCP_ROUTES, TableAccess>;
