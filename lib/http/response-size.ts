import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { HttpError } from './errors.js';

/**
 * Lambda's limit on what a synchronously invoked function returns: the serialized result, headers and
 * body included (6 MiB + 100 bytes, as its error message states). Past it the invocation fails and
 * API Gateway answers 500, for every call of that request.
 */
export const LAMBDA_RESPONSE_LIMIT_BYTES = 6 * 1024 * 1024 + 100;

/** What an answer may use of that limit: the rest is left for what the runtime adds around it. */
export const RESPONSE_BUDGET_BYTES = LAMBDA_RESPONSE_LIMIT_BYTES - 16 * 1024;

/** Smaller bodies are sent as they are: compressing them saves too little to be worth the time. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Whether an Accept-Encoding header accepts gzip: the quality given to `gzip` itself, or, when gzip is
 * not named, the one given to `*`, is above 0 (so `gzip;q=0, *` excludes it, RFC 9110 §12.5.3).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const qualities = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    qualities.set(coding.trim(), quality === undefined ? 1 : Number(quality.slice(2)));
  }
  return (qualities.get('gzip') ?? qualities.get('*') ?? 0) > 0;
}

/** The bytes Lambda counts for a result: the JSON it serializes the result to. */
export function payloadBytes(response: APIGatewayProxyStructuredResultV2): number {
  return Buffer.byteLength(JSON.stringify(response), 'utf8');
}

/** The answer is larger than one Lambda response can carry, even compressed. */
export function tooLarge(bytes: number, compressed: boolean): HttpError {
  const megabytes = (bytes / (1024 * 1024)).toFixed(1);
  const advice = compressed
    ? 'ask for fewer items at a time with `limit`, and follow `pagination.nextCursor` for the rest'
    : 'send `Accept-Encoding: gzip`, or ask for fewer items at a time with `limit` and follow `pagination.nextCursor` for the rest';
  return new HttpError(
    'response_too_large',
    `This answer would be ${megabytes} MB, more than the 6 MB one answer can carry: ${advice}`,
    {
      body: { responseBytes: bytes, limitBytes: RESPONSE_BUDGET_BYTES },
    },
  );
}

/**
 * The answer as it leaves the function: gzip-compressed when the client accepts it (JSON of lists
 * compresses several-fold; the compressed body travels base64-encoded, which counts 4/3), and refused
 * with a 422 that says how to page when even that does not fit the Lambda response limit.
 */
export function fitResponse(
  response: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
): APIGatewayProxyStructuredResultV2 {
  const body = response.body ?? '';
  let fitted = response;
  const compress =
    acceptsGzip(acceptEncoding) && Buffer.byteLength(body, 'utf8') >= COMPRESS_FROM_BYTES;
  if (compress) {
    fitted = {
      ...response,
      headers: { ...response.headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' },
      body: gzipSync(body).toString('base64'),
      isBase64Encoded: true,
    };
  }
  const bytes = payloadBytes(fitted);
  if (bytes > RESPONSE_BUDGET_BYTES) throw tooLarge(bytes, compress);
  return fitted;
}
