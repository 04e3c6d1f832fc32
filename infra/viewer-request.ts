import { VIEWER_ADDRESS_HEADER, VIEWER_ORIGIN_HEADER } from '../lib/config.js';

/**
 * What the edge's viewer-request function does to every request of the API (a CloudFront Function,
 * which sees the path as the viewer sent it, still percent-encoded), and the local gateway with it.
 *
 * API Gateway decodes a path before it routes it and cuts it at a `?` or `#` that decoding made, so
 * `PUT /jds/by-external-id/REQ-1%3Fevil` would reach the function as REQ-1's and replace that JD. No
 * path of the API can hold one: an id that does travels in a body (POST /jds/batch for a JD's
 * externalId). Refused here, before any function runs, it costs nothing more than the function
 * already does (a WAF rule would cost $1 a month).
 */
export const ENCODED_DELIMITER = /%(3f|23)/i;

export const ENCODED_DELIMITER_BODY = JSON.stringify({
  success: false,
  error:
    'The path holds an encoded ? or # (%3F, %23), where API Gateway would cut it and reach another resource: send an id holding one in a body (POST /jds/batch takes a JD by any externalId)',
  code: 'validation_failed',
});

/** True when `rawPath` (as sent, still percent-encoded) is refused at the edge. */
export const holdsEncodedDelimiter = (rawPath: string): boolean => ENCODED_DELIMITER.test(rawPath);

/** The viewer's address and the origin it called, each over any value the client sent. */
const VIEWER_HEADERS_CODE = `  event.request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  var host = event.request.headers.host;
  if (host) event.request.headers['${VIEWER_ORIGIN_HEADER}'] = { value: 'https://' + host.value };
  else delete event.request.headers['${VIEWER_ORIGIN_HEADER}'];`;

/**
 * The function's code (CloudFront Functions' JavaScript 2.0): the refusal, then the viewer's address and
 * the origin the viewer called (where a console sign-in link points: the origin request policy does not
 * forward the viewer's Host), each over any value the client sent.
 */
export const VIEWER_REQUEST_CODE = `function handler(event) {
  if (${String(ENCODED_DELIMITER)}.test(event.request.uri)) {
    return {
      statusCode: 400,
      statusDescription: 'Bad Request',
      headers: {
        'content-type': { value: 'application/json' },
        'cache-control': { value: 'no-store' },
      },
      body: { encoding: 'text', data: ${JSON.stringify(ENCODED_DELIMITER_BODY)} },
    };
  }
${VIEWER_HEADERS_CODE}
  return event.request;
}`;

/**
 * The event stream's upgrade (its own behaviour and function): the same viewer headers (the origin is
 * what a console's upgrade is checked against), and the path the WebSocket API answers at (the root of
 * its domain, or of its stage, the origin's path: API Gateway refuses any path below it).
 */
export const STREAM_UPGRADE_CODE = `function handler(event) {
${VIEWER_HEADERS_CODE}
  event.request.uri = '/';
  return event.request;
}`;
