import {
  codes,
  type RouteAnswers,
  type RouteDefinition,
  type TableAccess,
} from '../http/route-definition.js';
import { LIMITS } from '../schemas/limits.js';

/** The match and application routes (read-only: the product writes applications), and what their functions may do on the table. */
export const APPLICATION_ROUTES = {
  listMatches: {
    method: 'GET',
    clientMethod: 'matches.list',
    path: '/matches/{jdId}',
    functionName: 'list-matches',
    scope: { scope: 'match:read', generic: 'read' },
    summary: 'Applications of a JD ranked by AI score',
    successStatus: 200,
    paginated: true,
  },
  listApplications: {
    method: 'GET',
    clientMethod: 'applications.list',
    path: '/applications',
    functionName: 'list-applications',
    scope: { scope: 'match:read', generic: 'read' },
    summary:
      'Every application of the tenant, filtered by JD, resume, status, score or when scored',
    successStatus: 200,
    paginated: true,
    deltaSync: true,
  },
  getApplication: {
    method: 'GET',
    clientMethod: 'applications.get',
    path: '/applications/{applicationId}',
    functionName: 'get-application',
    scope: { scope: 'match:read', generic: 'read' },
    summary: 'One application with every AI score and its provenance',
    successStatus: 200,
    conditional: true,
  },
  getReview: {
    method: 'GET',
    clientMethod: 'applications.getReview',
    path: '/applications/{applicationId}/reviews/{reviewId}',
    functionName: 'get-review',
    scope: { scope: 'match:read', generic: 'read' },
    summary: 'One review of the application’s AI scores, as POST answered it',
    successStatus: 200,
    conditional: true,
  },
  createReview: {
    method: 'POST',
    clientMethod: 'applications.review',
    path: '/applications/{applicationId}/reviews',
    functionName: 'create-review',
    scope: { scope: 'review:write', generic: 'write' },
    summary: 'Record a person’s review of one of the application’s AI scores',
    successStatus: 201,
    idempotent: true,
    location: '/applications/{applicationId}/reviews/{id}',
  },
} as const satisfies Record<string, RouteDefinition>;

const tenantData = ['tenant'] as const;

export const APPLICATION_ROUTE_ACCESS = {
  listMatches: { table: ['GetItem'], indexes: ['matches'], partitions: tenantData },
  // Query: the tenant's, a JD's or a resume's applications; BatchGetItem: a resume's, from its copies.
  listApplications: {
    table: ['Query', 'BatchGetItem'],
    indexes: [],
    partitions: tenantData,
  },
  // GetItem: the pointer from its id, then the application it points at; Query: its reviews.
  getApplication: { table: ['GetItem', 'Query'], indexes: [], partitions: tenantData },
  // Query: the application's reviews (at most 50), the one asked for among them.
  getReview: { table: ['Query'], indexes: [], partitions: tenantData },
  // GetItem: the pointer, the application and the Idempotency-Key record; PutItem: the review, its
  // event and the record; UpdateItem: the application's count and latest review.
  createReview: {
    table: ['GetItem', 'PutItem', 'UpdateItem'],
    indexes: [],
    partitions: tenantData,
  },
} as const satisfies Record<keyof typeof APPLICATION_ROUTES, TableAccess>;

export const applicationRouteAnswers = (): Partial<
  Record<keyof typeof APPLICATION_ROUTES, RouteAnswers>
> => ({
  createReview: {
    conflict: `the application has no score the review names (or none at all), two scores share the time named and no model tells them apart, or it already holds the ${LIMITS.reviewsPerApplication} reviews one application may (${codes('conflict')}: the message says which)`,
  },
});
