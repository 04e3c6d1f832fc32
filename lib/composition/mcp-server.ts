import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { hasScope, missingScopeMessage } from '../http/scopes.js';
import { keyModesOf } from '../http/route-definition.js';
import { ROUTES, type RouteId } from './routes.js';
import type { Caller } from './caller.js';
import { BLIND_REFUSED_QUERY } from './blind.js';
import { currentVersion } from '../versions/shape.js';
import { RESPONSE_BUDGET_BYTES } from '../http/response-size.js';
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
    (Object.keys(MCP_TOOLS) as ToolName[]).map((name) => {
      const reads = ROUTES[MCP_TOOLS[name].route].method === 'GET';
      return [
        name,
        {
          name,
          title: MCP_TOOLS[name].title,
          description: MCP_TOOLS[name].description,
          inputSchema: inputSchemaOf(name) as Tool['inputSchema'],
          outputSchema: outputSchemaOf(name) as Tool['outputSchema'],
          // A write's idempotency key is required, so every tool may be called again safely.
          annotations: {
            readOnlyHint: reads,
            destructiveHint: false,
            idempotentHint: true,
            openWorldHint: false,
          },
        },
      ];
    }),
  );
  return described;
}

/** A tool as a blind key sees it: without the arguments its route refuses a blind key (./blind.ts). */
function blindTool(name: ToolName, tool: Tool): Tool {
  const refused = new Set(BLIND_REFUSED_QUERY[MCP_TOOLS[name].route] ?? []);
  if (refused.size === 0) return tool;
  const { properties = {}, required } = tool.inputSchema;
  return {
    ...tool,
    inputSchema: {
      ...tool.inputSchema,
      properties: Object.fromEntries(
        Object.entries(properties).filter(([field]) => !refused.has(field)),
      ),
      ...(required ? { required: required.filter((field) => !refused.has(field)) } : {}),
    },
  };
}

/**
 * The most a tool's answer may hold: its structured content and its text twice make the MCP answer,
 * which must fit one Lambda answer (6 MB) with room for escaping.
 */
const TOOL_ANSWER_BYTES = Math.floor(RESPONSE_BUDGET_BYTES / 3);

/** A tool error as a model reads it: the REST error's code, message and details, never a stack. */
function toolError(
  code: string,
  message: string,
  more: Record<string, unknown> = {},
): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ code, error: message, ...more }) }],
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
  if (answer.statusCode >= 400 || body.success !== true) {
    const { success: _success, code, error, requestId: _requestId, ...more } = body;
    return toolError(String(code ?? 'internal_error'), String(error ?? 'Failed'), more);
  }
  if (Buffer.byteLength(answer.body) > TOOL_ANSWER_BYTES)
    return toolError(
      'response_too_large',
      'The answer is too large for one tool result: ask for it in slices (`limit`, then the cursor)',
      { responseBytes: Buffer.byteLength(answer.body), limitBytes: TOOL_ANSWER_BYTES },
    );
  const { success: _success, ...structured } = body;
  return {
    structuredContent: structured,
    content: [{ type: 'text', text: JSON.stringify(structured) }],
  };
}

const INSTRUCTIONS =
  "Tools over one hiring team's job descriptions, applications, AI match scores and reviews. Scores come with provenance (model, criteria, when scored); a review records a person's judgement of one score. Read before you write: record_review is the only write.";
/** What a blind key's server adds (lib/composition/blind.ts), so that a model knows why names are missing. */
const BLIND_INSTRUCTIONS =
  ' This key is blind: it is never shown who a candidate is (no name, e-mail, resume file name, contact details, education or score summary), and cannot search candidates by file name or e-mail. Judge on skills, experience, scores and criteria; a review it records is marked blind.';

/**
 * The SDK validates with this what a client answers to an elicitation (a question the server asks the
 * user), and this server asks none: its default, Ajv, is left out of the bundle (lib/mcp/ajv-left-out.ts).
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({
    valid: false,
    data: undefined,
    errorMessage: 'This server asks for no elicitation',
  }),
};

/**
 * The MCP server a caller talks to: the tools its key allows, each calling its REST route. The output
 * schemas are the current version's: a request served another version (a key pinned to an older one,
 * or Hiring-Version) gets its tools without them, as its answers have that version's shapes.
 */
export function mcpServer(caller: Caller, callRoute: CallRoute, servedVersion: string): Server {
  const server = new Server(
    { name: 'hiring-integration-api', title: 'Hiring Integration API', version: currentVersion() },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: INSTRUCTIONS + (caller.blind ? BLIND_INSTRUCTIONS : ''),
      jsonSchemaValidator: NO_ELICITATION,
    },
  );
  const current = servedVersion === currentVersion();
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...descriptions()]
      .filter(([name]) => allowed(caller, name))
      .map(([name, described]) => {
        const tool = caller.blind ? blindTool(name, described) : described;
        if (current) return tool;
        const { outputSchema: _outputSchema, ...withoutOutput } = tool;
        return withoutOutput;
      }),
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
    // The SDK does not hold arguments to the input schema: what the REST route would not find in its
    // path (an id, the write's idempotency key) is refused here, as the route refuses a bad field.
    const missing = (inputSchemaOf(name).required ?? []).filter(
      (field) => typeof input[field] !== 'string' || input[field] === '',
    );
    if (missing.length)
      return toolError('validation_failed', `${missing.join(', ')}: required`, {
        details: missing.map((field) => ({ field, rule: 'required', message: 'is required' })),
      });
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
  servedVersion: string,
): Promise<Response> {
  const server = mcpServer(caller, callRoute, servedVersion);
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
