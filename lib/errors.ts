/**
 * The machine-readable `code` of every error answer, a closed set: a client branches on it, never on
 * the message. docs/api.md lists them (a test keeps the two the same).
 */
export const ERROR_CODES = {
  validation_failed:
    'the request breaks a rule of its body, query or headers; `details` names each field and rule',
  cursor_invalid:
    "the `cursor` was not issued by this list (another tenant's, another list, another filter, made up, or signed with a retired key)",
  unauthenticated: 'no API key was sent',
  key_invalid: 'the API key is unknown, malformed, revoked or expired',
  scope_missing: 'the key lacks the scope the route needs',
  key_mode_mismatch:
    'the route serves the other kind of key: managing keys takes a live key, the test routes a test key',
  origin_not_allowed:
    "POST /mcp was sent from a web page of another domain (its Origin header): the MCP server serves MCP clients and servers, not other sites' pages",
  not_found: 'no such resource for this tenant, or no such route',
  method_not_allowed: 'the path is served for other methods only: the Allow header names them',
  conflict:
    'the request contradicts what is stored (an id already bound to something else; `existingId` names the JD holding an `externalId`)',
  limit_reached: 'a per-tenant limit is reached (active keys, webhook endpoints)',
  webhook_disabled: 'the webhook endpoint is disabled: enable it first',
  replay_running: 'a replay is already running on this webhook endpoint',
  concurrent_change: 'another change to the same data won a race; retry (Retry-After)',
  sync_token_expired:
    'the `syncToken` is older than deletions are kept (30 days): walk the list from the start with `updatedSince`, then follow the new token',
  precondition_failed:
    'the If-Match header names a version that is no longer the current one: read the resource again, then decide',
  payload_too_large: 'the request body is larger than the service takes',
  unsupported_media_type: 'the request body is not JSON in UTF-8',
  version_unsupported:
    'the Hiring-Version header names no version this API serves; the message lists those it does',
  idempotency_key_reused: 'the Idempotency-Key was used before with a different request body',
  idempotency_key_other_target:
    'the Idempotency-Key was used before for another method or path: one key names one request',
  response_too_large: 'the answer would be larger than one answer can carry: ask for it in slices',
  jd_too_large:
    "the change would take the JD's fields together past the 256 KB (as JSON) a JD may hold: shorten a text",
  request_blocked:
    'the edge firewall refused the request: it matches a known attack pattern, or its address is on a threat list',
  rate_limited: 'too many requests from this client address; retry after `retryAfterMs`',
  webhook_test_limited:
    'the endpoint was sent as many test deliveries as it takes this minute; retry after `retryAfterMs`',
  quota_exceeded: "the key's hourly quota is spent; retry after `retryAfterMs`",
  wait_limited:
    'as many long-polls are waiting as the service holds at once (for the tenant, or for all): ask again after `retryAfterMs`',
  unavailable: 'the service cannot reach its database right now; retry after Retry-After',
  internal_error: 'a fault of the service, logged with the `requestId` shown',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The domain's errors. They say what went wrong (a message for people, a code for programs), not which
 * HTTP status it is: lib/http maps them to statuses in one place (lib/http/errors.ts), and scripts
 * print their messages.
 */
export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A `Hiring-Version` that names no version served. */
export class UnsupportedVersionError extends DomainError {
  readonly code = 'version_unsupported';

  constructor(requested: string, served: string[]) {
    super(
      `Hiring-Version ${JSON.stringify(requested.slice(0, 40))} is not a version of this API: send one of ${served.join(', ')} (YYYY-MM-DD), or leave the header out to be served your key's version`,
    );
  }
}

/** A resource that does not exist, or belongs to another tenant (the two are never told apart). */
export class NotFoundError extends DomainError {
  readonly code = 'not_found';

  constructor(what: string) {
    super(`${what} not found`);
  }
}

/**
 * The request conflicts with what is stored: a limit reached, an id bound to something else, or (when
 * `retryable`) a race with a concurrent change that retries did not win.
 */
export class ConflictError extends DomainError {
  readonly code:
    'conflict' | 'limit_reached' | 'webhook_disabled' | 'replay_running' | 'concurrent_change';

  constructor(
    message: string,
    readonly retryable = false,
    code?: 'conflict' | 'limit_reached' | 'webhook_disabled' | 'replay_running',
  ) {
    super(message);
    this.code = code ?? (retryable ? 'concurrent_change' : 'conflict');
  }
}

/** A JD's external id already held by another JD of the tenant: the 409 names that JD (`existingId`). */
export class ExternalIdTakenError extends ConflictError {
  constructor(
    externalId: string,
    readonly existingId: string,
  ) {
    super(
      `externalId ${JSON.stringify(externalId)} is already JD ${existingId}'s: update that JD, or give this one another externalId`,
    );
  }
}

/** The JD holding an external id released it while a write that wanted it ran: retry. */
export class ExternalIdReleasedError extends ConflictError {
  constructor() {
    super('The externalId was released while this request ran; retry', true);
  }
}

export interface FieldProblem {
  field: string;
  rule: string;
  message: string;
}

/** The request's If-Match names another version of the resource than the stored one (412). */
export class PreconditionFailedError extends DomainError {
  readonly code = 'precondition_failed';
}

/** Input the service refuses; `details` names each field and the rule it broke (absent: the body as a whole). */
export class InvalidInputError extends DomainError {
  readonly code: 'validation_failed' | 'cursor_invalid' = 'validation_failed';

  constructor(
    message: string,
    readonly details?: FieldProblem[],
  ) {
    super(message);
  }
}

/** One field's problem: the message says `field: message`, the details say which rule. */
export function fieldError(field: string, rule: string, message: string): InvalidInputError {
  return new InvalidInputError(`${field}: ${message}`, [{ field, rule, message }]);
}

/** A list cursor this service did not issue for this list. */
export class InvalidCursorError extends InvalidInputError {
  override readonly code = 'cursor_invalid';

  constructor() {
    const message = 'must be a pagination.nextCursor this list returned';
    super(`cursor: ${message}`, [{ field: 'cursor', rule: 'issued_by_this_list', message }]);
  }
}

/** An Idempotency-Key used again with a different request. */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'idempotency_key_reused';

  constructor() {
    super('Idempotency-Key was already used with a different request body');
  }
}

