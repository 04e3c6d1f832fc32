import { parseJsonBody } from '../../lib/http/body.js';
import { parseOrThrow } from '../../lib/schemas/parse.js';
import { MCP_REQUESTS } from '../../lib/mcp/requests.js';
import { refuseForeignOrigin } from '../../lib/mcp/origin.js';
import { rateLimitHeaders } from '../../lib/http/rate-limit.js';
import { answerMcp, type CallRoute } from '../../lib/composition/mcp-server.js';
import { servedVersion, VERSION_REQUEST_HEADER, versionHeaders } from '../../lib/versions/shape.js';
import { fitResponse } from '../../lib/http/response-size.js';
import { gatewayHandler, REQUEST_ID_HEADER } from '../../lib/composition/pipeline.js';
import { invokeRoute } from '../../lib/composition/invoke-route.js';
import { TOOL_ROUTE_HANDLERS } from '../../lib/composition/tool-routes/handlers.js';

/**
 * POST /mcp: the MCP server (lib/composition/mcp-server.ts), behind the same authorizer and through the
 * same pipeline as every route. The key's limits hold as for any request (this HTTP request is counted
 * once, whatever it asks); a tool calls its REST route's handler here, with the same authorizer
 * context, so scopes, test mode, the answer's version, idempotency and the audit log are the REST
 * route's own. What is refused before any MCP message is handled (401, 403, 429, 503; 400, 413, 415
 * for a body that is not a JSON-RPC message) is the API's envelope, as every route's.
 */
const answer = gatewayHandler(async (event, { caller, requestId, context }) => {
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
  const answered = await answerMcp(
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
      statusCode: answered.status,
      headers: {
        ...Object.fromEntries(answered.headers),
        ...rateLimitHeaders(caller.quota),
        ...versionHeaders(served),
        'Cache-Control': 'no-store',
        [REQUEST_ID_HEADER]: requestId,
      },
      body: await answered.text(),
    },
    event.headers?.['accept-encoding'],
  );
});

/** POST /mcp's handler; its request schemas are exposed as apiHandler's are (the fixtures test holds them to REQUEST_SCHEMAS). */
export const handler = Object.assign(answer, { requestSchemas: MCP_REQUESTS.mcp });
