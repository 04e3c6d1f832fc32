import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../lib/db/client.js';
import { logger } from '../../lib/observability/logger.js';
import { sampledTrace, traced } from '../../lib/observability/trace.js';
import { useEnv } from '../helpers/env.js';

const TRACE = 'Root=1-6740a8f2-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=1';

/** An X-Ray daemon stand-in: the datagrams it receives, header and document apart. */
async function daemon() {
  const received: { header: string; document: Record<string, unknown> }[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message) => {
    const [header = '', body = ''] = message.toString().split('\n');
    received.push({ header, document: JSON.parse(body) });
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  process.env.AWS_XRAY_DAEMON_ADDRESS = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  return { received, close: () => socket.close() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('X-Ray subsegments of what a function calls (lib/observability/trace.ts)', () => {
  useEnv({ AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000' });
  afterEach(() => {
    delete process.env._X_AMZN_TRACE_ID;
  });

  it('puts the trace id on every log line of the invocation', () => {
    process.env._X_AMZN_TRACE_ID = TRACE;
    const lines: string[] = [];
    const [stdout, stderr] = [process.stdout.write, process.stderr.write];
    process.stdout.write = process.stderr.write = ((text: string) =>
      lines.push(text) > 0) as typeof process.stdout.write;
    try {
      logger.warn('A line of the invocation');
    } finally {
      [process.stdout.write, process.stderr.write] = [stdout, stderr];
    }

    expect(lines.map((line) => JSON.parse(line).xray_trace_id)).toEqual([
      '1-6740a8f2-0123456789abcdef01234567',
    ]);
  });

  it('reads the sampled trace of the invocation, and none when it is not sampled', () => {
    expect(sampledTrace(TRACE)).toEqual({
      traceId: '1-6740a8f2-0123456789abcdef01234567',
      parentId: '53995c3f42cd8ad8',
    });
    expect(sampledTrace(TRACE.replace('Sampled=1', 'Sampled=0'))).toBeUndefined();
    expect(sampledTrace(undefined)).toBeUndefined();
  });

  it('sends a DynamoDB call as a subsegment of the invocation, with its operation, table and fault', async () => {
    const xray = await daemon();
    process.env._X_AMZN_TRACE_ID = TRACE;
    // Nothing listens on port 9: the call fails as a fault, after the SDK's attempts.
    const db = createDb({
      endpoint: 'http://127.0.0.1:9',
      tableName: 'hiring-trace',
      timeouts: { connectionTimeoutMs: 200 },
    });
    await db.baseClient
      .send(
        new GetItemCommand({ TableName: 'hiring-trace', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }),
      )
      .catch(() => undefined);
    await settle();
    xray.close();

    expect(xray.received).toHaveLength(1);
    expect(xray.received[0]?.header).toBe('{"format":"json","version":1}');
    expect(xray.received[0]?.document).toMatchObject({
      type: 'subsegment',
      name: 'DynamoDB',
      trace_id: '1-6740a8f2-0123456789abcdef01234567',
      parent_id: '53995c3f42cd8ad8',
      namespace: 'aws',
      aws: { operation: 'GetItem', table_name: 'hiring-trace' },
      fault: true,
    });
  });

  it('records a remote call with its status, and sends nothing for a trace that is not sampled', async () => {
    const xray = await daemon();
    process.env._X_AMZN_TRACE_ID = TRACE;
    await traced(
      'hooks.example.com',
      async () => ({ statusCode: 404 }),
      (sent) => ({
        namespace: 'remote',
        http: { response: { status: sent?.statusCode } },
        outcome: 'error',
      }),
    );
    process.env._X_AMZN_TRACE_ID = TRACE.replace('Sampled=1', 'Sampled=0');
    await traced(
      'hooks.example.com',
      async () => ({ statusCode: 200 }),
      () => ({ namespace: 'remote' }),
    );
    await settle();
    xray.close();

    expect(xray.received.map((datagram) => datagram.document)).toEqual([
      expect.objectContaining({
        name: 'hooks.example.com',
        namespace: 'remote',
        http: { response: { status: 404 } },
        error: true,
      }),
    ]);
  });
});
