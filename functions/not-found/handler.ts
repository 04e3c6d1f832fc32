import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { jsonResponse } from '../../lib/http/errors.js';

/** The $default route: no key needed, nothing read; a 404 in the envelope for any unknown route. */
export const handler = async (event: APIGatewayProxyEventV2) => {
  const method = event.requestContext?.http?.method ?? 'GET';
  const path = (event.rawPath ?? '/').slice(0, 200);
  return jsonResponse(404, { success: false, error: `Route not found: ${method} ${path}`, code: 'not_found' });
};
