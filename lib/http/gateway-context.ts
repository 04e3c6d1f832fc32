import type {
  APIGatewayProxyEventV2WithLambdaAuthorizer,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';

/**
 * What API Gateway hands a function behind the authorizer: the authorizer's context (lib/auth, which
 * writes it) and the event and answer around it (lib/composition/caller.ts, which reads it). Declared
 * in the platform so that the authorizer and the functions share it without importing each other.
 */

/** What the authorizer returns as context (API Gateway hands it over as requestContext.authorizer.lambda). */
export interface AuthorizerContext {
  tenantId: string;
  keyId: string;
  keyName: string;
  /** comma-separated */
  scopes: string;
  quotaUsed: number;
  quotaLimit: number;
  quotaResetAt: number;
  /** the key's hour was spent before this request, which was not counted */
  quotaExceeded?: true;
  /** the API version the key is pinned to; absent for keys made before versions were */
  apiVersion?: string;
  /** 'test' for a test key; absent for a live key */
  mode?: 'test';
  /** set for a blind key: answers never say who a candidate is (lib/composition/blind.ts) */
  blind?: true;
  /**
   * the request came from the developer console: with its session's cookie, or (once, to open the
   * session) with a sign-in link
   */
  console?: 'session' | 'link';
  /** behind the edge: the origin the viewer called (the edge sets it), where the console is served */
  viewerOrigin?: string;
  /** the client's address (behind the edge: the viewer's, not CloudFront's), for the access log */
  clientIp: string;
  /** requests from the client IP this minute; absent behind the edge, where the WAF limits per IP */
  ipCount?: number;
  ipLimit?: number;
}

/**
 * What the authorizer returns when DynamoDB cannot count the request (an outage): the request is let
 * through with no tenant, key or scope, and the function answers 503 before anything else runs.
 */
export interface UnavailableContext {
  unavailable: true;
}

/**
 * What the authorizer returns for a request without a valid key: let through with no tenant, key or
 * scope, so that the function answers 401/403 in the envelope, with its code, before anything else runs.
 */
export interface RefusedContext {
  refused: 'unauthenticated' | 'key_invalid';
}

/** Every context the authorizer hands to a function. */
export type GatewayContext = AuthorizerContext | UnavailableContext | RefusedContext;

export type ApiEvent = APIGatewayProxyEventV2WithLambdaAuthorizer<GatewayContext>;
export type ApiResponse = APIGatewayProxyStructuredResultV2;
