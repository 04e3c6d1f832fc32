import * as z from 'zod/mini';
import { EVENT_ID_PATTERN } from './ids.js';
import { ID_PATTERN } from './ids.js';
import { MAX_PAGE_SIZE, MAX_WHOLE_LIST } from './pages.js';
import { LIMITS } from './limits.js';

/**
 * The building blocks of response schemas (each resource's responses.ts): strict objects, so an extra
 * field fails, with the bounds the service holds them to (lengths from LIMITS, list sizes from
 * pagination). No function bundles them: the tests and the OpenAPI document read them.
 */

/** Text for people (titles, names, messages): bounded in length, free in form (marked so in the document). */
export const freeText = (max: number) =>
  z.string().check(z.maxLength(max), z.meta({ contentMediaType: 'text/plain' }));
/** What a field the service does not bound itself holds: bounded by the metadata it comes from. */
export const fromMetadata = freeText(LIMITS.metadataBytes);
/** A token of printable ASCII without spaces (request ids, signed cursors). */
export const token = (max: number) => z.string().check(z.maxLength(max), z.regex(/^[\x21-\x7e]+$/));
export const id = z.string().check(z.maxLength(64), z.regex(ID_PATTERN));
export const eventId = z.string().check(z.maxLength(30), z.regex(EVENT_ID_PATTERN));
/** An API version as answers carry it (YYYY-MM-DD). */
export const apiVersion = z
  .string()
  .check(z.maxLength(10), z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/));
/** As `Date.prototype.toISOString` writes it, for years up to 9999. */
export const timestamp = z.iso.datetime().check(z.maxLength(24));
const cursor = token(LIMITS.cursor);
export const whole = <T extends z.ZodMiniType>(item: T) =>
  z.array(item).check(z.maxLength(MAX_WHOLE_LIST));
export const page = <T extends z.ZodMiniType>(item: T) =>
  z.array(item).check(z.maxLength(MAX_PAGE_SIZE));

/** The spec's page fields, and what every list answers: `hasMore`, and `nextCursor` exactly when it is true. */
export const pagination = z.strictObject({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
  hasMore: z.boolean(),
  nextCursor: z.optional(cursor),
});
export const success = <T extends z.ZodMiniType>(data: T) =>
  z.strictObject({ success: z.literal(true), data });
/** The pagination of an opt-in slice (present only when `limit` or `cursor` was sent). */
export const slicePagination = z.strictObject({
  limit: z.number(),
  hasMore: z.boolean(),
  nextCursor: z.optional(cursor),
});
/** A list the spec hands over whole, with the pagination of a slice when one was asked for. */
export const wholeOrSlice = <T extends z.ZodMiniType>(data: T) =>
  z.strictObject({ success: z.literal(true), data, pagination: z.optional(slicePagination) });
export const paginated = <T extends z.ZodMiniType>(item: T) =>
  z.strictObject({ success: z.literal(true), data: page(item), pagination });
export const message = z.strictObject({ success: z.literal(true), message: freeText(200) });

/** How a deleted item shows in a delta walk (lib/db/log/walk.ts). */
export const deletedEntry = z.strictObject({
  id,
  deleted: z.literal(true),
  deletedAt: timestamp,
});
/**
 * An entry of a delta walk: the item, or its deletion. A live entry never carries `deleted`, but is
 * typed with it as `false` when absent, so that a client's `entry.deleted === true` compiles and tells
 * the two apart.
 */
export const deltaEntry = <T extends z.ZodMiniObject, D extends z.ZodMiniType>(
  item: T,
  deleted: D,
) => z.union([z.extend(item, { deleted: z.optional(z.literal(false)) }), deleted]);

/** The pagination of a delta walk: `syncToken` on its last page, where the next walk starts. */
export const deltaPagination = z.strictObject({
  limit: z.number(),
  hasMore: z.boolean(),
  nextCursor: z.optional(cursor),
  syncToken: z.optional(cursor),
});
/**
 * A page of a list (`kind: "page"`), or, with `updatedSince` or `syncToken`, a page of its delta walk
 * (`kind: "changes"`, whose items may be deletions): one check of `kind` types every item.
 */
export const paginatedOrDelta = <
  T extends z.ZodMiniObject,
  D extends z.ZodMiniType = typeof deletedEntry,
>(
  item: T,
  deleted?: D,
) =>
  z.discriminatedUnion('kind', [
    z.strictObject({
      success: z.literal(true),
      kind: z.literal('page'),
      data: page(item),
      pagination,
    }),
    z.strictObject({
      success: z.literal(true),
      kind: z.literal('changes'),
      data: page(deltaEntry(item, (deleted ?? deletedEntry) as D)),
      pagination: deltaPagination,
    }),
  ]);