/** An Idempotency-Key used again on another target (method and path) than the request it names. */
export class IdempotencyKeyOtherTargetError extends DomainError {
  readonly code = 'idempotency_key_other_target';

  constructor(firstTarget: string) {
    super(
      `Idempotency-Key was already used for ${firstTarget}: a key names one request; send this one with a key of its own`,
    );
  }
}

/** A change that would take a JD's fields together past what a JD may hold (LIMITS.jdBytes). */
export class JdTooLargeError extends DomainError {
  readonly code = 'jd_too_large';

  constructor(limit: number, bytes: number) {
    super(
      `A JD holds at most ${limit} bytes as JSON, its fields together: with this change it would hold ${bytes} bytes; shorten a text`,
    );
  }
}

/** An endpoint was sent as many test deliveries as it takes this minute (lib/webhooks/model.ts). */
export class TestDeliveriesLimitedError extends DomainError {
  readonly code = 'webhook_test_limited';

  constructor(
    perMinute: number,
    readonly retryAfterMs: number,
  ) {
    super(
      `This endpoint takes ${perMinute} test deliveries a minute: retry in ${Math.ceil(retryAfterMs / 1000)} seconds`,
    );
  }
}

/**
 * A long-poll that would wait past the ceiling of waits held at once (lib/events/wait-slots.ts): it is
 * answered at once, so that listeners never take the functions every other route needs.
 */
export class WaitLimitedError extends DomainError {
  readonly code = 'wait_limited';

  constructor(
    readonly whose: 'tenant' | 'service',
    readonly retryAfterMs: number,
  ) {
    super(
      whose === 'tenant'
        ? `This tenant has as many long-polls waiting as it may hold at once: ask again in ${Math.ceil(retryAfterMs / 1000)} seconds (or follow without waiting)`
        : `The service holds as many long-polls as it can at once: ask again in ${Math.ceil(retryAfterMs / 1000)} seconds (or follow without waiting)`,
    );
  }
}

/** DynamoDB throttled, timed out or could not be reached: the same request may succeed shortly. */
export class TransientError extends DomainError {
  readonly code = 'unavailable';
}

/** A list the spec hands over whole has more items than one answer hands over: ask for it in slices. */
export class TooManyItemsError extends DomainError {
  readonly code = 'response_too_large';

  constructor(limit: number) {
    super(
      `This list has more than ${limit} items, the most one answer hands over whole: ask for it in slices with \`limit\` and follow \`pagination.nextCursor\``,
    );
  }
}

/** A list handed over whole whose pages could not all be read within one answer's time. */
export class WholeListTooSlowError extends DomainError {
  readonly code = 'response_too_large';

  constructor() {
    super(
      'This list is too long to read whole within one answer: ask for it in slices with `limit` and follow `pagination.nextCursor`',
    );
  }
}

/**
 * A product event that refers to something that has not arrived yet (an application before its JD or
 * resume): out-of-order delivery is normal, so the event waits and is tried again.
 */
export class MissingParentError extends DomainError {
  readonly code = 'unavailable';
}

/** A sync token older than the deletions a delta walk can still report (410). */
export class SyncTokenExpiredError extends DomainError {
  readonly code = 'sync_token_expired';

  constructor(
    retentionDays: number,
    why = `older than the ${retentionDays} days deletions are kept`,
  ) {
    super(
      `syncToken: ${why}, so some may be missing: walk the list again from the start (updatedSince), then follow the token it ends with`,
    );
  }
}
