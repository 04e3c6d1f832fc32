import type { Db } from '../db/client.js';
import { ValidationError } from '../errors.js';
import type { ApiRequest } from './api-handler.js';
import { runIdempotent } from './idempotency-engine.js';

/**
 * `Idempotency-Key` on a creating request (Powertools idempotency, records in the service's own
 * table, kept 24 hours): the same key and body get the first response and create one item; the same
 * key with another body gets 422; a duplicate sent while the first is still running gets 409. Records
 * are keyed by tenant, API key and header value, so keys never collide across callers. Without the
 * header the request simply runs.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs `run` at most once per Idempotency-Key. `redact` shapes what is stored and replayed: a secret
 * in the first response (a new key's plaintext) is returned to the first caller only, never stored.
 */
export async function withIdempotency<T>(
  db: Db,
  operation: string,
  request: Pick<ApiRequest<unknown, unknown>, 'caller' | 'body' | 'headers' | 'context'>,
  run: () => Promise<T>,
  redact: (result: T) => T = (result) => result,
): Promise<T> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return run();
  if (!KEY_PATTERN.test(key)) {
    throw new ValidationError('Idempotency-Key: must be 1-255 printable ASCII characters without spaces');
  }
  return runIdempotent({
    db,
    operation,
    identity: { tenantId: request.caller.tenantId, keyId: request.caller.keyId, key },
    body: request.body,
    context: request.context,
    run,
    redact,
  });
}
