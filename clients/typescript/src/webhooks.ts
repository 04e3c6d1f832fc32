import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components } from './openapi.js';

export { WebhookVerificationError };

type Headers = globalThis.Headers | Record<string, string | string[] | undefined>;

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * The event of a webhook delivery, once its signature is verified (Standard Webhooks: an HMAC over the
 * id, timestamp and raw body, and a timestamp within 5 minutes of now). Pass the endpoint's secret, or
 * both while a rotation is under way: the delivery is accepted if any of them signed it. Pass the raw
 * body as received (before any JSON parsing). Throws WebhookVerificationError otherwise.
 */
/** What a delivery carries: an event of the log, or the `webhook.test` event of a test delivery. */
export type DeliveredEvent =
  components['schemas']['Event'] | components['schemas']['WebhookTestEvent'];

export function verifyWebhook(
  secrets: string | string[],
  headers: Headers,
  rawBody: string | Uint8Array,
): DeliveredEvent {
  const signed: Record<string, string> = {};
  for (const name of SIGNATURE_HEADERS) {
    const value =
      headers instanceof globalThis.Headers
        ? headers.get(name)
        : (headers[name] ?? headers[name.toUpperCase()]);
    const text = Array.isArray(value) ? value[0] : value;
    if (!text) throw new WebhookVerificationError(`Missing the ${name} header`);
    signed[name] = text;
  }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  let failure: unknown = new WebhookVerificationError('No secret given');
  for (const secret of [secrets].flat()) {
    try {
      return new Webhook(secret).verify(body, signed) as DeliveredEvent;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
