/**
 * The functions that are not routes of the API (those are in lib/composition/routes.ts): each is a folder
 * under functions/, deployed by the CDK app and run in-process by the local tools.
 */
export const BACKGROUND_FUNCTIONS = {
  /** applies the product's events from the product-events queue (lib/product-events) */
  eventConsumer: 'event-consumer',
  /** turns new events (and API retry/replay requests) from the table's stream into webhook deliveries (lib/webhooks) */
  webhookDispatcher: 'webhook-dispatcher',
  /** sends webhook deliveries from the delivery queue, and schedules their retries */
  webhookWorker: 'webhook-worker',
  /** packs the API functions' request-log lines, handed over by CloudWatch Logs, into the request log (lib/request-log) */
  requestLogWriter: 'request-log-writer',
} as const;

export type BackgroundFunction = (typeof BACKGROUND_FUNCTIONS)[keyof typeof BACKGROUND_FUNCTIONS];

/**
 * The event stream's function: the WebSocket API's $connect, `subscribe` and $disconnect routes
 * (lib/composition/event-stream.ts). Fed by API Gateway like a route's, but by its WebSocket API.
 */
export const STREAM_FUNCTION = 'event-stream';
