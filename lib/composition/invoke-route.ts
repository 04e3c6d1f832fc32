import { markInProcess } from './pipeline.js';
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResponse } from './caller.js';
import { API_PREFIX, ROUTES, type RouteId } from './routes.js';
import { VERSION_REQUEST_HEADER } from '../versions/shape.js';

/** A route's Lambda handler, as apiHandler builds it. */
export type RouteHandler = (event: ApiEvent, context: Context) => Promise<unknown>;

/** A route called in-process: its path parameters, its query string, its body and what it adds to the headers. */
export interface InProcessRequest {
  pathParameters: Record<string, string>;
  query: string;
  body?: string | undefined;
  headers?: Record<string, string>;
}

/** What a route called in-process answered: its status and its body (the envelope, as JSON text). */
export interface InProcessAnswer {
  statusCode: number;
  body: string;
}

/** The outer request's headers a route called inside it also receives: the key, and the version asked for. */
const PASSED_ON = new Set(['x-api-key', VERSION_REQUEST_HEADER.toLowerCase()]);

/**
 * Calls a route's handler inside another request (a tool of the MCP server calls its REST route), as
 * API Gateway would have called it for that request: the same authorizer context, key, requested
 * version and request id, so the route's scope, space, answer version, idempotency and audit entries
 * are its own, and its answer is the one the REST API gives. No Accept-Encoding goes in, so the answer
 * comes back as plain JSON.
 */
export async function invokeRoute(
  handler: RouteHandler,
  routeId: RouteId,
  request: InProcessRequest,
  outer: { event: ApiEvent; context: Context },
): Promise<InProcessAnswer> {
  const { method, path: template } = ROUTES[routeId];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(request.pathParameters[name] ?? ''),
  );
  const routeKey = `${method} ${API_PREFIX}${template}`;
  const { event } = outer;
  const inner: ApiEvent = {
    ...event,
    routeKey,
    rawPath: `${API_PREFIX}${path}`,
    rawQueryString: request.query,
    queryStringParameters: request.query
      ? Object.fromEntries(new URLSearchParams(request.query))
      : undefined,
    pathParameters: request.pathParameters,
    headers: {
      ...Object.fromEntries(
        Object.entries(event.headers ?? {}).filter(([name]) => PASSED_ON.has(name)),
      ),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    body: request.body,
    isBase64Encoded: false,
    requestContext: {
      ...event.requestContext,
      routeKey,
      http: { ...event.requestContext.http, method, path: `${API_PREFIX}${path}` },
    },
  };
  const answer = (await handler(markInProcess(inner), outer.context)) as ApiResponse;
  return { statusCode: answer.statusCode ?? 200, body: answer.body ?? '' };
}
