/**
 * DynamoDB faults a client should simply retry: throttling (after the SDK's own retries), timeouts,
 * connection failures and server-side errors. Anything else is a bug or a refusal (AccessDenied,
 * ValidationException) and must not be presented as "try again".
 */
const THROTTLING = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);
const TIMEOUTS = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
/** Node's socket errors: the endpoint refused, reset, or could not be reached or resolved. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** A field of something thrown, whatever it is. */
function field(error: unknown, name: string): unknown {
  return error !== null && typeof error === 'object' ? Reflect.get(error, name) : undefined;
}

function isTransientItself(error: unknown): boolean {
  const name = String(field(error, 'name') ?? '');
  if (THROTTLING.has(name) || TIMEOUTS.has(name)) return true;
  if (NETWORK_CODES.has(String(field(error, 'code') ?? ''))) return true;
  // InternalServerError, ServiceUnavailable: DynamoDB's own failures after the SDK's retries.
  if (field(error, '$fault') === 'server') return true;
  const reasons = field(error, 'CancellationReasons');
  return (
    name === 'TransactionCanceledException' &&
    Array.isArray(reasons) &&
    reasons.some((reason) => field(reason, 'Code') === 'ThrottlingError')
  );
}

/** True for a transient fault, also when a library wrapped it (its `cause` chain is followed). */
export function isTransientFault(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth++) {
    if (isTransientItself(current)) return true;
    current = field(current, 'cause');
  }
  return false;
}
