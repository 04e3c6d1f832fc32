import type { Context } from 'aws-lambda';
import {
  type ApiEvent,
  type ApiResponse,
  type Caller,
  callerOf,
  enforceLimits,
} from '../../lib/composition/caller.js';
import { parseJsonBody } from '../../lib/http/body.js';
import { parseOrThrow } from '../../lib/schemas/parse.js';
import { MCP_REQUESTS } from '../../lib/mcp/requests.js';
import { refuseForeignOrigin } from '../../lib/mcp/origin.js';
import { rateLimitHeaders } from '../../lib/http/rate-limit.js';
import { answerMcp, type CallRoute } from '../../lib/composition/mcp-server.js';
import { servedVersion, VERSION_REQUEST_HEADER, versionHeaders } from '../../lib/versions/shape.js';
import { fitResponse } from '../../lib/http/response-size.js';
import { countAnswer } from '../../lib/observability/answer-counts.js';
import {
  REQUEST_ID_HEADER,
  refusal,
  requestIdOf,
  SLOW_ANSWER_MS,
} from '../../lib/composition/api-handler.js';
import { invokeRoute } from '../../lib/composition/invoke-route.js';
import { TOOL_ROUTE_HANDLERS } from '../../lib/composition/tool-routes/handlers.js';
/**
 * POST /mcp: the MCP server (lib/composition/mcp-server.ts), behind the same authorizer as every route. The key's
 * limits hold as for any request (this HTTP request is counted once, whatever it asks); a tool calls
 * its REST route's handler here, with the same authorizer context, so scopes, test mode, the answer's
 * version, idempotency and the audit log are the REST route's own.
 */
async function answer(event: ApiEvent, context: Context): Promise<ApiResponse> {
  const requestId = requestIdOf(event, context);
  let caller: Caller | undefined;
  try {
    caller = callerOf(event);
    enforceLimits(event, caller, event.requestContext.timeEpoch ?? Date.now());
    refuseForeignOrigin(event.headers ?? {}, event.requestContext.domainName);
    const callRoute: CallRoute = (route, { idempotencyKey, ...request }) =>
      invokeRoute(
        TOOL_ROUTE_HANDLERS[route],
        route,
        {
          ...request,
          ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
        },
        { event, context },
      );
    // What is not a JSON-RPC message at all (not JSON, too deep, too large) is the API's 400 or 415;
    // MCP's own rules are the SDK's.
    const message = parseJsonBody(
      event.headers?.['content-type'],
      event.body,
      event.isBase64Encoded ?? false,
    );
    parseOrThrow(MCP_REQUESTS.mcp.body, message, 'body');
    // A Hiring-Version no version answers to is the API's 400, for the whole request.
    const served = servedVersion(event.headers?.[VERSION_REQUEST_HEADER], caller.apiVersion);
    const answer = await answerMcp(
      caller,
      callRoute,
      {
        message,
        url: `https://${event.requestContext.domainName}${event.rawPath}`,
        method: event.requestContext.http.method,
        headers: event.headers ?? {},
      },
      served,
    );
    return fitResponse(
      {
        statusCode: answer.status,
        headers: {
          ...Object.fromEntries(answer.headers),
          ...rateLimitHeaders(caller.quota),
          ...versionHeaders(served),
          'Cache-Control': 'no-store',
          [REQUEST_ID_HEADER]: requestId,
        },
        body: await answer.text(),
      },
      event.headers?.['accept-encoding'],
    );
  } catch (error) {
    // Refused before any MCP message is handled (401, 403, 429, 503; 400, 413, 415 for a body that is
    // not a JSON-RPC message): the API's envelope, as every route.
    return refusal(error, { event, requestId, caller });
  }
}

/** POST /mcp's handler; its request schemas are exposed as apiHandler's are (the fixtures test holds them to REQUEST_SCHEMAS). */
export const handler = Object.assign(
  async (event: ApiEvent, context: Context) => {
    const started = Date.now();
    const response = await answer(event, context);
    // Counted for the release's canary, as every route's answer is (lib/composition/api-handler.ts).
    countAnswer(response.statusCode ?? 200, Date.now() - started >= SLOW_ANSWER_MS);
    return response;
  },
  { requestSchemas: MCP_REQUESTS.mcp },
);
