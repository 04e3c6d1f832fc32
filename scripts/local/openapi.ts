import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { EVENT_TYPES } from '../../lib/events/types.js';
import { TEST_DELIVERIES_PER_MINUTE } from '../../lib/webhooks/model.js';
import { DELIVERY_TIMEOUT_MS } from '../../lib/webhooks/deliver.js';
import { codes, type RouteAnswers } from '../../lib/http/route-definition.js';
import { currentVersion } from '../../lib/versions/shape.js';
import { ERROR_CODES } from '../../lib/errors.js';
import {
  API_PREFIX,
  PATH_PARAMETERS,
  type PathParameter,
  routeEntries,
} from '../../lib/composition/routes.js';
import { waitSeconds } from '../../lib/events/requests.js';
import { LONG_POLL_MAX_SECONDS } from '../../lib/events/routes.js';
import { applicationRouteAnswers } from '../../lib/applications/routes.js';
import { jdRouteAnswers } from '../../lib/jds/routes.js';
import { keyRouteAnswers } from '../../lib/keys/routes.js';
import type { RouteId } from '../../lib/composition/routes.js';
import {
  CONSOLE_LINK_HEADER,
  CONSOLE_REQUEST_HEADER,
  CONSOLE_SECURE_SESSION_COOKIE,
  CONSOLE_SESSION_COOKIE,
} from '../../lib/keys/console.js';
import { webhookRouteAnswers } from '../../lib/webhooks/routes.js';
import { positiveInteger, scoreParameter } from '../../lib/schemas/fields.js';
import { DELTA_RETENTION_DAYS } from '../../lib/db/log/walk.js';
import { REQUEST_SCHEMAS } from '../../lib/composition/requests.js';
import { EVENT_SCHEMAS } from '../../lib/composition/events.js';
import { responses, SCHEMA_NAMES } from '../../lib/composition/responses.js';
import { testEventSchema } from '../../lib/webhooks/responses.js';
import { upsertJdsEntry, upsertJdsItem } from '../../lib/jds/requests.js';
import { STREAM_MESSAGES } from '../../lib/composition/event-stream.js';
import { EVENT_STREAM_PATH } from '../../lib/events/stream.js';

/**
 * The OpenAPI 3.1 document, derived from the route table and the zod request/response schemas: every
 * resource a named schema, every operation tagged and typed with what it can answer, the webhooks we
 * send, and examples recorded from the local stack (docs/openapi-examples.json).
 */
type JsonSchema = Record<string, unknown>;
type Route = ReturnType<typeof routeEntries>[number][1];

const EXAMPLES_FILE = join(import.meta.dirname, '..', '..', 'docs', 'openapi-examples.json');
/** Per operation: the request body sent and the answer received, by status (recorded by test/contract/openapi.test.ts). */
export type RecordedExamples = Record<
  string,
  { request?: unknown; responses: Record<string, unknown> }
>;

/**
 * What differs from one recording to the next though nothing changed: times, ids (ULIDs, UUIDs),
 * signed cursors and tokens, keys and secrets, the test tenants' names. Masked, two recordings of the same answer are equal.
 */
const VOLATILE = [
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g,
  /[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g,
  /(hk_(live|test)_|whsec_)[A-Za-z0-9+/=_-]+/g,
  /[0-9A-HJKMNP-TV-Z]{26}/g,
  // The test tenants' names (test/helpers/api.ts).
  /\btenant-\d+-\d+\b/g,
];
const masked = (text: string) => VOLATILE.reduce((out, pattern) => out.replace(pattern, '…'), text);

/**
 * A new recording of the examples, keeping each value of the previous one that differs only in what
 * is volatile: one endpoint's change rewrites its own examples, not every example's times and ids.
 */
export function steadyExamples(previous: unknown, recorded: unknown): unknown {
  if (typeof previous === 'string' && typeof recorded === 'string')
    return masked(previous) === masked(recorded) ? previous : recorded;
  if (Array.isArray(recorded))
    return recorded.map((value, i) =>
      steadyExamples(Array.isArray(previous) ? previous[i] : undefined, value),
    );
  if (recorded !== null && typeof recorded === 'object') {
    const before = (previous ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(recorded).map(([key, value]) => [
        key,
        steadyExamples(Object.hasOwn(before, key) ? before[key] : undefined, value),
      ]),
    );
  }
  return recorded;
}

const pascal = (id: string) => id[0]?.toUpperCase() + id.slice(1);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A query's numbers arrive as text, but what a client sends is a number: typed so, a generated client
 * takes `limit: 2` and `minScore: 70.5` (the wire is the same). Larger limits than a list serves are
 * accepted and clamped.
 */
const override = (context: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
  // A batch item is checked on its own when it arrives (one bad item fails alone): described as it must be.
  if (context.zodSchema === upsertJdsEntry) {
    const { description } = context.jsonSchema;
    for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
    Object.assign(context.jsonSchema, {
      ...withoutMeta(
        z.toJSONSchema(upsertJdsItem, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
      ),
      description,
    });
    return;
  }
  if (context.zodSchema === waitSeconds) {
    for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
    Object.assign(context.jsonSchema, {
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: LONG_POLL_MAX_SECONDS,
    });
    return;
  }
  if (context.zodSchema === scoreParameter) {
    for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
    Object.assign(context.jsonSchema, { type: 'number', minimum: 0, maximum: 100 });
    return;
  }
  if (context.zodSchema !== positiveInteger) return;
  for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
  Object.assign(context.jsonSchema, {
    type: 'integer',
    format: 'int64',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
  });
};

const withoutMeta = ({ $schema: _schema, $id: _id, ...rest }: JsonSchema) => rest;

/**
 * An answer's schema as the compatibility promise states it (docs/api.md, "Compatibility"): open to
 * properties added later, so that a client generated from this document, validating or not, accepts
 * them. The service's own schemas stay strict (the contract tests close them again).
 */
function openToAdditions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openToAdditions);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openToAdditions(value)]),
  );
}

