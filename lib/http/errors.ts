import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isTransientFault } from '../db/faults.js';
import {
  ConflictError,
  ExternalIdTakenError,
  SyncTokenExpiredError,
  DomainError,
  type ErrorCode,
  IdempotencyKeyOtherTargetError,
  IdempotencyKeyReusedError,
  TooManyItemsError,
  WholeListTooSlowError,
  InvalidInputError,
  JdTooLargeError,
  NotFoundError,
  PreconditionFailedError,
  TestDeliveriesLimitedError,
  WaitLimitedError,
  TransientError,
  UnsupportedVersionError,
} from '../errors.js';
import { clip, LIMITS } from '../schemas/limits.js';

/**
 * The one place an error becomes a response. Domain errors (lib/errors.ts) get their status here; an
 * HttpError is a refusal of the HTTP exchange itself (413, 415, 403, 429) and carries its own. A client
 * sees the message of anything below 500; anything else is a 500 that shows only a request id.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Every answer is per key and per request: no cache (CloudFront, a proxy, a browser) may keep it. */
const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
};
const RETRY_SHORTLY = { 'Retry-After': '1' };

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

function statusOf(error: DomainError): number | undefined {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof InvalidInputError || error instanceof UnsupportedVersionError) return 400;
  if (error instanceof ConflictError) return 409;
  if (error instanceof PreconditionFailedError) return 412;
  if (error instanceof SyncTokenExpiredError) return 410;
  if (error instanceof TestDeliveriesLimitedError || error instanceof WaitLimitedError) return 429;
  if (
    error instanceof IdempotencyKeyReusedError ||
    error instanceof IdempotencyKeyOtherTargetError ||
    error instanceof TooManyItemsError ||
    error instanceof WholeListTooSlowError ||
    error instanceof JdTooLargeError
  ) {
    return 422;
  }
  return undefined;
}

/** An error as the API answers it: its status, its envelope (`success: false`) and its headers. */
export interface ErrorEnvelope {
  status: number;
  body: { success: false; error: string; code: ErrorCode } & Record<string, unknown>;
  headers: Record<string, string>;
}

export function errorEnvelope(error: unknown, requestId: string): ErrorEnvelope {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { success: false, error: clip(error.message), code: error.code, ...error.extra.body },
      headers: error.extra.headers ?? {},
    };
  }
  const status = error instanceof DomainError ? statusOf(error) : undefined;
  if (error instanceof DomainError && status !== undefined) {
    // A message may quote what the client sent (an unknown field's name): bounded, as the contract says.
    const body: ErrorEnvelope['body'] = {
      success: false,
      error: clip(error.message),
      code: error.code,
    };
    if (error instanceof InvalidInputError && error.details) {
      body.details = error.details.slice(0, LIMITS.fieldProblems).map((problem) => ({
        field: clip(problem.field),
        rule: clip(problem.rule),
        message: clip(problem.message),
      }));
    }
    if (error instanceof ExternalIdTakenError) body.existingId = error.existingId;
    if (error instanceof TestDeliveriesLimitedError || error instanceof WaitLimitedError) {
      return {
        status,
        body: { ...body, retryAfterMs: error.retryAfterMs },
        headers: { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) },
      };
    }
    return {
      status,
      body,
      headers: error instanceof ConflictError && error.retryable ? RETRY_SHORTLY : {},
    };
  }
  // Transient: DynamoDB's faults (lib/db turns them into TransientError), and the function running out
  // of time (middy's early timeout response).
  if (error instanceof TransientError || isTransientFault(error)) {
    return {
      status: 503,
      body: {
        success: false,
        error: 'The service is busy; retry shortly',
        code: 'unavailable',
        requestId,
      },
      headers: RETRY_SHORTLY,
    };
  }
  return {
    status: 500,
    body: { success: false, error: 'Internal server error', code: 'internal_error', requestId },
    headers: {},
  };
}

export function errorResponse(
  error: unknown,
  requestId: string,
): APIGatewayProxyStructuredResultV2 {
  const { status, body, headers } = errorEnvelope(error, requestId);
  return jsonResponse(status, body, headers);
}
