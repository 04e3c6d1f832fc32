import type { operations } from './openapi.js';

/**
 * The types every route's method is made of (./routes.ts, generated): what it takes and what it
 * returns. The rule, for every method: it resolves with the answer's JSON without `success` (`data`,
 * and `pagination` where the answer pages), typed by the reference; a route that answers 204
 * resolves with nothing. What the answer's headers said rides on the value as `lastResponse`.
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** The key of a create: the same key on every call that must create one item. Default: a new UUID per call. */
  idempotencyKey?: string;
}

/** A write that takes If-Match: `ifMatch`, an ETag (`lastResponse.etag`), writes only over that version (else 412). */
export interface VersionedCallOptions extends CallOptions {
  ifMatch?: string;
}

/** What an answer's headers said: its status, its ETag (a version to send as `ifMatch`), its request id. */
export interface LastResponse {
  status: number;
  etag?: string;
  requestId?: string;
}

/** A method's answer, with what its headers said (not enumerable: JSON and equality leave it out). */
export type Answered<T> = T & { readonly lastResponse: LastResponse };

export type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
export type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

type SuccessBody<R> = R extends { 200: { content: { 'application/json': infer B } } }
  ? B
  : R extends { 201: { content: { 'application/json': infer B } } }
    ? B
    : R extends { 202: { content: { 'application/json': infer B } } }
      ? B
      : never;

/** An operation's success answer, without `success`. */
export type Returned<Op extends keyof operations> = Omit<
  SuccessBody<operations[Op]['responses']>,
  'success'
>;

/** Whether an answer is a page of a delta walk (`kind: "changes"`: its items may be deletions). */
type IsDelta<B> = B extends { kind: 'changes' } ? true : false;
type PlainBody<B> = B extends unknown ? (IsDelta<B> extends true ? never : B) : never;
type DeltaBody<B> = B extends unknown ? (IsDelta<B> extends true ? B : never) : never;
/** A list's plain page (its answer when no `updatedSince` nor `syncToken` is sent). */
export type PageOf<Op extends keyof operations> = Omit<
  PlainBody<SuccessBody<operations[Op]['responses']>>,
  'success'
>;
/** A page of a list's delta walk. */
export type DeltaOf<Op extends keyof operations> = Omit<
  DeltaBody<SuccessBody<operations[Op]['responses']>>,
  'success'
>;
/** A list's query for a plain page (a delta walk's is the `changes` helper's). */
export type PageQuery<Op extends keyof operations> = Omit<Query<Op>, 'updatedSince' | 'syncToken'>;

/** What a route's method hands the client: the request; the client sends it, retries it, and answers. */
export type RouteCall = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  init: {
    query?: object;
    body?: unknown;
    /** honours Idempotency-Key: every call carries one, so a retry answers what the first did */
    idempotent?: true;
    options?: VersionedCallOptions | undefined;
  },
) => Promise<T>;
