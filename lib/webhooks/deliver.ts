import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseWebhookUrl, safeLookup, type UrlCheckOptions } from './url-safety.js';

/** How long an endpoint has to answer (headers), connection included. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** A delivery body larger than this is never sent (events are thin; Standard Webhooks advises < 20 KB). */
export const MAX_DELIVERY_BYTES = 20 * 1024;

export interface DeliveryResult {
  /** the endpoint's status; null when it gave none (timeout, refused, unsafe address) */
  statusCode: number | null;
  durationMs: number;
  error?: string;
}

export const isSuccess = (result: DeliveryResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * POSTs one delivery. The URL is checked again here and the connection goes only to addresses checked
 * on the way (safeLookup); redirects are not followed (a 3xx is a failed attempt); the body of the
 * answer is not read, only its status.
 */
export function postDelivery(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: UrlCheckOptions & { timeoutMs?: number },
): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = parseWebhookUrl(rawUrl, options);
  } catch (error) {
    return Promise.resolve({ statusCode: null, durationMs: 0, error: (error as Error).message });
  }
  if (Buffer.byteLength(body) > MAX_DELIVERY_BYTES) {
    return Promise.resolve({
      statusCode: null,
      durationMs: 0,
      error: `the event is over ${MAX_DELIVERY_BYTES / 1024} KB and is not sent`,
    });
  }
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    let settled = false;
    const finish = (result: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: safeLookup(options),
        // A fresh connection per delivery: never one opened for an address checked earlier.
        agent: false,
      },
      (response) => {
        finish({ statusCode: response.statusCode ?? null, durationMs: elapsed() });
        response.destroy();
      },
    );
    const timer = setTimeout(() => {
      finish({
        statusCode: null,
        durationMs: elapsed(),
        error: `no answer within ${timeoutMs / 1000} s`,
      });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        statusCode: null,
        durationMs: elapsed(),
        error:
          error.code === 'EUNSAFE' ? error.message : `${error.code ?? 'error'}: ${error.message}`,
      });
    });
    request.end(body);
  });
}
