import * as z from 'zod/mini';
import { SCOPES } from '../auth/scopes.js';
import { JD_STATUSES } from '../domain.js';

/**
 * Request schemas. Field length limits are part of the contract (docs/api.md) and keep every item
 * well inside DynamoDB's 400 KB item limit.
 */
export const LIMITS = {
  title: 200,
  shortText: 200,
  createdById: 128,
  longText: 100_000,
  keyName: 100,
  search: 200,
  cursor: 512,
  bodyBytes: 256 * 1024,
} as const;

/** Text that says something: 1 to `max` characters, not all whitespace. */
export const text = (max: number) =>
  z.string().check(
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => value.trim().length > 0, 'must not be blank'),
  );
export const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));
/** Any positive integer in decimal, however large (large values are clamped where they are used). */
const positiveInteger = z.string().check(z.regex(/^0*[1-9]\d*$/, 'must be a positive integer'));

const isoDateTime = z.iso.datetime({ offset: true });

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

export const createJdBody = z.strictObject({
  title: text(LIMITS.title),
  description: text(LIMITS.longText),
  createdById: text(LIMITS.createdById),
  department: optionalText(LIMITS.shortText),
  location: optionalText(LIMITS.shortText),
  experience: optionalText(LIMITS.shortText),
  type: z.optional(text(LIMITS.shortText)),
  salary: optionalText(LIMITS.shortText),
  requirements: optionalText(LIMITS.longText),
});
export type CreateJdBody = z.infer<typeof createJdBody>;

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
});
export type CreateKeyBody = z.infer<typeof createKeyBody>;

const paginationShape = {
  page: z.optional(positiveInteger),
  limit: z.optional(positiveInteger),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(LIMITS.cursor))),
};

/** Unknown query parameters are ignored (clients add cache-busters); known ones are validated. */
export const paginationQuery = z.object(paginationShape);
export const listJdsQuery = z.object({ ...paginationShape, status: z.optional(z.enum(JD_STATUSES)) });
export const listCandidatesQuery = z.object({
  ...paginationShape,
  search: z.optional(z.string().check(z.maxLength(LIMITS.search))),
});

/** Each route's request schemas, keyed like the route table: read by apiHandler and the OpenAPI document. */
export const REQUEST_SCHEMAS = {
  listJds: { query: listJdsQuery },
  createJd: { body: createJdBody },
  listResumes: { query: paginationQuery },
  listCandidates: { query: listCandidatesQuery },
  createKey: { body: createKeyBody },
} as const;
