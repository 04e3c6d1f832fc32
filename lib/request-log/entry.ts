import type { SpaceId } from '../db/spaces.js';
import type { LoggedRequest } from './model.js';

/** How much of each field an entry keeps: an entry stays a few kilobytes whatever a client sends. */
export const ENTRY_LIMITS = {
  path: 1024,
  userAgent: 256,
  idempotencyKey: 255,
  queryName: 64,
  queryNames: 20,
} as const;

/** What a function knows of a request once it has answered it, with a valid key. */
export interface AnsweredRequest {
  spaceId: SpaceId;
  requestId: string;
  /** epoch ms the gateway received it */
  receivedAt: number;
  answeredAt: number;
  method: string;
  /** the raw path, API prefix included */
  rawPath: string;
  apiPrefix: string;
  /** the gateway's route key (`GET /api/v1/jds/{jdId}`, `$default`) */
  routeKey: string | undefined;
  status: number;
  /** the answer's body when it is an error envelope (its code is read from it) */
  errorBody: string | undefined;
  keyId: string;
  keyName: string;
  apiVersion: string | undefined;
  /** request headers, names lower-cased */
  headers: Record<string, string | undefined>;
  replayed: boolean;
  queryParameterNames: string[];
  clientIp: string | undefined;
}

const clipped = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max));
const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/**
 * The entry of an answered request: the names the contract lists and nothing else. The headers are
 * read for two values only (Idempotency-Key, User-Agent); the body is read only for an error
 * envelope's `code`, and never kept.
 */
export function requestEntry(request: AnsweredRequest): LoggedRequest {
  const path = request.rawPath.startsWith(request.apiPrefix)
    ? request.rawPath.slice(request.apiPrefix.length) || '/'
    : request.rawPath;
  const routeKey = request.routeKey;
  const route =
    routeKey && routeKey !== '$default' ? routeKey.replace(` ${request.apiPrefix}/`, ' /') : null;
  const idempotencyKey = request.headers['idempotency-key'];
  const userAgent = request.headers['user-agent'];
  return {
    spaceId: request.spaceId,
    requestId: request.requestId,
    time: new Date(request.receivedAt).toISOString(),
    method: request.method,
    path: clipped(printable(path), ENTRY_LIMITS.path),
    route,
    status: request.status,
    code: request.status >= 400 ? errorCode(request.errorBody) : null,
    durationMs: Math.max(0, Math.round(request.answeredAt - request.receivedAt)),
    keyId: request.keyId,
    keyName: request.keyName,
    apiVersion: request.apiVersion ?? null,
    idempotencyKey:
      idempotencyKey === undefined
        ? null
        : clipped(printable(idempotencyKey), ENTRY_LIMITS.idempotencyKey),
    replayed: request.replayed,
    queryParameters: [...new Set(request.queryParameterNames)]
      .map((name) => clipped(name.replace(/[^\x21-\x7e]/g, '?'), ENTRY_LIMITS.queryName))
      .sort()
      .slice(0, ENTRY_LIMITS.queryNames),
    userAgent:
      userAgent === undefined ? null : clipped(printable(userAgent), ENTRY_LIMITS.userAgent),
    clientIp:
      request.clientIp && /^[0-9A-Fa-f.:]{1,64}$/.test(request.clientIp) ? request.clientIp : null,
  };
}

/** The `code` of an error envelope; null for anything else (API Gateway's `{message}`, no body). */
function errorCode(body: string | undefined): string | null {
  if (body === undefined || body.length > 64 * 1024) return null;
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}
