import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isTransientFault } from '../db/faults.js';
import { ApiError } from '../errors.js';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/**
 * The one error-mapping rule: typed errors keep their status and message; transient faults become 503
 * with Retry-After; anything else is a 500 that shows only a request id.
 */
export function errorResponse(error: unknown, requestId: string): APIGatewayProxyStructuredResultV2 {
  if (error instanceof ApiError && error.statusCode < 500) {
    const body: Record<string, unknown> = { success: false, error: error.message, ...error.extra.body };
    if (error.extra.details) body.details = error.extra.details;
    return jsonResponse(error.statusCode, body, error.extra.headers);
  }
  if (error instanceof ApiError || isTransientFault(error)) {
    const status = error instanceof ApiError ? error.statusCode : 503;
    const message = error instanceof ApiError ? error.message : 'The service is busy; retry shortly';
    return jsonResponse(status, { success: false, error: message, requestId }, { 'Retry-After': '1' });
  }
  return jsonResponse(500, { success: false, error: 'Internal server error', requestId });
}
