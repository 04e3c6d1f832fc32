import { randomUUID } from 'node:crypto';
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import type {
  ApiEvent,
  AuthorizerContext,
  GatewayContext,
} from '../../lib/composition/api-handler.js';
import type { RouteDefinition } from '../../lib/http/route-definition.js';
import { API_PREFIX } from '../../lib/composition/routes.js';

/** The request as the local gateway (or a test) saw it. */
export interface IncomingRequest {
  method: string;
  /** full path including /api/v1, still percent-encoded */
  rawPath: string;
  rawQueryString?: string;
  /** lower-case names; repeated headers already comma-joined */
  headers?: Record<string, string>;
  body?: string | undefined;
  isBase64Encoded?: boolean;
  sourceIp?: string;
  /** epoch ms at which the gateway received it (default: now); tests pin it to control time */
  receivedAt?: number;
}

const ACCOUNT = '123456789012';
const API_ID = 'local';
const STAGE = '$default';

/** What an event says of its route: a route of the table, or API Gateway's $default route (unknown paths). */
export type EventRoute = Pick<RouteDefinition, 'method' | 'path'>;
export const DEFAULT_ROUTE: EventRoute = { method: 'GET', path: '$default' };

function routeKey(route: EventRoute): string {
  return route === DEFAULT_ROUTE ? '$default' : `${route.method} ${API_PREFIX}${route.path}`;
}

/** API Gateway comma-joins repeated query keys. */
export function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  // A Map, so that a parameter named like an inherited property (`constructor`, `__proto__`) is one
  // of its own, as API Gateway passes it on.
  const result = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    const earlier = result.get(key);
    result.set(key, earlier === undefined ? value : `${earlier},${value}`);
  }
  return Object.fromEntries(result);
}

/** Names the local gateway answers on (it listens on the loopback address only). */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The name the request was answered on, as API Gateway gives it: the Host's when it is one the gateway
 * serves. Another Host (a page's name pointed at this machine: DNS rebinding) is not a name it serves.
 */
function servedName(host: string | undefined): string {
  const name = host?.replace(/:\d+$/, '').toLowerCase() ?? '';
  return LOOPBACK_NAMES.has(name) ? name : 'localhost';
}

function requestContext(
  request: IncomingRequest,
  route: EventRoute,
  requestId: string,
  now: number,
) {
  return {
    accountId: ACCOUNT,
    apiId: API_ID,
    domainName: servedName(request.headers?.host),
    domainPrefix: 'localhost',
    http: {
      method: request.method,
      path: request.rawPath,
      protocol: 'HTTP/1.1',
      sourceIp: request.sourceIp ?? '127.0.0.1',
      userAgent: request.headers?.['user-agent'] ?? '',
    },
    requestId,
    routeKey: routeKey(route),
    stage: STAGE,
    time: new Date(now).toUTCString(),
    timeEpoch: now,
  };
}

/** A payload-2.0 REQUEST authorizer event, as API Gateway sends it. */
export function authorizerEvent(
  request: IncomingRequest,
  route: EventRoute,
  pathParameters: Record<string, string>,
  requestId: string = randomUUID(),
  now = Date.now(),
): APIGatewayRequestAuthorizerEventV2 {
  const headers = request.headers ?? {};
  const cookies = headers.cookie?.split(';').map((cookie) => cookie.trim());
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn: `arn:aws:execute-api:us-east-1:${ACCOUNT}:${API_ID}/${STAGE}/${route === DEFAULT_ROUTE ? '$default' : `${route.method}${API_PREFIX}${route.path}`}`,
    identitySource: [headers['x-api-key'] ?? ''],
    routeKey: routeKey(route),
    rawPath: request.rawPath,
    rawQueryString: request.rawQueryString ?? '',
    ...(cookies ? { cookies } : {}),
    headers,
    queryStringParameters: queryParameters(request.rawQueryString ?? ''),
    requestContext: requestContext(request, route, requestId, now),
    pathParameters,
    stageVariables: undefined,
  } as unknown as APIGatewayRequestAuthorizerEventV2;
}

/** A payload-2.0 proxy event carrying the authorizer's context, as the function receives it. */
export function proxyEvent(
  request: IncomingRequest,
  route: EventRoute,
  pathParameters: Record<string, string>,
  authorizer: GatewayContext,
  requestId: string = randomUUID(),
  now = Date.now(),
): ApiEvent {
  const headers = request.headers ?? {};
  const cookies = headers.cookie?.split(';').map((cookie) => cookie.trim());
  const { cookie: _cookie, ...headersWithoutCookie } = headers;
  const event: Record<string, unknown> = {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: request.rawPath,
    rawQueryString: request.rawQueryString ?? '',
    headers: headersWithoutCookie,
    requestContext: {
      ...requestContext(request, route, requestId, now),
      authorizer: { lambda: authorizer },
    },
    isBase64Encoded: request.isBase64Encoded ?? false,
  };
  if (cookies) event.cookies = cookies;
  const query = queryParameters(request.rawQueryString ?? '');
  if (query) event.queryStringParameters = query;
  if (Object.keys(pathParameters).length) event.pathParameters = pathParameters;
  if (request.body !== undefined && request.body !== '') event.body = request.body;
  return event as unknown as ApiEvent;
}

/** The context the authorizer returns for a key with every scope and quota to spare (tests, bench). */
export function fullAccessContext(tenantId: string, keyId = 'local-key'): AuthorizerContext {
  return {
    tenantId,
    keyId,
    keyName: keyId,
    scopes: 'read,write,admin',
    quotaUsed: 1,
    quotaLimit: 1000,
    quotaResetAt: Date.now() + 3_600_000,
    clientIp: '127.0.0.1',
    ipCount: 1,
    ipLimit: 500,
  };
}
