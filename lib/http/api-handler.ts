import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2WithLambdaAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from 'zod/mini';
import { hasScope, missingScopeMessage } from '../auth/scopes.js';
import { ApiError } from '../errors.js';
import { logger } from '../observability/logger.js';
import { REQUEST_SCHEMAS } from '../schemas/requests.js';
import { parseJsonBody } from './body.js';
import { errorResponse, jsonResponse } from './errors.js';
import { describePeriod, type QuotaFigures, rateLimitHeaders } from './rate-limit.js';
import { ROUTES, type RouteId } from './routes.js';
import { parseOrThrow } from './validation.js';

/** What the authorizer returns as context (API Gateway hands it over as requestContext.authorizer.lambda). */
export interface AuthorizerContext {
  tenantId: string;
  keyId: string;
  keyName: string;
  /** comma-separated */
  scopes: string;
  quotaUsed: number;
  quotaLimit: number;
  quotaResetAt: number;
  /** requests from the client IP this minute; absent behind the edge, where the WAF limits per IP */
  ipCount?: number;
  ipLimit?: number;
}

export type ApiEvent = APIGatewayProxyEventV2WithLambdaAuthorizer<AuthorizerContext>;
export type ApiResponse = APIGatewayProxyStructuredResultV2;

export interface Caller {
  tenantId: string;
  keyId: string;
  keyName: string;
  scopes: string[];
  quota: QuotaFigures;
}

export interface ApiRequest<Body, Query> {
  caller: Caller;
  body: Body;
  query: Query;
  path: Record<string, string>;
  /** lower-cased header names */
  headers: Record<string, string | undefined>;
  requestId: string;
  context: Context;
}

type Schemas = typeof REQUEST_SCHEMAS;
type SchemaOf<R, Part extends 'body' | 'query'> = R extends keyof Schemas
  ? Schemas[R] extends Record<Part, infer S extends z.ZodMiniType>
    ? z.infer<S>
    : undefined
  : undefined;
/** The validated body of route R (undefined when it takes none). */
export type BodyOf<R extends RouteId> = SchemaOf<R, 'body'>;
/** The validated query of route R (raw strings when it declares none). */
export type QueryOf<R extends RouteId> =
  SchemaOf<R, 'query'> extends undefined ? Record<string, string | undefined> : SchemaOf<R, 'query'>;

export interface ApiResult {
  data?: unknown;
  pagination?: unknown;
  message?: string;
}

const MINUTE_MS = 60_000;

function callerOf(event: ApiEvent): Caller {
  const context = event.requestContext?.authorizer?.lambda;
  // API Gateway only invokes the function after the authorizer allowed; no context is a wiring bug.
  if (!context?.tenantId) throw new Error('Request reached the function without authorizer context');
  return {
    tenantId: context.tenantId,
    keyId: context.keyId,
    keyName: context.keyName,
    scopes: context.scopes ? context.scopes.split(',') : [],
    quota: {
      used: Number(context.quotaUsed),
      limit: Number(context.quotaLimit),
      resetAt: Number(context.quotaResetAt),
    },
  };
}

/** A 429 whose headers describe the limit that refused it. */
function rateLimited(limit: QuotaFigures, now: number): ApiError {
  const retryAfterMs = limit.resetAt - now;
  return new ApiError(429, `Rate limit exceeded, retry in ${describePeriod(retryAfterMs)}`, {
    body: { retryAfterMs },
    headers: { ...rateLimitHeaders(limit, now), 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) },
  });
}

/** Per-key hourly quota and, where no edge counts per IP, the per-IP minute limit, both counted by the authorizer. */
function enforceLimits(event: ApiEvent, caller: Caller, now: number): void {
  if (caller.quota.used > caller.quota.limit) throw rateLimited(caller.quota, now);
  const context = event.requestContext.authorizer.lambda;
  if (context.ipCount !== undefined && Number(context.ipCount) > Number(context.ipLimit)) {
    throw rateLimited({ used: Number(context.ipCount), limit: Number(context.ipLimit), resetAt: now - (now % MINUTE_MS) + MINUTE_MS }, now);
  }
}

