import { describe, expect, it } from 'vitest';
import type { Caller } from '../../lib/composition/caller.js';
import { answerMcp, type CallRoute, TOOL_RESULT_BYTES } from '../../lib/composition/mcp-server.js';
import { inputSchemaOf, MCP_TOOLS, type ToolName } from '../../lib/composition/mcp-tools.js';
import { currentVersion } from '../../lib/versions/shape.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

/**
 * The MCP server without the gateway: a tool's route is a stand-in that answers what the test says,
 * so that the server's own rules (names, arguments, the size of what it sends) are what is tested.
 */
const caller: Caller = {
  spaceId: liveSpaceOf('tenant-mcp-unit'),
  mode: 'live',
  blind: false,
  keyId: '01JDQ4M8X2V7N3K5R9T6W1Y0ZA',
  keyName: 'assistant',
  scopes: ['read', 'write'],
  quota: { used: 1, limit: 1000, resetAt: Date.now() + 3_600_000 },
  quotaCounted: true,
  clientIp: '192.0.2.1',
};

type Answer = { id: unknown; result?: Record<string, unknown>; error?: Record<string, unknown> };

/** One JSON-RPC request to the server, as a client with the right Accept header sends it. */
async function ask(
  message: Record<string, unknown>,
  callRoute: CallRoute = async () => ({ statusCode: 200, body: '{"success":true,"data":[]}' }),
): Promise<{ status: number; bytes: number; answer: Answer }> {
  const response = await answerMcp(
    caller,
    callRoute,
    {
      message: { jsonrpc: '2.0', id: 7, ...message },
      url: 'https://api.example.com/api/v1/mcp',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
    },
    currentVersion(),
  );
  const text = await response.text();
  return {
    status: response.status,
    bytes: Buffer.byteLength(text),
    answer: JSON.parse(text) as Answer,
  };
}

const toolCall = (name: unknown, args?: unknown) =>
  ask({
    method: 'tools/call',
    params: { name, ...(args === undefined ? {} : { arguments: args }) },
  });

const errorOf = (answer: Answer) =>
  JSON.parse((answer.result?.content as { text: string }[])[0]?.text ?? '{}') as Record<
    string,
    unknown
  >;

describe('MCP server: names and arguments from outside', () => {
  it.each(['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf'])(
    'answers the inherited name %s as any unknown tool: a not_found tool error',
    async (name) => {
      const { answer } = await toolCall(name, {});

      expect(answer.error).toBeUndefined();
      expect(answer.result?.isError).toBe(true);
      expect(errorOf(answer)).toEqual({ code: 'not_found', error: `No tool ${name}` });
    },
  );

  it.each([
    ['arguments that are a string', { name: 'get_jd', arguments: 'jd-1' }, 'params.arguments'],
    ['arguments that are a list', { name: 'get_jd', arguments: ['jd-1'] }, 'params.arguments'],
    ['a name that is a number', { name: 42, arguments: {} }, 'params.name'],
    ['no name', { arguments: {} }, 'params.name'],
  ])('answers %s with JSON-RPC invalid params, in the words of a 400', async (_, params, field) => {
    const { status, answer } = await ask({ method: 'tools/call', params });

    expect(status).toBe(200);
    expect(answer.id).toBe(7);
    expect(answer.error).toMatchObject({
      code: -32602,
      data: { code: 'validation_failed', details: [expect.objectContaining({ field })] },
    });
    expect(String(answer.error?.message)).toMatch(/^Invalid params: params\.\w+: /);
    // Not the schema library's own dump.
    expect(JSON.stringify(answer.error)).not.toMatch(/"expected"|"received"|invalid_union/);
  });

  it('answers an initialize without its params as invalid params, not an internal error', async () => {
    const { answer } = await ask({ method: 'initialize' });

    expect(answer.error?.code).toBe(-32602);
  });

  it('names the type of an id that is not a string, and calls no route', async () => {
    let called = false;
    const { answer } = await ask(
      { method: 'tools/call', params: { name: 'get_jd', arguments: { jdId: 5 } } },
      async () => {
        called = true;
        return { statusCode: 200, body: '{"success":true,"data":{}}' };
      },
    );

    expect(called).toBe(false);
    expect(errorOf(answer)).toEqual({
      code: 'validation_failed',
      error: 'jdId: must be a string',
      details: [{ field: 'jdId', rule: 'type', message: 'jdId: must be a string' }],
    });
  });

  it('refuses an object where a read takes a query parameter, and passes a number on as its text', async () => {
    const queries: string[] = [];
    const route: CallRoute = async (_, request) => {
      queries.push(request.query);
      return { statusCode: 200, body: '{"success":true,"data":[]}' };
    };

    const object = await ask(
      { method: 'tools/call', params: { name: 'list_jds', arguments: { limit: { n: 2 } } } },
      route,
    );
    const number = await ask(
      { method: 'tools/call', params: { name: 'list_jds', arguments: { limit: 2 } } },
      route,
    );

    expect(errorOf(object.answer)).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'limit', rule: 'type' }],
    });
    expect(number.answer.result?.isError).toBeUndefined();
    expect(queries).toEqual(['limit=2']);
  });
});

