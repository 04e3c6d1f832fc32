import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_PREFIX, matchRoute } from '../../lib/composition/routes.js';
import { routedPath } from '../../scripts/local/gateway.js';
import { holdsEncodedDelimiter } from '../../infra/viewer-request.js';

/**
 * The contract as integrators read it: docs/openapi.json. Every answer the integration suite receives
 * through the gateway (test/helpers/api.ts) and every webhook its receivers get (./webhooks.ts) is held
 * to it: a status the operation does not declare, a field its schema does not have, a required header
 * missing, is a failure of the test that met it.
 */
type Header = { required?: boolean; $ref?: string };
type Response = {
  $ref?: string;
  headers?: Record<string, Header>;
  content?: { 'application/json': { schema: object } };
};
type Operation = {
  operationId: string;
  responses: Record<string, Response>;
  parameters?: { name: string; in: string; required?: boolean }[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<
    string,
    { post: Operation & { requestBody: { content: { 'application/json': { schema: object } } } } }
  >;
  components: { responses: Record<string, Response>; headers: Record<string, Header> };
};

export const OPENAPI: Document = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'),
);

/**
 * The published answers are open to what later releases add (the compatibility promise): properties,
 * and the branches marked `x-added-later` (error codes, event types, subscriptions). What the code
 * sends today is held to exactly what the document lists: every object that lists its properties is
 * closed here again, and the marked branches are dropped.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema))
    return schema
      .filter((branch) => !(branch && typeof branch === 'object' && 'x-added-later' in branch))
      .map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, closed(value)]);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if ('properties' in object && !('additionalProperties' in object))
    object.additionalProperties = false;
  return object;
}
const strictComponents = closed(OPENAPI.components) as Document['components'];

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'openapi', components: strictComponents }, 'openapi');
const compiled = new Map<string, ValidateFunction>();

/** A validator for a schema of the document (its refs point into the document's components). */
function validatorOf(schema: object): ValidateFunction {
  const text = JSON.stringify(closed(schema)).replaceAll('"#/components/', '"openapi#/components/');
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text));
    compiled.set(text, validate);
  }
  return validate;
}

const resolved = <T extends { $ref?: string }>(value: T): T =>
  value.$ref
    ? (OPENAPI.components[value.$ref.split('/')[2] as 'responses' | 'headers'][
        value.$ref.split('/').at(-1) as string
      ] as T)
    : value;

const operations = new Map(
  Object.values(OPENAPI.paths).flatMap((methods) =>
    Object.values(methods).map((operation) => [operation.operationId, operation] as const),
  ),
);

/** The operation a request reaches, routed as the gateway routes it, or undefined (API Gateway's default route then answers). */
export function operationOf(method: string, rawPath: string): Operation | undefined {
  // The edge answers these before any operation (infra/viewer-request.ts).
  if (holdsEncodedDelimiter(rawPath)) return undefined;
  const path = routedPath(rawPath.split('?')[0] as string);
  const matched = path.startsWith(`${API_PREFIX}/`)
    ? matchRoute(method, path.slice(API_PREFIX.length))
    : undefined;
  return matched && operations.get(matched.id);
}

function schemaErrors(validate: ValidateFunction, value: unknown, where: string): string[] {
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (error) =>
          `${where}: ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
      );
}

/** What in an answer the document does not describe (empty: it describes all of it). */
export function answerViolations(
  method: string,
  path: string,
  reply: { status: number; headers: Record<string, string>; raw: Buffer },
): string[] {
  const operation = operationOf(
    method,
    path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path}`,
  );
  // Not an operation of the API: API Gateway's default route answers it (404), which the document leaves out.
  if (!operation) return [];
  const where = `${operation.operationId} ${reply.status}`;
  const declared = operation.responses[String(reply.status)];
  if (!declared)
    return [
      `${where}: status not declared (declared: ${Object.keys(operation.responses).join(', ')})`,
    ];
  const response = resolved(declared);
  const headerNames = new Set(Object.keys(reply.headers).map((name) => name.toLowerCase()));
  const problems = Object.entries(response.headers ?? {})
    .filter(([name, header]) => resolved(header).required && !headerNames.has(name.toLowerCase()))
    .map(([name]) => `${where}: no ${name} header`);
  const schema = response.content?.['application/json'].schema;
  if (!schema) return problems;
  const encoding = Object.entries(reply.headers).find(
    ([name]) => name.toLowerCase() === 'content-encoding',
  )?.[1];
  let body: unknown;
  try {
    body = JSON.parse((encoding === 'gzip' ? gunzipSync(reply.raw) : reply.raw).toString('utf8'));
  } catch {
    return [...problems, `${where}: the body is not JSON`];
  }
  return [...problems, ...schemaErrors(validatorOf(schema), body, where)];
}

/** What in a webhook delivery the document's `webhooks` section does not describe. */
export function deliveryViolations(
  headers: Record<string, string | string[] | undefined>,
  text: string,
): string[] {
  let body: { type?: string };
  try {
    body = JSON.parse(text);
  } catch {
    return ['webhook: the body is not JSON'];
  }
  const entry = OPENAPI.webhooks[String(body.type)];
  if (!entry) return [`webhook: event type ${body.type} is not in the document's webhooks`];
  const where = `webhook ${body.type}`;
  const missing = (entry.post.parameters ?? []).filter(
    (parameter) =>
      parameter.in === 'header' && parameter.required && headers[parameter.name] === undefined,
  );
  return [
    ...missing.map((parameter) => `${where}: no ${parameter.name} header`),
    ...schemaErrors(
      validatorOf(entry.post.requestBody.content['application/json'].schema),
      body,
      where,
    ),
  ];
}