/** One JSON Schema per registered zod schema, referring to each other by component name. */
function namedSchemas(
  entries: [z.ZodMiniType, string][],
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of entries) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    override,
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, withoutMeta(schema as JsonSchema)]),
  );
}

const querySchema = (schema: z.ZodMiniType) =>
  withoutMeta(
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override }) as JsonSchema,
  );

/** The tags of the reference, in its order; each route belongs to the first whose path prefix it has. */
const TAGS = [
  {
    name: 'Job descriptions',
    prefix: '/jds',
    description: 'Job descriptions: created here in DRAFT, published and edited in the product.',
  },
  {
    name: 'Resumes',
    prefix: '/resumes',
    description: 'Resumes as the product parsed them: file, parse status and extracted metadata.',
  },
  {
    name: 'Matches',
    prefix: '/matches',
    description: "A JD's applications ranked by their best AI score.",
  },
  {
    name: 'Candidates',
    prefix: '/candidates',
    description: 'Resumes with their applications and scores, searchable by file name.',
  },
  {
    name: 'Keys',
    prefix: '/keys',
    description: "The tenant's API keys: create (shown once), list, revoke.",
  },
  {
    name: 'Events',
    prefix: '/events',
    description: 'The event log: every change, in order, for 30 days; read by cursor.',
  },
  {
    name: 'Applications',
    prefix: '/applications',
    description:
      'Applications with every AI score and its provenance, filtered across JDs; the reviews people record of a score.',
  },
  {
    name: 'Webhooks',
    prefix: '/webhooks',
    description:
      'Endpoints that receive the events as signed Standard Webhooks deliveries, with their delivery log.',
  },
  {
    name: 'Audit log',
    prefix: '/audit-log',
    description: 'Who changed what, and through which route: keys, webhooks, JDs and reviews.',
  },
  {
    name: 'Request log',
    prefix: '/requests',
    description:
      "Every request the space's keys made in the last 30 days, and how it was answered: what failed, and why.",
  },
  {
    name: 'Test mode',
    prefix: '/test',
    description:
      "A test key's own space: put it back to its sample data, or apply the product's events to it.",
  },
  {
    name: 'MCP',
    prefix: '/mcp',
    description: 'The API as a Model Context Protocol server, for AI assistants on the same keys.',
  },
  { name: 'Account', prefix: '/whoami', description: 'The calling key: tenant, scopes and quota.' },
  {
    name: 'Console',
    prefix: '/console',
    description:
      'The developer console in the browser: a single-use sign-in link for a key, and the session it opens (docs/console.md).',
  },
] as const;

/**
 * How the console's own routes authenticate, where not with X-API-Key: its sign-in opens with a link's
 * token, and its sign-out ends the session whose cookie it carries (any route also takes that cookie
 * from the console's page, which is the console's, not a client's, way in).
 */
const CONSOLE_SECURITY: Partial<Record<RouteId, Record<string, never[]>[]>> = {
  openConsoleSession: [{ consoleLink: [] }],
  closeConsoleSession: [{ consoleSession: [] }],
};
const tagOf = (route: Route) => {
  const tag = TAGS.find(
    ({ prefix }) => route.path === prefix || route.path.startsWith(`${prefix}/`),
  );
  if (!tag) throw new Error(`No tag of the reference holds ${route.path}: add one to TAGS`);
  return tag.name;
};

