import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FUNCTION_TIMEOUT_MS } from '../../lib/config.js';
import { ENCODED_DELIMITER_BODY, holdsEncodedDelimiter } from '../../infra/viewer-request.js';
import type { AuthorizerContext, GatewayContext } from '../../lib/composition/api-handler.js';
import { LAMBDA_RESPONSE_LIMIT_BYTES } from '../../lib/http/response-size.js';
import {
  API_PREFIX,
  AUTHORIZER_FUNCTION,
  matchRoute,
  NOT_FOUND_FUNCTION,
} from '../../lib/composition/routes.js';
import { logger } from '../../lib/observability/logger.js';
import { authorizerEvent, DEFAULT_ROUTE, type IncomingRequest, proxyEvent } from './events.js';
import { lambdaContext, loadHandler } from './handlers.js';
import { LocalEventStream, useLocalEventStream } from './event-stream.js';
import { useLocalRequestLog } from './request-log.js';
import { consoleReply } from './console.js';

// The local functions' request-log lines go to the local writer, as CloudWatch Logs hands them over on AWS.
useLocalRequestLog();
import type { Duplex } from 'node:stream';

/**
 * A small stand-in for API Gateway HTTP API, built from the route table: the real authorizer and
 * function handlers invoked in-process with payload-2.0 events, and API Gateway's own answers where it
 * answers itself (401 without an X-API-Key header, 403 on deny, 500 when the authorizer or a function
 * fails or a function's result is past Lambda's 6 MB response limit, 413 over 10 MB, and 431 in JSON
 * for a request line and headers over Node's 16 KB). A development tool; production is API Gateway.
 */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
const TEXT_TYPES = /^(text\/|application\/(json|.*\+json|xml|x-www-form-urlencoded|javascript))/i;
const DOCS_DIR = join(import.meta.dirname, '..', '..', 'docs');

type Reply = {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  cookies?: string[];
};

const gatewayMessage = (status: number, message: string): Reply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message }),
});

/** Lower-cased names; repeated headers comma-joined, as API Gateway delivers them. */
function collectHeaders(req: IncomingMessage): Record<string, string> {
  // A Map, so that a header named like an inherited property (`constructor`) is one of its own.
  const headers = new Map<string, string>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] as string).toLowerCase();
    const value = req.rawHeaders[i + 1] as string;
    const earlier = headers.get(name);
    headers.set(
      name,
      earlier === undefined ? value : `${earlier}${name === 'cookie' ? '; ' : ','}${value}`,
    );
  }
  return Object.fromEntries(headers);
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Maps a function result the way API Gateway does for payload 2.0 (a bare value becomes a 200 JSON). */
export function fromLambdaResult(result: unknown): Reply {
  if (result && typeof result === 'object' && 'statusCode' in result) {
    const structured = result as {
      statusCode: number;
      headers?: Record<string, string | number | boolean>;
      body?: string;
      isBase64Encoded?: boolean;
      cookies?: string[];
    };
    const headers = Object.fromEntries(
      Object.entries(structured.headers ?? {}).map(([name, value]) => [
        name.toLowerCase(),
        String(value),
      ]),
    );
    const raw = structured.body ?? '';
    return {
      status: structured.statusCode,
      headers,
      body: structured.isBase64Encoded ? Buffer.from(raw, 'base64') : raw,
      ...(structured.cookies ? { cookies: structured.cookies } : {}),
    };
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: typeof result === 'string' ? result : JSON.stringify(result ?? null),
  };
}

