import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { hasScope, missingScopeMessage } from '../http/scopes.js';
import { keyModesOf } from '../http/route-definition.js';
import { ROUTES } from './routes.js';
import type { Caller } from './caller.js';
import { BLIND_REFUSED_QUERY } from './blind.js';
import { currentVersion } from '../versions/shape.js';
import { describeIssue } from '../schemas/parse.js';
import { logger } from '../observability/logger.js';
import { ownEntry } from '../objects.js';
import {
  IDEMPOTENCY_KEY,
  inputSchemaOf,
  MCP_TOOLS,
  outputSchemaOf,
  pathParametersOf,
  restRequestOf,
  type ToolName,
  type ToolRoute,
} from './mcp-tools.js';
import type { InProcessAnswer } from './invoke-route.js';

/** Calls a tool's REST route as the API would, with the caller's key (functions/mcp/handler.ts, by ./invoke-route.ts). */
export type CallRoute = (
  route: ToolRoute,
  request: ReturnType<typeof restRequestOf>,
) => Promise<InProcessAnswer>;

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
 * The most a tool's result may weigh as it travels: its structured content and the same JSON again as
 * text (MCP asks for both, for clients that read only text), escaped, together. Bounded whole, so the
 * MCP message stays within what docs/mcp.md says (2 MiB), which leaves the data in it about 1 MB.
 */
export const TOOL_RESULT_BYTES = 2 * 1024 * 1024;

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
function toolResult(answer: InProcessAnswer): CallToolResult {
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
  const { success: _success, ...structured } = body;
  const text = JSON.stringify(structured);
  // The message carries the structure once and the text once more, escaped as a JSON string.
  const bytes = Buffer.byteLength(text) + Buffer.byteLength(JSON.stringify(text));
  if (bytes > TOOL_RESULT_BYTES)
    return toolError(
      'response_too_large',
      'The answer is too large for one tool result: ask for it in slices (`limit`, then the cursor)',
      { responseBytes: bytes, limitBytes: TOOL_RESULT_BYTES },
    );
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

/**
 * What a tool's argument must be before its REST route is called: a path parameter or an idempotency
 * key is a non-empty string (a number is not an id); a query parameter of a read is a string, a number
 * or a boolean (sent as its text, as a query string would carry it), never an object or a list. The
 * route checks everything else, as it checks any REST request.
 */
function argumentProblems(
  name: ToolName,
  input: Record<string, unknown>,
): { field: string; rule: string; message: string }[] {
  const schema = inputSchemaOf(name);
  const required = new Set(schema.required ?? []);
  const textOnly = new Set([...pathParametersOf(MCP_TOOLS[name].route), IDEMPOTENCY_KEY]);
  const reads = ROUTES[MCP_TOOLS[name].route].method === 'GET';
  const problems: { field: string; rule: string; message: string }[] = [];
  for (const field of required)
    if (input[field] === undefined || input[field] === null || input[field] === '')
      problems.push({ field, rule: 'required', message: `${field}: is required` });
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    if (textOnly.has(field) && typeof value !== 'string')
      problems.push({ field, rule: 'type', message: `${field}: must be a string` });
    else if (reads && !['string', 'number', 'boolean'].includes(typeof value))
      problems.push({ field, rule: 'type', message: `${field}: must be a string` });
  }
  return problems;
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
    // Own entries only: `toString` or `__proto__` is no more a tool than any other unknown name.
    const tool = ownEntry(MCP_TOOLS, request.params.name);
    if (!tool) return toolError('not_found', `No tool ${request.params.name}`);
    const name = request.params.name as ToolName;
    const route = ROUTES[tool.route];
    if (!allowed(caller, name))
      return toolError(
        'scope_missing',
        route.scope ? missingScopeMessage(route.scope) : 'This key may not use this tool',
      );
    const input = request.params.arguments ?? {};
    // The SDK does not hold arguments to the input schema: what the REST route could not take from
    // its path or query as sent is refused here, with the details a REST 400 gives.
    const problems = argumentProblems(name, input);
    if (problems.length)
      return toolError('validation_failed', problems.map((problem) => problem.message).join('; '), {
        details: problems,
      });
    try {
      return toolResult(await callRoute(tool.route, restRequestOf(name, input)));
    } catch (error) {
      // The route answers its own failures in its envelope: what escapes it is ours, logged, not shown.
      logger.error('MCP tool failed', { error: error as Error, tool: name });
      return toolError('internal_error', 'The tool failed unexpectedly; retry shortly');
    }
  });
  server.onerror = (error) => logger.warn('MCP protocol error', { error });
  return server;
}

