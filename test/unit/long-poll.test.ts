import { describe, expect, it } from 'vitest';
import { ROUTES, routeEntries } from '../../lib/composition/routes.js';
import { FUNCTION_TIMEOUT_MS } from '../../lib/config.js';
import { listEventsQuery } from '../../lib/events/requests.js';
import { LONG_POLL_MAX_SECONDS } from '../../lib/events/routes.js';
import { functionTimeoutMs } from '../../lib/http/route-definition.js';

/** GET /events?wait=: what it takes, and the time its function is given to hold a request. */
describe('the long-poll of GET /events', () => {
  it('takes every whole number of seconds up to its longest wait, and nothing else', () => {
    const takes = (wait: string) => listEventsQuery.safeParse({ wait }).success;
    for (let seconds = 0; seconds <= LONG_POLL_MAX_SECONDS; seconds++)
      expect(takes(String(seconds)), String(seconds)).toBe(true);
    for (const wait of [String(LONG_POLL_MAX_SECONDS + 1), '100', '-1', '1.5', '05', ' 5', ''])
      expect(takes(wait), JSON.stringify(wait)).toBe(false);
  });

  it('gives its function the wait on top of the API’s timeout, within API Gateway’s 30 s', () => {
    expect(functionTimeoutMs(ROUTES.listEvents)).toBe(
      FUNCTION_TIMEOUT_MS + LONG_POLL_MAX_SECONDS * 1000,
    );
    expect(functionTimeoutMs(ROUTES.listEvents)).toBeLessThanOrEqual(30_000);
    const others = routeEntries().filter(([id]) => id !== 'listEvents');
    for (const [id, route] of others)
      expect(functionTimeoutMs(route), id).toBe(FUNCTION_TIMEOUT_MS);
  });
});
