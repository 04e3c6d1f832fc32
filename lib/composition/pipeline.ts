import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { errorResponse } from '../http/errors.js';
import { rateLimitHeaders } from '../http/rate-limit.js';
import { countAnswer } from '../observability/answer-counts.js';
import { logger } from '../observability/logger.js';
import { callLog, withCallLog } from '../observability/trace.js';
import { preferredVersion, VERSION_REQUEST_HEADER, versionHeaders } from '../versions/shape.js';
import { API_PREFIX, REPLAYED_HEADER } from '../http/route-definition.js';
import { requestEntry } from '../request-log/entry.js';
import { logRequest } from '../request-log/line.js';
import {
  type ApiEvent,
  type ApiResponse,
  type Caller,
  callerOf,
  enforceLimits,
  overQuota,
  quotaExceeded,
} from './caller.js';

/**
 * The pipeline every function of the HTTP API runs, a route's (apiHandler, ./api-handler.ts) or not
 * (POST /mcp, the $default route: gatewayHandler): the request's id, the slow-or-failed log and the
 * canary's count, the envelope for whatever is thrown, and the caller within its limits. Kept apart
 * from the route machinery so that a function outside the route table bundles no DynamoDB client.
 */

/** The Lambda context, with what the pipeline parsed: the request's id, then the caller. */
export interface PipelineContext extends Context {
  /** API Gateway's id of the request (the Lambda request id where there is none) */
  requestId?: string;
  caller?: Caller;
  /** known once the caller is, unless Hiring-Version names no version served */
  apiVersion?: string;
}

/** The answer header an integrator quotes: API Gateway's id of the request, also on every log line of it. */
export const REQUEST_ID_HEADER = 'Request-Id';

/** The request's id, for the log lines and the answer, before anything else can fail. */
export function requestIdentity<C extends PipelineContext>(): MiddlewareObj<
  ApiEvent,
  ApiResponse,
  Error,
  C
> {
  return {
    before: ({ event, context }) => {
      context.requestId = requestIdOf(event, context);
      logger.appendKeys({ requestId: context.requestId });
    },
  };
}

/** An answer slower than this (the API's p99 target) is logged with its calls. */
export const SLOW_ANSWER_MS = 1_000;

/**
 * The log-based trace: an answer that is a 5xx or took SLOW_ANSWER_MS or more is logged with the AWS
 * calls it made and their times (lib/observability/trace.ts), the requests worth a look and no others.
 * Every answer is counted for the release's canary (lib/observability/answer-counts.ts).
 */
export function slowOrFailedAnswers<C extends PipelineContext>(): MiddlewareObj<
  ApiEvent,
  ApiResponse,
  Error,
  C
> {
  const report = (request: { response?: ApiResponse | null }) => {
    const log = callLog();
    const statusCode = request.response?.statusCode ?? 500;
    const slow = log !== undefined && log.elapsedMs - log.waitedMs >= SLOW_ANSWER_MS;
    countAnswer(statusCode, slow);
    if (log && (statusCode >= 500 || slow))
      logger.warn('Slow or failed answer', {
        statusCode,
        durationMs: log.elapsedMs,
        ...(log.waitedMs > 0 ? { waitedMs: log.waitedMs } : {}),
        calls: log.calls,
      });
  };
  // Registered outside the envelope: its onError runs after the envelope has made the answer.
  return { after: report, onError: report };
}

/**
 * The request log's line (lib/request-log): once the answer is made, for a request with a valid key
 * (the caller is known), whatever its answer. A log line, not a write: the request waits for nothing.
 */
const inProcess = new WeakSet<ApiEvent>();
/** A route called inside another request (an MCP tool's): the outer request is the one logged. */
export function markInProcess(event: ApiEvent): ApiEvent {
  inProcess.add(event);
  return event;
}

export function requestLogged<C extends PipelineContext>(): MiddlewareObj<
  ApiEvent,
  ApiResponse,
  Error,
  C
> {
  const record = (request: { event: ApiEvent; context: C; response?: ApiResponse | null }) => {
    const { event, context, response } = request;
    const caller = context.caller;
    if (!caller || !response || inProcess.has(event)) return;
    const status = response.statusCode ?? 500;
    const headers = event.headers ?? {};
    try {
      logRequest(
        requestEntry({
          spaceId: caller.spaceId,
          requestId: context.requestId ?? requestIdOf(event, context),
          receivedAt: event.requestContext?.timeEpoch ?? Date.now(),
          answeredAt: Date.now(),
          method: event.requestContext?.http?.method ?? 'GET',
          rawPath: event.rawPath ?? event.requestContext?.http?.path ?? '/',
          apiPrefix: API_PREFIX,
          routeKey: event.routeKey ?? event.requestContext?.routeKey,
          status,
          errorBody: status >= 400 && !response.isBase64Encoded ? response.body : undefined,
          keyId: caller.keyId,
          keyName: caller.keyName,
          apiVersion: context.apiVersion,
          headers,
          replayed: Object.entries(response.headers ?? {}).some(
            ([name, value]) =>
              name.toLowerCase() === REPLAYED_HEADER.toLowerCase() && value === 'true',
          ),
          queryParameterNames: Object.keys(event.queryStringParameters ?? {}),
          clientIp: caller.clientIp ?? undefined,
        }),
      );
    } catch (error) {
      // The answer stands whatever becomes of its entry.
      logger.warn('The request log line was not written', { error: error as Error });
    }
  };
  // Registered outside the envelope, as slowOrFailedAnswers: its onError sees the envelope's answer.
  return { after: record, onError: record };
}

