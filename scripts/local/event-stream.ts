import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { ConnectionTransport } from '../../lib/aws/connections.js';
import { setSharedStreamOutput, streamOutput } from '../../lib/composition/event-stream.js';
import { API_PREFIX, AUTHORIZER_FUNCTION } from '../../lib/composition/routes.js';
import { EVENT_STREAM_PATH, PING_FRAME, PONG_FRAME } from '../../lib/events/stream.js';
import { STREAM_FUNCTION } from '../../lib/functions.js';
import type { GatewayContext } from '../../lib/http/gateway-context.js';
import { logger } from '../../lib/observability/logger.js';
import { CALLED_RESOURCES } from '../../infra/api-function.js';
import { STREAM_STAGE } from '../../infra/event-stream.js';
import { localResourceArn } from './aws.js';
import { lambdaContext, loadHandler } from './handlers.js';
import { checkServiceCall } from './iam.js';

/**
 * The event stream on the local stack, a stand-in for API Gateway's WebSocket API: the upgrade at
 * /api/v1/events/stream runs the real authorizer (its WebSocket mode) and the stream function's
 * $connect, whose refusal is the upgrade's answer; messages are routed by their `action` (`subscribe`
 * to the function, `ping` answered here as the mock integration does, any other answered API Gateway's
 * `Forbidden`); a close runs $disconnect. Its management API (`@connections`, which the dispatcher and
 * the function post through) is held to their policies in the synthesized template, on this API's
 * ARN, as AWS holds it; a connection it no longer has answers 410 (gone). As API Gateway does, it
 * closes a connection after 10 minutes without a message from its client, and after 2 hours.
 */

/**
 * API Gateway's limits of a WebSocket API (its quotas page): a message's size and a frame's (a larger
 * one closes that connection with 1009, "Message too big"), idleness, duration.
 */
const MESSAGE_LIMIT_BYTES = 128 * 1024;
const FRAME_LIMIT_BYTES = 32 * 1024;
const MESSAGE_TOO_BIG = 1009;
const IDLE_MS = 10 * 60_000;
const MAX_DURATION_MS = 2 * 60 * 60_000;

export interface LocalStreamOptions {
  /** Each function's timeout (the stack's, unless a test shortens it). */
  functionTimeoutMs?: number;
  /** API Gateway's 10 minutes without a message, unless a test shortens it */
  idleMs?: number;
  /** API Gateway's 2 hours, unless a test shortens it */
  maxDurationMs?: number;
}

interface Connection {
  socket: WebSocket;
  context: GatewayContext & { principalId: string };
  connectedAt: number;
  idle?: NodeJS.Timeout;
  ending: NodeJS.Timeout;
}

/** API Gateway's connection ids: 16 characters of base64, ending in `=`. */
const newConnectionId = () => `${randomBytes(11).toString('base64').slice(0, 15)}=`;

/** Lower-cased header names, as the authorizer of an HTTP API is given them, are not what a WebSocket API gives: names as sent. */
function headersAsSent(req: IncomingMessage): {
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
} {
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    (multiValueHeaders[name] ??= []).push(req.rawHeaders[i + 1] as string);
  }
  const headers = Object.fromEntries(
    Object.entries(multiValueHeaders).map(([name, values]) => [name, values.join(',')]),
  );
  return { headers, multiValueHeaders };
}

/** Writes a refused upgrade's answer (API Gateway answers it as HTTP, before any WebSocket). */
function refuseUpgrade(
  socket: Duplex,
  status: number,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): void {
  const lines = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)) })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Refused'}\r\n${lines}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Calls `tooLarge` at the first frame from the client whose payload is past API Gateway's 32 KB.
 * `ws` bounds a message (maxPayload), not its frames, so the frames' headers are read here as the
 * bytes pass (RFC 6455 §5.2: two bytes, an extended length of 2 or 8, a mask key of 4).
 */
function watchFrameSizes(socket: Duplex, tooLarge: () => void): void {
  let header = Buffer.alloc(0);
  let payloadLeft = 0;
  const read = (chunk: Buffer) => {
    let data = chunk;
    while (data.length > 0) {
      if (payloadLeft > 0) {
        const passed = Math.min(payloadLeft, data.length);
        payloadLeft -= passed;
        data = data.subarray(passed);
        continue;
      }
      // The header so far and everything after it; what follows it is taken up once it is whole.
      header = Buffer.concat([header, data]);
      if (header.length < 2) return;
      const shortLength = (header[1] as number) & 0x7f;
      const lengthBytes = shortLength === 126 ? 2 : shortLength === 127 ? 8 : 0;
      const maskBytes = (header[1] as number) & 0x80 ? 4 : 0;
      const headerBytes = 2 + lengthBytes + maskBytes;
      if (header.length < headerBytes) return;
      const payloadBytes =
        shortLength === 126
          ? header.readUInt16BE(2)
          : shortLength === 127
            ? Number(header.readBigUInt64BE(2))
            : shortLength;
      if (payloadBytes > FRAME_LIMIT_BYTES) {
        socket.off('data', read);
        tooLarge();
        return;
      }
      data = header.subarray(headerBytes);
      header = Buffer.alloc(0);
      payloadLeft = payloadBytes;
    }
  };
  // Before `ws` reads the same bytes (the upgrade's first packet too: `ws` puts it back on the socket),
  // so a frame too large is refused before it is taken.
  socket.prependListener('data', read);
}

