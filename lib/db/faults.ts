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
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

interface SdkError {
  name?: string;
  code?: string;
  $fault?: string;
  CancellationReasons?: { Code?: string }[];
  cause?: unknown;
}

function isTransientItself(error: SdkError): boolean {
  if (THROTTLING.has(error.name ?? '') || TIMEOUTS.has(error.name ?? '')) return true;
  if (NETWORK_CODES.has(error.code ?? '')) return true;
  // InternalServerError, ServiceUnavailable: DynamoDB's own failures after the SDK's retries.
  if (error.$fault === 'server') return true;
  return error.name === 'TransactionCanceledException' && (error.CancellationReasons?.some((r) => r.Code === 'ThrottlingError') ?? false);
}

/** True for a transient fault, also when a library wrapped it (its `cause` chain is followed). */
export function isTransientFault(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (isTransientItself(current as SdkError)) return true;
    current = (current as SdkError).cause;
  }
  return false;
}
