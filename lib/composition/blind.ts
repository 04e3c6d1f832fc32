import type * as z from 'zod/mini';
import { blindApplication, blindMatch, blindReview } from '../applications/blind.js';
import { blindResume, IDENTIFYING_CANDIDATE_FILTERS } from '../resumes/blind.js';
import { fieldError } from '../errors.js';
import type { responses } from './responses.js';
import type { RouteId } from './routes.js';

/**
 * What a blind key is shown (docs/compliance.md, "Blind review"): every route decides here, its view
 * applied to the answer the route built before its version's shape, its ETag and its size are reached
 * (./api-handler.ts), or "no candidate data". MCP tools run these same routes, so they see the same.
 * test/integration/blind-keys.test.ts also calls every route of the table with a blind key and looks
 * for the candidate's identity in each answer, in case a decision was wrong.
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

/** What a route that answers nothing of who a candidate is declares: its answer is the same for a blind key. */
const NO_CANDIDATE_DATA = 'no candidate data';

/**
 * Every route's decision, one line each: its blind view, or that it answers no candidate data. A new
 * route does not compile until it has its line (fail closed: "Add an endpoint" in docs/architecture.md).
 */
const BLIND_VIEWS: { [R in RouteId]: BlindView<R> | typeof NO_CANDIDATE_DATA } = {
  listJds: NO_CANDIDATE_DATA,
  getJd: NO_CANDIDATE_DATA, // its applications: ids and statuses
  createJd: NO_CANDIDATE_DATA,
  updateJd: NO_CANDIDATE_DATA,
  upsertJd: NO_CANDIDATE_DATA, // as updateJd
  upsertJds: NO_CANDIDATE_DATA, // ids and outcomes
  deleteJd: NO_CANDIDATE_DATA,
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
  listApplications: NO_CANDIDATE_DATA, // ids, statuses and scores, no names
  getApplication: (answer) => ({ ...answer, data: blindApplication(answer.data) }),
  getReview: (answer) => ({ ...answer, data: blindReview(answer.data) }),
  createReview: (answer) => ({ ...answer, data: blindReview(answer.data) }),
  createKey: NO_CANDIDATE_DATA,
  listKeys: NO_CANDIDATE_DATA,
  getKey: NO_CANDIDATE_DATA,
  revokeKey: NO_CANDIDATE_DATA,
  whoami: NO_CANDIDATE_DATA,
  createConsoleLink: NO_CANDIDATE_DATA,
  openConsoleSession: NO_CANDIDATE_DATA,
  closeConsoleSession: NO_CANDIDATE_DATA,
  listEvents: NO_CANDIDATE_DATA, // events are thin: ids, statuses, scores
  getEvent: NO_CANDIDATE_DATA,
  createWebhook: NO_CANDIDATE_DATA,
  listWebhooks: NO_CANDIDATE_DATA,
  getWebhook: NO_CANDIDATE_DATA,
  deleteWebhook: NO_CANDIDATE_DATA,
  rotateWebhookSecret: NO_CANDIDATE_DATA,
  enableWebhook: NO_CANDIDATE_DATA,
  listWebhookDeliveries: NO_CANDIDATE_DATA,
  retryWebhookDelivery: NO_CANDIDATE_DATA,
  testWebhook: NO_CANDIDATE_DATA,
  replayWebhook: NO_CANDIDATE_DATA,
  listAuditLog: NO_CANDIDATE_DATA, // ids only
  listRequests: NO_CANDIDATE_DATA, // no body, no query value: nothing of a candidate
  getRequest: NO_CANDIDATE_DATA,
  resetTestSpace: NO_CANDIDATE_DATA,
  simulateProductEvents: NO_CANDIDATE_DATA, // each event's outcome, by id
  mcp: NO_CANDIDATE_DATA, // each tool runs its route, through that route's view
};

/**
 * Whether a blind key is shown this route's answers as a sighted key is (its view is "no candidate
 * data"). The event stream pushes GET /events' events unviewed, and holds on this for listEvents.
 */
export const sameForBlindKeys = (route: RouteId): boolean =>
  BLIND_VIEWS[route] === NO_CANDIDATE_DATA;

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
  const view = BLIND_VIEWS[routeId] as BlindView<R> | typeof NO_CANDIDATE_DATA;
  return view === NO_CANDIDATE_DATA ? answer : view(answer);
}
