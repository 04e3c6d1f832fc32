import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import { LIMITS } from '../schemas/limits.js';
import { freeText, token } from '../schemas/response-parts.js';
import type { MCP_ROUTES } from './routes.js';

/**
 * What POST /mcp answers: the JSON-RPC 2.0 answer to the message (a result or an error), as MCP's
 * Streamable HTTP transport sends it with JSON answers; no body (202) for a notification.
 */
export const mcpAnswer = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([token(256), z.number(), z.null()]),
  result: z.optional(z.record(token(256), z.unknown())),
  error: z.optional(
    z.looseObject({
      code: z.number(),
      message: freeText(LIMITS.message),
      data: z.optional(z.unknown()),
    }),
  ),
});

export const MCP_RESPONSES = {
  mcp: mcpAnswer,
} as const satisfies RouteResponses<typeof MCP_ROUTES>;
