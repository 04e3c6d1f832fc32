import * as z from 'zod/mini';
import { API_PREFIX, routeEntries } from '../../lib/http/routes.js';
import { positiveInteger } from '../../lib/schemas/fields.js';
import { REQUEST_SCHEMAS } from '../../lib/schemas/requests.js';
import { errorResponse, responses } from '../../lib/schemas/responses.js';

/** The OpenAPI 3.1 document, derived from the route table and the zod request/response schemas. */
type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // A query's numbers arrive as text, but what a client sends is an integer: typed so, a generated
    // client takes `limit: 2` (the wire is the same).
    override: (context) => {
      if (context.zodSchema !== positiveInteger) return;
      for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
      Object.assign(context.jsonSchema, { type: 'integer', minimum: 1 });
    },
  }) as JsonSchema;
  return rest;
};

/** The headers the service sends, declared once and referred to by the answers that carry them. */
const HEADERS = {
  'RateLimit-Limit': { description: "The key's requests per hour", schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this hour', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the hourly window resets', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
  'Idempotent-Replayed': { description: '`true` on the replay of an answer given before to the same Idempotency-Key and body (byte for byte the same body)', schema: { type: 'string', enum: ['true'] } },
};
const headerRefs = (...names: (keyof typeof HEADERS)[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

const envelopeError = (description: string, headers: (keyof typeof HEADERS)[] = []) => ({
  description,
  ...(headers.length ? { headers: headerRefs(...headers) } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function buildOpenApi(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, route] of routeEntries()) {
    const schemas = (REQUEST_SCHEMAS as Partial<Record<string, { body?: z.ZodMiniType; query?: z.ZodMiniType }>>)[id];
    const parameters: JsonSchema[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (schemas?.query) {
      const query = toSchema(schemas.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    const responsesOfRoute: Record<string, unknown> = {
      [route.successStatus]: {
        description: route.summary,
        headers: headerRefs(...RATE_LIMIT_HEADERS, ...(route.idempotent ? (['Idempotent-Replayed'] as const) : [])),
        content: { 'application/json': { schema: toSchema(responses[id], 'output') } },
      },
      '400': envelopeError('Validation failure: the message names each field and rule'),
      '401': envelopeError('No X-API-Key header (code unauthenticated)'),
      '403': envelopeError('Unknown, malformed, revoked or expired key (code key_invalid), or a missing scope (code scope_missing)'),
      '429': envelopeError('Per-key hourly quota (code quota_exceeded) or per-IP limit (code rate_limited) exceeded; see Retry-After', [...RATE_LIMIT_HEADERS, 'Retry-After']),
      '500': envelopeError(
        'Unexpected failure; carries a requestId. If the authorizer itself failed (not an outage: those are 503), API Gateway answers {"message":"Internal Server Error"}',
      ),
      '503': envelopeError('DynamoDB throttled, timed out or was unreachable (for the function, or for the authorizer checking the key); retry after Retry-After', ['Retry-After']),
    };
    if (route.path.includes('{')) responsesOfRoute['404'] = envelopeError('Not found, or belongs to another tenant');
    // Any write can lose a race it retried (code concurrent_change, with Retry-After); some have their own conflicts.
    const conflicts: Partial<Record<string, string>> = {
      createKey: 'the tenant already holds its limit of active keys, 50 unless raised (limit_reached): revoke one first',
      createWebhook: 'the tenant already has 10 endpoints (limit_reached): delete one first',
      retryWebhookDelivery: 'the endpoint is disabled (webhook_disabled): enable it first',
      replayWebhook: 'the endpoint is disabled (webhook_disabled), or another replay is running on it (replay_running, named in the message)',
    };
    if (route.method !== 'GET') {
      responsesOfRoute['409'] = envelopeError(
        ['Another change to the same data won a race (concurrent_change): retry after Retry-After', conflicts[id]].filter(Boolean).join('; or '),
        ['Retry-After'],
      );
    }
    if (schemas?.body) {
      responsesOfRoute['413'] = envelopeError('Body over 256 KB');
      responsesOfRoute['415'] = envelopeError('Content-Type is not application/json');
    }
    if (route.method === 'GET') {
      parameters.push({
        name: 'Accept-Encoding',
        in: 'header',
        required: false,
        description: 'Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not.',
        schema: { type: 'string' },
      });
      responsesOfRoute['422'] = envelopeError(
        'The answer would be larger than the 6 MB one answer can carry (even compressed, when gzip was accepted): ask for fewer items with `limit` and follow `pagination.nextCursor`',
      );
    }
    if (route.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes the request safe to retry for 24 hours: the same key and body return the first response and create one item, also when duplicates race each other.' +
          (id === 'createKey' ? ' A replay returns the key record without `key`: the plaintext is shown once and never stored.' : ''),
        schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
      });
      responsesOfRoute['422'] = envelopeError('The Idempotency-Key was already used with a different body');
    }
    const path = `${API_PREFIX}${route.path}`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: id,
      summary: route.summary,
      description: route.scope
        ? `Scope: \`${route.scope.scope}\`${route.scope.generic ? ` or \`${route.scope.generic}\`` : ''}.`
        : 'Any valid key.',
      'x-required-scope': route.scope?.scope ?? null,
      parameters,
      ...(schemas?.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(schemas.body, 'input') } } } }
        : {}),
      responses: responsesOfRoute,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hiring Integration API',
      version: '1.0.0',
      description:
        'Tenant-scoped REST API for job descriptions, parsed resumes, AI match results, candidates and API keys. See docs/api.md for the behaviour the specification leaves open.',
    },
    servers: [{ url: '/', description: 'The API Gateway URL (or http://localhost:3000 for npm start)' }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: { Error: toSchema(errorResponse, 'output') },
      headers: HEADERS,
    },
    paths,
  };
}
