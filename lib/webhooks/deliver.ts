import { STATUS_CODES, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseWebhookUrl, safeLookup, type UrlCheckOptions } from './url-safety.js';

/** How long an endpoint has to answer (headers), connection included. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** A delivery body larger than this is never sent (events are thin; Standard Webhooks advises < 20 KB). */
export const MAX_DELIVERY_BYTES = 20 * 1024;
/** What is kept of a failed answer's body: its first kilobyte, read for a second at most. */
export const RESPONSE_BODY_BYTES = 1024;
export const RESPONSE_BODY_WAIT_MS = 1_000;

export interface DeliveryResult {
  /** the endpoint's status; null when it gave none (timeout, refused, unsafe address) */
  statusCode: number | null;
  durationMs: number;
  /** why the attempt failed: what its status means, or why no answer came */
  error?: string;
  /** on a non-2xx answer: the first RESPONSE_BODY_BYTES of its body, as text; absent when it had none */
  responseBody?: string;
}

export const isSuccess = (result: DeliveryResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * POSTs one delivery. The URL is checked again here and the connection goes only to addresses checked
 * on the way (safeLookup); redirects are not followed (a 3xx is a failed attempt). A 2xx's body is not
 * read; a failed answer's first kilobyte is, so its receiver's own words say why (never a header's value).
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
        const statusCode = response.statusCode ?? null;
        const answered = { statusCode, durationMs: elapsed() };
        if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
          finish(answered);
          response.destroy();
          return;
        }
        clearTimeout(timer);
        void firstBytes(response).then((responseBody) =>
          finish({
            ...answered,
            error: statusMeaning(statusCode),
            ...(responseBody ? { responseBody } : {}),
          }),
        );
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

/** What a failed answer's status says, in the attempt's `error`. */
export function statusMeaning(statusCode: number | null): string {
  if (statusCode === null) return 'the endpoint answered without a status';
  const name = STATUS_CODES[statusCode];
  const answered = `the endpoint answered ${statusCode}${name ? ` ${name}` : ''}`;
  if (statusCode >= 300 && statusCode < 400) return `${answered}: redirects are not followed`;
  if (statusCode >= 200 && statusCode < 300) return answered;
  return `${answered}: only a 2xx acknowledges a delivery`;
}

/**
 * The first RESPONSE_BODY_BYTES of an answer's body as text, waiting RESPONSE_BODY_WAIT_MS at most:
 * what came by then is kept. A multi-byte character cut at the end is dropped, not mangled.
 */
function firstBytes(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      clearTimeout(wait);
      response.destroy();
      const bytes = Buffer.concat(chunks, size).subarray(0, RESPONSE_BODY_BYTES);
      resolve(new TextDecoder('utf-8', { fatal: false }).decode(trimPartialCharacter(bytes)));
    };
    const wait = setTimeout(done, RESPONSE_BODY_WAIT_MS);
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_BODY_BYTES) done();
    });
    response.on('end', done);
    response.on('error', done);
  });
}

/** `bytes` without a UTF-8 sequence cut short at its end. */
function trimPartialCharacter(bytes: Buffer): Buffer {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) !== 0x80) {
      // A lead byte: the sequence it starts needs this many bytes.
      const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      return needs > back ? bytes.subarray(0, bytes.length - back) : bytes;
    }
  }
  return bytes;
}
