import 'aws-sdk-client-mock-vitest/extend';
import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateApiKey } from '../../lib/keys/format.js';
import { authorizeConnection, authorizeRequest } from '../../lib/auth/authorize.js';
import { type SecretValues, setSecretSource } from '../../lib/aws/secrets.js';
import {
  EDGE_BYPASS_REASON,
  FUNCTION_TIMEOUT_MS,
  REFUSAL_MESSAGE,
  STREAM_REFUSAL_DIMENSION,
} from '../../lib/config.js';
import { metrics } from '../../lib/observability/metrics.js';
import { logger, SERVICE_NAME } from '../../lib/observability/logger.js';
import { createDb, DYNAMODB_CALL_LIMITS, setSharedDb } from '../../lib/db/client.js';
import { isTransientFault } from '../../lib/db/faults.js';
import { BATCH_GET_MAX_ATTEMPTS } from '../../lib/db/dynamo.js';
import { createJd } from '../../lib/jds/api.js';
import { ROUTES } from '../../lib/composition/routes.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { listJdsQuery } from '../../lib/jds/requests.js';
import { authorizerEvent, proxyEvent } from '../../scripts/local/events.js';
import { lambdaContext } from '../../scripts/local/handlers.js';
import { callApiWithContext } from '../helpers/invoke.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

const ddb = mockClient(DynamoDBDocumentClient);
const db = createDb({ endpoint: 'http://127.0.0.1:1', tableName: 'unit' });

beforeEach(() => {
  ddb.reset();
  setSharedDb(db);
});
afterAll(() => {
  ddb.restore();
  setSharedDb(undefined);
});

/** What each item of a transaction is, from its sort key: `JD#j1#BODY` → `JD#BODY`, `COUNT#JD#03` → `COUNT`. */
function writtenKinds(
  items:
    | { Put?: { Item?: Record<string, unknown> }; Update?: { Key?: Record<string, unknown> } }[]
    | undefined,
): string[] {
  return (items ?? []).map((item) => {
    const sk = String((item.Put?.Item ?? item.Update?.Key)?.sk);
    const [kind, , part] = sk.split('#');
    return part === 'BODY' ? `${kind}#BODY` : (kind as string);
  });
}

const event = (key: string) =>
  authorizerEvent(
    { method: 'GET', rawPath: '/api/v1/jds', headers: { 'x-api-key': key } },
    ROUTES.listJds,
    {},
  );

