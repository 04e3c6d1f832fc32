import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { hasScope, missingScopeMessage } from '../http/scopes.js';
import { logger } from '../observability/logger.js';
import { withCallLog } from '../observability/trace.js';
import type { REQUEST_SCHEMAS } from '../composition/requests.js';
import type { responses } from '../composition/responses.js';
import { parseJsonBody } from '../http/body.js';
import {
  type ApiEvent,
  type ApiResponse,
  type Caller,
  overQuota,
  quotaExceeded,
} from './caller.js';
import { HttpError, jsonResponse } from '../http/errors.js';
import { digestEtag, ifNoneMatchHits } from '../http/etag.js';
import { sharedDb } from '../db/client.js';
import { returnQuotaUnit } from '../keys/authentication.js';
import { hashApiKey } from '../keys/format.js';
import { fitResponse } from '../http/response-size.js';
import { rateLimitHeaders } from '../http/rate-limit.js';
import { bodyBytesOf, keyModesOf } from '../http/route-definition.js';
import { API_PREFIX, ROUTES, type RouteId } from './routes.js';
import type { AuditContext } from '../audit/model.js';
import { parseOrThrow } from '../schemas/parse.js';
import { seenBlind } from './blind.js';
import {
  errorEnvelope,
  identify,
  type PipelineContext,
  REQUEST_ID_HEADER,
  requestIdentity,
  requestLogged,
  slowOrFailedAnswers,
} from './pipeline.js';
import {
  servedVersion,
  shapeAnswer,
  upgradeRequest,
  VERSION_REQUEST_HEADER,
  versionHeaders,
} from '../versions/shape.js';

export { REQUEST_ID_HEADER, SLOW_ANSWER_MS } from './pipeline.js';
export type {
  ApiEvent,
  ApiResponse,
  AuthorizerContext,
  Caller,
  GatewayContext,
  RefusedContext,
  UnavailableContext,
} from './caller.js';

type Schemas = typeof REQUEST_SCHEMAS;
/** The request schemas of route R, as REQUEST_SCHEMAS names them (none: an empty object). */
export type SchemasOf<R extends RouteId> = R extends keyof Schemas
  ? Schemas[R]
  : Record<never, never>;
type SchemaOf<R, Part extends 'body' | 'query'> = R extends keyof Schemas
  ? Schemas[R] extends Record<Part, infer S extends z.ZodMiniType>
    ? z.infer<S>
    : undefined
  : undefined;
/** The validated body of route R (undefined when it takes none). */
export type BodyOf<R extends RouteId> = SchemaOf<R, 'body'>;
/** The validated query of route R (raw strings when it declares none). */
export type QueryOf<R extends RouteId> =
  SchemaOf<R, 'query'> extends undefined
    ? Record<string, string | undefined>
    : SchemaOf<R, 'query'>;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
/** The path parameters of route R, from its path in the route table: `/jds/{jdId}` → `{ jdId: string }`. */
export type PathOf<R extends RouteId> = {
  [Name in ParamNames<(typeof ROUTES)[R]['path']>]: string;
};

/** What route R answers, without the envelope's `success` (typed by its response schema). */
export type ResultOf<R extends RouteId> = Omit<z.output<(typeof responses)[R]>, 'success'>;

export interface ApiRequest<R extends RouteId> {
  caller: Caller;
  body: BodyOf<R>;
  query: QueryOf<R>;
  path: PathOf<R>;
  /** the method and the path with its parameters (`PATCH /jds/jd-1`): the request an Idempotency-Key names */
  target: string;
  /** lower-cased header names */
  headers: Record<string, string | undefined>;
  /** the request's cookies, `name=value` each (HTTP API hands them over apart from the headers) */
  cookies: readonly string[];
  /** headers to add to the success answer (an idempotent replay's mark) */
  responseHeaders: Record<string, string>;
  requestId: string;
  /** who is making the change and through which request, for the audit entries of the changes it makes */
  audit: AuditContext;
  /** the API version the answer is shaped for: the one Hiring-Version names, else the key's */
  apiVersion: string;
  /** the version whose shapes the answer is in, when not the newest (an idempotent replay sets it) */
  answerVersion?: string;
  /** an `upsert` route created what its path names: 201 with its Location, not 200 */
  created?: boolean;
  /** how long the function has left, in ms (Lambda's count): work that can stop early plans by it */
  remainingMs: () => number;
}

