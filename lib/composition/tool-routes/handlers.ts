import type { RouteHandler } from '../invoke-route.js';
import type { ToolRoute } from '../mcp-tools.js';
import { handler as createReview } from './create-review.js';
import { handler as getApplication } from './get-application.js';
import { handler as getJd } from './get-jd.js';
import { handler as listApplications } from './list-applications.js';
import { handler as listCandidates } from './list-candidates.js';
import { handler as listEvents } from './list-events.js';
import { handler as listJds } from './list-jds.js';
import { handler as listMatches } from './list-matches.js';
import { handler as listRequests } from './list-requests.js';

/**
 * The handlers of the REST routes the MCP server's tools call (lib/composition/mcp-tools.ts). Each is
 * its route's own: its function (functions/<route>/handler.ts) re-exports it, and the MCP function
 * calls it in-process (invokeRoute), so a tool's answer is the route's. Typed by the tool table: a
 * tool whose route has no handler here does not compile.
 */
export const TOOL_ROUTE_HANDLERS: Record<ToolRoute, RouteHandler> = {
  listJds,
  getJd,
  listMatches,
  listApplications,
  getApplication,
  listCandidates,
  createReview,
  listEvents,
  listRequests,
};
