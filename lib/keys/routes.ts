import { DEFAULT_MAX_ACTIVE_KEYS } from '../config.js';
import { PRODUCT_EVENT_ACTIONS } from '../db/product-event-access.js';
import {
  codes,
  type RouteAnswers,
  type RouteDefinition,
  type TableAccess,
} from '../http/route-definition.js';

/** The key routes (a tenant's admin manages its keys; any key asks who it is), and their table access. */
export const KEY_ROUTES = {
  createKey: {
    method: 'POST',
    clientMethod: 'keys.create',
    path: '/keys',
    functionName: 'create-key',
    scope: { scope: 'admin' },
    summary: 'Create an API key (the plaintext is shown once)',
    keyModes: ['live'],
    successStatus: 201,
    idempotent: true,
    location: '/keys/{id}',
  },
  listKeys: {
    method: 'GET',
    clientMethod: 'keys.list',
    path: '/keys',
    functionName: 'list-keys',
    scope: { scope: 'admin' },
    summary: "List the tenant's API keys",
    keyModes: ['live'],
    successStatus: 200,
    paginated: true,
  },
  getKey: {
    method: 'GET',
    clientMethod: 'keys.get',
    path: '/keys/{keyId}',
    functionName: 'get-key',
    scope: { scope: 'admin' },
    summary: 'One API key, as GET /keys lists it (never its hash or plaintext)',
    keyModes: ['live'],
    successStatus: 200,
    conditional: true,
  },
  revokeKey: {
    method: 'DELETE',
    clientMethod: 'keys.revoke',
    path: '/keys/{keyId}',
    functionName: 'revoke-key',
    scope: { scope: 'admin' },
    summary: 'Revoke an API key',
    keyModes: ['live'],
    successStatus: 200,
  },
  whoami: {
    method: 'GET',
    clientMethod: 'whoami',
    path: '/whoami',
    functionName: 'whoami',
    scope: undefined,
    summary: 'Confirm the calling key works',
    successStatus: 200,
  },
  createConsoleLink: {
    method: 'POST',
    clientMethod: 'console.createLink',
    path: '/console/links',
    functionName: 'create-console-link',
    scope: undefined,
    summary:
      'A single-use link, valid 10 minutes, that signs a browser in to the developer console as this key',
    successStatus: 201,
  },
  openConsoleSession: {
    method: 'POST',
    clientMethod: null,
    path: '/console/session',
    functionName: 'open-console-session',
    scope: undefined,
    summary:
      "The console's sign-in: spends the link's token (in Hiring-Console-Link) and sets the session's cookie",
    successStatus: 201,
  },
  closeConsoleSession: {
    method: 'DELETE',
    clientMethod: null,
    path: '/console/session',
    functionName: 'close-console-session',
    scope: undefined,
    summary: "The console's sign-out: its session's cookie no longer works",
    successStatus: 204,
    // Signing out ends the session at once, the key's hour spent or not.
    beyondLimits: true,
  },
} as const satisfies Record<string, RouteDefinition>;

/** A key's record lives in the tenant's partition, its lookup item in the global KEYHASH# partition. */
const keyData = ['tenant', 'keyHash'] as const;

export const KEY_ROUTE_ACCESS = {
  // GetItem, PutItem, UpdateItem, and Query at the cap (the expired keys that give their places back)
  // are the key's own; a tenant's first test key gives its test space the sample data, written as the
  // product consumer writes (lib/composition/test-mode/space.ts): hence the test space and the consumer's actions.
  createKey: {
    table: PRODUCT_EVENT_ACTIONS,
    indexes: [],
    partitions: [...keyData, 'testSpace'],
  },
  listKeys: { table: ['Query', 'BatchGetItem'], indexes: [], partitions: keyData },
  // The record, then its lookup item (when it was last used, its hour), and its last day's counts (Query).
  getKey: { table: ['GetItem', 'Query'], indexes: [], partitions: keyData },
  // PutItem: the key.revoked event (every change records its event in the same transaction).
  revokeKey: { table: ['GetItem', 'UpdateItem', 'PutItem'], indexes: [], partitions: keyData },
  // The authorizer has already read and counted the key: whoami answers from its context.
  whoami: { table: [], indexes: [], partitions: [] },
  // The key's record (its hash, which the link names), then the link.
  createConsoleLink: {
    table: ['GetItem', 'PutItem'],
    indexes: [],
    partitions: ['tenant', 'consoleLink'],
  },
  // The key's record, then the session (and the browser's previous one ended); the authorizer has spent the link.
  openConsoleSession: {
    table: ['GetItem', 'PutItem', 'DeleteItem'],
    indexes: [],
    partitions: ['tenant', 'consoleSession'],
  },
  closeConsoleSession: { table: ['DeleteItem'], indexes: [], partitions: ['consoleSession'] },
} as const satisfies Record<keyof typeof KEY_ROUTES, TableAccess>;

/** A function, so that no bundle keeps these texts: only the OpenAPI document reads them. */
export const keyRouteAnswers = (): Partial<Record<keyof typeof KEY_ROUTES, RouteAnswers>> => ({
  createKey: {
    conflict: `the tenant already holds its limit of active keys, ${DEFAULT_MAX_ACTIVE_KEYS} unless raised (${codes('limit_reached')}): revoke one first`,
  },
});
