import type { DeltaPage, DeltaRequest } from '../db/log/walk.js';
import { type Page, type PageRequest, type SliceRequest } from '../db/pagination.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SLICE_SIZE } from '../schemas/pages.js';

/**
 * A list's `limit` as it is used: `bounds.default` when not sent, else the number sent (a
 * positive-integer string of any length, validated) clamped at `bounds.max`. Every list clamps here.
 */
export function limitOf(
  limit: string | undefined,
  bounds: { default: number; max: number },
): number {
  return Math.min(limit === undefined ? bounds.default : Number(limit), bounds.max);
}

/**
 * page and limit arrive validated as positive-integer strings of any length: limit above 100 is clamped
 * to 100, and a page number beyond what a number holds exactly to the largest one (a page past the end,
 * answered with no items).
 */
export function pageRequest(query: {
  page?: string | undefined;
  limit?: string | undefined;
  cursor?: string | undefined;
}): PageRequest {
  return {
    page: query.page === undefined ? 1 : Math.min(Number(query.page), Number.MAX_SAFE_INTEGER),
    limit: limitOf(query.limit, { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
    cursor: query.cursor,
  };
}

/**
 * The slice asked for of a list the spec hands over whole, or undefined (the whole list) when neither
 * `limit` nor `cursor` was sent. `limit` defaults to and is clamped at 1,000.
 */
export function sliceRequest(query: {
  limit?: string | undefined;
  cursor?: string | undefined;
}): SliceRequest | undefined {
  if (query.limit === undefined && query.cursor === undefined) return undefined;
  return {
    limit: limitOf(query.limit, { default: MAX_SLICE_SIZE, max: MAX_SLICE_SIZE }),
    cursor: query.cursor,
  };
}

/** A page as the API answers it: the spec's fields, and `hasMore`, true exactly when a `nextCursor` leads on. */
export function pagedResult<T>(page: Page<T>): {
  data: T[];
  pagination: Omit<Page<T>, 'items'> & { hasMore: boolean };
} {
  const { items, ...pagination } = page;
  return { data: items, pagination: { ...pagination, hasMore: page.nextCursor !== undefined } };
}

/** The delta walk a list's query asks for (`updatedSince` or `syncToken`), or undefined: a plain page. */
export function deltaRequest(query: {
  limit?: string | undefined;
  cursor?: string | undefined;
  updatedSince?: string | undefined;
  syncToken?: string | undefined;
}): DeltaRequest | undefined {
  if (query.updatedSince === undefined && query.syncToken === undefined) return undefined;
  const { limit, cursor } = pageRequest(query);
  return {
    limit,
    cursor,
    updatedSince: query.updatedSince === undefined ? undefined : Date.parse(query.updatedSince),
    syncToken: query.syncToken,
  };
}

/**
 * A plain page of a list that also walks deltas: `kind` says which of the two a page is, so a client
 * (a generated one too) tells a plain page's items from a walk's, deletions included, with one check.
 */
export function plainPage<T>(page: Page<T>) {
  return { kind: 'page' as const, ...pagedResult(page) };
}

/** A delta page as the API answers it. */
export function deltaResult<T>(page: DeltaPage<T>) {
  const { items, ...pagination } = page;
  return { kind: 'changes' as const, data: items, pagination };
}
