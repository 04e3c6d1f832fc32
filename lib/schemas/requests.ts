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

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));
const positiveInteger = z.string().check(z.regex(/^[1-9]\d{0,8}$/, 'must be a positive integer'));

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
    z.iso
      .datetime({ offset: true })
      .check(z.refine((value) => Date.parse(value) > Date.now(), 'must be in the future')),
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