/** The headers the service sends, declared once and referred to by the answers that carry them. */
const integerHeader = (description: string, required: boolean) => ({
  description,
  required,
  schema: { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
});
const DIGEST_ETAG = {
  description:
    'A digest of this answer (a weak validator: it changes when the answer does); send it back as If-None-Match to read the resource only if it changed (304, no body, none of the hour spent).',
  required: true,
  schema: { type: 'string', maxLength: 26, pattern: '^W/"[A-Za-z0-9_-]{22}"$' },
};
const HEADERS = {
  'RateLimit-Limit': integerHeader("The key's requests per hour", true),
  'RateLimit-Remaining': integerHeader('Requests left in this hour', true),
  'RateLimit-Reset': integerHeader('Seconds until the hourly window resets', true),
  'Retry-After': integerHeader('Seconds to wait before retrying', true),
  'Idempotent-Replayed': {
    description:
      '`true` on the replay of an answer given before to the same Idempotency-Key and body (byte for byte the same body); absent otherwise',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
  'Request-Id': {
    description:
      "API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem",
    required: true,
    schema: { type: 'string', maxLength: 128, pattern: '^[\\x21-\\x7e]+$' },
  },
  'Hiring-Version': {
    description:
      'The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to',
    required: true,
    schema: { type: 'string', maxLength: 10, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  },
  Deprecation: {
    description:
      'Sent when the version serving the answer is deprecated (RFC 9745): when it was, as `@` and epoch seconds. Move to a newer version before its Sunset.',
    required: false,
    schema: { type: 'string', maxLength: 24, pattern: '^@[0-9]{1,15}$' },
  },
  Sunset: {
    description:
      'Sent with Deprecation (RFC 8594): the HTTP date from which the version may no longer be served',
    required: false,
    schema: {
      type: 'string',
      maxLength: 40,
      pattern: '^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$',
    },
  },
  Link: {
    description:
      'Sent with Deprecation: `<url>; rel="deprecation"`, the migration notes to the newer version',
    required: false,
    schema: { type: 'string', maxLength: 2048, pattern: '^<[^>]+>; rel="deprecation"' },
  },
  ETag: {
    description:
      "The resource's version (a strong validator: any change to what its read shows raises it); send it back as If-Match to change the resource only if nobody else did, or as If-None-Match to read it only if it changed (304). Absent on an idempotent replay.",
    required: false,
    schema: { type: 'string', maxLength: 24, pattern: '^"[0-9]{1,20}"$' },
  },
  ReadETag: {
    description:
      "The resource's version (a strong validator: any change to what its read shows raises it); send it back as If-Match to change the resource only if nobody else did, or as If-None-Match to read it only if it changed (304).",
    required: true,
    schema: { type: 'string', maxLength: 24, pattern: '^"[0-9]{1,20}"$' },
  },
  DigestETag: DIGEST_ETAG,
  CreatedDigestETag: {
    ...DIGEST_ETAG,
    description:
      'The ETag GET gives the new resource at its Location (a digest of its answer there, without what a create shows only once): send it back as If-None-Match to read it only if it changed. Absent on an idempotent replay.',
    required: false,
  },
  Location: {
    description:
      "Where the new resource is read (its path, under the API's base path); also on an idempotent replay",
    required: true,
    schema: { type: 'string', maxLength: 1024, pattern: '^/api/v1/[\\x21-\\x7e]+$' },
  },
};
type HeaderName = keyof typeof HEADERS;
const headerRefs = (...names: HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;
/** What every answer of a route's function says of itself: its request's id, and the version that served it. */
const ANSWER_HEADERS = ['Request-Id', 'Hiring-Version', 'Deprecation', 'Sunset', 'Link'] as const;

const errorAnswer = (
  description: string,
  headers: Record<string, unknown> = {},
  schema: JsonSchema = ref('Error'),
) => ({
  description,
  ...(Object.keys(headers).length ? { headers } : {}),
  content: { 'application/json': { schema } },
});
/** The envelope, or API Gateway's own `{"message": …}` where the gateway answers before any function runs. */
const errorOrGateway = { oneOf: [ref('Error'), ref('GatewayError')] };
/** API Gateway's own answer: it has no code; treat it by its status. */
const GATEWAY_ERROR = {
  type: 'object',
  description:
    "API Gateway's own answer, sent before any function runs (no `code`: act on the status)",
  properties: { message: { type: 'string', enum: ['Internal Server Error', 'Forbidden'] } },
  required: ['message'],
};

/**
 * What a function's answer says of itself (its request id and version), on the answers that API
 * Gateway or the firewall may give instead of a function (which send none of the service's headers).
 */
const functionHeaders = Object.fromEntries(
  (['Request-Id', 'Hiring-Version'] as const).map((name) => [
    name,
    {
      ...HEADERS[name],
      required: false,
      description: `${HEADERS[name].description}; absent on API Gateway's and the firewall's own answers`,
    },
  ]),
);

/** The answers every operation shares, declared once (components/responses). */
const SHARED_RESPONSES = {
  Unauthenticated: errorAnswer(
    `No X-API-Key header (${codes('unauthenticated')}). It names no key, so it carries no RateLimit headers.`,
    {
      'WWW-Authenticate': {
        description:
          'How to authenticate: `ApiKey header="X-API-Key"`. Not OAuth: there is no Bearer challenge and no discovery document (/.well-known/… answers 404)',
        required: true,
        schema: { type: 'string', maxLength: 64, enum: ['ApiKey header="X-API-Key"'] },
      },
      ...functionHeaders,
    },
  ),
  Forbidden: errorAnswer(
    `An unknown, malformed, revoked or expired key (${codes('key_invalid')}: no RateLimit headers), or a key without the scope the route needs (${codes('scope_missing')}: with the key's RateLimit headers); on POST /mcp, a request from a web page of another domain (its Origin header: ${codes('origin_not_allowed')}); behind the edge, a request the firewall refuses (${codes('request_blocked')}); API Gateway's own {"message":"Forbidden"} for a request that did not come through the edge`,
    {
      ...Object.fromEntries(
        RATE_LIMIT_HEADERS.map((name) => [name, { ...HEADERS[name], required: false }]),
      ),
      ...functionHeaders,
    },
    errorOrGateway,
  ),
  NotFound: errorAnswer(
    `No such resource for this tenant (${codes('not_found')}): another tenant's is never told apart from none`,
    { ...headerRefs(...RATE_LIMIT_HEADERS), ...functionHeaders },
  ),
  PayloadTooLarge: errorAnswer(`Body over 256 KB (${codes('payload_too_large')})`, {
    ...headerRefs(...RATE_LIMIT_HEADERS),
    ...functionHeaders,
  }),
  UnsupportedMediaType: errorAnswer(
    `Content-Type is not application/json, or the body is not UTF-8 (${codes('unsupported_media_type')})`,
    { ...headerRefs(...RATE_LIMIT_HEADERS), ...functionHeaders },
  ),
  TooManyRequests: errorAnswer(
    `The key's hourly quota (${codes('quota_exceeded')}) or the client address's per-minute limit (${codes('rate_limited')}) is spent: retry after Retry-After (also \`retryAfterMs\`)`,
    { ...headerRefs(...RATE_LIMIT_HEADERS, 'Retry-After'), ...functionHeaders },
  ),
  InternalError: errorAnswer(
    `Unexpected failure (${codes('internal_error')}), with a requestId to quote. If the authorizer itself failed for a reason other than an outage, API Gateway answers {"message":"Internal Server Error"} instead (retryable).`,
    functionHeaders,
    errorOrGateway,
  ),
  Unavailable: errorAnswer(
    `DynamoDB throttled, timed out or was unreachable, for the function or for the authorizer checking the key (${codes('unavailable')}): retry after Retry-After`,
    { ...headerRefs('Retry-After'), ...functionHeaders },
  ),
};
const shared = (name: keyof typeof SHARED_RESPONSES) => ({
  $ref: `#/components/responses/${name}`,
});

/** Each route's own 409s and 422s, as its resource declares them (lib/<resource>/routes.ts). */
const ROUTE_ANSWERS: Partial<Record<string, RouteAnswers>> = {
  ...jdRouteAnswers(),
  ...applicationRouteAnswers(),
  ...keyRouteAnswers(),
  ...webhookRouteAnswers(),
};

/** The GET route that reads what a create made, by its Location's template (`/jds/{id}` → GET /jds/{jdId}). */
function readerOf(location: string): Route | undefined {
  const shape = (path: string) => path.replace(/\{\w+\}/g, '{}');
  return routeEntries().find(
    ([, route]) => route.method === 'GET' && shape(route.path) === shape(location),
  )?.[1];
}

function examplesOf(recorded: RecordedExamples[string] | undefined, status: string) {
  const value = recorded?.responses[status];
  return value === undefined
    ? {}
    : { examples: { recorded: { summary: 'Recorded from the local stack', value } } };
}

function operation(id: string, route: Route, recorded: RecordedExamples[string] | undefined) {
  const schemas = (
    REQUEST_SCHEMAS as Partial<Record<string, { body?: z.ZodMiniType; query?: z.ZodMiniType }>>
  )[id];
  const parameters: JsonSchema[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => {
    const name = match[1] as PathParameter;
    return {
      name,
      in: 'path',
      required: true,
      description:
        PATH_PARAMETERS[name].description +
        (name === 'eventId' || name === 'requestId'
          ? ''
          : ' An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".'),
      example: PATH_PARAMETERS[name].example,
      schema:
        name === 'eventId'
          ? { type: 'string', maxLength: 30, pattern: '^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$' }
          : name === 'requestId'
            ? // API Gateway's ids hold = (its base64): printable ASCII, as the Request-Id header.
              { type: 'string', maxLength: 128, pattern: '^[\\x21-\\x7e]{1,128}$' }
            : { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]{1,64}$' },
    };
  });
  if (schemas?.query) {
    const query = querySchema(schemas.query) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, { description, ...schema }] of Object.entries(query.properties ?? {})) {
      // The parameter's words go on the parameter, where generated clients and viewers show them.
      parameters.push({
        name,
        in: 'query',
        required: query.required?.includes(name) ?? false,
        description,
        schema,
      });
    }
  }
  const withRateLimit = headerRefs(...RATE_LIMIT_HEADERS, ...ANSWER_HEADERS);
  // A versioned resource's ETag is its version; another single resource's, a digest of the answer.
  // A create answers the ETag the GET of what it made gives, if that has one.
  const reader = route.location === undefined ? undefined : readerOf(route.location);
  // A read always sends its ETag; a write's answer has none when it is an idempotent replay.
  const etag =
    'versioned' in route && route.method === 'GET'
      ? { ETag: { $ref: '#/components/headers/ReadETag' } }
      : ('versioned' in route && route.successStatus !== 204) || (reader && 'versioned' in reader)
        ? headerRefs('ETag')
        : 'conditional' in route
          ? { ETag: { $ref: '#/components/headers/DigestETag' } }
          : reader && 'conditional' in reader
            ? { ETag: { $ref: '#/components/headers/CreatedDigestETag' } }
            : {};
  const answers: Record<string, unknown> = {
    [route.successStatus]: {
      description: route.summary,
      headers: {
        ...headerRefs(
          ...RATE_LIMIT_HEADERS,
          ...ANSWER_HEADERS,
          ...(route.idempotent ? (['Idempotent-Replayed'] as const) : []),
          ...(route.location === undefined || 'upsert' in route ? [] : (['Location'] as const)),
        ),
        ...etag,
      },
      // 204: no body.
      ...(route.successStatus === 204
        ? {}
        : {
            content: {
              'application/json': {
                schema: ref(`${pascal(id)}Answer`),
                ...examplesOf(recorded, String(route.successStatus)),
              },
            },
          }),
    },
    '400': errorAnswer(
      `The request breaks a rule (${codes('validation_failed')}: \`details\` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (${codes('cursor_invalid')}), or a Hiring-Version this API does not serve (${codes('version_unsupported')}: the message names those it does)`,
      withRateLimit,
    ),
    '401': shared('Unauthenticated'),
    '403': shared('Forbidden'),
    '429':
      'longPoll' in route
        ? errorAnswer(
            `The key's hourly quota (${codes('quota_exceeded')}) or the client address's per-minute limit (${codes('rate_limited')}) is spent, or a wait (\`wait\`) would pass the most long-polls held at once, for the tenant or for the service (${codes('wait_limited')}): ask again after Retry-After (also \`retryAfterMs\`), or read without waiting`,
            headerRefs(...RATE_LIMIT_HEADERS, 'Retry-After'),
          )
        : id === 'testWebhook'
          ? errorAnswer(
              `The key's hourly quota (${codes('quota_exceeded')}) or the client address's per-minute limit (${codes('rate_limited')}) is spent, or the endpoint was sent the ${TEST_DELIVERIES_PER_MINUTE} test deliveries it takes a minute (${codes('webhook_test_limited')}): retry after Retry-After (also \`retryAfterMs\`)`,
              headerRefs(...RATE_LIMIT_HEADERS, 'Retry-After'),
            )
          : shared('TooManyRequests'),
    '500': shared('InternalError'),
    '503': shared('Unavailable'),
  };
  // An upsert finds what its path names, or creates it: never a 404.
  if (route.path.includes('{') && !('upsert' in route)) answers['404'] = shared('NotFound');
  if ('upsert' in route) {
    answers['201'] = {
      description: 'Created: nothing had the id yet (Location says where to read it)',
      headers: {
        ...headerRefs(...RATE_LIMIT_HEADERS, ...ANSWER_HEADERS, 'Idempotent-Replayed', 'Location'),
        ...etag,
      },
      content: {
        'application/json': {
          schema: ref(`${pascal(id)}Answer`),
          ...examplesOf(recorded, '201'),
        },
      },
    };
  }
  // MCP's Streamable HTTP: a notification or a client's response is accepted with no body, and a
  // client that does not take both JSON and an event stream is refused in JSON-RPC.
  if (id === 'mcp') {
    answers['202'] = {
      description: 'A notification or a response, accepted: nothing to answer',
      headers: headerRefs(...RATE_LIMIT_HEADERS, ...ANSWER_HEADERS),
    };
    answers['406'] = {
      description:
        'The request does not accept a JSON answer (its Accept header names neither application/json nor */*): a JSON-RPC error',
      headers: headerRefs(...RATE_LIMIT_HEADERS, ...ANSWER_HEADERS),
      content: { 'application/json': { schema: ref('McpAnswer') } },
    };
  }
  if ('conditional' in route) {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description:
        'The ETag of the answer you hold (or a list of them, or `*`): while the resource is as it was, the answer is 304 with no body, and it spends none of the key’s hourly quota.',
      schema: { type: 'string', maxLength: 1024, pattern: '^[\\x20-\\x7e]*$' },
    });
    answers['304'] = {
      description:
        'Not modified: the resource is as the ETag named in If-None-Match shows it (no body; the request spent none of the hour)',
      headers: { ...withRateLimit, ...etag },
    };
  }
  if ('deltaSync' in route) {
    answers['410'] = errorAnswer(
      `The \`syncToken\` is older than the ${DELTA_RETENTION_DAYS} days deletions are kept (${codes('sync_token_expired')}): walk the list again from the start with \`updatedSince\`, then follow the token it ends with`,
      withRateLimit,
    );
  }
  if (route.method !== 'GET') {
    answers['409'] = errorAnswer(
      [
        `Another change to the same data won a race (${codes('concurrent_change')}): retry after Retry-After`,
        ROUTE_ANSWERS[id]?.conflict,
      ]
        .filter(Boolean)
        .join('; or '),
      {
        ...withRateLimit,
        'Retry-After': {
          ...HEADERS['Retry-After'],
          required: false,
          description: 'Sent with `concurrent_change` only: seconds to wait before retrying',
        },
      },
    );
  }
  if (schemas?.body) {
    answers['413'] = shared('PayloadTooLarge');
    answers['415'] = shared('UnsupportedMediaType');
  }
  parameters.push({
    name: 'Hiring-Version',
    in: 'header',
    required: false,
    description:
      "The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it.",
    schema: { type: 'string', maxLength: 10, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  });
  if (route.method === 'GET') {
    parameters.push({
      name: 'Accept-Encoding',
      in: 'header',
      required: false,
      description:
        'Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not.',
      schema: { type: 'string', maxLength: 200, pattern: '^[\\x20-\\x7e]*$' },
    });
    answers['422'] = errorAnswer(
      `The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (${codes('response_too_large')}): ask for fewer items with \`limit\` and follow \`pagination.nextCursor\``,
      withRateLimit,
    );
  }
  if ('versioned' in route && route.method !== 'GET') {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description: `The ETag of the version this ${route.method === 'DELETE' ? 'deletion was decided on' : 'change was made from'} (or \`*\`): another version answers 412, so two writers cannot overwrite each other blindly.`,
      schema: { type: 'string', maxLength: 200, pattern: '^[\\x20-\\x7e]*$' },
    });
    answers['412'] = errorAnswer(
      `If-Match names another version than the current one (${codes('precondition_failed')}): read the resource again, then decide`,
      withRateLimit,
    );
  }
  if (route.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other.' +
        (id === 'createKey'
          ? ' A replay returns the key record with `key: null`: the plaintext is shown once and never stored.'
          : ''),
      schema: { type: 'string', maxLength: 255, pattern: '^[\\x21-\\x7e]{1,255}$' },
    });
    answers['422'] = errorAnswer(
      [
        `The Idempotency-Key was already used with a different body (${codes('idempotency_key_reused')}), or for another method or path (${codes('idempotency_key_other_target')})`,
        ROUTE_ANSWERS[id]?.unprocessable,
      ]
        .filter(Boolean)
        .join('; or '),
      withRateLimit,
    );
  }
  const consoleSecurity = CONSOLE_SECURITY[id as RouteId];
  return {
    operationId: id,
    tags: [tagOf(route)],
    summary: route.summary,
    description:
      (consoleSecurity
        ? "The developer console page's own (docs/console.md): no client calls it."
        : route.scope
          ? `Scope: \`${route.scope.scope}\`${route.scope.generic ? ` or \`${route.scope.generic}\`` : ''}.`
          : 'Any valid key.') +
      (id === 'mcp'
        ? " Send `Accept: application/json, text/event-stream`, as MCP's Streamable HTTP transport asks of clients; `application/json` alone is taken too, since this server answers JSON only (no event stream). The body is one JSON-RPC 2.0 message (docs/mcp.md)."
        : ''),
    ...(consoleSecurity ? { security: consoleSecurity } : {}),
    'x-required-scope': route.scope?.scope ?? null,
    // The clients' method for the route, which their generators read (scripts/local/client-methods.ts).
    'x-client-method': route.clientMethod,
    parameters,
    ...(schemas?.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref(`${pascal(id)}Request`),
                ...(recorded?.request === undefined
                  ? {}
                  : {
                      examples: {
                        recorded: { summary: 'Sent to the local stack', value: recorded.request },
                      },
                    }),
              },
            },
          },
        }
      : {}),
    responses: answers,
  };
}

/** What we send: one entry per event type, a signed POST to every endpoint subscribed to it. */
function webhooks(): Record<string, unknown> {
  const header = (name: string, description: string, schema: JsonSchema) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema,
  });
  const sent: [string, string, string][] = [
    ...EVENT_TYPES.map(
      (type) =>
        [type, SCHEMA_NAMES.get(EVENT_SCHEMAS[type]) as string, `A ${type} event`] as [
          string,
          string,
          string,
        ],
    ),
    [
      'webhook.test',
      SCHEMA_NAMES.get(testEventSchema) as string,
      'A test delivery, sent only when asked (POST /webhooks/{webhookId}/test): not in the event log, never retried',
    ],
  ];
  return Object.fromEntries(
    sent.map(([type, name, summary]) => {
      return [
        type,
        {
          post: {
            operationId: `on${name}`,
            tags: ['Webhooks'],
            summary,
            description:
              'Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.',
            security: [],
            parameters: [
              header('webhook-id', 'The event id: the same on every attempt of this event', {
                type: 'string',
                maxLength: 30,
                pattern: '^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$',
              }),
              header(
                'webhook-timestamp',
                'Seconds since the epoch when this attempt was signed: refuse one far from now',
                { type: 'string', maxLength: 12, pattern: '^[0-9]{1,12}$' },
              ),
              header(
                'webhook-signature',
                'Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs)',
                {
                  type: 'string',
                  maxLength: 400,
                  pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$',
                },
              ),
            ],
            requestBody: { required: true, content: { 'application/json': { schema: ref(name) } } },
            responses: {
              '200': {
                description: `Received. Any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint.`,
              },
            },
          },
        },
      ];
    }),
  );
}

/**
 * The event stream's contract (`wss://…/api/v1/events/stream`), which OpenAPI has no place for: the
 * messages a client sends, by `action` (each a route of the stream), and the frames it receives, by
 * `type` (lib/composition/event-stream.ts builds them). `npm run api:compat` compares them as it
 * compares operations (scripts/local/compatibility.ts).
 */
export const EVENT_STREAM_EXTENSION = 'x-event-stream';
function eventStream(): JsonSchema {
  const frame = (type: string, properties: Record<string, JsonSchema>, description: string) => ({
    type: 'object',
    description,
    properties: { type: { type: 'string', const: type }, ...properties },
    required: ['type', ...Object.keys(properties)],
  });
  return {
    path: EVENT_STREAM_PATH,
    description:
      "GET /events pushed over a WebSocket: upgrade with X-API-Key (or, from the developer console's page, its session cookie, taken only when the upgrade's Origin is the console's; refused as GET /events would be, in the error envelope), send `subscribe`, then receive each event as it is written, in order. Frames may gain properties and types; a client skips a type it does not know.",
    messages: Object.fromEntries(
      Object.entries(STREAM_MESSAGES).map(([action, schema]) => [action, querySchema(schema)]),
    ),
    frames: {
      subscribed: frame(
        'subscribed',
        { after: { type: ['string', 'null'], maxLength: 30 } },
        'The subscribe took: events after `after` (the last event id it knows; null: the log’s start) follow',
      ),
      event: frame(
        'event',
        { event: ref('Event') },
        'One event, as GET /events shows it in the connection’s version',
      ),
      error: {
        description:
          'A message the stream could not take (the connection stays open), in the error envelope',
        allOf: [
          ref('Error'),
          frame(
            'error',
            { status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 } },
            'Its status',
          ),
        ],
      },
      pong: frame('pong', {}, 'The answer to `ping` (API Gateway’s own)'),
    },
  };
}

