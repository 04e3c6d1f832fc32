import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { KEY_ROUTES } from './routes.js';
import { SCOPES } from '../http/scopes.js';
import { sliceShape, text } from '../schemas/fields.js';
import { LIMITS } from '../schemas/limits.js';
import { apiVersionField } from '../versions/fields.js';
import { KEY_MODES } from './format.js';

/** An ISO 8601 date-time with an offset: at most 35 characters (nanoseconds and a `+hh:mm` offset). */
const isoDateTime = z.iso.datetime({ offset: true }).check(z.maxLength(35));

/**
 * Why an expiry time is refused, or undefined: it must be an ISO 8601 date-time with an offset, after
 * `now` as an instant (not as text), and in a year up to 9999 in UTC (later years do not print as
 * four-digit ISO dates).
 */
export function expiryProblem(value: string, now = Date.now()): string | undefined {
  if (!isoDateTime.safeParse(value).success) return 'must be an ISO 8601 date-time with an offset';
  const instant = Date.parse(value);
  if (new Date(instant).getUTCFullYear() > 9999) return 'must be in a year up to 9999 (UTC)';
  if (instant <= now) return 'must be in the future';
  return undefined;
}

/** GET /keys: a slice of the keys, when asked for. */
export const listKeysQuery = z.strictObject(sliceShape);

export const createKeyBody = z.strictObject({
  name: text(LIMITS.keyName),
  scopes: z.array(z.enum(SCOPES)).check(
    z.minLength(1),
    z.maxLength(SCOPES.length),
    z.refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope'),
  ),
  expiresAt: z.optional(
    isoDateTime.check(
      z.superRefine((value, context) => {
        const problem = expiryProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
      }),
    ),
  ),
  /** the API version to pin the key to (default: the current one) */
  apiVersion: z.optional(apiVersionField),
  /** `test`: a key of the tenant's test space, hk_test_… (default: live) */
  mode: z.optional(z.enum(KEY_MODES)),
  /** true: the key never sees who a candidate is (docs/compliance.md); a blind key makes only blind keys */
  blind: z.optional(z.boolean()),
});
export type CreateKeyBody = z.infer<typeof createKeyBody>;

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const KEY_REQUESTS = {
  createKey: { body: createKeyBody },
  listKeys: { query: listKeysQuery },
  /** nothing to choose yet: the link signs in as the calling key */
  createConsoleLink: { body: z.strictObject({}) },
} as const satisfies RouteRequests<typeof KEY_ROUTES>;
