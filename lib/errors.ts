/**
 * The domain's errors. They say what went wrong, not which HTTP status it is: lib/http maps them to
 * statuses in one place (lib/http/errors.ts), and scripts print their messages.
 */
export abstract class DomainError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A resource that does not exist, or belongs to another tenant (the two are never told apart). */
export class NotFoundError extends DomainError {
  constructor(what: string) {
    super(`${what} not found`);
  }
}

/**
 * The request conflicts with what is stored: a limit reached, an id bound to something else, or (when
 * `retryable`) a race with a concurrent change that retries did not win.
 */
export class ConflictError extends DomainError {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** Input the service refuses; `details` names each field and the rule it broke. */
export class InvalidInputError extends DomainError {
  constructor(
    message: string,
    readonly details?: { field: string; rule: string; message: string }[],
  ) {
    super(message);
  }
}

/** A list cursor this service did not issue for this list. */
export class InvalidCursorError extends InvalidInputError {
  constructor() {
    super('cursor: must be a pagination.nextCursor this list returned');
  }
}

/** An Idempotency-Key used again with a different request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super('Idempotency-Key was already used with a different request body');
  }
}

/** DynamoDB throttled, timed out or could not be reached: the same request may succeed shortly. */
export class TransientError extends DomainError {}

/**
 * A product event that refers to something that has not arrived yet (an application before its JD or
 * resume): out-of-order delivery is normal, so the event waits and is tried again.
 */
export class MissingParentError extends DomainError {}