/** The Lambda context, with what the middlewares parsed: the caller first, then the whole request. */
interface ApiContext<R extends RouteId> extends PipelineContext {
  request?: ApiRequest<R>;
}

/** The path parameters route R declares, as API Gateway delivers them for a matched route. */
function pathOf<R extends RouteId>(routeId: R, event: ApiEvent): PathOf<R> {
  const names = [...ROUTES[routeId].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const path: Record<string, string> = {};
  for (const name of names) {
    const value = event.pathParameters?.[name];
    // API Gateway matched the route, so every parameter is there; a missing one is a wiring bug.
    if (value === undefined)
      throw new Error(`Route ${routeId} was invoked without its path parameter ${name}`);
    path[name] = value;
  }
  return path as PathOf<R>;
}

/** The route's method and path, its parameters filled in. */
function targetOf<R extends RouteId>(routeId: R, path: PathOf<R>): string {
  const route = ROUTES[routeId];
  return `${route.method} ${filled(route.path, (name) => (path as Record<string, string>)[name])}`;
}

/** A path template (`/jds/{jdId}`) with each `{name}` replaced by its value. */
function filled(template: string, valueOf: (name: string) => unknown): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(valueOf(name) ?? ''));
}

/** A create's Location: the route's template filled from the path, else from what it answers. */
function locationOf(template: string, path: object, result: unknown): string {
  const data = (result as { data?: Record<string, unknown> }).data ?? {};
  const value = (name: string) => (path as Record<string, string>)[name] ?? data[name];
  return `${API_PREFIX}${filled(template, (name) => encodeURIComponent(String(value(name) ?? '')))}`;
}

/** The caller within its limits (identify), then the key's mode and the route's scope (403). */
function authorize<R extends RouteId>(
  routeId: R,
): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext<R>> {
  const route = ROUTES[routeId];
  return {
    before: (request) => {
      logger.appendKeys({ route: routeId });
      const caller = identify(request, {
        revalidation:
          'conditional' in route && request.event.headers?.['if-none-match'] !== undefined,
        beyondLimits: 'beyondLimits' in route,
      });
      if (!keyModesOf(route).includes(caller.mode))
        throw new HttpError('key_mode_mismatch', keyModeMessage(caller.mode));
      if (route.scope && !hasScope(caller.scopes, route.scope))
        throw new HttpError('scope_missing', missingScopeMessage(route.scope));
    },
  };
}

function keyModeMessage(mode: Caller['mode']): string {
  return mode === 'test'
    ? "A test key cannot manage keys: use a live admin key (it manages the tenant's live and test keys)"
    : 'This route serves test keys only (hk_test_…): it changes the test space, never live data';
}

/** The query of a route that declares none: empty (every parameter refused, as a list refuses one it does not take). */
const NO_QUERY = z.strictObject({});