const DESCRIPTION = `Tenant-scoped REST API for job descriptions, parsed resumes, AI match results, candidates and API keys, with an event log and signed webhooks. docs/api.md in the repository is the full guide; in short:

- **Authentication**: send \`X-API-Key\`. A key belongs to one tenant and holds scopes: \`read\`, \`write\`, \`admin\`, or per resource (\`jd:read\`, \`resume:read\`, …). Each operation names the scope it needs.
- **Quotas**: each key has an hourly quota (1,000 unless raised) and each client address a per-minute limit; every authenticated answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and a 429 also \`Retry-After\`.
- **Pagination**: every list answers \`pagination.hasMore\` and, exactly when it is true, \`pagination.nextCursor\`: pass it back as \`cursor\`. Paged lists also take \`page\`; lists the spec hands over whole (matches, a JD's applications, keys) are sliced when \`limit\` or \`cursor\` is sent.
- **Errors**: one envelope, \`{success: false, error, code}\`, with \`details\` on a 400 about fields and \`retryAfterMs\` where waiting helps; \`code\` is one of the ErrorCode schema's codes, and a client treats one it does not know by the status.
- **Compatibility**: answers and events may gain properties, event types and error codes without notice; a client ignores what it does not know. Breaking changes come only with a new dated version (\`Hiring-Version\`), which each key is pinned to.
- **Idempotency**: every POST that creates takes an \`Idempotency-Key\`; a retry with the same key and body returns the first answer (marked \`Idempotent-Replayed: true\`) and creates nothing more.
- **Webhooks**: the \`webhooks\` section describes every event we send, signed as Standard Webhooks specifies.`;

