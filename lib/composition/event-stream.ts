import { requestEntry } from '../request-log/entry.js';
import { logRequest } from '../request-log/line.js';
import { API_PREFIX } from '../http/route-definition.js';
import * as z from 'zod/mini';
import type { APIGatewayEventWebsocketRequestContextV2 } from 'aws-lambda';
import { type ConnectionTransport, managementApiTransport } from '../aws/connections.js';
import { processWide } from '../process-wide.js';
import { ConflictError } from '../errors.js';
import { keysNoLongerValid } from '../keys/api.js';
import {
  consoleServedSecurely,
  consoleSessionHash,
  consoleSessionsEnded,
  consoleSessionToken,
  cookiesOfHeader,
} from '../keys/console.js';
import { tenantOfSpace } from '../db/spaces.js';
import type { Db } from '../db/client.js';
import { eventIdOrInstant } from '../schemas/fields.js';
import { positionNotAhead } from '../events/model.js';
import {
  closeConnection,
  type ConnectionPost,
  MAX_CONNECTIONS_PER_SPACE,
  openConnection,
  sessionOfConnection,
  subscribe,
  EVENT_STREAM_PATH,
} from '../events/stream.js';
import { EVENT_ROUTES } from '../events/routes.js';
import type { GatewayContext } from '../http/gateway-context.js';
import { errorEnvelope, HttpError, jsonResponse } from '../http/errors.js';
import { hasScope, missingScopeMessage } from '../http/scopes.js';
import { parseOrThrow } from '../schemas/parse.js';
import { logger } from '../observability/logger.js';
import { servedVersion, shapeEvent, VERSION_REQUEST_HEADER } from '../versions/shape.js';
import { type Caller, callerOf, enforceLimits } from './caller.js';

/**
 * The event stream (`wss://…/api/v1/events/stream`): GET /events pushed over a WebSocket. API Gateway's
 * WebSocket API holds the connections; a function runs only when one opens ($connect), subscribes, or
 * closes ($disconnect), and the dispatcher posts each new event to the space's subscribed connections
 * (lib/events/stream.ts). The upgrade is behind the same authorizer as every route, and is refused as
 * GET /events would be: 401/403/429/503 in the envelope, before any connection is made.
 */

/** The stream serves what GET /events serves, to the keys it serves: its scope is that route's. */
const STREAM_ROUTE = EVENT_ROUTES.listEvents;

/** What API Gateway hands the stream's function: the authorizer's context (flat) on every route, the headers on $connect. */
export interface StreamEvent {
  requestContext: Pick<
    APIGatewayEventWebsocketRequestContextV2,
    'routeKey' | 'connectionId' | 'requestId' | 'requestTimeEpoch'
  > & { authorizer?: GatewayContext & { principalId?: string } };
  headers?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
}