/** The request's id: API Gateway's, else (invoked directly) Lambda's. */
function requestIdOf(event: ApiEvent, context: Context): string {
  return event.requestContext?.requestId ?? context.awsRequestId;
}

/**
 * An error as the API answers it to a request: the envelope, with the caller's RateLimit headers once
 * the caller is known, the version it is served in and the request's id; logged as a failure (a
 * 5xx) or a refusal. Over the key's hour only a revalidation gets this far, and whatever refusal it
 * meets is the 429: a spent hour answers nothing but a 304 about what the client holds.
 */
function refusal(
  thrown: unknown,
  request: { event: ApiEvent; requestId: string; caller?: Caller | undefined; apiVersion?: string },
): ApiResponse {
  const { event, requestId, caller } = request;
  let error = thrown;
  let response = errorResponse(error, requestId);
  const status = response.statusCode ?? 500;
  if (caller && overQuota(caller) && status < 500 && status !== 429) {
    error = quotaExceeded(caller, event.requestContext?.timeEpoch ?? Date.now());
    response = errorResponse(error, requestId);
  }
  if ((response.statusCode ?? 500) >= 500)
    logger.error('Request failed', { error: error as Error });
  else
    logger.info('Request refused', {
      statusCode: response.statusCode,
      error: (error as Error).message,
    });
  return {
    ...response,
    headers: {
      ...(caller ? rateLimitHeaders(caller.quota) : {}),
      ...versionHeaders(
        request.apiVersion ?? preferredVersion(event.headers?.[VERSION_REQUEST_HEADER], caller),
      ),
      [REQUEST_ID_HEADER]: requestId,
      ...response.headers,
    },
  };
}

/** Errors become responses here (refusal), with the caller's RateLimit headers once the caller is known. */
export function errorEnvelope<C extends PipelineContext>(): MiddlewareObj<
  ApiEvent,
  ApiResponse,
  Error,
  C
> {
  return {
    onError: (request) => {
      request.response = refusal(request.error, {
        event: request.event,
        requestId: request.context.requestId ?? requestIdOf(request.event, request.context),
        caller: request.context.caller,
        ...(request.context.apiVersion ? { apiVersion: request.context.apiVersion } : {}),
      });
    },
  };
}

/**
 * The caller, from the authorizer's context (503, 401, 403 when it could not check or refused the key),
 * kept first with the version its answers take, so that a refusal below still carries its RateLimit
 * headers and version; then the key's hour and the client's minute (429).
 */
export function identify<C extends PipelineContext>(
  request: MiddyRequest<C>,
  options: { revalidation: boolean; beyondLimits?: boolean },
): Caller {
  const gateway = request.event.requestContext?.authorizer?.lambda;
  const caller = callerOf(gateway);
  logger.appendKeys({ tenantId: caller.spaceId, keyId: caller.keyId });
  request.context.caller = caller;
  request.context.apiVersion = preferredVersion(
    request.event.headers?.[VERSION_REQUEST_HEADER],
    caller,
  );
  enforceLimits(gateway, caller, request.event.requestContext?.timeEpoch ?? Date.now(), options);
  return caller;
}

export type MiddyRequest<C> = Parameters<
  NonNullable<MiddlewareObj<ApiEvent, ApiResponse, Error, C>['before']>
>[0];

/** What a function of the HTTP API that is not a route of the table gets: its caller, within its limits. */
export interface GatewayRequest {
  caller: Caller;
  requestId: string;
  context: Context;
}

/**
 * The pipeline of a function of the HTTP API outside the route table (POST /mcp, the $default route),
 * as apiHandler's: the logger's context, the request's id, the slow-or-failed log and the canary's
 * count, the envelope for what is thrown (with the caller's RateLimit headers and version), and the
 * caller within its limits; then `handle`. `keyless` answers, before any caller, what needs no key.
 */
export function gatewayHandler(
  handle: (event: ApiEvent, request: GatewayRequest) => Promise<ApiResponse>,
  options: { keyless?: (event: ApiEvent, requestId: string) => ApiResponse | undefined } = {},
) {
  // The keyless answer goes through the handler, not as middy's early response, so that it is counted.
  type Ctx = PipelineContext & { keyless?: ApiResponse };
  const handler = middy<ApiEvent, ApiResponse, Error, Ctx>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(requestIdentity<Ctx>())
    .use(requestLogged<Ctx>())
    .use(slowOrFailedAnswers<Ctx>())
    .use(errorEnvelope<Ctx>())
    .use({
      before: (request) => {
        const keyless = options.keyless?.(request.event, request.context.requestId ?? '');
        if (keyless) request.context.keyless = keyless;
        else identify(request, { revalidation: false });
      },
    })
    .handler(async (event, context) => {
      if (context.keyless) return context.keyless;
      const { caller, requestId } = context;
      if (!caller || requestId === undefined) throw new Error('The handler runs after identify()');
      return handle(event, { caller, requestId, context });
    });
  return (event: ApiEvent, context: Context) => withCallLog(() => handler(event, context));
}
