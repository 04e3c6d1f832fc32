/**
 * Settings read from the environment, the same way locally and in Lambda. Read lazily (not at import)
 * so tests and the local server can set the environment before the first call.
 */

export const DEFAULT_TABLE_NAME = 'hiring-local';
export const DEFAULT_HOURLY_LIMIT = 1000;
export const DEFAULT_PER_IP_LIMIT = 500;
/**
 * Active (unrevoked) API keys a tenant may hold: each key has its own hourly quota, so unbounded keys
 * would multiply the per-key limit. An operator raises it per tenant (`npm run admin -- set-key-limit`).
 */
export const DEFAULT_MAX_ACTIVE_KEYS = 50;

/**
 * Every function's Lambda timeout (infra/api-function.ts), which the local gateway enforces too. API
 * Gateway gives up at 30 s; a request that needs more than 10 s is a fault worth failing fast.
 */
export const FUNCTION_TIMEOUT_MS = 10_000;

/**
 * The product-events queue (infra/product-events.ts), which the local bus (scripts/local/product-bus.ts)
 * follows: deliveries of a failing message before it goes to the dead-letter queue, the consumer's
 * timeout, and the queue's visibility timeout, 6 times the consumer's as AWS advises for Lambda.
 */
export const PRODUCT_EVENTS_QUEUE = {
  maxReceiveCount: 5,
  consumerTimeoutSeconds: 60,
  visibilityTimeoutSeconds: 6 * 60,
} as const;

function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`Environment variable ${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

/**
 * Test keys and the test routes, on unless the stage turns them off (`-c testMode=false` sets
 * TEST_MODE=off): then no test key is made and the authorizer refuses those that exist.
 */
export function testModeEnabled(): boolean {
  return process.env.TEST_MODE !== 'off';
}

/**
 * The most long-polls (GET /events?wait=) held at once, across tenants, and for one tenant: the
 * stack sets the first from the long-poll function's reserved concurrency (infra/stack.ts), less what
 * its answers that do not wait need; locally, and where the stage reserves nothing, the defaults.
 */
export function longPollCeilings(): { service: number; tenant: number } {
  return {
    service: positiveIntFromEnv('LONG_POLL_CEILING', 180),
    tenant: positiveIntFromEnv('LONG_POLL_TENANT_CEILING', 20),
  };
}

export function isProduction(): boolean {
  return process.env.STAGE === 'prod';
}

/** A setting every deployed function that reads it has (the stack sets it): missing is a deployment bug, failed at once. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is required`);
  return value;
}

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (name) return name;
  // In Lambda a missing table name is a deployment bug: fail at start-up rather than guess.
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) return requiredEnv('TABLE_NAME');
  return DEFAULT_TABLE_NAME;
}

/** Requests per clock hour per key, unless the tenant has its own limit. */
export function defaultHourlyLimit(): number {
  return positiveIntFromEnv('API_KEY_HOURLY_LIMIT', DEFAULT_HOURLY_LIMIT);
}

/** The header CloudFront adds to every request it forwards, carrying the origin-verify secret's value. */
export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';
/** The `reason` of the ApiKeyRefused metric for a request without that header (an alarm watches it). */
export const EDGE_BYPASS_REASON = 'bypassed-edge';
/**
 * The dimension ApiKeyRefused has for an upgrade to the event stream (the WebSocket API's $connect),
 * which the HTTP API's refusals do not: a metric is its whole set of dimensions, so the
 * EdgeBypassRefusals alarm, over the HTTP API's count, reads the HTTP API's refusals alone.
 */
export const STREAM_REFUSAL_DIMENSION = { name: 'api', value: 'event-stream' } as const;
/** The line the authorizer logs for each request it refuses (its `reason` with it): the authorizer's canary counts them. */
export const REFUSAL_MESSAGE = 'API key refused';
/**
 * Behind the edge, the viewer's address as CloudFront saw it (a viewer-request function sets it, over
 * any value the client sent): API Gateway sees CloudFront's address as the source.
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
/** Behind the edge, the origin the viewer called (`https://` and its Host), set as the address is. */
export const VIEWER_ORIGIN_HEADER = 'x-viewer-origin';

