import * as z from 'zod/mini';
import { REQUEST_SCHEMAS } from './requests.js';
import { responses } from './responses.js';
import { PATH_PARAMETERS, type PathParameter, ROUTES, type RouteId } from './routes.js';
import { ID_PATTERN } from '../schemas/ids.js';

/**
 * The MCP server's tools (POST /mcp): each is one REST route, called as the REST API calls it, with
 * the caller's key (./mcp-server.ts). A tool's input is the route's path parameters and its query or
 * body, from the route's own request schema; its output is the route's answer without `success`, from
 * the route's own response schema. The descriptions are written for a model: what it gets, and when
 * to use the tool.
 */
export const MCP_TOOLS = {
  list_jds: {
    route: 'listJds',
    title: 'List job descriptions',
    description:
      'Lists the job descriptions (JDs) of the hiring team, newest first, a page at a time: id, title, status, location, when created and updated. Filter by `status`: DRAFT (not yet published), PUBLISHED (open, on the candidate portal), CLOSED (no longer taking applications) or ARCHIVED (kept for the record). Use it to find a JD to look at, or the id of one to rank applicants for. Numbers are passed as strings ("20"). Pass pagination.nextCursor back as `cursor` for the next page.',
  },
  get_jd: {
    route: 'getJd',
    title: 'Get a job description',
    description:
      "One job description in full (title, description, requirements, status) with its applications' ids and statuses, in match order; `jdId` is its id, from list_jds. Use it to read what a role asks for before judging candidates against it. For a JD with thousands of applications, pass `limit` (and then the answer's pagination.nextCursor as `cursor`) to take them in slices.",
  },
  list_matches: {
    route: 'listMatches',
    title: 'Rank the applicants of a JD',
    description:
      "A JD's applications ranked by AI match score, best first, unscored last: each with its candidate, status (SCREENING, SHORTLISTED, REJECTED or HIRED), score and whether a person reviewed it. Use it to shortlist for a role (with a blind key, candidate and email are null). To keep only scores above a threshold, use list_applications with its jdId and minScore. A score is the model's, with its provenance; it is not a hiring decision. For many applicants, pass `limit` (then the answer's pagination.nextCursor as `cursor`).",
  },
  list_applications: {
    route: 'listApplications',
    title: 'List applications',
    description:
      'The team\'s applications, newest first, filtered by JD (`jdId`), resume (`resumeId`), `status` (SCREENING: being assessed, SHORTLISTED: chosen for the next step, REJECTED: turned down, HIRED) and best score (`minScore`, `maxScore`, from "0" to "100"), or scored since an instant (`scoredSince`). Use it to see where candidates stand across roles. Pass pagination.nextCursor back as `cursor` for the next page.',
  },
  get_application: {
    route: 'getApplication',
    title: 'Get an application',
    description:
      "One application (`applicationId`) with every AI score it has had and each score's provenance (model, version, criteria with their weights, when scored) and its reviews. Use it before recording a review: a review names the score it is about (its scoredAt).",
  },
  search_candidates: {
    route: 'listCandidates',
    title: 'Search candidates',
    description:
      "Candidates (one per resume) with their skills, experience and applications. `search` matches the resume's file name, in any case; `email` finds the candidate with that address. Use it to find a person across roles; a blind key sees no file name and cannot use `search` or `email`. Pass pagination.nextCursor back as `cursor` for the next page.",
  },
  record_review: {
    route: 'createReview',
    title: "Record a review of an application's AI score",
    description:
      "Records a person's review of one AI score of an application (`applicationId`). `outcome` is what the person decided: confirmed (the score stands), overridden (the person decided otherwise than the score) or rejected (the score is not to be used). `reviewer` is your id of that person; `rationale` says why. Name the score in `score` by its scoredAt (from get_application); without it, the review is of the best score. Give an `idempotencyKey` (any unique string) so that a retry records it once. The review is in the audit log as made by this key. Use it only when the person you assist has decided: it is a write.",
  },
  list_events: {
    route: 'listEvents',
    title: 'Read what happened',
    description:
      'The team\'s event log, oldest first, after a position: JDs, resumes and applications created, changed, scored, reviewed or deleted (ids, statuses and scores only). Use it to see what changed since you last looked: keep the last event\'s id and pass it as `after` next time (or the answer\'s pagination.nextCursor as `cursor`). Filter with `type` (one or more, comma-separated); `limit` sets how many a page holds. It answers at once. To follow the log as it grows in code you write or run (not in tool calls), use, in this order: the event stream (a WebSocket at the API\'s /api/v1/events/stream with the same X-API-Key; send {"action":"subscribe","after":"<last event id>"} and each event is pushed as it happens; the clients\' events.follow and hiring listen do this), else GET /events?after=<id>&wait=20 (a long-poll), else this call again every few seconds.',
  },
  list_requests: {
    route: 'listRequests',
    title: "See the integration's requests and how they were answered",
    description:
      'The request log (admin keys only): every request this space\'s keys made in the last 30 days, newest first, each with its route, status, error code, key, time and duration; no body or query value is kept. Use it to say why an integration\'s call failed: filter with `status` ("4xx", "5xx" or one status such as "404"), `keyId`, `route` (as "GET /jds/{jdId}") and `after` and `before` (ISO instants); each error\'s code names the rule it broke. A page may hold fewer than `limit` entries and still have more: pass pagination.nextCursor back as `cursor`.',
  },
} as const satisfies Record<string, { route: RouteId; title: string; description: string }>;