/** What a $connect answers: 200 lets the connection open; anything else refuses the upgrade with it. */
export interface ConnectAnswer {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The caller of a stream event, from the authorizer's context of its connection's upgrade (API Gateway
 * hands it to every route of the connection, flat, where an HTTP route gets it under `lambda`).
 */
function callerOfStream(event: StreamEvent): Caller {
  return callerOf(event.requestContext.authorizer);
}

const lowerCased = (headers: Record<string, string | undefined> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * A connection opening: refused (401, 403, 429, 503, 400 for a version not served) as GET /events would
 * be, else remembered in its key's space, its frames shaped in the version its upgrade asked for (the
 * `Hiring-Version` header) or its key's.
 */
export async function connectStream(db: Db, event: StreamEvent): Promise<ConnectAnswer> {
  const answer = await answerUpgrade(db, event);
  logUpgrade(event, answer);
  return answer;
}

/** The upgrade in the request log, as GET /events/stream, when its key was valid (whatever it was answered). */
function logUpgrade(event: StreamEvent, answer: ConnectAnswer): void {
  let caller: Caller;
  try {
    caller = callerOfStream(event);
  } catch {
    return;
  }
  const headers = lowerCased(event.headers);
  logRequest(
    requestEntry({
      spaceId: caller.spaceId,
      requestId: event.requestContext.requestId ?? '',
      receivedAt: event.requestContext.requestTimeEpoch ?? Date.now(),
      answeredAt: Date.now(),
      method: 'GET',
      rawPath: `${API_PREFIX}${EVENT_STREAM_PATH}`,
      apiPrefix: API_PREFIX,
      routeKey: `GET ${API_PREFIX}${EVENT_STREAM_PATH}`,
      status: answer.statusCode,
      errorBody: answer.statusCode >= 400 ? answer.body : undefined,
      keyId: caller.keyId,
      keyName: caller.keyName,
      apiVersion: versionServed(headers[VERSION_REQUEST_HEADER], caller.apiVersion),
      headers,
      replayed: false,
      queryParameterNames: [],
      clientIp: caller.clientIp ?? undefined,
    }),
  );
}

/** The version an upgrade is served in; none when it asked for one not served (its 400). */
function versionServed(asked: string | undefined, pinned: string | undefined): string | undefined {
  try {
    return servedVersion(asked, pinned);
  } catch {
    return undefined;
  }
}

async function answerUpgrade(db: Db, event: StreamEvent): Promise<ConnectAnswer> {
  const { requestId } = event.requestContext;
  try {
    const caller = callerOfStream(event);
    logger.appendKeys({ tenantId: caller.spaceId, keyId: caller.keyId });
    // Counted once, at the upgrade: the key's hour and the client's minute, as for any request.
    enforceLimits(event.requestContext.authorizer, caller, event.requestContext.requestTimeEpoch);
    if (!hasScope(caller.scopes, STREAM_ROUTE.scope))
      throw new HttpError('scope_missing', missingScopeMessage(STREAM_ROUTE.scope));
    const headers = lowerCased(event.headers);
    const apiVersion = servedVersion(headers[VERSION_REQUEST_HEADER], caller.apiVersion);
    const session = caller.console === 'session' ? sessionOfUpgrade(caller, headers) : undefined;
    // Fails closed: a connection of a session must end with it, so one whose session cannot be named
    // is not opened (the authorizer found the cookie; this reads the same headers).
    if (caller.console === 'session' && session === undefined)
      throw new HttpError(
        'key_invalid',
        'The API key is not valid: unknown, malformed, revoked or expired',
      );
    // Counted in the write that records it, up to the ceiling: upgrades at once never pass it.
    const opened = await openConnection(db, caller.spaceId, {
      connectionId: event.requestContext.connectionId,
      keyId: caller.keyId,
      apiVersion,
      ...(session === undefined ? {} : { session }),
    });
    if (!opened)
      throw new ConflictError(
        `This space already has ${MAX_CONNECTIONS_PER_SPACE} event stream connections open, the most it holds: close one, or share one connection between your listeners`,
        false,
        'limit_reached',
      );
    return { statusCode: 200 };
  } catch (error) {
    const { status, body, headers } = errorEnvelope(error, requestId);
    if (status >= 500) logger.error('Stream connection failed', { error: error as Error });
    else logger.info('Stream connection refused', { statusCode: status });
    const answer = jsonResponse(status, body, headers);
    return {
      statusCode: status,
      headers: answer.headers as Record<string, string>,
      body: answer.body as string,
    };
  }
}

/**
 * The console session an upgrade signed in with (the authorizer took its cookie): by its hash, which
 * the connection keeps so that it ends with the session. The cookie is read as the authorizer read it.
 */
function sessionOfUpgrade(
  caller: Caller,
  headers: Record<string, string | undefined>,
): string | undefined {
  const secure = consoleServedSecurely({ viewerOrigin: caller.viewerOrigin, host: headers.host });
  const token = consoleSessionToken(cookiesOfHeader(headers.cookie), secure);
  return token === undefined ? undefined : consoleSessionHash(token);
}

/**
 * A subscribe message: `{"action":"subscribe"}`, optionally from `after` (the last event id the client
 * has, or an instant, as GET /events takes it). Strict, as a request's query and body are: a field it
 * does not take is refused, never ignored.
 */
const subscribeMessage = z.strictObject({
  action: z.literal('subscribe'),
  after: z.optional(eventIdOrInstant),
});

/**
 * What a client sends on the stream, by `action` (API Gateway's route selection: each is a route key
 * of the stream's API, beside `$connect` and `$disconnect`). docs/openapi.json publishes them, with the
 * frames, as `x-event-stream`, and `npm run api:compat` holds them to the released document.
 */
export const STREAM_MESSAGES = {
  subscribe: subscribeMessage,
  // API Gateway's own answer ({"type":"pong"}, infra/event-stream.ts): no function reads it.
  ping: z.strictObject({ action: z.literal('ping') }),
} as const;

/**
 * A subscribe: the connection's place set (after `after`, or at the log's head) and what follows it
 * sent, preceded by a `{"type":"subscribed"}` frame. A message it cannot take is answered on the
 * connection with an `{"type":"error",…}` frame in the envelope; the connection stays open.
 */
export async function subscribeStream(
  db: Db,
  event: StreamEvent,
  output: ConnectionPost,
  /** epoch ms by which the function must be done: a backlog not sent by then is resumed by the client */
  deadline?: number,
): Promise<void> {
  const { connectionId, requestId } = event.requestContext;
  try {
    const caller = callerOfStream(event);
    logger.appendKeys({ tenantId: caller.spaceId, keyId: caller.keyId });
    let message: unknown;
    try {
      message = JSON.parse(
        event.isBase64Encoded
          ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
          : (event.body ?? ''),
      );
    } catch {
      message = undefined;
    }
    const { after } = parseOrThrow(subscribeMessage, message, 'message');
    // As GET /events refuses it: a place the log cannot reach yet would leave the connection silent.
    const from = after === undefined ? undefined : positionNotAhead('after', after);
    // The key (and the console's session) as it is now, not as it was at the upgrade: one revoked
    // (or signed out, idle) since subscribes to nothing.
    const [revoked, sessionEnded] = await Promise.all([
      output.keysRevoked(db, caller.spaceId, [caller.keyId]),
      caller.console === 'session'
        ? sessionOfConnection(db, caller.spaceId, connectionId).then(async (session) =>
            session === undefined ? false : (await output.sessionsEnded(db, [session])).size > 0,
          )
        : false,
    ]);
    if (revoked.size > 0 || sessionEnded)
      throw new HttpError(
        'key_invalid',
        'The API key is not valid: unknown, malformed, revoked or expired',
      );
    const subscribed = await subscribe(db, caller.spaceId, connectionId, from, output, deadline);
    if (!subscribed) logger.info('Subscribe from a connection no longer open');
  } catch (error) {
    const { status, body } = errorEnvelope(error, requestId);
    if (status >= 500) logger.error('Stream subscribe failed', { error: error as Error });
    await output
      .post(connectionId, JSON.stringify({ type: 'error', status, ...body }))
      .catch(() => undefined);
  }
}

/** A connection closed: forgotten, so that no delivery tries it again. */
export async function disconnectStream(db: Db, event: StreamEvent): Promise<void> {
  const context = event.requestContext.authorizer;
  // A connection refused at $connect never opened, and has nothing to forget.
  if (!context || !('tenantId' in context)) return;
  await closeConnection(db, callerOfStream(event).spaceId, event.requestContext.connectionId);
}

/**
 * The event stream's output through `transport`: each event one JSON text frame,
 * `{"type":"event","event":…}`, the event as GET /events shows it in the connection's API version.
 */
export function streamOutput(transport: ConnectionTransport): ConnectionPost {
  return {
    post: (connectionId, frame) => transport.post(connectionId, frame),
    close: (connectionId) => transport.close(connectionId),
    frame: (event, apiVersion) =>
      JSON.stringify({ type: 'event', event: shapeEvent(apiVersion, event) }),
    keysRevoked: (db, spaceId, keyIds) => keysNoLongerValid(db, tenantOfSpace(spaceId), keyIds),
    sessionsEnded: (db, sessions) => consoleSessionsEnded(db, sessions),
    subscribed: (after) =>
      JSON.stringify({ type: 'subscribed', after: after === '' ? null : after }),
  };
}

/** Where the stream's management API is (the WebSocket API's stage callback URL), set by the stack. */
export const STREAM_CALLBACK_URL_ENV = 'STREAM_CALLBACK_URL';

const output = /* @__PURE__ */ processWide((): ConnectionPost | undefined => {
  const endpoint = process.env[STREAM_CALLBACK_URL_ENV];
  return endpoint ? streamOutput(managementApiTransport(endpoint)) : undefined;
});
/** The stream's output through API Gateway's management API; undefined in a deployment without the stream. */
export const sharedStreamOutput = () => output.get();
/** The local stack's sockets in its place (scripts/local/event-stream.ts); undefined: the default again. */
export const setSharedStreamOutput = (replacement: ConnectionPost | undefined) =>
  output.set(replacement);
