import { LOG_ACCESS } from '../db/log/access.js';
import {
  codes,
  type RouteAnswers,
  type RouteDefinition,
  type TableAccess,
} from '../http/route-definition.js';
import { MAX_WEBHOOKS } from './model.js';

/** The webhook routes (a tenant's admin manages its endpoints and their deliveries), and their table access. */
export const WEBHOOK_ROUTES = {
  createWebhook: {
    method: 'POST',
    clientMethod: 'webhooks.create',
    path: '/webhooks',
    functionName: 'create-webhook',
    scope: { scope: 'admin' },
    summary: 'Register a webhook endpoint (its signing secret is shown once)',
    successStatus: 201,
    idempotent: true,
    location: '/webhooks/{id}',
    sealsWebhookSecrets: true,
  },
  listWebhooks: {
    method: 'GET',
    clientMethod: 'webhooks.list',
    path: '/webhooks',
    functionName: 'list-webhooks',
    scope: { scope: 'admin' },
    summary: "List the tenant's webhook endpoints",
    successStatus: 200,
    paginated: true,
  },
  getWebhook: {
    method: 'GET',
    clientMethod: 'webhooks.get',
    path: '/webhooks/{webhookId}',
    functionName: 'get-webhook',
    scope: { scope: 'admin' },
    summary: 'One webhook endpoint',
    successStatus: 200,
    conditional: true,
  },
  deleteWebhook: {
    method: 'DELETE',
    clientMethod: 'webhooks.delete',
    path: '/webhooks/{webhookId}',
    functionName: 'delete-webhook',
    scope: { scope: 'admin' },
    summary: 'Delete a webhook endpoint',
    successStatus: 200,
  },
  rotateWebhookSecret: {
    method: 'POST',
    clientMethod: 'webhooks.rotateSecret',
    path: '/webhooks/{webhookId}/rotate-secret',
    functionName: 'rotate-webhook-secret',
    scope: { scope: 'admin' },
    summary: 'Replace the signing secret (shown once; the old one keeps signing for 24 hours)',
    successStatus: 200,
    sealsWebhookSecrets: true,
  },
  enableWebhook: {
    method: 'POST',
    clientMethod: 'webhooks.enable',
    path: '/webhooks/{webhookId}/enable',
    functionName: 'enable-webhook',
    scope: { scope: 'admin' },
    summary: 'Enable a disabled webhook endpoint',
    successStatus: 200,
  },
  listWebhookDeliveries: {
    method: 'GET',
    clientMethod: 'webhooks.deliveries',
    path: '/webhooks/{webhookId}/deliveries',
    functionName: 'list-webhook-deliveries',
    scope: { scope: 'admin' },
    summary: 'Delivery attempts to an endpoint, newest first',
    successStatus: 200,
    paginated: true,
  },
  retryWebhookDelivery: {
    method: 'POST',
    clientMethod: 'webhooks.retryDelivery',
    path: '/webhooks/{webhookId}/deliveries/{eventId}/retry',
    functionName: 'retry-webhook-delivery',
    scope: { scope: 'admin' },
    summary: 'Send one event to an endpoint again, now',
    successStatus: 202,
  },
  testWebhook: {
    method: 'POST',
    clientMethod: 'webhooks.test',
    path: '/webhooks/{webhookId}/test',
    functionName: 'test-webhook',
    scope: { scope: 'admin' },
    summary:
      'Send one signed webhook.test event to an endpoint, now (nothing is logged or retried)',
    successStatus: 202,
  },
  replayWebhook: {
    method: 'POST',
    clientMethod: 'webhooks.replay',
    path: '/webhooks/{webhookId}/replay',
    functionName: 'replay-webhook',
    scope: { scope: 'admin' },
    summary: 'Send the events since a point of the log to an endpoint again',
    successStatus: 202,
    idempotent: true,
  },
} as const satisfies Record<string, RouteDefinition>;

const tenantData = ['tenant'] as const;

export const WEBHOOK_ROUTE_ACCESS = {
  // UpdateItem: the tenant's webhook count; GetItem: the Idempotency-Key record.
  createWebhook: {
    table: ['GetItem', 'PutItem', 'UpdateItem'],
    indexes: [],
    partitions: tenantData,
  },
  listWebhooks: { table: ['Query'], indexes: [], partitions: tenantData },
  getWebhook: { table: ['GetItem'], indexes: [], partitions: tenantData },
  // PutItem (in each change's transaction, from here on): its audit entry.
  deleteWebhook: {
    table: ['DeleteItem', 'UpdateItem', 'PutItem'],
    indexes: [],
    partitions: tenantData,
  },
  rotateWebhookSecret: {
    table: ['GetItem', 'UpdateItem', 'PutItem'],
    indexes: [],
    partitions: tenantData,
  },
  enableWebhook: {
    table: ['GetItem', 'UpdateItem', 'PutItem'],
    indexes: [],
    partitions: tenantData,
  },
  listWebhookDeliveries: { table: ['GetItem', 'Query'], indexes: [], partitions: tenantData },
  // PutItem: the retry or replay request, which the table's stream carries to the dispatcher.
  retryWebhookDelivery: { table: ['GetItem', 'PutItem'], indexes: [], partitions: tenantData },
  // PutItem: the test request, which the table's stream carries to the dispatcher like a retry; UpdateItem: the endpoint's tests this minute.
  testWebhook: { table: ['GetItem', 'PutItem', 'UpdateItem'], indexes: [], partitions: tenantData },
  // UpdateItem: the endpoint's one running replay; GetItem: the Idempotency-Key record; the log's
  // writes: what is pending in it is sequenced before the replay's range is set (lib/db/log/sequencer.ts).
  replayWebhook: {
    table: LOG_ACCESS.table,
    indexes: [],
    partitions: tenantData,
  },
} as const satisfies Record<keyof typeof WEBHOOK_ROUTES, TableAccess>;

/** A function, so that no bundle keeps these texts: only the OpenAPI document reads them. */
export const webhookRouteAnswers = (): Partial<
  Record<keyof typeof WEBHOOK_ROUTES, RouteAnswers>
> => ({
  createWebhook: {
    conflict: `the tenant already has ${MAX_WEBHOOKS} endpoints (${codes('limit_reached')}): delete one first`,
  },
  retryWebhookDelivery: {
    conflict: `the endpoint is disabled (${codes('webhook_disabled')}): enable it first`,
  },
  testWebhook: {
    conflict: `the endpoint is disabled (${codes('webhook_disabled')}): enable it first`,
  },
  replayWebhook: {
    conflict: `the endpoint is disabled (${codes('webhook_disabled')}), or another replay is running on it (${codes('replay_running')}, named in the message)`,
  },
});