describe('MCP server: the size of a tool result', () => {
  /** A route answering `bytes` of JSON data, quotes included, as a list of JDs would. */
  const answering =
    (bytes: number): CallRoute =>
    async () => {
      const title = 'A "quoted" title, as titles are; ';
      const data = Array.from({ length: Math.ceil(bytes / 200) }, (_, i) => ({
        id: `jd-${i}`,
        title: title.repeat(5),
      }));
      return { statusCode: 200, body: JSON.stringify({ success: true, data }) };
    };

  it('keeps the whole message, structure and text together, within the documented bound', async () => {
    for (const bytes of [200_000, 900_000, 1_200_000, 2_500_000]) {
      const { bytes: sent, answer } = await ask(
        { method: 'tools/call', params: { name: 'list_jds', arguments: {} } },
        answering(bytes),
      );

      expect(sent, `data of ${bytes} bytes`).toBeLessThanOrEqual(TOOL_RESULT_BYTES + 1024);
      if (answer.result?.isError) expect(errorOf(answer).code).toBe('response_too_large');
    }
  });

  it('answers data of about 900 KB whole, and data of 1.2 MB as response_too_large', async () => {
    const small = await ask(
      { method: 'tools/call', params: { name: 'list_jds', arguments: {} } },
      answering(900_000),
    );
    const large = await ask(
      { method: 'tools/call', params: { name: 'list_jds', arguments: {} } },
      answering(1_200_000),
    );

    expect(small.answer.result?.isError).toBeUndefined();
    expect(small.answer.result?.structuredContent).toBeDefined();
    expect(errorOf(large.answer)).toMatchObject({
      code: 'response_too_large',
      limitBytes: TOOL_RESULT_BYTES,
    });
  });
});

describe('MCP tools: what an assistant reads', () => {
  const tools = Object.keys(MCP_TOOLS) as ToolName[];

  it.each(tools)('%s names in its description only arguments it takes', (name) => {
    const properties = Object.keys(inputSchemaOf(name).properties ?? {});
    // Arguments are written `so`; anything else (an answer's field, another tool) is not.
    const named = [...MCP_TOOLS[name].description.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

    expect(named.length, 'the description names its arguments').toBeGreaterThan(0);
    for (const argument of named) expect(properties, name).toContain(argument);
  });

  it.each(tools)('%s describes each argument, and each value of each choice', (name) => {
    const properties = (inputSchemaOf(name).properties ?? {}) as Record<
      string,
      { description?: string; enum?: string[] }
    >;

    for (const [argument, schema] of Object.entries(properties)) {
      expect(schema.description, `${name}.${argument}`).toBeTruthy();
      for (const value of schema.enum ?? []) {
        expect(schema.description, `${name}.${argument}`).toContain(value);
        expect(MCP_TOOLS[name].description, `${name} on ${argument}`).toContain(value);
      }
    }
  });
});
