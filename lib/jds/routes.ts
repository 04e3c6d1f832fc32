import { LIMITS } from '../schemas/limits.js';
import {
  codes,
  type RouteAnswers,
  type RouteDefinition,
  type TableAccess,
} from '../http/route-definition.js';

/** The JD routes: each route, what its function may do on the table, and its own answers. */
export const JD_ROUTES = {
  listJds: {
    method: 'GET',
    clientMethod: 'jds.list',
    path: '/jds',
    functionName: 'list-jds',
    scope: { scope: 'jd:read', generic: 'read' },
    summary: 'List job descriptions, newest first',
    successStatus: 200,
    paginated: true,
    deltaSync: true,
  },
  getJd: {
    method: 'GET',
    clientMethod: 'jds.get',
    path: '/jds/{jdId}',
    functionName: 'get-jd',
    versioned: true,
    scope: { scope: 'jd:read', generic: 'read' },
    summary: 'One job description with its applications',
    successStatus: 200,
    conditional: true,
    paginated: true,
  },
  createJd: {
    method: 'POST',
    clientMethod: 'jds.create',
    path: '/jds',
    functionName: 'create-jd',
    scope: { scope: 'jd:write', generic: 'write' },
    summary: 'Create a job description in DRAFT',
    successStatus: 201,
    idempotent: true,
    location: '/jds/{id}',
  },
  updateJd: {
    method: 'PATCH',
    clientMethod: 'jds.update',
    path: '/jds/{jdId}',
    functionName: 'update-jd',
    scope: { scope: 'jd:write', generic: 'write' },
    summary: "Change a JD's fields, or close or archive it",
    successStatus: 200,
    idempotent: true,
    paginated: true,
    versioned: true,
  },
  upsertJd: {
    method: 'PUT',
    clientMethod: 'jds.upsertByExternalId',
    path: '/jds/by-external-id/{externalId}',
    functionName: 'upsert-jd',
    scope: { scope: 'jd:write', generic: 'write' },
    summary: 'Create or replace the JD your system knows by its own id',
    successStatus: 200,
    upsert: true,
    location: '/jds/{id}',
    idempotent: true,
    paginated: true,
    versioned: true,
  },
  upsertJds: {
    method: 'POST',
    clientMethod: 'jds.upsertBatch',
    path: '/jds/batch',
    functionName: 'upsert-jds',
    scope: { scope: 'jd:write', generic: 'write' },
    summary: 'Create or replace up to 100 JDs by your own ids, in one request',
    successStatus: 200,
    idempotent: true,
    bodyBytes: LIMITS.batchBodyBytes,
  },
  deleteJd: {
    method: 'DELETE',
    clientMethod: 'jds.delete',
    path: '/jds/{jdId}',
    functionName: 'delete-jd',
    scope: { scope: 'jd:write', generic: 'write' },
    summary: 'Delete a JD that has no applications',
    successStatus: 204,
    versioned: true,
  },
} as const satisfies Record<string, RouteDefinition>;

const tenantData = ['tenant'] as const;

export const JD_ROUTE_ACCESS = {
  // Query on the table: the sharded counter behind `total`; GetItem: ?externalId= (its reservation, then
  // the head); BatchGetItem: the heads of a page, and of a delta walk's entries.
  listJds: {
    table: ['Query', 'GetItem', 'BatchGetItem'],
    indexes: ['listKeys', 'statusKeys'],
    partitions: tenantData,
  },
  getJd: { table: ['Query'], indexes: ['matches'], partitions: tenantData },
  // GetItem: the Idempotency-Key record, written in the create's own transaction, and the JD holding
  // an external id asked for (to name it in the 409).
  createJd: { table: ['GetItem', 'PutItem', 'UpdateItem'], indexes: [], partitions: tenantData },
  // Query: head and body, then the applications' slice on the matches index; PutItem: head, body and the
  // jd.updated event; UpdateItem: the counts and the title on the application copies; GetItem: the
  // Idempotency-Key record and the holder of an external id; DeleteItem: the external id it gives up.
  updateJd: {
    table: ['Query', 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['matches'],
    partitions: tenantData,
  },
  // As createJd and updateJd, which they are: GetItem the external id's holder first.
  upsertJd: {
    table: ['Query', 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['matches'],
    partitions: tenantData,
  },
  upsertJds: {
    table: ['Query', 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['matches'],
    partitions: tenantData,
  },
  // The head's mark and its tombstone, the body's (and external id's) Delete, the counter and the jd.deleted event; Query: any application.
  deleteJd: {
    table: ['GetItem', 'UpdateItem', 'Query', 'PutItem', 'DeleteItem'],
    indexes: [],
    partitions: tenantData,
  },
} as const satisfies Record<keyof typeof JD_ROUTES, TableAccess>;

/** A function, so that no bundle keeps these texts: only the OpenAPI document reads them. */
export const jdRouteAnswers = (): Partial<Record<keyof typeof JD_ROUTES, RouteAnswers>> => ({
  createJd: {
    conflict: `the \`externalId\` is another JD's (${codes('conflict')}; \`existingId\` names that JD): an ATS re-sending its job finds the JD it created`,
  },
  updateJd: {
    conflict: `the status asked for is not one an integrator may move the JD to from its current one, or the \`externalId\` is another JD's (${codes('conflict')}: the message names the allowed statuses, or \`existingId\` the JD; publishing is done in the product)`,
    unprocessable: `the change would take the JD's fields together past the ${LIMITS.jdBytes} bytes (as JSON) a JD may hold (${codes('jd_too_large')}): shorten a text`,
  },
  upsertJd: {
    unprocessable: `the JD's fields together are past the ${LIMITS.jdBytes} bytes (as JSON) a JD may hold (${codes('jd_too_large')}): shorten a text`,
  },
  deleteJd: {
    conflict: `the JD has applications (${codes('conflict')}): close or archive it instead, so that no candidate's history goes with it`,
  },
});