export type ToolName = keyof typeof MCP_TOOLS;
/** The routes the tools call. */
export type ToolRoute = (typeof MCP_TOOLS)[ToolName]['route'];

/** What a tool takes besides the route's own query or body: an Idempotency-Key, for a route that honours one. */
export const IDEMPOTENCY_KEY = 'idempotencyKey';
/** Query parameters a tool does not offer: a long-poll's wait would hold a model's call (list_events). */
const LEFT_OUT = new Set(['wait']);

type JsonSchema = {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
} & Record<string, unknown>;

export const pathParametersOf = (route: RouteId): PathParameter[] =>
  [...ROUTES[route].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as PathParameter);

/** The tool's input: the route's path parameters (required), then its query or body, as JSON Schema. */
export function inputSchemaOf(name: ToolName): JsonSchema {
  const { route } = MCP_TOOLS[name];
  const schemas = (
    REQUEST_SCHEMAS as Record<string, { query?: z.ZodMiniType; body?: z.ZodMiniType }>
  )[route];
  const part = schemas?.query ?? schemas?.body;
  const own = part
    ? (z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : { type: 'object', properties: {} };
  const properties: Record<string, unknown> = {};
  for (const parameter of pathParametersOf(route))
    properties[parameter] = {
      type: 'string',
      maxLength: 64,
      pattern: ID_PATTERN.source,
      description: PATH_PARAMETERS[parameter].description,
    };
  for (const [field, schema] of Object.entries(own.properties ?? {}))
    if (!LEFT_OUT.has(field)) properties[field] = schema;
  // A write through a tool is idempotent: its key is required (the REST Idempotency-Key).
  const idempotent = 'idempotent' in ROUTES[route];
  if (idempotent)
    properties[IDEMPOTENCY_KEY] = {
      type: 'string',
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]{1,255}$',
      description:
        'Any unique string you choose for this write: a retry with the same key records it once.',
    };
  const required = [
    ...pathParametersOf(route),
    ...(own.required ?? []).filter((field) => !LEFT_OUT.has(field)),
    ...(idempotent ? [IDEMPOTENCY_KEY] : []),
  ];
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** An answer's schema without the envelope's `success` (in each branch of a union: a list with delta walks). */
function withoutSuccess(schema: JsonSchema): JsonSchema {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const key = schema.anyOf ? 'anyOf' : 'oneOf';
    return { ...schema, type: 'object', [key]: branches.map(withoutSuccess) };
  }
  const { success: _success, ...properties } = schema.properties ?? {};
  return {
    ...schema,
    properties,
    required: (schema.required ?? []).filter((field) => field !== 'success'),
  };
}

/** The tool's output: the route's answer without the envelope's `success`, as JSON Schema (an object, as MCP asks). */
export function outputSchemaOf(name: ToolName): JsonSchema {
  const answer = (responses as Record<string, z.ZodMiniType>)[MCP_TOOLS[name].route];
  return withoutSuccess(
    z.toJSONSchema(answer as z.ZodMiniType, {
      io: 'output',
      unrepresentable: 'any',
    }) as JsonSchema,
  );
}

/** The REST request a tool call makes: its path parameters, its query string or body, its Idempotency-Key. */
export function restRequestOf(
  name: ToolName,
  input: Record<string, unknown>,
): {
  pathParameters: Record<string, string>;
  query: string;
  body: string | undefined;
  idempotencyKey: string | undefined;
} {
  const { route } = MCP_TOOLS[name];
  const parameters = new Set<string>(pathParametersOf(route));
  // Maps, so that an argument named like an inherited property is an argument like any other.
  const path = new Map<string, string>();
  const others = new Map<string, unknown>();
  for (const [field, value] of Object.entries(input)) {
    if (parameters.has(field)) path.set(field, String(value));
    else if (field !== IDEMPOTENCY_KEY && !LEFT_OUT.has(field)) others.set(field, value);
  }
  const pathParameters = Object.fromEntries(path);
  const rest = Object.fromEntries(others);
  const idempotencyKey =
    typeof input[IDEMPOTENCY_KEY] === 'string' ? (input[IDEMPOTENCY_KEY] as string) : undefined;
  if (ROUTES[route].method !== 'GET')
    return { pathParameters, query: '', body: JSON.stringify(rest), idempotencyKey };
  const query = new URLSearchParams();
  for (const [field, value] of Object.entries(rest))
    if (value !== undefined && value !== null) query.set(field, String(value));
  return { pathParameters, query: query.toString(), body: undefined, idempotencyKey };
}