/** Parsed request data, keyed by the event the middlewares saw. */
const parsedRequests = new WeakMap<ApiEvent, { caller: Caller; body: unknown; query: unknown }>();

/** Envelope, RateLimit headers and error mapping: the one place an error becomes a response. */
function envelope(routeId: RouteId): MiddlewareObj<ApiEvent, ApiResponse> {
  // The caller parsed by `authorize` (absent only when the authorizer context itself was missing).
  const headersFor = (event: ApiEvent) => {
    const caller = parsedRequests.get(event)?.caller;
    return caller ? rateLimitHeaders(caller.quota) : {};
  };
  return {
    after: (request) => {
      const result = (request.response ?? {}) as ApiResult;
      request.response = jsonResponse(
        ROUTES[routeId].successStatus,
        { success: true, ...result },
        headersFor(request.event),
      );
    },
    onError: (request) => {
      const requestId = request.event.requestContext?.requestId ?? request.context.awsRequestId;
      const response = errorResponse(request.error, requestId);
      if ((response.statusCode ?? 500) >= 500) logger.error('Request failed', { error: request.error as Error });
      else logger.info('Request refused', { statusCode: response.statusCode, error: (request.error as Error).message });
      request.response = { ...response, headers: { ...headersFor(request.event), ...response.headers } };
    },
  };
}

/** Per-key quota and per-IP limit (429), then the route's scope (403). */
function authorize(routeId: RouteId): MiddlewareObj<ApiEvent, ApiResponse> {
  const route = ROUTES[routeId];
  return {
    before: (request) => {
      const caller = callerOf(request.event);
      logger.appendKeys({ tenantId: caller.tenantId, keyId: caller.keyId, route: routeId });
      // Stored first, so that a 429 or 403 below still carries the RateLimit headers.
      parsedRequests.set(request.event, { caller, body: undefined, query: {} });
      enforceLimits(request.event, caller, request.event.requestContext?.timeEpoch ?? Date.now());
      if (!hasScope(caller.scopes, route.scope)) throw new ApiError(403, missingScopeMessage(route.scope!));
    },
  };
}

/** JSON body (415, 413, 400) and zod validation of body and query (400 naming field and rule). */
function validate(schemas: { body?: z.ZodMiniType; query?: z.ZodMiniType }): MiddlewareObj<ApiEvent, ApiResponse> {
  return {
    before: (request) => {
      const parsed = parsedRequests.get(request.event)!;
      const { event } = request;
      if (schemas.body) {
        const body = parseJsonBody(event.headers?.['content-type'], event.body, event.isBase64Encoded ?? false);
        parsed.body = parseOrThrow(schemas.body, body, 'body');
      }
      parsed.query = schemas.query
        ? parseOrThrow(schemas.query, event.queryStringParameters ?? {}, 'query')
        : (event.queryStringParameters ?? {});
    },
  };
}

/**
 * Builds a route's Lambda handler: envelope and error mapping, logger context, limits and scope,
 * validation, then `handle` with typed input. The handler only calls lib/ and returns data.
 */
export function apiHandler<R extends RouteId>(
  routeId: R,
  handle: (request: ApiRequest<BodyOf<R>, QueryOf<R>>) => Promise<ApiResult>,
) {
  const schemas: { body?: z.ZodMiniType; query?: z.ZodMiniType } =
    (REQUEST_SCHEMAS as Partial<Record<RouteId, { body?: z.ZodMiniType; query?: z.ZodMiniType }>>)[routeId] ?? {};
  return (
    middy<ApiEvent, ApiResponse, Error, Context>()
      // Outermost, so its onError (which resets the appended keys) runs after the envelope has logged.
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use(envelope(routeId))
      .use(authorize(routeId))
      .use(validate(schemas))
      .handler(async (event: ApiEvent, context: Context): Promise<ApiResponse> => {
        const parsed = parsedRequests.get(event)!;
        const result = await handle({
          caller: parsed.caller,
          body: parsed.body as BodyOf<R>,
          query: parsed.query as QueryOf<R>,
          path: (event.pathParameters ?? {}) as Record<string, string>,
          headers: event.headers ?? {},
          requestId: event.requestContext?.requestId ?? context.awsRequestId,
          context,
        });
        return result as ApiResponse;
      })
  );
}
