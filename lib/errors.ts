/**
 * Typed errors carry their HTTP status. The error middleware shows a message to the client only for
 * statuses below 500; everything else becomes a generic 500 with a request id.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { details?: unknown[]; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class NotFoundError extends ApiError {
  constructor(what: string) {
    super(404, `${what} not found`);
  }
}

export class ValidationError extends ApiError {
  constructor(message: string, details?: unknown[]) {
    super(400, message, details ? { details } : {});
  }
}

export class ConflictError extends ApiError {
  constructor(message: string) {
    super(409, message);
  }
}
