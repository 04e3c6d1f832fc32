import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CloudWatchLogsSchema,
  APIGatewayProxyEventV2Schema,
  APIGatewayRequestAuthorizerEventV2Schema,
  DynamoDBStreamSchema,
  EventBridgeSchema,
  SqsSchema,
} from '@aws-lambda-powertools/parser/schemas';
import { BACKGROUND_FUNCTIONS, STREAM_FUNCTION } from '../../lib/functions.js';
import { productEvent } from '../../lib/product-events/data.js';
import { decodeTime } from 'ulid';
import { requestsOfLogLines } from '../../lib/request-log/writer.js';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZER_FUNCTION,
  NOT_FOUND_FUNCTION,
  routeEntries,
} from '../../lib/composition/routes.js';
import { REQUEST_SCHEMAS } from '../../lib/composition/requests.js';
import { FIXTURES_RECORDED_AT, fixtureAsOf } from '../../scripts/local/fixtures.js';

const EVENTS_DIR = join(import.meta.dirname, '..', '..', 'events');
const fixtures = readdirSync(EVENTS_DIR).filter((name) => name.endsWith('.json'));
const background = Object.values(BACKGROUND_FUNCTIONS) as string[];
/** The function a fixture is for: its file is named after it, exactly (events/<function>.json). */
const functionOf = (fixture: string) => fixture.replace(/\.json$/, '');
const apiFixtures = fixtures.filter(
  (name) => !background.includes(functionOf(name)) && functionOf(name) !== STREAM_FUNCTION,
);
const load = (name: string) =>
  structuredClone(JSON.parse(readFileSync(join(EVENTS_DIR, name), 'utf8')));

describe('events/ fixtures', () => {
  it('has at least one fixture per function and one for the authorizer', () => {
    const functions = [
      AUTHORIZER_FUNCTION,
      NOT_FOUND_FUNCTION,
      ...routeEntries().map(([, route]) => route.functionName),
      ...background,
      STREAM_FUNCTION,
    ];
    const missing = functions.filter((name) => !fixtures.some((file) => functionOf(file) === name));

    expect(missing).toEqual([]);
  });

  it('has the batches the background functions receive: product events by SQS from EventBridge, a stream batch, delivery messages', () => {
    const consumer = SqsSchema.parse(load(`${BACKGROUND_FUNCTIONS.eventConsumer}.json`));
    const dispatcher = DynamoDBStreamSchema.parse(
      load(`${BACKGROUND_FUNCTIONS.webhookDispatcher}.json`),
    );
    const worker = SqsSchema.parse(load(`${BACKGROUND_FUNCTIONS.webhookWorker}.json`));

    for (const record of consumer.Records) {
      const bridged = EventBridgeSchema.parse(JSON.parse(record.body));
      expect(
        productEvent.safeParse({ ...(bridged.detail as object), type: bridged['detail-type'] })
          .error?.issues ?? [],
      ).toEqual([]);
    }
    expect(
      dispatcher.Records.map((record) => [
        record.eventName,
        'StreamViewType' in record.dynamodb && record.dynamodb.StreamViewType,
        record.dynamodb.NewImage?.entity,
      ]),
    ).toEqual([['INSERT', 'NEW_IMAGE', 'EVENT']]);
    expect(worker.Records.map((record) => JSON.parse(record.body).kind)).toEqual(['deliver']);
    // The request log's writer: a CloudWatch Logs subscription's batch, its lines the request log's.
    const subscription = CloudWatchLogsSchema.parse(
      load(`${BACKGROUND_FUNCTIONS.requestLogWriter}.json`),
    );
    expect(
      requestsOfLogLines(subscription.awslogs.data.logEvents.map((event) => event.message)),
    ).toHaveLength(1);
  });

  it('has a WebSocket API event for the event stream: an upgrade with its authorizer context', () => {
    const { requestContext, headers } = load(`${STREAM_FUNCTION}.json`);

    expect(requestContext).toMatchObject({ routeKey: '$connect', eventType: 'CONNECT' });
    expect(requestContext.connectionId).toEqual(expect.any(String));
    expect(requestContext.authorizer).toMatchObject({
      tenantId: expect.any(String),
      keyId: expect.any(String),
      scopes: expect.stringContaining('read'),
    });
    // As sent: a WebSocket API does not lower-case header names.
    expect(Object.keys(headers)).toContain('X-Api-Key');
  });

  it.each(apiFixtures)('%s is a valid API Gateway v2 event for its route', (name) => {
    const event = load(name);
    const schema =
      functionOf(name) === AUTHORIZER_FUNCTION
        ? APIGatewayRequestAuthorizerEventV2Schema
        : APIGatewayProxyEventV2Schema;

    const result = schema.safeParse(event);

    expect(result.error?.issues ?? []).toEqual([]);
    if (![AUTHORIZER_FUNCTION, NOT_FOUND_FUNCTION].includes(functionOf(name))) {
      const route = routeEntries().find(([, r]) => r.functionName === functionOf(name))?.[1];
      expect(route, `${name}: no route's function is named ${functionOf(name)}`).toBeDefined();
      expect(event.routeKey).toBe(`${route?.method} /api/v1${route?.path}`);
    }
  });
});