export class LocalEventStream implements ConnectionTransport {
  private readonly connections = new Map<string, Connection>();
  private readonly server = new WebSocketServer({
    noServer: true,
    maxPayload: MESSAGE_LIMIT_BYTES,
  });
  private stopped = false;

  constructor(private readonly options: LocalStreamOptions = {}) {}

  /** Connections open now. */
  get size(): number {
    return this.connections.size;
  }

  /** The management API's ARN of one call, as the stage's policies name it. */
  private managementArn(method: 'POST' | 'DELETE', connectionId: string): string {
    const api = localResourceArn(CALLED_RESOURCES.eventStreamApi) ?? 'arn:aws:execute-api:local';
    return `${api}/${STREAM_STAGE}/${method}/@connections/${connectionId}`;
  }

  async post(connectionId: string, frame: string): Promise<'sent' | 'gone'> {
    checkServiceCall('execute-api:ManageConnections', this.managementArn('POST', connectionId));
    const connection = this.connections.get(connectionId);
    if (!connection || connection.socket.readyState !== WebSocket.OPEN) return 'gone';
    await new Promise<void>((resolve, reject) =>
      connection.socket.send(frame, (error) => (error ? reject(error) : resolve())),
    );
    return 'sent';
  }

  async close(connectionId: string): Promise<void> {
    checkServiceCall('execute-api:ManageConnections', this.managementArn('DELETE', connectionId));
    this.connections.get(connectionId)?.socket.close(1000);
  }

  private invoke(functionName: string, event: unknown, requestId: string): Promise<unknown> {
    return loadHandler(functionName).then((handler) =>
      handler(event, lambdaContext(functionName, requestId, this.options.functionTimeoutMs)),
    );
  }

  private requestContext(
    routeKey: string,
    connectionId: string,
    connectedAt: number,
    requestId = randomUUID(),
  ) {
    const eventType =
      routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
    const now = Date.now();
    return {
      routeKey,
      eventType,
      extendedRequestId: requestId,
      requestTime: new Date(now).toUTCString(),
      messageDirection: 'IN' as const,
      stage: STREAM_STAGE,
      connectedAt,
      requestTimeEpoch: now,
      requestId,
      domainName: 'localhost',
      connectionId,
      apiId: 'local-stream',
      ...(eventType === 'MESSAGE' ? { messageId: randomUUID() } : {}),
    };
  }

  /** True when the request is this stream's upgrade (the gateway hands every upgrade here). */
  static serves(req: IncomingMessage): boolean {
    const path = (req.url ?? '').split('?')[0];
    return path === `${API_PREFIX}${EVENT_STREAM_PATH}`;
  }

