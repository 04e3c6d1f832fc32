import { fieldError, InvalidInputError } from '../errors.js';
import { LIMITS } from '../schemas/limits.js';
import { refuseMalformedText } from '../schemas/well-formed.js';
import { jsonNestingDepth } from '../schemas/json-depth.js';
import { HttpError } from './errors.js';

function mediaType(header: string | undefined): { type: string; charset: string | undefined } {
  const [type = '', ...parameters] = (header ?? '').split(';').map((part) => part.trim());
  const charset = parameters
    .map((parameter) => /^charset\s*=\s*"?([^"]*)"?$/i.exec(parameter)?.[1])
    .find((value) => value !== undefined);
  return { type: type.toLowerCase(), charset: charset?.toLowerCase() };
}

function utf8Text(raw: string, isBase64Encoded: boolean): string {
  if (!isBase64Encoded) return raw;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(raw, 'base64'));
  } catch {
    throw new InvalidInputError('Request body is not valid UTF-8');
  }
}

/**
 * A request body as the API accepts it: `Content-Type: application/json` (any case, with no charset or
 * utf-8), at most `limitBytes` (256 KB unless the route says otherwise), valid UTF-8, valid JSON nested at most 64 levels deep, and every string
 * well-formed (../schemas/well-formed.ts).
 */
export function parseJsonBody(
  contentTypeHeader: string | undefined,
  raw: string | undefined,
  isBase64Encoded: boolean,
  limitBytes: number = LIMITS.bodyBytes,
): unknown {
  const { type, charset } = mediaType(contentTypeHeader);
  if (type !== 'application/json')
    throw new HttpError('unsupported_media_type', 'Content-Type must be application/json');
  if (charset !== undefined && charset !== 'utf-8')
    throw new HttpError('unsupported_media_type', 'Content-Type charset must be utf-8');
  const text = utf8Text(raw ?? '', isBase64Encoded);
  if (Buffer.byteLength(text, 'utf8') > limitBytes) {
    throw new HttpError('payload_too_large', `Request body must be at most ${limitBytes} bytes`);
  }
  if (text.trim() === '') throw new InvalidInputError('Request body is required');
  // Measured before anything recursive reads it (a schema, JSON.stringify, the MCP SDK): a body nested
  // thousands of levels deep would overflow their stacks, a 500 for what is the client's mistake.
  const depth = jsonNestingDepth(text);
  if (depth > LIMITS.bodyNesting)
    throw fieldError(
      'body',
      'max_depth',
      `nests ${depth} levels deep: at most ${LIMITS.bodyNesting} are accepted`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InvalidInputError('Request body is not valid JSON');
  }
  refuseMalformedText(parsed, 'body');
  return parsed;
}
