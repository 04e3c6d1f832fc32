import * as z from 'zod/mini';
import { LIMITS } from './limits.js';

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
