import { expect } from 'vitest';
import { consoleServedOrigin } from '../../lib/keys/console.js';
import { callApi, type ApiReply } from './api.js';

/**
 * Signing in to the console over the API, as its page does: a link made with a key, its token
 * exchanged for a session, and the session's cookie sent back with what the page sends beside it.
 */

/**
 * What the console's page sends with each request of its session: the cookie, what a form cannot
 * send, and the page's origin (as a browser sets it on a request that changes state).
 */
export const fromConsole = (cookie: string) => ({
  cookie,
  'hiring-console': '1',
  'sec-fetch-site': 'same-origin',
  origin: consoleServedOrigin({}),
});

/** A link's token, out of its URL's fragment, as the console's page reads it. */
export function tokenOf(url: string): string {
  const fragment = new URL(url).hash.slice(1);
  return new URLSearchParams(fragment).get('link') ?? '';
}

export async function linkFor(key: string, receivedAt?: number) {
  const made = await callApi('POST', '/console/links', {
    key,
    body: {},
    ...(receivedAt === undefined ? {} : { receivedAt }),
  });
  expect(made.status, made.text).toBe(201);
  return { ...(made.json.data as { url: string; expiresAt: string }), reply: made };
}

export const exchange = (token: string, receivedAt?: number) =>
  callApi('POST', '/console/session', {
    headers: { 'hiring-console-link': token },
    ...(receivedAt === undefined ? {} : { receivedAt }),
  });

/** The session's cookie, as the browser would send it back (`name=value`), from a sign-in's answer. */
export function cookieOf(reply: ApiReply): string {
  const setCookie = reply.headers['set-cookie'] ?? '';
  return setCookie.split(';')[0] ?? '';
}

/** A session opened with `key` (at `receivedAt`, as API Gateway would have received it): its cookie. */
export async function signedIn(key: string, receivedAt?: number): Promise<string> {
  const link = await linkFor(key, receivedAt);
  const opened = await exchange(tokenOf(link.url), receivedAt);
  expect(opened.status, opened.text).toBe(201);
  return cookieOf(opened);
}