/**
 * A branch a later release may fill (the compatibility promise): an error code, an event type or a
 * subscription this document does not list yet. Marked, so that the contract checks, which hold the
 * code to what it sends today, drop it (test/helpers/contract.ts).
 */
const ADDED_LATER = 'x-added-later';
const laterName = { type: 'string', maxLength: 64, pattern: '^[a-z0-9_.]+$', [ADDED_LATER]: true };

/** Error codes, event types and subscriptions open to what later releases add. */
function openToLaterCodesAndEvents(schemas: Record<string, JsonSchema>): void {
  const error = schemas.Error as { properties: Record<string, JsonSchema> };
  error.properties.code = {
    description:
      `${(error.properties.code as JsonSchema).description ?? ''} A code this document does not list yet is possible (docs/api.md, "Compatibility and versions"): act on the status.`.trim(),
    anyOf: [ref('ErrorCode'), { ...laterName, pattern: '^[a-z0-9_]+$' }],
  };
  // API Gateway's own answers carry no code; declared all the same (never required), so that a
  // generated client reads `error.code` on every error without narrowing first (undefined here).
  const gateway = schemas.GatewayError as { properties: Record<string, JsonSchema> };
  gateway.properties.code = {
    description:
      'Never sent by API Gateway: undefined on its answers (declared so that `code` reads on every error); act on the status.',
    anyOf: [ref('ErrorCode'), { ...laterName, pattern: '^[a-z0-9_]+$' }],
  };
  // The known events, told apart by their type; and any event of a type added later.
  schemas.KnownEvent = {
    ...(schemas.Event as JsonSchema),
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(
        EVENT_TYPES.map((type) => [
          type,
          `#/components/schemas/${SCHEMA_NAMES.get(EVENT_SCHEMAS[type])}`,
        ]),
      ),
    },
  };
  schemas.UnknownEvent = {
    type: 'object',
    description:
      'An event of a type this document does not list yet (added by a later release): skip it, or read its `data` as the changelog describes.',
    properties: {
      id: { type: 'string', maxLength: 30, pattern: '^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$' },
      type: { ...laterName, not: { enum: [...EVENT_TYPES] } },
      createdAt: { type: 'string', format: 'date-time', maxLength: 24 },
      data: { type: 'object', maxProperties: 1000 },
    },
    required: ['id', 'type', 'createdAt', 'data'],
  };
  schemas.Event = {
    description: 'An event of the log: one of the known types, or a type added later',
    oneOf: [ref('KnownEvent'), { ...ref('UnknownEvent'), [ADDED_LATER]: true }],
  };
  // What an endpoint subscribes to, as answers show it: a type added later is possible there too.
  for (const name of ['Webhook', 'NewWebhook']) {
    const events = (schemas[name] as { properties: Record<string, { items: JsonSchema }> })
      .properties.events as { items: JsonSchema };
    events.items = { anyOf: [events.items, laterName] };
  }
}

