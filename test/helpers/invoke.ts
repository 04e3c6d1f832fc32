import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AuthorizerContext } from '../../lib/composition/api-handler.js';
import { keyModesOf } from '../../lib/http/route-definition.js';
import { API_PREFIX, ROUTES, type RouteId } from '../../lib/composition/routes.js';
import { fullAccessContext, proxyEvent } from '../../scripts/local/events.js';
import { lambdaContext, loadHandler } from '../../scripts/local/handlers.js';

export const allScopesContext: AuthorizerContext = fullAccessContext('unit-tenant', 'unit-key');

/** Invokes a route's handler directly with a payload-2.0 event carrying an authorizer context. */
export async function callApiWithContext(
  routeId: RouteId,
  request: {
    path: string;
    query?: string;
    body?: string;
    pathParameters?: Record<string, string>;
    headers?: Record<string, string>;
  },
  context?: AuthorizerContext,
): Promise<APIGatewayProxyStructuredResultV2> {
  const route = ROUTES[routeId];
  // By default a key the route serves: a test key for the routes that serve test keys only.
  context ??= keyModesOf(route).includes('live')
    ? allScopesContext
    : { ...allScopesContext, mode: 'test' };
  const handler = await loadHandler(route.functionName);
  const event = proxyEvent(
    {
      method: route.method,
      rawPath: `${API_PREFIX}${request.path}`,
      rawQueryString: request.query ?? '',
      headers: {
        ...(request.body ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      body: request.body,
    },
    route,
    request.pathParameters ?? {},
    context,
    'unit-request',
  );
  return (await handler(
    event,
    lambdaContext(route.functionName, 'unit-request'),
  )) as APIGatewayProxyStructuredResultV2;
}
