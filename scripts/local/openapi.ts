import * as z from 'zod/mini';
import { API_PREFIX, routeEntries } from '../../lib/http/routes.js';
import { REQUEST_SCHEMAS } from '../../lib/schemas/requests.js';
import { errorResponse, responses } from '../../lib/schemas/responses.js';

/** The OpenAPI 3.1 document, derived from the route table and the zod request/response schemas. */
type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const envelopeError = (description: string) => ({
  description,
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
        content: { 'application/json': { schema: toSchema(responses[id], 'output') } },
      },
      '400': envelopeError('Validation failure: the message names each field and rule'),
      '401': envelopeError('No X-API-Key header (code unauthenticated)'),
      '403': envelopeError('Unknown, malformed, revoked or expired key (code key_invalid), or a missing scope (code scope_missing)'),
      '429': envelopeError('Per-key hourly quota or per-IP limit exceeded; see Retry-After'),
      '500': envelopeError(
        'Unexpected failure; carries a requestId. If the authorizer itself failed (not an outage: those are 503), API Gateway answers {"message":"Internal Server Error"}',
      ),
      '503': envelopeError('DynamoDB throttled, timed out or was unreachable (for the function, or for the authorizer checking the key); retry after Retry-After'),
    };
    if (route.path.includes('{')) responsesOfRoute['404'] = envelopeError('Not found, or belongs to another tenant');
    if (id === 'createKey') {
      responsesOfRoute['409'] = envelopeError('The tenant already holds its limit of active keys (50 unless raised): revoke one first');
    }
    if (id === 'retryWebhookDelivery' || id === 'replayWebhook') {
      responsesOfRoute['409'] = envelopeError(
        id === 'replayWebhook' ? 'The endpoint is disabled (enable it first), or another replay is running on it (named in the message)' : 'The endpoint is disabled: enable it first',
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
    },
    paths,
  };
}