export function buildOpenApi(): JsonSchema {
  const recorded: RecordedExamples = existsSync(EXAMPLES_FILE)
    ? JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8'))
    : {};
  const routes = routeEntries();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, route] of routes) {
    // Relative to the server's URL, which ends in the base path (as the route table's are).
    const path = route.path;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(id, route, recorded[id]);
  }
  const bodies = routes.flatMap(([id]) => {
    const body = (REQUEST_SCHEMAS as Partial<Record<string, { body?: z.ZodMiniType }>>)[id]?.body;
    return body ? [[body, `${pascal(id)}Request`] as [z.ZodMiniType, string]] : [];
  });
  const answers = routes
    .filter(([, route]) => route.successStatus !== 204)
    .map(([id]) => [responses[id], `${pascal(id)}Answer`] as [z.ZodMiniType, string]);
  const schemas: Record<string, JsonSchema> = {
    ...(openToAdditions(namedSchemas([...SCHEMA_NAMES, ...answers], 'output')) as Record<
      string,
      JsonSchema
    >),
    ...namedSchemas(bodies, 'input'),
    GatewayError: structuredClone(GATEWAY_ERROR),
    ErrorCode: {
      type: 'string',
      description: 'The error codes of this version of the document',
      enum: Object.keys(ERROR_CODES),
    },
  };
  // New codes may come within the documented families: a client acts on one it does not know by the
  // answer's status.
  openToLaterCodesAndEvents(schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hiring Integration API',
      version: currentVersion(),
      description: DESCRIPTION,
      contact: {
        name: 'The team that runs this deployment (see the README of the repository it was built from)',
      },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: API_PREFIX,
        description:
          "The API's base URL, the one to give a generated client: the deployment's ApiUrl output in production (https://…/api/v1), http://localhost:3000/api/v1 under npm start (local). Every path below is relative to it.",
        'x-internal': false,
      },
    ],
    security: [{ apiKey: [] }],
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        consoleLink: {
          type: 'apiKey',
          in: 'header',
          name: CONSOLE_LINK_HEADER,
          description:
            "A console sign-in link's token (the `link` of its URL's fragment), spent by this request",
        },
        consoleSession: {
          type: 'apiKey',
          in: 'cookie',
          name: CONSOLE_SECURE_SESSION_COOKIE,
          description: `The console's session, with ${CONSOLE_REQUEST_HEADER}: 1 from its own page (\`${CONSOLE_SESSION_COOKIE}\` on the plain http of the local stack, which cannot hold a \`__Host-\` cookie)`,
        },
      },
      schemas,
      responses: SHARED_RESPONSES,
      headers: HEADERS,
    },
    paths,
    webhooks: webhooks(),
    [EVENT_STREAM_EXTENSION]: eventStream(),
  };
}
