import { API_PREFIX, matchRoute } from '../../lib/composition/routes.js';
import { gatewayHandler, REQUEST_ID_HEADER } from '../../lib/composition/pipeline.js';
import { jsonResponse } from '../../lib/http/errors.js';
import { METHODS } from '../../lib/http/route-definition.js';
import { rateLimitHeaders } from '../../lib/http/rate-limit.js';
import {
  preferredVersion,
  VERSION_REQUEST_HEADER,
  versionHeaders,
} from '../../lib/versions/shape.js';

/** The methods the route table serves at a path (below API_PREFIX), if any. */
function methodsAt(rawPath: string): string[] {
  if (!rawPath.startsWith(`${API_PREFIX}/`)) return [];
  const path = rawPath.slice(API_PREFIX.length);
  return METHODS.filter((method) => matchRoute(method, path));
}

/**
 * The $default route: nothing read; behind the authorizer and through the pipeline of every route, so
 * an unknown route answers as they do (503, 401, 403, 429 first), and otherwise a 404 in the envelope
 * (a 405 naming the methods it takes, where the path is served for another method: GET /mcp, say),
 * counted against the key's quota with its RateLimit headers and the version it would have been
 * served with.
 */
export const handler = gatewayHandler(
  async (event, { caller, requestId }) => {
    const method = event.requestContext?.http?.method ?? 'GET';
    const path = (event.rawPath ?? '/').slice(0, 200);
    const allowed = methodsAt(event.rawPath ?? '/');
    return jsonResponse(
      allowed.length ? 405 : 404,
      allowed.length
        ? {
            success: false,
            error: `${method} is not served at ${path}: use ${allowed.join(' or ')}`,
            code: 'method_not_allowed',
          }
        : { success: false, error: `Route not found: ${method} ${path}`, code: 'not_found' },
      {
        ...(allowed.length ? { Allow: allowed.join(', ') } : {}),
        ...rateLimitHeaders(caller.quota),
        ...versionHeaders(preferredVersion(event.headers?.[VERSION_REQUEST_HEADER], caller)),
        [REQUEST_ID_HEADER]: requestId,
      },
    );
  },
  {
    // OAuth's discovery documents (RFC 8414, RFC 9728, OpenID), which an MCP client asks for after a
    // 401: there are none, with a key or without, and a 401 here would send it looking for more.
    keyless: (event, requestId) =>
      (event.rawPath ?? '').startsWith('/.well-known/')
        ? jsonResponse(
            404,
            {
              success: false,
              error:
                'This API uses API keys (the X-API-Key header), not OAuth: there is no discovery document',
              code: 'not_found',
            },
            { [REQUEST_ID_HEADER]: requestId },
          )
        : undefined,
  },
);
