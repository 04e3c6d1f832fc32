import { describe, expect, it } from 'vitest';
import { ROUTES, routeEntries } from '../../lib/composition/routes.js';
import { FUNCTION_TIMEOUT_MS } from '../../lib/config.js';
import { listEventsQuery } from '../../lib/events/requests.js';
import { LONG_POLL_MAX_SECONDS } from '../../lib/events/routes.js';
import { functionTimeoutMs, LONG_POLL_LOOKS_MS } from '../../lib/http/route-definition.js';

/** GET /events?wait=: what it takes, and the time its function is given to hold a request. */
describe('the long-poll of GET /events', () => {
  it('takes every whole number of seconds up to its longest wait, and nothing else', () => {
    const takes = (wait: string) => listEventsQuery.safeParse({ wait }).success;
    for (let seconds = 0; seconds <= LONG_POLL_MAX_SECONDS; seconds++)
      expect(takes(String(seconds)), String(seconds)).toBe(true);
    for (const wait of [String(LONG_POLL_MAX_SECONDS + 1), '100', '-1', '1.5', '05', ' 5', ''])
      expect(takes(wait), JSON.stringify(wait)).toBe(false);
  });

  it('gives its function the wait and its looks, ending with a margin inside API Gateway’s and CloudFront’s 30 s', () => {
    expect(functionTimeoutMs(ROUTES.listEvents)).toBe(
      LONG_POLL_MAX_SECONDS * 1000 + LONG_POLL_LOOKS_MS,
    );
    // The authorizer runs first, inside the same 30 s: the function ends 5 s before them.
    expect(functionTimeoutMs(ROUTES.listEvents)).toBeLessThanOrEqual(25_000);
    const others = routeEntries().filter(([id]) => id !== 'listEvents');
    for (const [id, route] of others)
      expect(functionTimeoutMs(route), id).toBe(FUNCTION_TIMEOUT_MS);
  });
});
