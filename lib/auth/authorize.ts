import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type {
  APIGatewayAuthorizerWithContextResult,
  APIGatewayRequestAuthorizerEvent,
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import { type SecretValues, secretValues } from '../aws/secrets.js';
import {
  defaultHourlyLimit,
  EDGE_BYPASS_REASON,
  ORIGIN_VERIFY_HEADER,
  testModeEnabled,
  originVerifySecretId,
  perIpLimit,
  REFUSAL_MESSAGE,
  STREAM_REFUSAL_DIMENSION,
  VIEWER_ADDRESS_HEADER,
} from '../config.js';
import { isTransientFault } from '../db/faults.js';
import {
  authenticate,
  type Authentication,
  type AuthenticationFailure,
  countIpRequest,
  returnQuotaUnit,
} from '../keys/authentication.js';
import type { Db } from '../db/client.js';
import { TransientError } from '../errors.js';
import type { GatewayContext, RefusedContext } from '../http/gateway-context.js';
import { logger } from '../observability/logger.js';
import { metrics } from '../observability/metrics.js';
import { hashApiKey, isWellFormedApiKey } from '../keys/format.js';
import {
  CONSOLE_LINK_HEADER,
  CONSOLE_REQUEST_HEADER,
  consoleServedOrigin,
  consoleServedSecurely,
  consoleSessionToken,
  requestPlace,
  cookiesOfHeader,
  isWellFormedConsoleToken,
  spendConsoleLink,
  touchConsoleSession,
} from '../keys/console.js';

export type AuthorizerResult = APIGatewaySimpleAuthorizerWithContextResult<GatewayContext>;

/** What the authorizer answers a WebSocket upgrade: an IAM policy on the connection, with the same context. */
export type ConnectionAuthorizerResult = Omit<
  APIGatewayAuthorizerWithContextResult<Record<string, never>>,
  'context'
> & { context: GatewayContext };

/** What the decision reads of a request: its headers (names lower-cased), when and from where it came. */
type AuthorizedRequest = Pick<APIGatewayRequestAuthorizerEventV2, 'headers'> & {
  cookies?: string[] | undefined;
  requestContext?: { timeEpoch?: number; http?: { sourceIp?: string; method?: string } };
};

const DENY = { isAuthorized: false, context: {} } as unknown as AuthorizerResult;

/** What a decision is for: a request of the HTTP API, or an upgrade to the event stream. */
type Entry = 'request' | 'upgrade';

/**
 * One refusal, logged and counted by its reason; an upgrade's with the stream's own dimension (and
 * field in the log line), so that it never counts as one of the HTTP API's.
 */
function countRefusal(reason: string, entry: Entry, logged: Record<string, string> = {}): void {
  const stream =
    entry === 'upgrade' ? { [STREAM_REFUSAL_DIMENSION.name]: STREAM_REFUSAL_DIMENSION.value } : {};
  logger.info(REFUSAL_MESSAGE, { reason, ...stream, ...logged });
  metrics.addDimension('reason', reason);
  if (entry === 'upgrade')
    metrics.addDimension(STREAM_REFUSAL_DIMENSION.name, STREAM_REFUSAL_DIMENSION.value);
  metrics.addMetric('ApiKeyRefused', MetricUnit.Count, 1);
  metrics.publishStoredMetrics();
}

/**
 * A request that bypassed the edge: API Gateway's own bare 403 (it is no integrator's request). Its
 * source is logged: the address that called the origin's domain directly (docs/operations.md,
 * EdgeBypassRefusals), or CloudFront's when the header is out of step.
 */
function deny(reason: string, entry: Entry, sourceIp: string): AuthorizerResult {
  countRefusal(reason, entry, { sourceIp });
  return DENY;
}

/**
 * No key, or not a valid one: the request goes on with only the refusal in its context, and the shared
 * API handler answers 401 or 403 in the envelope with its code before any route code runs or any item
 * is read (tested), exactly as for `unavailable` below. The detailed reason (malformed, unknown,
 * revoked, expired) is logged and counted, never returned: a caller cannot probe which keys exist.
 */
function refuse(
  refused: RefusedContext['refused'],
  reason: string,
  entry: Entry,
): AuthorizerResult {
  countRefusal(reason, entry);
  return { isAuthorized: true, context: { refused } };
}

/**
 * DynamoDB could not check the key (throttled, timed out, unreachable), or at a cold start Secrets
 * Manager could not give the edge's header value. Letting the request through
 * marked `unavailable` is safe because it carries no tenant, key or scope: the shared API handler
 * (lib/composition/api-handler.ts) answers 503 with Retry-After before any route code runs or any item is
 * read (tested), so nothing can be read or written for an unchecked key. What it buys: clients get the
 * envelope and Retry-After of every other outage answer, instead of API Gateway's bare 500.
 */
function unavailable(): AuthorizerResult {
  logger.warn(
    'DynamoDB or Secrets Manager unavailable: the request goes on marked unavailable and will be answered 503',
  );
  metrics.addMetric('AuthorizerUnavailable', MetricUnit.Count, 1);
  metrics.publishStoredMetrics();
  return { isAuthorized: true, context: { unavailable: true } };
}

/**
 * True when the request carries the edge's secret header (compared in constant time): its current
 * value, or during a rotation the previous one, which CloudFront sends until it is redeployed.
 */
function cameThroughEdge(event: AuthorizedRequest, secret: SecretValues): boolean {
  const presented = Buffer.from(event.headers?.[ORIGIN_VERIFY_HEADER.toLowerCase()] ?? '');
  return [secret.current, secret.previous].some((value) => {
    if (value === undefined) return false;
    const expected = Buffer.from(value);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  });
}

/** Methods that change nothing: a browser sends no `Origin` on a same-origin one. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a request presents to act as a key: its X-API-Key; else a console sign-in link; else a console
 * session's cookie, taken only from the console's own page. A request of the page carries the header
 * an HTML form cannot send and a browser's `Sec-Fetch-Site: same-origin`, which no script can forge;
 * one that changes state carries, too, the console's own `Origin` (a browser sets it on every such
 * request, and no script can).
 * An upgrade to the event stream cannot carry a header of the page's (a browser's WebSocket sets none):
 * its cookie is taken when its `Origin`, which the browser sets and no script can, is the console's
 * (and a browser sends a SameSite=Strict cookie on no upgrade another site starts). Without those the
 * cookie is not read at all, so a cross-site request riding on it is simply unauthenticated. Shapes
 * are checked here, with no database call.
 */
type Presented =
  | { kind: 'key'; keyHash: string }
  | { kind: 'link' | 'session'; token: string }
  | CredentialRefusal;
interface CredentialRefusal {
  refused: RefusedContext['refused'];
  /** logged and counted, never answered */
  reason: string;
}

function presentedCredential(event: AuthorizedRequest, entry: Entry): Presented {
  const headers = event.headers ?? {};
  const key = headers['x-api-key'] ?? '';
  if (key !== '') {
    if (!isWellFormedApiKey(key)) return { refused: 'key_invalid', reason: 'malformed' };
    return { kind: 'key', keyHash: hashApiKey(key) };
  }
  const link = headers[CONSOLE_LINK_HEADER.toLowerCase()] ?? '';
  if (link !== '')
    return isWellFormedConsoleToken(link, 'link')
      ? { kind: 'link', token: link }
      : { refused: 'key_invalid', reason: 'console-link-malformed' };
  const place = requestPlace(headers);
  const session = consoleSessionToken(
    event.cookies ?? cookiesOfHeader(headers.cookie),
    consoleServedSecurely(place),
  );
  const fromConsole =
    entry === 'upgrade'
      ? headers.origin !== undefined && headers.origin === consoleServedOrigin(place)
      : headers[CONSOLE_REQUEST_HEADER.toLowerCase()] === '1' &&
        headers['sec-fetch-site'] === 'same-origin' &&
        (SAFE_METHODS.has(event.requestContext?.http?.method ?? '') ||
          headers.origin === consoleServedOrigin(place));
  if (session === undefined || !fromConsole)
    return { refused: 'unauthenticated', reason: 'missing' };
  return isWellFormedConsoleToken(session, 'session')
    ? { kind: 'session', token: session }
    : { refused: 'key_invalid', reason: 'console-session-malformed' };
}

/** The key hash a console credential acts as (spending a link, marking a session seen), or why not. */
async function consoleKeyHash(
  db: Db,
  presented: Exclude<Presented, CredentialRefusal>,
  now: Date,
): Promise<{ keyHash: string } | CredentialRefusal> {
  if (presented.kind === 'key') return presented;
  const found =
    presented.kind === 'link'
      ? await spendConsoleLink(db, presented.token, now)
      : await touchConsoleSession(db, presented.token, now);
  return typeof found === 'string'
    ? { refused: 'key_invalid', reason: `console-${presented.kind}-${found}` }
    : found;
}

/**
 * The REQUEST authorizer's decision. A malformed key (wrong shape or checksum) is refused without a
 * database call, and so is, behind the edge, a request that did not come through CloudFront. Otherwise
 * the key write (validity, hourly count, lastUsedAt) runs with, where no edge counts per IP, the per-IP
 * count in parallel. A DynamoDB outage lets the request on marked unavailable (see unavailable());
 * any other failure propagates, and API Gateway answers 500 and never allows.
 * The request is counted at the time API Gateway received it (`timeEpoch`), not when this runs.
 * `entry` says what is decided on: an upgrade's refusals are counted apart (countRefusal).
 */
export async function authorizeRequest(
  db: Db,
  event: AuthorizedRequest,
  entry: Entry = 'request',
): Promise<AuthorizerResult> {
  const now = new Date(event.requestContext?.timeEpoch ?? Date.now());
  const edgeSecretId = originVerifySecretId();
  let edgeSecret: SecretValues | undefined;
  try {
    edgeSecret = edgeSecretId ? await secretValues(edgeSecretId) : undefined;
  } catch (error) {
    // Secrets Manager unreachable at a cold start: an outage like DynamoDB's (see unavailable()).
    if (isTransientFault(error)) return unavailable();
    throw error;
  }
  if (edgeSecret && !cameThroughEdge(event, edgeSecret))
    return deny(EDGE_BYPASS_REASON, entry, event.requestContext?.http?.sourceIp ?? 'unknown');
  const presented = presentedCredential(event, entry);
  if ('refused' in presented) return refuse(presented.refused, presented.reason, entry);
  const sourceIp = event.requestContext?.http?.sourceIp ?? 'unknown';
  // Behind the edge the connection comes from CloudFront; the viewer's address is in the header the
  // edge sets. Without the edge, that header is anybody's to send, so it is not read.
  const clientIp = (edgeSecret && event.headers?.[VIEWER_ADDRESS_HEADER]) || sourceIp;
  const viewerOrigin = requestPlace(event.headers ?? {}).viewerOrigin;
  let checked:
    { keyHash: string; authentication: Authentication | AuthenticationFailure } | CredentialRefusal;
  let ipCount: number | undefined;
  try {
    [checked, ipCount] = await Promise.all([
      consoleKeyHash(db, presented, now).then(async (found) =>
        'refused' in found
          ? found
          : {
              keyHash: found.keyHash,
              authentication: await authenticate(db, found.keyHash, defaultHourlyLimit(), now),
            },
      ),
      edgeSecret ? undefined : countIpRequest(db, sourceIp, now),
    ]);
  } catch (error) {
    if (error instanceof TransientError) return unavailable();
    throw error;
  }
  if ('refused' in checked) return refuse(checked.refused, checked.reason, entry);
  const { keyHash } = checked;
  let { authentication } = checked;
  if (typeof authentication === 'string') return refuse('key_invalid', authentication, entry);
  // A stage with test mode off serves no test key, even one made before it was turned off.
  if (authentication.mode === 'test' && !testModeEnabled())
    return refuse('key_invalid', 'test-mode-off', entry);
  logger.appendKeys({ tenantId: authentication.tenantId, keyId: authentication.keyId });
  // Over the per-IP limit, the function answers 429 (lib/composition/api-handler.ts): a refused request spends
  // none of the key's hour, so the unit counted in parallel is given back (one more write, refused requests only).
  if (ipCount !== undefined && ipCount > perIpLimit() && authentication.counted) {
    await returnQuotaUnit(db, keyHash, now);
    authentication = { ...authentication, used: authentication.used - 1 };
  }
  return {
    isAuthorized: true,
    context: {
      tenantId: authentication.tenantId,
      keyId: authentication.keyId,
      keyName: authentication.name,
      scopes: authentication.scopes.join(','),
      quotaUsed: authentication.used,
      quotaLimit: authentication.limit,
      quotaResetAt: authentication.resetAt,
      // The hour is spent: the function answers 429, but to a revalidation it can answer 304.
      ...(authentication.counted ? {} : { quotaExceeded: true }),
      ...(authentication.apiVersion === undefined ? {} : { apiVersion: authentication.apiVersion }),
      ...(authentication.mode === 'test' ? { mode: 'test' as const } : {}),
      ...(authentication.blind ? { blind: true as const } : {}),
      ...(presented.kind === 'key' ? {} : { console: presented.kind }),
      // Where a console sign-in link points, and whether the session's cookie is https's.
      ...(viewerOrigin ? { viewerOrigin } : {}),
      clientIp,
      ...(ipCount === undefined ? {} : { ipCount, ipLimit: perIpLimit() }),
    },
  };
}

/**
 * The same decision for an upgrade to the event stream (the WebSocket API's $connect, whose authorizer
 * gets API Gateway's REQUEST event with headers as sent, and answers an IAM policy): allowed, a refused
 * key goes on with its refusal in the context, and the stream's function answers the upgrade 401 or
 * 403 in the envelope, as a route's function does; denied (the edge bypassed), API Gateway's own 403.
 * Its refusals are counted apart from the HTTP API's (STREAM_REFUSAL_DIMENSION).
 */
export async function authorizeConnection(
  db: Db,
  event: APIGatewayRequestAuthorizerEvent,
): Promise<ConnectionAuthorizerResult> {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const decision = await authorizeRequest(
    db,
    {
      headers,
      requestContext: {
        timeEpoch: event.requestContext.requestTimeEpoch,
        http: { sourceIp: event.requestContext.identity.sourceIp },
      },
    },
    'upgrade',
  );
  return {
    principalId: 'keyId' in decision.context ? decision.context.keyId : 'anonymous',
    policyDocument: {
      Version: '2012-10-17',
      Statement: [
        {
          Action: 'execute-api:Invoke',
          Effect: decision.isAuthorized ? 'Allow' : 'Deny',
          Resource: event.methodArn,
        },
      ],
    },
    context: decision.context,
  };
}