  /** An upgrade: authorized, then connected (or refused with the $connect's answer). */
  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (!LocalEventStream.serves(req)) {
      refuseUpgrade(socket, 404, JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const connectionId = newConnectionId();
    const connectedAt = Date.now();
    const { headers, multiValueHeaders } = headersAsSent(req);
    const sourceIp = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    const context = this.requestContext('$connect', connectionId, connectedAt);
    let authorized: GatewayContext & { principalId: string };
    try {
      const decision = (await this.invoke(
        AUTHORIZER_FUNCTION,
        {
          type: 'REQUEST',
          methodArn: `arn:aws:execute-api:us-east-1:123456789012:local-stream/${STREAM_STAGE}/$connect`,
          headers,
          multiValueHeaders,
          queryStringParameters: null,
          multiValueQueryStringParameters: null,
          stageVariables: null,
          requestContext: { ...context, identity: { sourceIp } },
        },
        context.requestId,
      )) as {
        principalId: string;
        policyDocument: { Statement: { Effect: string }[] };
        context: GatewayContext;
      };
      if (decision.policyDocument.Statement[0]?.Effect !== 'Allow') {
        refuseUpgrade(socket, 403, JSON.stringify({ message: 'Forbidden' }));
        return;
      }
      authorized = { ...decision.context, principalId: decision.principalId };
      const answer = (await this.invoke(
        STREAM_FUNCTION,
        {
          headers,
          multiValueHeaders,
          requestContext: { ...context, identity: { sourceIp }, authorizer: authorized },
          isBase64Encoded: false,
        },
        context.requestId,
      )) as { statusCode?: number; headers?: Record<string, string>; body?: string } | undefined;
      const status = answer?.statusCode ?? 200;
      if (status < 200 || status > 299) {
        refuseUpgrade(socket, status, answer?.body ?? '', answer?.headers);
        return;
      }
    } catch (error) {
      logger.error('Stream upgrade failed', { error: error as Error });
      refuseUpgrade(socket, 500, JSON.stringify({ message: 'Internal Server Error' }));
      return;
    }
    let opened = false;
    this.server.handleUpgrade(req, socket, head, (ws) => {
      opened = true;
      watchFrameSizes(socket, () => ws.close(MESSAGE_TOO_BIG, 'Message too big'));
      this.open(ws, connectionId, authorized, connectedAt);
    });
    // `ws` (no verifyClient) calls back at once or never: a handshake it refused (400), or a client
    // gone before the 101, never became a connection. Its $connect was answered, and counted it:
    // API Gateway runs $disconnect for a connection that closes, and so does this.
    if (!opened && !this.stopped) this.disconnected(connectionId, connectedAt, authorized);
  }

  /** Runs the stream function's $disconnect for a connection that ended. */
  private disconnected(
    connectionId: string,
    connectedAt: number,
    context: Connection['context'],
  ): void {
    const event = {
      requestContext: {
        ...this.requestContext('$disconnect', connectionId, connectedAt),
        authorizer: context,
      },
      isBase64Encoded: false,
    };
    this.invoke(STREAM_FUNCTION, event, event.requestContext.requestId).catch((error: unknown) =>
      logger.error('Stream disconnect failed', { error: error as Error }),
    );
  }

  private open(
    socket: WebSocket,
    connectionId: string,
    context: Connection['context'],
    connectedAt: number,
  ): void {
    const connection: Connection = {
      socket,
      context,
      connectedAt,
      ending: setTimeout(
        () => socket.close(1001, 'Going away'),
        this.options.maxDurationMs ?? MAX_DURATION_MS,
      ),
    };
    this.connections.set(connectionId, connection);
    const stillThere = () => {
      clearTimeout(connection.idle);
      connection.idle = setTimeout(
        () => socket.close(1001, 'Going away'),
        this.options.idleMs ?? IDLE_MS,
      );
    };
    stillThere();
    // What a client sends wrong (a message past 128 KB, invalid UTF-8, a reserved bit) ends its own
    // connection, with the close code `ws` chose (1009, 1007, 1002), as API Gateway ends it; unheard,
    // the error would stop the whole local stack.
    socket.on('error', (error: Error & { code?: string }) =>
      logger.warn('Stream connection closed: the client broke the protocol', {
        connectionId,
        reason: error.code ?? error.message,
      }),
    );
    socket.on('message', (data, isBinary) => {
      if (socket.readyState !== WebSocket.OPEN) return;
      stillThere();
      this.onMessage(connectionId, connection, data, isBinary).catch((error: unknown) =>
        logger.error('Stream message failed', { error: error as Error }),
      );
    });
    socket.on('close', () => {
      clearTimeout(connection.idle);
      clearTimeout(connection.ending);
      this.connections.delete(connectionId);
      if (!this.stopped) this.disconnected(connectionId, connectedAt, context);
    });
  }

  /** A message, routed as `$request.body.action` routes it. */
  private async onMessage(
    connectionId: string,
    connection: Connection,
    data: RawData,
    isBinary: boolean,
  ): Promise<void> {
    const body = Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]);
    let action: unknown;
    try {
      action = isBinary
        ? undefined
        : (JSON.parse(body.toString('utf8')) as { action?: unknown }).action;
    } catch {
      action = undefined;
    }
    const requestId = randomUUID();
    const answer = (message: string) =>
      connection.socket.send(JSON.stringify({ message, connectionId, requestId }));
    if (action === JSON.parse(PING_FRAME).action) {
      connection.socket.send(PONG_FRAME);
      return;
    }
    if (action !== 'subscribe') {
      // No route for it, and no $default route: API Gateway's own answer.
      answer('Forbidden');
      return;
    }
    try {
      await this.invoke(
        STREAM_FUNCTION,
        {
          requestContext: {
            ...this.requestContext('subscribe', connectionId, connection.connectedAt, requestId),
            authorizer: connection.context,
          },
          body: body.toString('utf8'),
          isBase64Encoded: false,
        },
        requestId,
      );
    } catch (error) {
      logger.error('Stream function failed', { error: error as Error });
      answer('Internal server error');
    }
  }

  /** Closes every connection (the gateway stopping). */
  closeAll(): void {
    this.stopped = true;
    for (const { socket } of this.connections.values()) socket.terminate();
    this.connections.clear();
  }
}

/** The stream of a local gateway, in place as the functions' output (setSharedStreamOutput). */
export function useLocalEventStream(options: LocalStreamOptions = {}): LocalEventStream {
  const stream = new LocalEventStream(options);
  setSharedStreamOutput(streamOutput(stream));
  return stream;
}
