import * as z from 'zod/mini';
import { LIMITS, SCORE_RANGE } from './limits.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SLICE_SIZE } from './pages.js';
import { EVENT_ID_PATTERN } from './ids.js';

/** The building blocks of request schemas (./requests/*.ts). */

/** Marks text for people in the OpenAPI document: bounded in length, free in form. */
const FREE_TEXT = z.meta({ contentMediaType: 'text/plain' });

/** Text that says something: 1 to `max` characters, not all whitespace. */
export const text = (max: number) =>
  z.string().check(
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => value.trim().length > 0, 'must not be blank'),
    FREE_TEXT,
  );

/** Text of at most `max` characters, possibly empty. */
export const freeText = (max: number) => z.string().check(z.maxLength(max), FREE_TEXT);

export const optionalText = (max: number) => z.optional(freeText(max));

/** An optional field in a PATCH (JSON Merge Patch, RFC 7396): absent leaves it, `null` removes it. */
export const removable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** Any positive integer in decimal, however large (large values are clamped where they are used). */
export const positiveInteger = z
  .string()
  .check(z.regex(/^0*[1-9]\d*$/, 'must be a positive integer'));

/** A score (SCORE_RANGE) in a body or an answer. */
export const score = z.number().check(z.gte(SCORE_RANGE.min), z.lte(SCORE_RANGE.max));

/**
 * A score in a query string: a decimal number, fractions allowed, within SCORE_RANGE. A pattern (not a
 * refinement), so that the reference and generated clients show the rule; it spells 0 to 100.
 */
export const scoreParameter = z
  .string()
  .check(
    z.maxLength(24),
    z.regex(
      /^(100(\.0+)?|\d{1,2}(\.\d+)?)$/,
      `must be a number from ${SCORE_RANGE.min} to ${SCORE_RANGE.max}`,
    ),
  );

/** A `pagination.nextCursor` handed back: printable ASCII, checked against its signature when read. */
export const cursorParameter = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(LIMITS.cursor),
    z.regex(/^[\x21-\x7e]+$/, 'must be a pagination.nextCursor this list returned'),
  );

/**
 * `schema` with the words the reference shows for it (docs/openapi.json), which are also what an
 * assistant reads of a tool's argument (lib/composition/mcp-tools.ts): every query parameter has some.
 */
export function described<S extends z.ZodMiniType>(schema: S, description: string): S {
  return schema.check(z.describe(description));
}

/** A place in the event log: an event id, or an instant (the place just before it; `lib/events/model.ts` positionOf). */
export const eventIdOrInstant = z.string().check(
  z.maxLength(35),
  z.meta({ pattern: '^(evt_[0-7][0-9A-HJKMNP-TV-Z]{25}|[0-9]{4}-[0-9]{2}-[0-9]{2}T.+)$' }),
  z.refine(
    (value) =>
      EVENT_ID_PATTERN.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success,
    'must be an event id (evt_…) or an ISO 8601 date-time with an offset',
  ),
);

/** `cursor`, as every list takes it. */
export const cursorQuery = () =>
  described(
    z.optional(cursorParameter),
    'Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were.',
  );

/** `limit` of a list read a page at a time, `max` items at most. */
export const pageLimitQuery = (bounds: { default: number; max: number }, items = 'Items') =>
  described(
    z.optional(positiveInteger),
    `${items} per page: 1 to ${bounds.max} (default ${bounds.default}); a larger number is taken as ${bounds.max}.`,
  );

/**
 * The query parameters of an opt-in slice of a list the spec hands over whole (a JD's matches and
 * applications, the keys): without them, the whole list.
 */
export const sliceShape = {
  limit: described(
    z.optional(positiveInteger),
    `Take the list in slices of this many items: 1 to ${MAX_SLICE_SIZE} (a larger number is taken as ${MAX_SLICE_SIZE}). Without \`limit\` and \`cursor\`, the whole list in one answer.`,
  ),
  cursor: cursorQuery(),
};

/** The query parameters every paginated list takes. A parameter a list does not take is refused (400), never ignored. */
export const paginationShape = {
  page: described(
    z.optional(positiveInteger),
    'The page to read, counted from 1 (the default) in pages of `limit` items. To read a whole list, follow `cursor` instead: a numbered page shifts when items are added.',
  ),
  limit: pageLimitQuery({ default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
  cursor: cursorQuery(),
};

/** A schema for each field of `bounds`, made from its bound (a resource's declaration of its fields). */
export function shapeOf<Field extends string, S>(
  bounds: Readonly<Record<Field, number>>,
  schema: (max: number) => S,
): { [Name in Field]: S } {
  return Object.fromEntries(
    Object.entries<number>(bounds).map(([field, max]) => [field, schema(max)]),
  ) as { [Name in Field]: S };
}

/** Each field of `shape`, optional. */
export function optionalShape<Shape extends Record<string, z.ZodMiniType>>(
  shape: Shape,
): { [Field in keyof Shape]: z.ZodMiniOptional<Shape[Field]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([field, schema]) => [field, z.optional(schema)]),
  ) as { [Field in keyof Shape]: z.ZodMiniOptional<Shape[Field]> };
}

/** Each field of `shape`, removable (a PATCH's optional field: absent leaves it, null removes it). */
export function removableShape<Shape extends Record<string, z.ZodMiniType>>(
  shape: Shape,
): { [Field in keyof Shape]: z.ZodMiniOptional<z.ZodMiniNullable<Shape[Field]>> } {
  return Object.fromEntries(
    Object.entries(shape).map(([field, schema]) => [field, removable(schema)]),
  ) as { [Field in keyof Shape]: z.ZodMiniOptional<z.ZodMiniNullable<Shape[Field]>> };
}

/** A `pagination.syncToken` handed back: printable ASCII, checked against its signature when read. */
export const syncTokenParameter = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(LIMITS.cursor),
    z.regex(/^[\x21-\x7e]+$/, 'must be a pagination.syncToken this list returned'),
  );

/**
 * The query parameters of a delta walk (docs/api.md, "Delta sync"): `updatedSince` (an instant) starts
 * one, `syncToken` (from the last page of the previous walk) goes on from where it ended.
 */
export const deltaShape = {
  updatedSince: described(
    z.optional(z.iso.datetime({ offset: true }).check(z.maxLength(35))),
    'Start a delta walk (ISO 8601 instant): the items created, changed or deleted at or after it, deletions as `{id, deleted: true, deletedAt}`. Its last page carries `pagination.syncToken`.',
  ),
  syncToken: described(
    z.optional(syncTokenParameter),
    "Go on with a delta walk: the `pagination.syncToken` of the last walk's last page. Answers what changed since that walk read.",
  ),
};

/** A delta walk takes none of `fields` (a plain list's page number and filters): a 400 names the first sent. */
export function deltaExcludes<Q extends Record<string, unknown>>(...fields: (keyof Q & string)[]) {
  return z.superRefine((query: Q, context) => {
    if (query.updatedSince !== undefined && query.syncToken !== undefined)
      context.issues.push({
        code: 'custom',
        input: query,
        path: ['syncToken'],
        message: 'is not taken with updatedSince: a walk starts from one or the other',
      });
    if (query.updatedSince === undefined && query.syncToken === undefined) return;
    const sent = fields.find((field) => query[field] !== undefined);
    if (sent)
      context.issues.push({
        code: 'custom',
        input: query,
        path: [sent],
        message:
          'is not taken with updatedSince or syncToken: a delta walk reports every change of the list',
      });
  });
}
