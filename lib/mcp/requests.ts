import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import { token } from '../schemas/response-parts.js';
import type { MCP_ROUTES } from './routes.js';

/**
 * What POST /mcp takes: one JSON-RPC 2.0 message of MCP (a request, a notification or a response), or
 * a batch of them. The MCP SDK on the server checks each against the protocol; this is its outline,
 * for the reference.
 */
const message = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.optional(z.union([token(256), z.number()])),
  method: z.optional(token(256)),
  params: z.optional(z.record(token(256), z.unknown())),
});
export const mcpMessage = z.union([message, z.array(message).check(z.maxLength(100))]);

export const MCP_REQUESTS = {
  mcp: { body: mcpMessage },
} as const satisfies RouteRequests<typeof MCP_ROUTES>;