/** The SDK's schema of each request this server answers, by method (a Map: a method is a name from outside). */
const REQUEST_SCHEMAS = new Map<
  string,
  { safeParse: (value: unknown) => { success: boolean; error?: { issues: unknown[] } } }
>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

/** JSON-RPC's code for a request whose params are not what its method takes. */
const INVALID_PARAMS = -32602;

/**
 * JSON-RPC's "Invalid params" for a request the SDK would take apart with a schema error of its own
 * (an internal error, -32603, quoting the schema library): what is wrong, in the words and the details
 * of the API's 400 (validation_failed), or undefined when the request is well formed.
 */
export function invalidParams(message: unknown): Record<string, unknown> | undefined {
  if (!message || typeof message !== 'object' || !('id' in message)) return undefined;
  const { id, method } = message as { id: unknown; method?: unknown };
  const schema = typeof method === 'string' ? REQUEST_SCHEMAS.get(method) : undefined;
  const result = schema?.safeParse(message);
  if (!result || result.success) return undefined;
  const details = ((result.error?.issues ?? []) as Parameters<typeof describeIssue>[0][]).map(
    (issue) => ({
      field: issue.path.length ? issue.path.map(String).join('.') : 'params',
      rule: issue.code,
      message: describeIssue(issue, 'params', message),
    }),
  );
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: INVALID_PARAMS,
      message: `Invalid params: ${details.map((detail) => detail.message).join('; ')}`,
      data: { code: 'validation_failed', details },
    },
  };
}

/**
 * The Accept header as the transport requires it (JSON and an event stream) for a client that takes a
 * JSON answer, which is all this server sends: a client generated from the OpenAPI document asks for
 * `application/json` (or anything) alone. Undefined for one that takes no JSON: the transport's 406.
 */
function acceptedByTransport(accept: string | undefined): string | undefined {
  const types = (accept ?? '*/*')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase());
  if (
    !types.some((type) => type === 'application/json' || type === 'application/*' || type === '*/*')
  )
    return undefined;
  return 'application/json, text/event-stream';
}

/** What one MCP request is: the JSON-RPC message (parsed and bounded by the API's body rules) and its HTTP request. */
export interface McpRequest {
  message: unknown;
  url: string;
  method: string;
  headers: Record<string, string | undefined>;
}

/**
 * Answers one MCP request over Streamable HTTP, stateless, with JSON answers (no stream): a new
 * server and transport for each, as the specification allows for a server that keeps no session.
 */
export async function answerMcp(
  caller: Caller,
  callRoute: CallRoute,
  request: McpRequest,
  servedVersion: string,
): Promise<Response> {
  const accept = acceptedByTransport(request.headers.accept);
  const invalid = invalidParams(request.message);
  // The transport's own refusal (406) of a client that takes no JSON answer comes first.
  if (invalid && accept !== undefined) return Response.json(invalid);
  const server = mcpServer(caller, callRoute, servedVersion);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(
      new Request(request.url, {
        method: request.method,
        headers: {
          ...Object.fromEntries(
            Object.entries(request.headers).filter(
              (entry): entry is [string, string] => entry[1] !== undefined,
            ),
          ),
          ...(accept === undefined ? {} : { accept }),
        },
        body: JSON.stringify(request.message),
      }),
    );
  } finally {
    await server.close();
  }
}
