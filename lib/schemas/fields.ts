import * as z from 'zod/mini';
import { LIMITS, SCORE_RANGE } from './limits.js';

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
 * The query parameters of an opt-in slice of a list the spec hands over whole (a JD's matches and
 * applications, the keys): without them, the whole list.
 */
export const sliceShape = {
  limit: z.optional(positiveInteger),
  cursor: z.optional(cursorParameter),
};

/** The query parameters every paginated list takes. A parameter a list does not take is refused (400), never ignored. */
export const paginationShape = {
  page: z.optional(positiveInteger),
  limit: z.optional(positiveInteger),
  cursor: z.optional(cursorParameter),
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
  updatedSince: z.optional(z.iso.datetime({ offset: true }).check(z.maxLength(35))),
  syncToken: z.optional(syncTokenParameter),
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
