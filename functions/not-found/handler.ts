import { API_PREFIX, matchRoute } from '../../lib/composition/routes.js';
import {
  type ApiEvent,
  type Caller,
  callerOf,
  enforceLimits,
} from '../../lib/composition/caller.js';
import { errorResponse, jsonResponse } from '../../lib/http/errors.js';
import { METHODS } from '../../lib/http/route-definition.js';
import { rateLimitHeaders } from '../../lib/http/rate-limit.js';
import { countAnswer } from '../../lib/observability/answer-counts.js';
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
 * The $default route: nothing read; behind the authorizer like every route, so an unknown route
 * answers as they do (503, 401, 403, 429 first), and otherwise a 404 in the envelope (a 405 naming the
 * methods it takes, where the path is served for another method: GET /mcp, say), counted against the
 * key's quota with its RateLimit headers and the version it would have been served with.
 */
const answer = async (event: ApiEvent) => {
  const requestId = event.requestContext?.requestId ?? '';
  // OAuth's discovery documents (RFC 8414, RFC 9728, OpenID), which an MCP client asks for after a
  // 401: there are none, with a key or without, and a 401 here would send it looking for more.
  if ((event.rawPath ?? '').startsWith('/.well-known/'))
    return jsonResponse(
      404,
      {
        success: false,
        error:
          'This API uses API keys (the X-API-Key header), not OAuth: there is no discovery document',
        code: 'not_found',
      },
      { 'Request-Id': requestId },
    );
  let caller: Caller | undefined;
  try {
    caller = callerOf(event);
    enforceLimits(event, caller, event.requestContext.timeEpoch ?? Date.now());
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
        'Request-Id': requestId,
      },
    );
  } catch (error) {
    // Refused (401, 403, 429, 503): with the version it would have been served with, as every answer.
    const refused = errorResponse(error, requestId);
    return {
      ...refused,
      headers: {
        ...versionHeaders(preferredVersion(event.headers?.[VERSION_REQUEST_HEADER], caller)),
        ...refused.headers,
        'Request-Id': requestId,
      },
    };
  }
};

/** The $default route's answers, counted for the release's canary as every route's are. */
export const handler = async (event: ApiEvent) => {
  const response = await answer(event);
  countAnswer(response.statusCode ?? 200, false);
  return response;
};
