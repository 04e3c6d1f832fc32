import type * as z from 'zod/mini';
import { blindApplication, blindMatch, blindReview } from '../applications/blind.js';
import { blindResume, IDENTIFYING_CANDIDATE_FILTERS } from '../resumes/blind.js';
import { fieldError } from '../errors.js';
import type { responses } from './responses.js';
import type { RouteId } from './routes.js';

/**
 * What a blind key is shown (docs/compliance.md, "Blind review"): every route that answers candidate
 * data has its view here, applied to the answer the route built, before its version's shape, its ETag
 * and its size are reached (./api-handler.ts). MCP tools run these same routes, so they see the same.
 * A route missing here shows a blind key everything: test/integration/blind-keys.test.ts calls every
 * route of the table with a blind key and looks for the candidate's identity in each answer.
 */

type Answer<R extends RouteId> = Omit<z.output<(typeof responses)[R]>, 'success'>;
type BlindView<R extends RouteId> = (answer: Answer<R>) => Answer<R>;

/** A delta walk's deletion: an id and a time, nothing to hide. */
type Deletion = { deleted: true };
const isDeletion = (entry: object): entry is Deletion =>
  (entry as { deleted?: unknown }).deleted === true;

/** A list's entries seen through `view`; a delta walk's deletions as they are. */
function eachEntry<A extends { data: object[] }>(
  answer: A,
  view: (entry: Exclude<A['data'][number], Deletion>) => object,
): A {
  return {
    ...answer,
    data: answer.data.map((entry) =>
      isDeletion(entry) ? entry : view(entry as Exclude<A['data'][number], Deletion>),
    ),
  };
}

const BLIND_VIEWS: { [R in RouteId]?: BlindView<R> } = {
  listResumes: (answer) => eachEntry(answer, blindResume),
  getResume: (answer) => ({ ...answer, data: blindResume(answer.data) }),
  listCandidates: (answer) => eachEntry(answer, blindResume),
  exportCandidate: (answer) => ({
    ...answer,
    data: {
      ...answer.data,
      resume: blindResume(answer.data.resume),
      applications: answer.data.applications.map(blindApplication),
    },
  }),
  listMatches: (answer) => eachEntry(answer, blindMatch),
  getApplication: (answer) => ({ ...answer, data: blindApplication(answer.data) }),
  getReview: (answer) => ({ ...answer, data: blindReview(answer.data) }),
  createReview: (answer) => ({ ...answer, data: blindReview(answer.data) }),
};

/**
 * The query parameters a blind key may not send, by route: filters by what says who a candidate is,
 * which would answer whose resume an id is. The MCP server leaves them out of a blind key's tools.
 */
export const BLIND_REFUSED_QUERY: { readonly [R in RouteId]?: readonly string[] } = {
  listCandidates: IDENTIFYING_CANDIDATE_FILTERS,
};

/** Runs a route for a blind key: refuses what it may not ask, and answers its blind view. */
export async function seenBlind<R extends RouteId>(
  routeId: R,
  query: Record<string, unknown>,
  run: () => Promise<Answer<R>>,
): Promise<Answer<R>> {
  for (const field of BLIND_REFUSED_QUERY[routeId] ?? [])
    if (query[field] !== undefined)
      throw fieldError(
        field,
        'blind_key',
        'a blind key cannot filter by what says who a candidate is',
      );
  const answer = await run();
  const view = BLIND_VIEWS[routeId] as BlindView<R> | undefined;
  return view ? view(answer) : answer;
}
