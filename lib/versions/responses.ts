import * as z from 'zod/mini';

/** A version as answers carry it (YYYY-MM-DD). */
export const apiVersion = z
  .string()
  .check(z.maxLength(10), z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/));