async function serveDocs(path: string): Promise<Reply | undefined> {
  if (path === `${API_PREFIX}/openapi.json`) {
    const body = await readFile(join(DOCS_DIR, 'openapi.json'), 'utf8').catch(() => undefined);
    if (body) return { status: 200, headers: { 'content-type': 'application/json' }, body };
  }
  const asset = /^\/docs\/assets\/(swagger-ui\.css|swagger-ui-bundle\.js)$/.exec(path);
  if (asset) {
    const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    const body = await readFile(join(dir, asset[1] as string));
    const type = asset[1]?.endsWith('.css') ? 'text/css' : 'text/javascript';
    return { status: 200, headers: { 'content-type': type }, body };
  }
  if (path === '/docs' || path === '/docs/') {
    const body = await readFile(join(DOCS_DIR, 'reference.html'), 'utf8').catch(() => undefined);
    if (body) return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
  }
  return undefined;
}

export interface GatewayOptions {
  /**
   * Each function's Lambda timeout (the stack's, unless a test shortens it). Handlers see it through
   * `getRemainingTimeInMillis`, from which middy answers just before Lambda would end the invocation.
   */
  functionTimeoutMs?: number;
  /** The clock requests are stamped with (`requestContext.timeEpoch`): a test moves it to the end of a rate window. */
  now?: () => number;
}

/**
 * The path as an HTTP API routes it and hands it on: percent-decoded before it is matched (so an
 * encoded `/` separates segments like any other, and a path parameter cannot hold one), and cut at a
 * `?` or `#` that decoding made. A path that does not decode is routed as sent.
 */