/** JSON body (415, 413, 400) and zod validation of body and query (400 naming field and rule). */
function validate<R extends RouteId>(
  routeId: R,
  schemas: { body?: z.ZodMiniType; query?: z.ZodMiniType },
): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext<R>> {
  return {
    before: ({ event, context }) => {
      if (!context.caller) throw new Error('validate() runs after authorize()');
      const apiVersion = servedVersion(
        event.headers?.[VERSION_REQUEST_HEADER],
        context.caller.apiVersion,
      );
      context.apiVersion = apiVersion;
      const body = schemas.body
        ? parseOrThrow(
            schemas.body,
            upgradeRequest(
              apiVersion,
              routeId,
              parseJsonBody(
                event.headers?.['content-type'],
                event.body,
                event.isBase64Encoded ?? false,
                bodyBytesOf(ROUTES[routeId]),
              ),
            ),
            'body',
          )
        : undefined;
      // A route that declares no query takes none: a parameter sent to it is refused, as a list
      // refuses one it does not take, never ignored (a write's `?dryRun=true` would otherwise write).
      const query = parseOrThrow(
        schemas.query ?? NO_QUERY,
        event.queryStringParameters ?? {},
        'query',
      );
      const path = pathOf(routeId, event);
      context.request = {
        caller: context.caller,
        body: body as BodyOf<R>,
        query: query as QueryOf<R>,
        path,
        target: targetOf(routeId, path),
        headers: event.headers ?? {},
        cookies: event.cookies ?? [],
        responseHeaders: {},
        requestId: context.requestId ?? event.requestContext?.requestId ?? context.awsRequestId,
        audit: {
          actor: context.caller.keyId,
          actorName: context.caller.keyName,
          requestId: context.requestId ?? context.awsRequestId,
          clientIp: context.caller.clientIp,
          route: `${ROUTES[routeId].method} ${ROUTES[routeId].path}`,
          ...(context.caller.console ? { console: true as const } : {}),
        },
        apiVersion,
        remainingMs: () => context.getRemainingTimeInMillis(),
      };
    },
  };
}

/**
 * The ETag a `conditional` route's GET gives `result` without a version of its own: a digest of the
 * answer as shaped for `apiVersion`. A create answers it too, so the client can revalidate at once.
 */
export function readEtag<R extends RouteId>(
  routeId: R,
  apiVersion: string,
  result: ResultOf<R>,
): string {
  return digestEtag(shapeAnswer(apiVersion, routeId, { success: true, ...result }).answer);
}

/** As every answer: no cache may keep tenant data (the client holds what it read, with its ETag). */
const NOT_STORED = { 'Cache-Control': 'no-store' };

/**
 * A single-resource read (a `conditional` route): its ETag is the one the handler set (a version), else
 * a digest of the answer. An If-None-Match naming it answers 304 with no body and spends nothing: the
 * quota unit the authorizer took for the request is given back (like a per-IP refusal's), and over the
 * key's hour the authorizer took none, so a 304 is still answered (anything else is the 429). A client
 * that revalidates, however often and however many at once, never spends its hour. Giving a unit back
 * is best effort: if DynamoDB fails it, the 304 still goes out.
 */
async function conditionalRead(
  event: ApiEvent,
  request: ApiRequest<RouteId>,
  answer: unknown,
  headers: Record<string, string>,
): Promise<ApiResponse> {
  const etag = request.responseHeaders.ETag ?? digestEtag(answer);
  const now = event.requestContext?.timeEpoch ?? Date.now();
  if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) {
    if (overQuota(request.caller)) throw quotaExceeded(request.caller, now);
    const response = jsonResponse(200, answer, { ...headers, ETag: etag });
    return fitResponse(response, request.headers['accept-encoding']);
  }
  const returned = await giveBackQuotaUnit(event, request, '304');
  return {
    statusCode: 304,
    headers: { ...headers, ...returned, ...NOT_STORED, ETag: etag },
  };
}

/**
 * Gives back the quota unit the authorizer took for this request (a 304, an idle long-poll's empty
 * answer: lib/events/routes.ts's LONG_POLL_MAX_SECONDS); answers the RateLimit headers that then hold,
 * none when nothing was given back. Best effort: if DynamoDB fails it, the answer still goes out.
 */
