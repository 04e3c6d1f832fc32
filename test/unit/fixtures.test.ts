import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APIGatewayProxyEventV2Schema,
  APIGatewayRequestAuthorizerEventV2Schema,
} from '@aws-lambda-powertools/parser/schemas';
import { describe, expect, it } from 'vitest';
import { AUTHORIZER_FUNCTION, NOT_FOUND_FUNCTION, routeEntries } from '../../lib/http/routes.js';
import { REQUEST_SCHEMAS } from '../../lib/schemas/requests.js';

const EVENTS_DIR = join(import.meta.dirname, '..', '..', 'events');
const fixtures = readdirSync(EVENTS_DIR).filter((name) => name.endsWith('.json'));
const load = (name: string) => structuredClone(JSON.parse(readFileSync(join(EVENTS_DIR, name), 'utf8')));

describe('events/ fixtures', () => {
  it('has at least one fixture per function and one for the authorizer', () => {
    const functions = [AUTHORIZER_FUNCTION, NOT_FOUND_FUNCTION, ...routeEntries().map(([, route]) => route.functionName)];
    const missing = functions.filter((name) => !fixtures.some((file) => file.startsWith(name)));

    expect(missing).toEqual([]);
  });

  it.each(fixtures)('%s is a valid API Gateway v2 event for its route', (name) => {
    const event = load(name);
    const schema = name.startsWith(AUTHORIZER_FUNCTION)
      ? APIGatewayRequestAuthorizerEventV2Schema
      : APIGatewayProxyEventV2Schema;

    const result = schema.safeParse(event);

    expect(result.error?.issues ?? []).toEqual([]);
    if (!name.startsWith(AUTHORIZER_FUNCTION) && !name.startsWith(NOT_FOUND_FUNCTION)) {
      const route = routeEntries().find(([, r]) => name.startsWith(r.functionName))?.[1];
      expect(event.routeKey).toBe(`${route?.method} /api/v1${route?.path}`);
    }
  });
});

describe('request schemas', () => {
  it('each handler validates with exactly its route’s schemas in REQUEST_SCHEMAS (the OpenAPI document’s source)', async () => {
    for (const [id, route] of routeEntries()) {
      const { handler } = (await import(`../../functions/${route.functionName}/handler.ts`)) as { handler: { requestSchemas: object } };
      const expected: Record<string, unknown> = (REQUEST_SCHEMAS as Record<string, Record<string, unknown>>)[id] ?? {};
      expect(Object.keys(handler.requestSchemas).sort(), id).toEqual(Object.keys(expected).sort());
      for (const [part, schema] of Object.entries(handler.requestSchemas)) expect(schema, `${id} ${part}`).toBe(expected[part]);
    }
  });
});
