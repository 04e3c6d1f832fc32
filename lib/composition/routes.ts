import { APPLICATION_ROUTES } from '../applications/routes.js';
import { AUDIT_ROUTES } from '../audit/routes.js';
import { REQUEST_LOG_ROUTES } from '../request-log/routes.js';
import { EVENT_ROUTES } from '../events/routes.js';
import { JD_ROUTES } from '../jds/routes.js';
import { KEY_ROUTES } from '../keys/routes.js';
import { RESUME_ROUTES } from '../resumes/routes.js';
import { WEBHOOK_ROUTES } from '../webhooks/routes.js';
import { TEST_MODE_ROUTES } from './test-mode/routes.js';
import { MCP_ROUTES } from '../mcp/routes.js';
import type { RouteDefinition } from '../http/route-definition.js';

/*
 * lib/composition assembles what the resources offer (routes, request and response
 * tables, event schemas) and runs the request pipeline: it imports every resource and the platform,
 * and nothing in lib imports it back but the authorizer's context types (lib/auth).
 */

/**
 * The route table: the single source for the CDK routes, the local gateway, the scope check and the
 * OpenAPI document. `functionName` is the folder under functions/ holding the route's handler.
 */
export { API_PREFIX } from '../http/route-definition.js';

export const ROUTES = {
  ...JD_ROUTES,
  ...RESUME_ROUTES,
  ...APPLICATION_ROUTES,
  ...KEY_ROUTES,
  ...EVENT_ROUTES,
  ...WEBHOOK_ROUTES,
  ...AUDIT_ROUTES,
  ...REQUEST_LOG_ROUTES,
  ...TEST_MODE_ROUTES,
  ...MCP_ROUTES,
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof ROUTES;

/** The names of a path template's parameters: `'/jds/{jdId}'` gives `'jdId'`. */
type ParametersOf<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParametersOf<Rest>
  : never;
export type PathParameter = ParametersOf<(typeof ROUTES)[RouteId]['path']>;

/**
 * What each path parameter names, with an example: the reference's words for it, and an assistant's
 * (lib/composition/mcp-tools.ts). A route with a new parameter does not compile until it is here.
 */
export const PATH_PARAMETERS: Record<PathParameter, { description: string; example: string }> = {
  jdId: { description: "A JD's id, as GET /jds lists it.", example: 'jd-backend' },
  externalId: {
    description:
      "Your system's own id of a JD (an ATS's requisition id): 1-128 printable ASCII characters without spaces, percent-encoded. One holding /, ? or # cannot travel in a path (API Gateway decodes it before routing): send it with POST /jds/batch.",
    example: 'REQ-2041',
  },
  resumeId: {
    description: "A resume's id, which is also its candidate's, as GET /resumes lists it.",
    example: 'res-7d3f',
  },
  applicationId: {
    description: "An application's id, as GET /applications and GET /matches/{jdId} list it.",
    example: 'app-1',
  },
  reviewId: {
    description: "A review's id, as POST /applications/{applicationId}/reviews answered it.",
    example: '01JDQ4M8X2V7N3K5R9T6W1Y0ZB',
  },
  keyId: {
    description: "An API key's id (never the key itself).",
    example: '01JDQ4M8X2V7N3K5R9T6W1Y0ZA',
  },
  webhookId: {
    description: "A webhook endpoint's id, as GET /webhooks lists it.",
    example: 'wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC',
  },
  requestId: {
    description: "A request's id: the Request-Id header its answer carried.",
    example: 'Xk2pQjH4oAMEbXw=',
  },
  eventId: {
    description: "An event's id, as GET /events lists it.",
    example: 'evt_01JDQ4M8X2V7N3K5R9T6W1Y0ZD',
  },
};

export const AUTHORIZER_FUNCTION = 'authorizer';
/** Answers every request no route matches (the HTTP API's $default route) with a 404 envelope. */
export const NOT_FOUND_FUNCTION = 'not-found';

export function routeEntries(): [RouteId, RouteDefinition][] {
  return Object.entries(ROUTES) as [RouteId, RouteDefinition][];
}

/**
 * Matches a method and a path below API_PREFIX against the table, as API Gateway does: segment by
 * segment, with no empty segment (`//`, a trailing `/`) and no `.` or `..` segment. Returns the path
 * parameters as the path holds them (the local gateway decodes the path first, as API Gateway does).
 */
export function matchRoute(
  method: string,
  path: string,
): { id: RouteId; route: RouteDefinition; pathParameters: Record<string, string> } | undefined {
  const [leading, ...segments] = path.split('/');
  if (
    leading !== '' ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  )
    return undefined;
  for (const [id, route] of routeEntries()) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const pathParameters: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i] as string;
      if (part.startsWith('{')) {
        pathParameters[part.slice(1, -1)] = segment;
        return true;
      }
      return part === segment;
    });
    if (matches) return { id, route, pathParameters };
  }
  return undefined;
}
