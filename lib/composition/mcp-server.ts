import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { hasScope, missingScopeMessage } from '../http/scopes.js';
import { keyModesOf } from '../http/route-definition.js';
import { ROUTES, type RouteId } from './routes.js';
import type { Caller } from './caller.js';
import { currentVersion } from '../versions/shape.js';
import {
  inputSchemaOf,
  MCP_TOOLS,
  outputSchemaOf,
  restRequestOf,
  type ToolName,
} from './mcp-tools.js';

/** A REST route's answer to a tool's call: its status and its body (the envelope, as JSON). */
export interface RestAnswer {
  statusCode: number;
  body: string;
}

/** Calls a REST route as the API would, with the caller's key (functions/mcp/handler.ts). */
export type CallRoute = (
  route: RouteId,
  request: ReturnType<typeof restRequestOf>,
) => Promise<RestAnswer>;

/** Whether the caller's key may call a tool: its route's scope, and a key mode the route serves. */
function allowed(caller: Caller, name: ToolName): boolean {
  const route = ROUTES[MCP_TOOLS[name].route];
  return hasScope(caller.scopes, route.scope) && keyModesOf(route).includes(caller.mode);
}

let described: Map<ToolName, Tool> | undefined;
/** Every tool as tools/list describes it, its schemas made once per function instance. */
function descriptions(): Map<ToolName, Tool> {
  described ??= new Map(
    (Object.keys(MCP_TOOLS) as ToolName[]).map((name) => [
      name,
      {
        name,
        title: MCP_TOOLS[name].title,
        description: MCP_TOOLS[name].description,
        inputSchema: inputSchemaOf(name) as Tool['inputSchema'],
        outputSchema: outputSchemaOf(name) as Tool['outputSchema'],
        annotations: {
          readOnlyHint: ROUTES[MCP_TOOLS[name].route].method === 'GET',
          idempotentHint: true,
          openWorldHint: false,
        },
      },
    ]),
  );
  return described;
}

/** A tool error as a model reads it: the REST error's code and message, never a stack. */
function toolError(code: string, message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ code, error: message }) }],
  };
}

/** A REST answer as the tool's result: the answer without `success`, or a tool error with its code. */
function toolResult(answer: RestAnswer): CallToolResult {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return toolError('internal_error', 'The service answered something that is not JSON');
  }
  if (answer.statusCode >= 400 || body.success !== true)
    return toolError(String(body.code ?? 'internal_error'), String(body.error ?? 'Failed'));
  const { success: _success, ...structured } = body;
  return {
    structuredContent: structured,
    content: [{ type: 'text', text: JSON.stringify(structured) }],
  };
}

/** The MCP server a caller talks to: the tools its key allows, each calling its REST route. */
export function mcpServer(caller: Caller, callRoute: CallRoute): Server {
  const server = new Server(
    { name: 'hiring-integration-api', title: 'Hiring Integration API', version: currentVersion() },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        "Tools over one hiring team's job descriptions, applications, AI match scores and reviews. Scores come with provenance (model, criteria, when scored); a review records a person's judgement of one score. Read before you write: record_review is the only write.",
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...descriptions()].filter(([name]) => allowed(caller, name)).map(([, tool]) => tool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name as ToolName;
    if (!(name in MCP_TOOLS)) return toolError('not_found', `No tool ${request.params.name}`);
    const route = ROUTES[MCP_TOOLS[name].route];
    if (!allowed(caller, name))
      return toolError(
        'scope_missing',
        route.scope ? missingScopeMessage(route.scope) : 'This key may not use this tool',
      );
    const input = (request.params.arguments ?? {}) as Record<string, unknown>;
    return toolResult(await callRoute(MCP_TOOLS[name].route, restRequestOf(name, input)));
  });
  return server;
}

/**
 * Answers one MCP request over Streamable HTTP, stateless, with JSON answers (no stream): a new
 * server and transport for each, as the specification allows for a server that keeps no session.
 */
export async function answerMcp(
  caller: Caller,
  callRoute: CallRoute,
  request: Request,
): Promise<Response> {
  const server = mcpServer(caller, callRoute);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