export function routedPath(rawPath: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
  const cut = decoded.search(/[?#]/);
  return cut < 0 ? decoded : decoded.slice(0, cut);
}

export async function handleRequest(
  sent: IncomingRequest,
  options: GatewayOptions = {},
): Promise<Reply> {
  const timeoutMs = options.functionTimeoutMs ?? FUNCTION_TIMEOUT_MS;
  const docs = sent.method === 'GET' ? await serveDocs(sent.rawPath) : undefined;
  if (docs) return docs;
  // The edge's viewer-request function refuses these paths before API Gateway cuts them.
  if (holdsEncodedDelimiter(sent.rawPath))
    return {
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: ENCODED_DELIMITER_BODY,
    };
  const request = { ...sent, rawPath: routedPath(sent.rawPath) };
  const matched = request.rawPath.startsWith(`${API_PREFIX}/`)
    ? matchRoute(request.method, request.rawPath.slice(API_PREFIX.length))
    : undefined;
  // No route: API Gateway's $default route, served by the not-found function behind the same authorizer.
  const route = matched?.route ?? DEFAULT_ROUTE;
  const functionName = matched?.route.functionName ?? NOT_FOUND_FUNCTION;
  const pathParameters = matched?.pathParameters ?? {};
  const requestId = randomUUID();
  const now = request.receivedAt ?? options.now?.() ?? Date.now();
  let context: GatewayContext;
  try {
    const authorizer = await loadHandler(AUTHORIZER_FUNCTION);
    const decision = (await authorizer(
      authorizerEvent(request, route, pathParameters, requestId, now),
      lambdaContext(AUTHORIZER_FUNCTION, requestId, timeoutMs),
    )) as { isAuthorized?: boolean; context?: GatewayContext };
    if (decision?.isAuthorized !== true) return gatewayMessage(403, 'Forbidden');
    context = decision.context ?? ({} as AuthorizerContext);
  } catch (error) {
    logger.error('Authorizer failed', { error: error as Error });
    return gatewayMessage(500, 'Internal Server Error');
  }

  try {
    const handler = await loadHandler(functionName);
    // A long-poll's function has its wait on top of the API's timeout, as the stack gives it.
    const functionTimeout = timeoutMs + (matched?.route.longPoll?.maxWaitSeconds ?? 0) * 1000;
    const result = await handler(
      proxyEvent(request, route, pathParameters, context, requestId, now),
      lambdaContext(functionName, requestId, functionTimeout),
    );
    // Lambda refuses a result past its response limit: the invocation fails and API Gateway answers 500.
    const resultBytes = Buffer.byteLength(JSON.stringify(result ?? null), 'utf8');
    if (resultBytes > LAMBDA_RESPONSE_LIMIT_BYTES) {
      logger.error('Function response exceeded the Lambda response limit', {
        function: functionName,
        resultBytes,
        limitBytes: LAMBDA_RESPONSE_LIMIT_BYTES,
      });
      return gatewayMessage(500, 'Internal Server Error');
    }
    const reply = fromLambdaResult(result);
    reply.headers['apigw-requestid'] = requestId;
    return reply;
  } catch (error) {
    logger.error('Function failed', { error: error as Error });
    return gatewayMessage(500, 'Internal Server Error');
  }
}

async function onRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: GatewayOptions,
): Promise<void> {
  // As sent: API Gateway does not resolve `.` or `..` segments (new URL() would).
  const target = req.url ?? '/';
  const queryStart = target.indexOf('?');
  // The console's page, which the edge serves from its bucket beside the API.
  const page = await consoleReply(
    req.method ?? 'GET',
    queryStart < 0 ? target : target.slice(0, queryStart),
    req.headers['accept-encoding'],
  );
  if (page) {
    res.writeHead(page.status, page.headers);
    res.end(req.method === 'HEAD' ? undefined : page.body);
    return;
  }
  const body = await readBody(req);
  let reply: Reply;
  if (body === 'too-large') {
    reply = gatewayMessage(413, 'Request Entity Too Large');
  } else {
    const headers = collectHeaders(req);
    // Text reaches the function as text, unless it is not valid UTF-8: then base64, so that nothing on
    // the way replaces the bytes the function must refuse.
    const text =
      body.length === 0 ||
      (TEXT_TYPES.test(headers['content-type'] ?? 'application/json') && isUtf8(body));
    reply = await handleRequest(
      {
        method: req.method ?? 'GET',
        rawPath: queryStart < 0 ? target : target.slice(0, queryStart),
        rawQueryString: queryStart < 0 ? '' : target.slice(queryStart + 1),
        headers,
        body: body.length ? body.toString(text ? 'utf8' : 'base64') : undefined,
        isBase64Encoded: !text,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
      },
      options,
    );
  }
  const headers: Record<string, string | string[]> = { ...reply.headers };
  if (reply.cookies?.length) headers['set-cookie'] = reply.cookies;
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

export async function startGateway(
  port: number,
  host = '127.0.0.1',
  options: GatewayOptions = {},
): Promise<{ server: Server; url: string; stream: LocalEventStream; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    onRequest(req, res, options).catch((error: unknown) => {
      logger.error('Local gateway failed', { error: error as Error });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });
  // The event stream's upgrades (/api/v1/events/stream): API Gateway's WebSocket API, locally.
  const stream = useLocalEventStream({
    ...(options.functionTimeoutMs ? { functionTimeoutMs: options.functionTimeoutMs } : {}),
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands an upgrade's socket over without its error handler: a client that resets it while
    // the authorizer runs would otherwise stop the whole gateway.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      logger.info('Stream upgrade socket closed by its client', { code: error.code }),
    );
    stream.upgrade(req, socket, head).catch((error: unknown) => {
      logger.error('Local stream upgrade failed', { error: error as Error });
      socket.destroy();
    });
  });
  // What Node's HTTP parser refuses before any handler runs: said in JSON, as API Gateway says its own.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            'The request line and headers are over 16 KB, the most this local gateway reads (API Gateway takes 10 KB): shorten the URL or the headers',
          ]
        : [400, 'Bad Request', 'The request is not valid HTTP'];
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${host === '0.0.0.0' ? 'localhost' : host}:${address.port}`;
  // The console's sign-in links point at this gateway, which serves the console as the edge does.
  process.env.CONSOLE_ORIGIN = origin;
  return {
    server,
    url: `${origin}${API_PREFIX}`,
    stream,
    close: () =>
      new Promise<void>((resolve) => {
        if (process.env.CONSOLE_ORIGIN === origin) delete process.env.CONSOLE_ORIGIN;
        stream.closeAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
