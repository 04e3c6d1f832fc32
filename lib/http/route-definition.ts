import type * as z from 'zod/mini';
import type { ScopeRequirement } from '../http/scopes.js';
import type { IndexName, PartitionKind } from '../db/table.js';
import type { ErrorCode } from '../errors.js';
import { FUNCTION_TIMEOUT_MS } from '../config.js';
import { KEY_MODES, type KeyMode } from '../db/spaces.js';
import { LIMITS } from '../schemas/limits.js';

/** The methods a route may have. */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * What a resource declares of each of its routes (lib/<resource>/routes.ts): the route itself, what
 * its function may do on the table, and its own answers for the reference. lib/composition/routes.ts,
 * infra/permissions.ts and the OpenAPI document assemble them.
 */
/** A client method's name: `jds.upsertByExternalId`, or a top-level one (`whoami`). */
export type ClientMethod = `${string}.${string}` | 'whoami';

/** Marks a replayed answer of an idempotent request, so a client can tell that nothing new was created. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Where every route's path starts (the stage's one mapping). */
export const API_PREFIX = '/api/v1';

export interface RouteDefinition {
  readonly method: (typeof METHODS)[number];
  /** API Gateway path syntax, relative to API_PREFIX */
  readonly path: string;
  readonly functionName: string;
  /**
   * The route's method in the clients (clients/typescript, clients/python), as `group.method` (or a
   * top-level method's name): their per-route methods are generated from it (`npm run client:types`),
   * the Python one in snake case. null: no client method (POST /mcp is an MCP client's).
   */
  readonly clientMethod: ClientMethod | null;
  /** undefined: any valid key */
  readonly scope: ScopeRequirement | undefined;
  /**
   * the key modes it serves, when not both: a key of another mode is 403 `key_mode_mismatch`. A route
   * serving test keys reaches the test space (its IAM grant names that partition too).
   */
  readonly keyModes?: readonly KeyMode[];
  readonly summary: string;
  /** 202: accepted, done asynchronously; 204: done, nothing to answer */
  readonly successStatus: 200 | 201 | 202 | 204;
  /** honours an Idempotency-Key header (lib/composition/idempotency.ts) */
  readonly idempotent?: true;
  /**
   * a create's `Location`: where GET reads what it made, relative to API_PREFIX, its `{name}`s taken
   * from the path's parameters, else from the answer's `data` (`/jds/{id}`)
   */
  readonly location?: string;
  /**
   * creates or replaces what its path names (a PUT): 201 with its `location` when it created it, else
   * 200 (`successStatus`); an idempotent replay answers as the first request did
   */
  readonly upsert?: true;
  /** the most a request body may hold, in bytes, when not LIMITS.bodyBytes (a batch's) */
  readonly bodyBytes?: number;
  /** returns pages with a signed `nextCursor` (its function reads the cursor-signing secret) */
  readonly paginated?: true;
  /** takes `updatedSince` and `syncToken` (a delta walk: lib/db/log/walk.ts), and answers 410 to an expired token */
  readonly deltaSync?: true;
  /** makes webhook signing secrets (its function may encrypt with the webhook secrets key) */
  readonly sealsWebhookSecrets?: true;
  /** answers an ETag (the resource's version; not with a 204); a write takes If-Match and answers 412 when it names another */
  readonly versioned?: true;
  /**
   * reads one resource: answers an ETag (its version when versioned, else a digest of the answer) and
   * 304 with no body to an If-None-Match naming it, giving back the quota unit the request took
   */
  readonly conditional?: true;
  /**
   * answers as soon as it has something to say, or holds the request up to `maxWaitSeconds` (a
   * `wait` query parameter) for it: its function's timeout grows by that much (functionTimeoutMs)
   */
  readonly longPoll?: { readonly maxWaitSeconds: number };
  /**
   * answered however the key's hour and the client's minute stand (still counted in them): a request
   * that only ends access, which a spent hour must never keep open
   */
  readonly beyondLimits?: true;
}

/**
 * What a long-poll's function has beyond its longest wait: the look before it and the one after, and
 * the answer. Its timeout then ends well inside API Gateway's and CloudFront's 30 s (with the
 * authorizer's time before it), so a slow moment is answered by the function, in the envelope (a 503
 * just before its timeout), never by either of them.
 */
export const LONG_POLL_LOOKS_MS = 5_000;

/** A route's Lambda timeout: the API's, or a long-poll's longest wait and its looks. */
export function functionTimeoutMs(route: RouteDefinition): number {
  return route.longPoll
    ? route.longPoll.maxWaitSeconds * 1000 + LONG_POLL_LOOKS_MS
    : FUNCTION_TIMEOUT_MS;
}

export type DynamoDbAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'BatchWriteItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'ConditionCheckItem';

/**
 * What a function may do on the table: the DynamoDB actions its code sends on the table itself, the
 * indexes it queries (Query only), and the partitions it may touch at all (a `dynamodb:LeadingKeys`
 * condition on every grant). Transactions are authorised per item action (PutItem, UpdateItem…).
 */
export interface TableAccess {
  /** actions on the table's own items */
  table: readonly DynamoDbAction[];
  /** indexes it runs Query on */
  indexes: readonly IndexName[];
  /** the partitions (by key prefix) its calls may name; every grant is limited to them */
  partitions: readonly PartitionKind[];
}

/** A route's own answers for the reference, besides those every route shares. */
export interface RouteAnswers {
  /** its 409s, besides losing a race it retried (`concurrent_change`) */
  conflict?: string;
  /** its 422s, besides an Idempotency-Key used for another request */
  unprocessable?: string;
}

/** The key modes a route serves: those it declares, or both. */
export function keyModesOf(route: RouteDefinition): readonly KeyMode[] {
  return route.keyModes ?? KEY_MODES;
}

/** The most a request body of the route may hold, in bytes. */
export function bodyBytesOf(route: RouteDefinition): number {
  return route.bodyBytes ?? LIMITS.bodyBytes;
}

/** Error codes as the reference writes them: `conflict`, `limit_reached`. */
export const codes = (...names: ErrorCode[]) => names.map((name) => `\`${name}\``).join(', ');

/** A route's request schemas, as its handler validates them: the query string's and the body's. */
export interface RouteRequest {
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
}

/**
 * A resource's request schemas (lib/<resource>/requests.ts), by its own route ids: a name that is not
 * one of its routes fails there. A route without an entry takes no body and reads no query parameter.
 */
export type RouteRequests<Routes> = Partial<Record<keyof Routes, RouteRequest>>;

/**
 * A resource's answers (lib/<resource>/responses.ts), exactly one schema per route of its own: a route
 * without an answer, or an answer for no route, fails the compile in that file.
 */
export type RouteResponses<Routes> = Record<keyof Routes, z.ZodMiniType>;