describe('authorizer faults', () => {
  it('refuses a key with a bad checksum without any DynamoDB call', async () => {
    const key = generateApiKey();
    const tampered = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');

    const decision = await authorizeRequest(db, event(tampered));

    expect(decision).toEqual({ isAuthorized: true, context: { refused: 'key_invalid' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('when DynamoDB cannot count the request, lets it through marked unavailable, with no tenant, key or scope', async () => {
    ddb
      .on(UpdateCommand)
      .rejects(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }));

    const decision = await authorizeRequest(db, event(generateApiKey()));

    expect(decision).toEqual({ isAuthorized: true, context: { unavailable: true } });
  });

  it('answers a request marked unavailable 503 with Retry-After before any handler runs or any data is read', async () => {
    const handled: string[] = [];
    const handler = apiHandler('listJds', { query: listJdsQuery }, async () => {
      handled.push('listJds');
      return {
        kind: 'page' as const,
        data: [],
        pagination: { page: 1, limit: 20, total: 0, pages: 0, hasMore: false },
      };
    });
    const proxy = proxyEvent(
      { method: 'GET', rawPath: '/api/v1/jds', headers: { 'x-api-key': generateApiKey() } },
      ROUTES.listJds,
      {},
      { unavailable: true },
      'r-1',
      Date.now(),
    );

    const reply = (await handler(proxy, lambdaContext('list-jds', 'r-1'))) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };

    expect(reply.statusCode).toBe(503);
    expect(reply.headers['Retry-After']).toBe('1');
    expect(JSON.parse(reply.body)).toEqual({
      success: false,
      error: 'The service is busy; retry shortly',
      code: 'unavailable',
      requestId: 'r-1',
    });
    expect(handled).toEqual([]);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers a refused key 401/403 in the envelope before any handler runs or any data is read, whatever else the context says', async () => {
    const handled: string[] = [];
    const handler = apiHandler('listJds', { query: listJdsQuery }, async () => {
      handled.push('listJds');
      return {
        kind: 'page' as const,
        data: [],
        pagination: { page: 1, limit: 20, total: 0, pages: 0, hasMore: false },
      };
    });
    const replies = [];
    for (const refused of ['unauthenticated', 'key_invalid'] as const) {
      const proxy = proxyEvent(
        { method: 'GET', rawPath: '/api/v1/jds', headers: {} },
        ROUTES.listJds,
        {},
        { refused },
        'r-1',
        Date.now(),
      );
      replies.push(
        (await handler(proxy, lambdaContext('list-jds', 'r-1'))) as {
          statusCode: number;
          body: string;
        },
      );
    }

    expect(replies.map((reply) => [reply.statusCode, JSON.parse(reply.body).code])).toEqual([
      [401, 'unauthenticated'],
      [403, 'key_invalid'],
    ]);
    expect(handled).toEqual([]);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('refuses a missing or malformed key without a database call, and propagates a failure that is not an outage (500)', async () => {
    expect((await authorizeRequest(db, event(''))).context).toEqual({ refused: 'unauthenticated' });
    ddb.on(UpdateCommand).rejects(
      Object.assign(new Error('not allowed'), {
        name: 'AccessDeniedException',
        $fault: 'client',
      }),
    );

    expect((await authorizeRequest(db, event('hk_live_not-a-key'))).context).toEqual({
      refused: 'key_invalid',
    });
    await expect(authorizeRequest(db, event(generateApiKey()))).rejects.toThrow('not allowed');
  });

  it('counts the key and the client IP in two parallel writes', async () => {
    ddb
      .on(UpdateCommand)
      .resolves({ Attributes: { tenantId: 't', keyId: 'k', name: 'n', scopes: ['read'], cnt: 1 } });

    const decision = await authorizeRequest(db, event(generateApiKey()));

    expect(decision.isAuthorized).toBe(true);
    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 2);
  });

  it('refuses a key whose lookup item is missing (condition failed, no old item)', async () => {
    ddb.on(UpdateCommand).callsFake((input: { Key: { pk: string } }) => {
      if (input.Key.pk.startsWith('IP#')) return { Attributes: { cnt: 1 } };
      throw new ConditionalCheckFailedException({ message: 'no', $metadata: {} });
    });

    const decision = await authorizeRequest(db, event(generateApiKey()));

    expect(decision).toEqual({ isAuthorized: true, context: { refused: 'key_invalid' } });
  });
});

describe('authorizer behind the edge (CloudFront + WAF)', () => {
  const withHeader = (value?: string) =>
    authorizerEvent(
      {
        method: 'GET',
        rawPath: '/api/v1/jds',
        headers: { 'x-api-key': generateApiKey(), ...(value ? { 'x-origin-verify': value } : {}) },
      },
      ROUTES.listJds,
      {},
    );
  const secretArn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-verify';
  let edgeSecret: SecretValues | Error = { current: 'edge-secret-value' };
  const reads: string[] = [];
  beforeEach(() => {
    process.env.ORIGIN_VERIFY_SECRET_ARN = secretArn;
    edgeSecret = { current: 'edge-secret-value' };
    reads.length = 0;
    setSecretSource({
      read: async (secretId) => {
        reads.push(secretId);
        if (edgeSecret instanceof Error) throw edgeSecret;
        return edgeSecret;
      },
    });
  });
  afterAll(() => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    setSecretSource(undefined);
  });

  it('refuses a request that bypassed CloudFront without any DynamoDB call', async () => {
    const decisions = await Promise.all(
      [undefined, 'wrong', 'edge-secret-valuE'].map((value) =>
        authorizeRequest(db, withHeader(value)),
      ),
    );

    expect(decisions.map((decision) => decision.isAuthorized)).toEqual([false, false, false]);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('counts an upgrade to the event stream refused as bypassing the edge under a dimension of its own, apart from the HTTP API’s requests (the EdgeBypassRefusals alarm reads those alone)', async () => {
    const emitted: { dimensions: Record<string, string>; metrics: string[] }[] = [];
    const publish = vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
      const emf = metrics.serializeMetrics();
      const [directive] = emf._aws.CloudWatchMetrics;
      emitted.push({
        dimensions: Object.fromEntries(
          (directive?.Dimensions[0] ?? []).map((name) => [name, String(emf[name])]),
        ),
        metrics: (directive?.Metrics ?? []).map((metric) => metric.Name),
      });
      metrics.clearMetrics();
      metrics.clearDimensions();
      return metrics;
    });
    const upgrade = (value?: string): APIGatewayRequestAuthorizerEvent =>
      ({
        type: 'REQUEST',
        methodArn: 'arn:aws:execute-api:eu-west-1:123456789012:abc123/stream/$connect',
        headers: {
          'X-API-Key': generateApiKey(),
          ...(value ? { 'X-Origin-Verify': value } : {}),
        },
        requestContext: { requestTimeEpoch: Date.now(), identity: { sourceIp: '203.0.113.9' } },
      }) as unknown as APIGatewayRequestAuthorizerEvent;
    const logged = vi.spyOn(logger, 'info');
    try {
      const connection = await authorizeConnection(db, upgrade('wrong'));
      const request = await authorizeRequest(db, withHeader('wrong'));

      expect(connection.policyDocument.Statement[0]).toMatchObject({ Effect: 'Deny' });
      expect(request.isAuthorized).toBe(false);
      expect(emitted).toEqual([
        {
          dimensions: {
            service: SERVICE_NAME,
            reason: EDGE_BYPASS_REASON,
            [STREAM_REFUSAL_DIMENSION.name]: STREAM_REFUSAL_DIMENSION.value,
          },
          metrics: ['ApiKeyRefused'],
        },
        {
          dimensions: { service: SERVICE_NAME, reason: EDGE_BYPASS_REASON },
          metrics: ['ApiKeyRefused'],
        },
      ]);
      expect(ddb).not.toHaveReceivedAnyCommand();
      // The address that called the stream's origin domain directly, for the runbook.
      expect(logged).toHaveBeenCalledWith(REFUSAL_MESSAGE, {
        reason: EDGE_BYPASS_REASON,
        [STREAM_REFUSAL_DIMENSION.name]: STREAM_REFUSAL_DIMENSION.value,
        sourceIp: '203.0.113.9',
      });
    } finally {
      publish.mockRestore();
      logged.mockRestore();
    }
  });

  it('reads the header value from Secrets Manager once per cold start, and accepts the previous value during a rotation', async () => {
    ddb.on(UpdateCommand).resolves({
      Attributes: { tenantId: 't', keyId: 'k', name: 'n', scopes: ['read'], cnt: 1, win: 1 },
    });
    edgeSecret = { current: 'rotated-value', previous: 'edge-secret-value' };

    const decisions = await Promise.all(
      ['edge-secret-value', 'rotated-value', 'older-value'].map((value) =>
        authorizeRequest(db, withHeader(value)),
      ),
    );

    expect(decisions.map((decision) => decision.isAuthorized)).toEqual([true, true, false]);
    expect(reads).toEqual([secretArn]);
  });

  it('answers unavailable (503 later, no data read) while Secrets Manager cannot be reached, and reads again on the next request', async () => {
    edgeSecret = Object.assign(new Error('connect ETIMEDOUT'), { name: 'TimeoutError' });
    const during = await authorizeRequest(db, withHeader('edge-secret-value'));
    edgeSecret = { current: 'edge-secret-value' };
    ddb.on(UpdateCommand).resolves({
      Attributes: { tenantId: 't', keyId: 'k', name: 'n', scopes: ['read'], cnt: 1, win: 1 },
    });
    const after = await authorizeRequest(db, withHeader('edge-secret-value'));

    expect(during).toEqual({ isAuthorized: true, context: { unavailable: true } });
    expect(after.context).toMatchObject({ tenantId: 't' });
    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 1);
  });

  it('counts only the key (one write): the WAF limits per IP', async () => {
    ddb.on(UpdateCommand).resolves({
      Attributes: { tenantId: 't', keyId: 'k', name: 'n', scopes: ['read'], cnt: 1, win: 1 },
    });

    const decision = await authorizeRequest(db, withHeader('edge-secret-value'));

    expect(decision.isAuthorized).toBe(true);
    expect(decision.context).not.toHaveProperty('ipCount');
    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 1);
  });

  it('hands the viewer’s address, which the edge adds, to the access log; not CloudFront’s', async () => {
    ddb.on(UpdateCommand).resolves({
      Attributes: { tenantId: 't', keyId: 'k', name: 'n', scopes: ['read'], cnt: 1, win: 1 },
    });
    const event = withHeader('edge-secret-value');
    event.headers = { ...event.headers, 'x-viewer-address': '203.0.113.77' };
    event.requestContext.http.sourceIp = '130.176.0.1'; // a CloudFront edge

    const behind = await authorizeRequest(db, event);
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    const direct = await authorizeRequest(db, {
      ...event,
      headers: {
        'x-api-key': event.headers['x-api-key'] ?? '',
        'x-viewer-address': '203.0.113.77',
      },
    });

    expect((behind.context as { clientIp?: string }).clientIp).toBe('203.0.113.77');
    // Without the edge, the header is anybody's to send: the connection's address is the client's.
    expect((direct.context as { clientIp?: string }).clientIp).toBe('130.176.0.1');
  });
});

