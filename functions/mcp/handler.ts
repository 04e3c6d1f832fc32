import type { Context } from 'aws-lambda';
import {
  type ApiEvent,
  type ApiResponse,
  type Caller,
  callerOf,
  enforceLimits,
} from '../../lib/composition/caller.js';
import { API_PREFIX, ROUTES, type RouteId } from '../../lib/composition/routes.js';
import { errorResponse } from '../../lib/http/errors.js';
import { parseJsonBody } from '../../lib/http/body.js';
import { parseOrThrow } from '../../lib/schemas/parse.js';
import { MCP_REQUESTS } from '../../lib/mcp/requests.js';
import { refuseForeignOrigin } from '../../lib/mcp/origin.js';
import { rateLimitHeaders } from '../../lib/http/rate-limit.js';
import { answerMcp, type CallRoute } from '../../lib/composition/mcp-server.js';
import {
  preferredVersion,
  servedVersion,
  VERSION_REQUEST_HEADER,
  versionHeaders,
} from '../../lib/versions/shape.js';
import { fitResponse } from '../../lib/http/response-size.js';
import { logger } from '../../lib/observability/logger.js';
import { countAnswer } from '../../lib/observability/answer-counts.js';
import { SLOW_ANSWER_MS } from '../../lib/composition/api-handler.js';
import { handler as listJds } from '../list-jds/handler.js';
import { handler as getJd } from '../get-jd/handler.js';
import { handler as listMatches } from '../list-matches/handler.js';
import { handler as listApplications } from '../list-applications/handler.js';
import { handler as getApplication } from '../get-application/handler.js';
import { handler as listCandidates } from '../list-candidates/handler.js';
import { handler as createReview } from '../create-review/handler.js';
import { handler as listEvents } from '../list-events/handler.js';

/** The REST routes the tools call (lib/composition/mcp-tools.ts), each by its own handler, in this function. */
const ROUTE_HANDLERS: Partial<
  Record<RouteId, (event: ApiEvent, context: Context) => Promise<unknown>>
> = {
  listJds,
  getJd,
  listMatches,
  listApplications,
  getApplication,
  listCandidates,
  createReview,
  listEvents,
};

/**
 * POST /mcp: the MCP server (lib/composition/mcp-server.ts), behind the same authorizer as every route. The key's
 * limits hold as for any request (this HTTP request is counted once, whatever it asks); a tool calls
 * its REST route's handler here, with the same authorizer context, so scopes, test mode, the answer's
 * version, idempotency and the audit log are the REST route's own.
 */
async function answer(event: ApiEvent, context: Context): Promise<ApiResponse> {
  const requestId = event.requestContext?.requestId ?? context.awsRequestId ?? '';
  let caller: Caller | undefined;
  try {
    caller = callerOf(event);
    enforceLimits(event, caller, event.requestContext.timeEpoch ?? Date.now());
    refuseForeignOrigin(event.headers ?? {}, event.requestContext.domainName);
    const callRoute: CallRoute = async (route, request) => {
      const definition = ROUTES[route];
      const path = definition.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(request.pathParameters[name] ?? ''),
      );
      const headers: Record<string, string> = {
        ...Object.fromEntries(
          Object.entries(event.headers ?? {}).filter(
            ([name]) => name === 'x-api-key' || name === VERSION_REQUEST_HEADER.toLowerCase(),
          ),
        ),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
      };
      const inner: ApiEvent = {
        ...event,
        routeKey: `${definition.method} ${API_PREFIX}${definition.path}`,
        rawPath: `${API_PREFIX}${path}`,
        rawQueryString: request.query,
        queryStringParameters: request.query
          ? Object.fromEntries(new URLSearchParams(request.query))
          : undefined,
        pathParameters: request.pathParameters,
        headers,
        body: request.body,
        isBase64Encoded: false,
        requestContext: {
          ...event.requestContext,
          routeKey: `${definition.method} ${API_PREFIX}${definition.path}`,
          http: {
            ...event.requestContext.http,
            method: definition.method,
            path: `${API_PREFIX}${path}`,
          },
        },
      };
      const call = ROUTE_HANDLERS[route];
      if (!call) throw new Error(`No handler for ${route} in the MCP function`);
      // No Accept-Encoding goes in, so the answer comes back as plain JSON.
      const answer = (await call(inner, context)) as ApiResponse;
      return { statusCode: answer.statusCode ?? 200, body: answer.body ?? '' };
    };
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
          'Request-Id': requestId,
        },
        body: await answer.text(),
      },
      event.headers?.['accept-encoding'],
    );
  } catch (error) {
    // Refused before any MCP message is handled (401, 403, 429, 503; 400, 413, 415 for a body that is
    // not a JSON-RPC message): the API's envelope, as every route.
    const refused = errorResponse(error, requestId);
    if ((refused.statusCode ?? 500) >= 500)
      logger.error('Request failed', { error: error as Error, route: 'mcp', requestId });
    return {
      ...refused,
      headers: {
        ...versionHeaders(preferredVersion(event.headers?.[VERSION_REQUEST_HEADER], caller)),
        ...(caller ? rateLimitHeaders(caller.quota) : {}),
        ...refused.headers,
        'Request-Id': requestId,
      },
    };
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
