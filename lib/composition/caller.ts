import type { GatewayContext } from '../http/gateway-context.js';
import { isScope, type Scope } from '../http/scopes.js';
import { spaceOf, type SpaceId } from '../db/spaces.js';
import type { KeyMode } from '../keys/format.js';
import { TransientError } from '../errors.js';
import { HttpError } from '../http/errors.js';
import { describePeriod, type QuotaFigures, rateLimitHeaders } from '../http/rate-limit.js';
import { ownEntry } from '../objects.js';

/**
 * The caller of a function behind the authorizer: what the authorizer hands over, and the checks every
 * such function makes before anything else (an outage, a refused key, the quota and per-IP limits).
 * Apart from the route handler (./api-handler.ts) so that the not-found function, which has no route,
 * makes them too without bundling the handler's middleware.
 */

export type {
  ApiEvent,
  ApiResponse,
  AuthorizerContext,
  GatewayContext,
  RefusedContext,
  UnavailableContext,
} from '../http/gateway-context.js';

export interface Caller {
  /**
   * The space every read and write of the request names (lib/db/ids.ts): the tenant's id for a live
   * key, its test space's (`test:<tenant>`) for a test key. Route code never chooses: the key does.
   */
  spaceId: SpaceId;
  /** the key's mode: a test key reaches only the test space */
  mode: KeyMode;
  /** a blind key: its answers are seen through ./blind.ts, and its reviews are marked blind */
  blind: boolean;
  keyId: string;
  keyName: string;
  scopes: Scope[];
  quota: QuotaFigures;
  /**
   * false: the key's hour was spent and the authorizer counted nothing for this request, which is
   * refused (429) unless it revalidates what the client holds (a 304 spends nothing)
   */
  quotaCounted: boolean;
  /** the API version the key is pinned to (absent: made before versions were) */
  apiVersion?: string | undefined;
  /** the client's address, as the authorizer saw it (behind the edge: the viewer's) */
  clientIp: string | null;
  /** the request came from the developer console: its session, or the sign-in link opening it */
  console?: 'session' | 'link' | undefined;
  /** behind the edge: the origin the viewer called, as the authorizer found it */
  viewerOrigin?: string | undefined;
}

const MINUTE_MS = 60_000;

/** The outage answer (503, Retry-After): nothing is read or written for a request the authorizer could not check. */
const UNAVAILABLE = new TransientError('The authorizer could not reach DynamoDB to check the key');

const REFUSALS = {
  // HTTP asks a 401 to name how to authenticate: an API key in a header, not OAuth's Bearer, so that
  // an MCP client does not go looking for an authorization server.
  unauthenticated: new HttpError(
    'unauthenticated',
    'An API key is required: send it in the X-API-Key header',
    { headers: { 'WWW-Authenticate': 'ApiKey header="X-API-Key"' } },
  ),
  key_invalid: new HttpError(
    'key_invalid',
    'The API key is not valid: unknown, malformed, revoked or expired',
  ),
} as const;

/** Who is calling, from the authorizer's context: 503 when it could not check, 401/403 when it refused the key. */
export function callerOf(context: GatewayContext | undefined): Caller {
  if (context && 'unavailable' in context) throw UNAVAILABLE;
  if (context && 'refused' in context)
    throw ownEntry(REFUSALS, context.refused) ?? REFUSALS.key_invalid;
  // API Gateway only invokes the function after the authorizer allowed; no context is a wiring bug.
  if (!context?.tenantId)
    throw new Error('Request reached the function without authorizer context');
  const mode = context.mode === 'test' ? 'test' : 'live';
  return {
    spaceId: spaceOf(context.tenantId, mode),
    mode,
    // Fails closed: whatever the authorizer set, however API Gateway passes it on, is blind.
    blind: Boolean(context.blind),
    keyId: context.keyId,
    keyName: context.keyName,
    scopes: context.scopes.split(',').filter(isScope),
    quota: {
      used: Number(context.quotaUsed),
      limit: Number(context.quotaLimit),
      resetAt: Number(context.quotaResetAt),
    },
    quotaCounted: !context.quotaExceeded,
    apiVersion: context.apiVersion,
    clientIp: context.clientIp || null,
    console:
      context.console === 'session' || context.console === 'link' ? context.console : undefined,
    viewerOrigin: context.viewerOrigin || undefined,
  };
}

/** A 429 whose headers describe the limit that refused it (the key's hour, or the client IP's minute). */
function rateLimited(
  code: 'rate_limited' | 'quota_exceeded',
  limit: QuotaFigures,
  now: number,
): HttpError {
  const retryAfterMs = limit.resetAt - now;
  return new HttpError(code, `Rate limit exceeded, retry in ${describePeriod(retryAfterMs)}`, {
    body: { retryAfterMs },
    headers: {
      ...rateLimitHeaders(limit, now),
      'Retry-After': String(Math.ceil(retryAfterMs / 1000)),
    },
  });
}

/** The key's hour is spent: the request was not counted (or counted past the limit by an older authorizer). */
export function overQuota(caller: Caller): boolean {
  return !caller.quotaCounted || caller.quota.used > caller.quota.limit;
}

/** The 429 of a key whose hour is spent. */
export function quotaExceeded(caller: Caller, now: number): HttpError {
  return rateLimited('quota_exceeded', caller.quota, now);
}

/**
 * Per-key hourly quota and, where no edge counts per IP, the per-IP minute limit, both counted by the
 * authorizer. A revalidation (a conditional read with If-None-Match) over the key's hour goes on: it is
 * answered 304 if the client's copy is current, else 429 (lib/composition/api-handler.ts).
 */
export function enforceLimits(
  context: GatewayContext | undefined,
  caller: Caller,
  now: number,
  {
    revalidation = false,
    beyondLimits = false,
  }: { revalidation?: boolean; beyondLimits?: boolean } = {},
): void {
  if (overQuota(caller) && !revalidation && !beyondLimits) throw quotaExceeded(caller, now);
  if (!context || !('tenantId' in context)) throw UNAVAILABLE;
  if (beyondLimits) return;
  if (context.ipCount !== undefined && Number(context.ipCount) > Number(context.ipLimit)) {
    throw rateLimited(
      'rate_limited',
      {
        used: Number(context.ipCount),
        limit: Number(context.ipLimit),
        resetAt: now - (now % MINUTE_MS) + MINUTE_MS,
      },
      now,
    );
  }
}