/** Where the developer console's page is, under the origin that serves it (the edge's, or the local gateway's). */
export const CONSOLE_PATH = '/console/';

/**
 * Where the developer console is served, when not at the origin the request came to (the local stack
 * sets it to its gateway's address); on AWS it is the edge's own origin, /console/ under it.
 */
export function consoleOrigin(): string | undefined {
  return process.env.CONSOLE_ORIGIN || undefined;
}

/**
 * Set when the API sits behind the edge (CloudFront + WAF): the Secrets Manager secret (ARN) whose
 * value requests must carry in ORIGIN_VERIFY_HEADER (lib/aws/secrets.ts reads it), and the per-IP
 * limit is the WAF's, so the authorizer counts no client IP.
 */
export function originVerifySecretId(): string | undefined {
  return process.env.ORIGIN_VERIFY_SECRET_ARN || undefined;
}

/** Requests per minute per client IP; API_RATE_LIMIT_MAX is honoured only outside production. */
export function perIpLimit(): number {
  if (isProduction()) return DEFAULT_PER_IP_LIMIT;
  return positiveIntFromEnv('API_RATE_LIMIT_MAX', DEFAULT_PER_IP_LIMIT);
}

/**
 * The Secrets Manager secret (ARN) holding the key that signs list cursors. In Lambda it must be set
 * (the stack creates the secret); outside Lambda, without it, cursors are signed with a fixed
 * development key.
 */
export function cursorSecretId(): string | undefined {
  const secretId = process.env.CURSOR_SECRET_ARN;
  if (secretId) return secretId;
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) return requiredEnv('CURSOR_SECRET_ARN');
  return undefined;
}

/**
 * How long one DynamoDB call may take, retries included. DynamoDB answers in milliseconds; a call
 * that has not connected in 1 s or answered in 2 s meets an outage, not a slow request. Three attempts
 * of at most 3 s each, with back-offs capped at 200 ms (lib/db/client.ts), end well inside the
 * functions' 10 s timeout (FUNCTION_TIMEOUT_MS), so an outage is answered 503 instead of the request
 * hanging until Lambda kills it. Without `throwOnRequestTimeout`, the SDK would only log a warning and
 * keep waiting.
 */
export const DYNAMODB_CALL_LIMITS = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  maxAttempts: 3,
  maxBackoffMs: 200,
} as const;

/**
 * Seconds between webhook delivery attempts: the Standard Webhooks example schedule (after the first
 * attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h; about 3 days in all).
 * WEBHOOK_RETRY_SCHEDULE (comma-separated seconds) overrides it, locally and in tests.
 */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = [
  5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400,
] as const;

export function webhookRetrySchedule(): number[] {
  const raw = process.env.WEBHOOK_RETRY_SCHEDULE;
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_WEBHOOK_RETRY_SCHEDULE];
  const seconds = raw.split(',').map((part) => Number(part.trim()));
  if (seconds.some((value) => !Number.isFinite(value) || value < 0)) {
    throw new Error(
      `Environment variable WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds, got "${raw}"`,
    );
  }
  return seconds;
}

/**
 * Whether webhook URLs may use http and loopback addresses: only on the local stack (`npm start`, the
 * tests), so a developer can receive on localhost. Never in production.
 */
export function webhookLocalUrlsAllowed(): boolean {
  return !isProduction() && process.env.WEBHOOK_ALLOW_LOCAL_URLS === 'true';
}

/** The shortest an audit entry may be kept: 6 months, the EU AI Act's floor for deployers' logs (Art. 26(6)). */
export const MIN_AUDIT_RETENTION_DAYS = 183;
/** How long audit entries are kept unless the stage says otherwise (cdk -c auditRetentionDays=…). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 400;

/** Days an audit entry is kept (AUDIT_RETENTION_DAYS); below the 183-day floor is a configuration error. */
export function auditRetentionDays(): number {
  const days = positiveIntFromEnv('AUDIT_RETENTION_DAYS', DEFAULT_AUDIT_RETENTION_DAYS);
  if (days < MIN_AUDIT_RETENTION_DAYS)
    throw new Error(
      `AUDIT_RETENTION_DAYS=${days}: audit entries must be kept at least ${MIN_AUDIT_RETENTION_DAYS} days`,
    );
  return days;
}
