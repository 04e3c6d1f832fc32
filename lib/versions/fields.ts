import * as z from 'zod/mini';
import { isServedVersion } from './shape.js';

/** A version a request may pin something to (a key, a webhook endpoint): one this API serves. */
export const apiVersionField = z
  .string()
  .check(
    z.maxLength(10),
    z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
    z.refine(isServedVersion, 'must be a version this API serves (YYYY-MM-DD; docs/changelog.md)'),
  );