describe('function faults', () => {
  it('maps DynamoDB throttling to 503 with Retry-After', async () => {
    ddb.rejects(
      new ProvisionedThroughputExceededException({ message: 'throttled', $metadata: {} }),
    );

    const reply = await callApiWithContext('listJds', { path: '/jds' });

    expect(reply.statusCode).toBe(503);
    expect(reply.headers?.['Retry-After']).toBe('1');
    expect(JSON.parse(reply.body as string)).toEqual({
      success: false,
      error: 'The service is busy; retry shortly',
      code: 'unavailable',
      requestId: expect.any(String),
    });
  });

  it('maps a DynamoDB timeout to 503 with Retry-After', async () => {
    const timeout = Object.assign(new Error('socket hang up after 3000 ms'), {
      name: 'TimeoutError',
    });
    ddb.rejects(timeout);

    const reply = await callApiWithContext('listResumes', { path: '/resumes' });

    expect([reply.statusCode, reply.headers?.['Retry-After']]).toEqual([503, '1']);
    expect(reply.body).not.toContain('socket');
  });

  it('maps throttling inside a transaction (after the SDK retries) to 503', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'throttled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ThrottlingError' }, { Code: 'None' }, { Code: 'None' }],
      }),
    );

    const reply = await callApiWithContext('createJd', {
      path: '/jds',
      body: JSON.stringify({ title: 't', description: 'd', createdById: 'u' }),
    });

    expect(reply.statusCode).toBe(503);
  });

  it('maps anything unexpected to a 500 with a request id and no stack or internals', async () => {
    ddb.rejects(new Error('ValidationException: secret table detail at line 42'));

    const reply = await callApiWithContext('getJd', {
      path: '/jds/abc',
      pathParameters: { jdId: 'abc' },
    });

    expect(reply.statusCode).toBe(500);
    expect(JSON.parse(reply.body as string)).toEqual({
      success: false,
      error: 'Internal server error',
      code: 'internal_error',
      requestId: 'unit-request',
    });
    expect(reply.body).not.toContain('secret');
  });

  it('maps throttling under an Idempotency-Key to 503, whether it meets the record read or the create', async () => {
    const request = {
      path: '/jds',
      body: JSON.stringify({ title: 't', description: 'd', createdById: 'u' }),
      headers: { 'idempotency-key': 'retry-me' },
    };
    ddb
      .on(GetCommand)
      .rejects(
        new ProvisionedThroughputExceededException({ message: 'read throttled', $metadata: {} }),
      );
    const readThrottled = await callApiWithContext('createJd', request);
    ddb.reset();
    ddb.on(GetCommand).resolves({});
    ddb
      .on(TransactWriteCommand)
      .rejects(
        new ProvisionedThroughputExceededException({ message: 'write throttled', $metadata: {} }),
      );
    const writeThrottled = await callApiWithContext('createJd', request);

    expect([readThrottled.statusCode, writeThrottled.statusCode]).toEqual([503, 503]);
    expect(
      writtenKinds(ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems),
    ).toEqual(['JD', 'JD#BODY', 'COUNT', 'LOG', 'AUDIT', 'IDEMPOTENCY']);
  });

  it('retries keys BatchGetItem leaves unprocessed a bounded number of times, then answers 503', async () => {
    ddb.on(GetCommand).resolves({ Item: { pk: 'x', sk: 'COUNT#RESUME', total: 1 } });
    ddb
      .on(QueryCommand)
      .resolves({ Items: [{ sk: 'RESUME#r1', gsi1sk: 'R#0#r1', fileNameLower: 'ada.pdf' }] });
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => ({
      Responses: {},
      UnprocessedKeys: input.RequestItems,
    }));

    const reply = await callApiWithContext('listCandidates', {
      path: '/candidates',
      query: 'search=ada',
    });

    expect(reply.statusCode).toBe(503);
    expect(ddb).toHaveReceivedCommandTimes(BatchGetCommand, BATCH_GET_MAX_ATTEMPTS);
  });

  it('retries a transaction conflict a bounded number of times, then answers 409', async () => {
    const conflict = new TransactionCanceledException({
      message: 'conflict',
      $metadata: {},
      CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }, { Code: 'None' }],
    });
    ddb.on(TransactWriteCommand).rejects(conflict);

    await expect(
      createJd(db, liveSpaceOf('t1'), { title: 't', description: 'd', createdById: 'u' }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
      retryable: true,
    });
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 4);
  });

  it('a failed create writes nothing partially: head, body, counter and event go in one transaction', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejects(new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} }));

    const reply = await callApiWithContext('createJd', {
      path: '/jds',
      body: JSON.stringify({ title: 't', description: 'd', createdById: 'u' }),
    });

    expect(reply.statusCode).toBe(503);
    expect(
      writtenKinds(ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems),
    ).toEqual(['JD', 'JD#BODY', 'COUNT', 'LOG', 'AUDIT']);
    expect(ddb.calls()).toHaveLength(1);
  });
});

