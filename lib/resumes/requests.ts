import * as z from 'zod/mini';
import type { RouteRequests } from '../http/route-definition.js';
import type { RESUME_ROUTES } from './routes.js';
import {
  cursorQuery,
  deltaExcludes,
  deltaShape,
  described,
  optionalText,
  pageLimitQuery,
  paginationShape,
} from '../schemas/fields.js';
import { LIMITS } from '../schemas/limits.js';

/** What integrators send about resumes and candidates: each route's query. */

export const listResumesQuery = z
  .strictObject({ ...paginationShape, ...deltaShape })
  .check(deltaExcludes('page'));

/** An e-mail address as a candidate's resume holds it: matched whole, case-insensitively. */
const email = z
  .string()
  .check(
    z.maxLength(LIMITS.email),
    z.regex(/^[^\s@]+@[^\s@]+$/, 'must be one e-mail address (name@domain), matched whole'),
  );

export const listCandidatesQuery = z
  .strictObject({
    ...paginationShape,
    search: described(
      optionalText(LIMITS.search),
      "Only candidates whose resume's file name contains this text, in any case.",
    ),
    email: described(
      z.optional(email),
      'Only the candidate whose resume has this e-mail address, matched whole and in any case.',
    ),
    ...deltaShape,
  })
  .check(
    z.refine((query) => query.search === undefined || query.email === undefined, {
      message: 'is not taken with email: find a candidate by one or the other',
      path: ['search'],
    }),
    deltaExcludes('page', 'search', 'email'),
  );

/** How many applications one page of an export holds, unless asked, and at most (a page also ends at PAGE_BYTES). */
export const EXPORT_PAGE = { default: 10, max: 20 } as const;

/** GET /candidates/:resumeId/export: a page of the candidate's applications (1–20, default 10), by cursor. */
export const exportCandidateQuery = z.strictObject({
  limit: pageLimitQuery(EXPORT_PAGE, 'Applications'),
  cursor: cursorQuery(),
});

/** Each route's request schemas (lib/composition/requests.ts assembles every resource's). */
export const RESUME_REQUESTS = {
  listResumes: { query: listResumesQuery },
  listCandidates: { query: listCandidatesQuery },
  exportCandidate: { query: exportCandidateQuery },
} as const satisfies RouteRequests<typeof RESUME_ROUTES>;