async function giveBackQuotaUnit(
  event: ApiEvent,
  request: ApiRequest<RouteId>,
  what: string,
): Promise<Record<string, string>> {
  const { quota } = request.caller;
  // A console request carries no key to give the unit back to (its session names the key's hash, which
  // no function reads): it is counted, as the console's few requests an hour can afford.
  if (!request.caller.quotaCounted || request.caller.console) return {};
  try {
    await returnQuotaUnit(
      sharedDb(),
      hashApiKey(request.headers['x-api-key'] ?? ''),
      new Date(event.requestContext?.timeEpoch ?? Date.now()),
    );
  } catch (error) {
    logger.warn(`The quota unit of ${what} was not given back`, { error: error as Error });
    return {};
  }
  return rateLimitHeaders({ ...quota, used: Math.max(0, quota.used - 1) });
}

/**
 * Whether a long-poll waited and found nothing: its empty page spends none of the key's hour, so a
 * listener waiting at the end of the log costs its key nothing while nothing happens.
 */
function idleLongPoll(request: ApiRequest<RouteId>, result: unknown): boolean {
  const wait = Number((request.query as { wait?: string } | undefined)?.wait ?? 0);
  const { data, pagination } = result as { data?: unknown; pagination?: { hasMore?: boolean } };
  return wait > 0 && Array.isArray(data) && data.length === 0 && pagination?.hasMore === false;
}

/**
 * Builds a route's Lambda handler: logger context, error mapping, limits and scope, validation with the
 * route's own schemas (passed in, so a function bundles no other route's), then `handle` with the typed
 * request; its typed result is sent in the success envelope with the RateLimit headers, compressed when
 * the client accepts gzip, and never past what a Lambda response can carry (lib/http/response-size.ts). The handler
 * only calls lib/ and returns data.
 */
export function apiHandler<R extends RouteId>(
  routeId: R,
  schemas: SchemasOf<R>,
  handle: (request: ApiRequest<R>) => Promise<ResultOf<R>>,
) {
  const route = ROUTES[routeId];
  const handler = middy<ApiEvent, ApiResponse, Error, ApiContext<R>>()
    // Outermost, so its onError (which resets the appended keys) runs after the envelope has logged.
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(requestIdentity<ApiContext<R>>())
    .use(requestLogged<ApiContext<R>>())
    .use(slowOrFailedAnswers<ApiContext<R>>())
    .use(errorEnvelope<ApiContext<R>>())
    .use(authorize(routeId))
    .use(validate(routeId, schemas))
    .handler(async (event, context): Promise<ApiResponse> => {
      const { request } = context;
      if (!request) throw new Error('The handler runs after validate()');
      // A blind key's answer never says who a candidate is (./blind.ts).
      const result = request.caller.blind
        ? await seenBlind(routeId, request.query ?? {}, () => handle(request))
        : await handle(request);
      const shaped = shapeAnswer(
        request.apiVersion,
        routeId,
        { success: true, ...result },
        request.answerVersion,
      );
      const headers: Record<string, string> = {
        ...rateLimitHeaders(request.caller.quota),
        ...versionHeaders(shaped.served),
        [REQUEST_ID_HEADER]: request.requestId,
        ...request.responseHeaders,
      };
      if (route.successStatus === 204)
        return { statusCode: 204, headers: { 'Cache-Control': 'no-store', ...headers } };
      const status = request.created === true ? 201 : route.successStatus;
      if ('location' in route && status === 201)
        headers.Location = locationOf(route.location, request.path, result);
      if ('conditional' in route) return conditionalRead(event, request, shaped.answer, headers);
      if ('longPoll' in route && idleLongPoll(request, result))
        Object.assign(headers, await giveBackQuotaUnit(event, request, 'an idle long-poll'));
      const response = jsonResponse(status, shaped.answer, headers);
      return fitResponse(response, request.headers['accept-encoding']);
    });
  // Each invocation keeps its call log; the schemas are exposed so a test can hold every handler to
  // exactly its route's schemas in REQUEST_SCHEMAS.
  return Object.assign(
    (event: ApiEvent, context: Context) => withCallLog(() => handler(event, context)),
    { requestSchemas: schemas },
  );
}