describe('transient faults', () => {
  const named = (name: string, extra: Record<string, unknown> = {}) =>
    Object.assign(new Error(name), { name, ...extra });

  it('treats connection failures, timeouts, throttling and DynamoDB server errors as transient', () => {
    const transient = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
      named('TimeoutError', { code: 'ETIMEDOUT' }),
      named('ProvisionedThroughputExceededException'),
      named('InternalServerError', { $fault: 'server' }),
      // Powertools idempotency wraps the DynamoDB error it met.
      named('IdempotencyPersistenceLayerError', { cause: named('ThrottlingException') }),
    ];

    expect(transient.map(isTransientFault)).toEqual(transient.map(() => true));
  });

  it('does not present a refusal or a bug as "retry shortly"', () => {
    const permanent = [
      named('AccessDeniedException', { $fault: 'client' }),
      named('ValidationException', { $fault: 'client' }),
      new TypeError('x'),
    ];

    expect(permanent.map(isTransientFault)).toEqual([false, false, false]);
  });

  it('bounds a DynamoDB call, retries included, well inside the function timeout', () => {
    const { maxAttempts, connectionTimeoutMs, requestTimeoutMs } = DYNAMODB_CALL_LIMITS;

    expect(maxAttempts * (connectionTimeoutMs + requestTimeoutMs)).toBeLessThan(
      FUNCTION_TIMEOUT_MS,
    );
  });
});