describe('request schemas', () => {
  it('each handler validates with exactly its route’s schemas in REQUEST_SCHEMAS (the OpenAPI document’s source)', async () => {
    for (const [id, route] of routeEntries()) {
      const { handler } = (await import(`../../functions/${route.functionName}/handler.ts`)) as {
        handler: { requestSchemas: object };
      };
      const expected: Record<string, unknown> =
        (REQUEST_SCHEMAS as Record<string, Record<string, unknown>>)[id] ?? {};
      expect(Object.keys(handler.requestSchemas).sort(), id).toEqual(Object.keys(expected).sort());
      for (const [part, schema] of Object.entries(handler.requestSchemas))
        expect(schema, `${id} ${part}`).toBe(expected[part]);
    }
  });
});

describe('fixture times', () => {
  it.each(fixtures)('%s is recorded as of FIXTURES_RECORDED_AT', (name) => {
    const event = load(name);
    const recordTimes = [
      event.requestContext?.timeEpoch ?? event.requestContext?.requestTimeEpoch,
      ...(event.Records ?? []).map(
        (record: {
          attributes?: { SentTimestamp: string };
          dynamodb?: { ApproximateCreationDateTime: number };
        }) =>
          record.attributes
            ? Number(record.attributes.SentTimestamp)
            : (record.dynamodb?.ApproximateCreationDateTime ?? 0) * 1000,
      ),
      // A CloudWatch Logs subscription's batch: its lines' times.
      ...(event.awslogs
        ? CloudWatchLogsSchema.parse(event).awslogs.data.logEvents.map((line) => line.timestamp)
        : []),
    ].filter((time) => time !== undefined);

    expect(recordTimes.length).toBeGreaterThan(0);
    expect(new Set(recordTimes)).toEqual(new Set([FIXTURES_RECORDED_AT]));
  });

  it('are moved to the moment a fixture is loaded, whatever the day', () => {
    const now = new Date(FIXTURES_RECORDED_AT + 400 * 24 * 3_600_000 + 1234);
    const shift = now.getTime() - FIXTURES_RECORDED_AT;

    const request = fixtureAsOf(load('replay-webhook.json'), now);
    const stream = fixtureAsOf(load(`${BACKGROUND_FUNCTIONS.webhookDispatcher}.json`), now);
    const products = fixtureAsOf(load(`${BACKGROUND_FUNCTIONS.eventConsumer}.json`), now);
    const deliveries = fixtureAsOf(load(`${BACKGROUND_FUNCTIONS.webhookWorker}.json`), now);

    expect([request.requestContext.timeEpoch, request.requestContext.time]).toEqual([
      now.getTime(),
      now.toUTCString(),
    ]);
    expect(request.requestContext.authorizer.lambda.quotaResetAt).toBe(
      load('replay-webhook.json').requestContext.authorizer.lambda.quotaResetAt + shift,
    );
    expect(Date.parse(JSON.parse(request.body).since)).toBe(
      Date.parse(JSON.parse(load('replay-webhook.json').body).since) + shift,
    );
    const record = stream.Records[0].dynamodb;
    expect([record.ApproximateCreationDateTime, record.NewImage.createdAt.S]).toEqual([
      now.getTime() / 1000,
      now.toISOString(),
    ]);
    expect(Number(record.NewImage.ttl.N)).toBe(
      Number(
        load(`${BACKGROUND_FUNCTIONS.webhookDispatcher}.json`).Records[0].dynamodb.NewImage.ttl.N,
      ) +
        shift / 1000,
    );
    // An event id is a time-ordered ULID: it moves with the event, the same in the record and in a delivery message.
    const eventId = record.NewImage.id.S as string;
    expect(decodeTime(eventId.slice(4))).toBe(now.getTime());
    expect([record.Keys.sk.S, JSON.parse(deliveries.Records[0].body).eventId]).toEqual([
      `EVENT#${eventId}`,
      eventId,
    ]);
    expect(JSON.parse(products.Records[0].body).detail.occurredAt).toBe(now.toISOString());
    expect(products.Records[0].attributes.SentTimestamp).toBe(String(now.getTime()));
  });
});
