import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isTransientFault } from '../db/faults.js';
import {
  DomainError,
  type ErrorCode,
  ExternalIdTakenError,
  InvalidInputError,
  TestDeliveriesLimitedError,
  TransientError,
  WaitLimitedError,
  ConflictError,
} from '../errors.js';
import { clip, LIMITS } from '../schemas/limits.js';

/**
 * The one place an error becomes a response: every code has its status here, so a code added to
 * ERROR_CODES without one does not compile. Domain errors (lib/errors.ts) carry a code; an HttpError is
 * a refusal of the HTTP exchange itself (413, 415, 403, 429). A client sees the message of anything
 * below 500; anything else shows only a request id.
 */
export const STATUS_OF_CODE = {
  validation_failed: 400,
  cursor_invalid: 400,
  version_unsupported: 400,
  unauthenticated: 401,
  key_invalid: 403,
  scope_missing: 403,
  key_mode_mismatch: 403,
  origin_not_allowed: 403,
  request_blocked: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  limit_reached: 409,
  webhook_disabled: 409,
  replay_running: 409,
  concurrent_change: 409,
  sync_token_expired: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  idempotency_key_other_target: 422,
  response_too_large: 422,
  jd_too_large: 422,
  rate_limited: 429,
  webhook_test_limited: 429,
  quota_exceeded: 429,
  wait_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

export class HttpError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = STATUS_OF_CODE[code];
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
  const status = error instanceof DomainError ? STATUS_OF_CODE[error.code] : 500;
  if (error instanceof DomainError && status < 500) {
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
