/** How many entries a page of a list holds: `limit`'s default and its most. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The largest slice of a list the spec hands over whole (matches, a JD's applications, keys). */
export const MAX_SLICE_SIZE = 1000;
/**
 * The most items such a list hands over whole (twice the scale envelope's 50,000 applications of one
 * JD, which fit in 44% of an answer); past it, the answer is a 422 that says to ask in slices.
 */
export const MAX_WHOLE_LIST = 100_000;
