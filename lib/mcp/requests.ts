import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import { token } from '../schemas/response-parts.js';
import type { MCP_ROUTES } from './routes.js';

/**
 * What POST /mcp takes: one JSON-RPC 2.0 message of MCP (a request, a notification or a response);
 * no batch (MCP dropped them in 2025-06-18, and one HTTP request counts once against the hour). The
 * MCP SDK on the server checks it against the protocol; this is its outline, for the reference.
 */
const message = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.optional(z.union([token(256), z.number()])),
  method: z.optional(token(256)),
  params: z.optional(z.record(token(256), z.unknown())),
});
export const mcpMessage = message;

export const MCP_REQUESTS = {
  mcp: { body: mcpMessage },
} as const satisfies RouteRequests<typeof MCP_ROUTES>;
