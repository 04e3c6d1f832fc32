import { HiringApiError, HiringClient } from '../../clients/typescript/src/index.js';
import { API_BASE } from './session.js';

/**
 * The API as the console's session calls it: the project's client with no key (the session's cookie
 * authenticates, and the client sends `Hiring-Console: 1`), against the origin that served the page.
 */
export const api = new HiringClient({
  baseUrl: `${window.location.origin}${API_BASE}`,
  apiKey: null,
  // A browser's fetch must be called on the window, not on the client's settings. Its default mode
  // (`cors`) matters: under the page's `Referrer-Policy: no-referrer`, a write in `same-origin` or
  // `no-cors` mode is sent with `Origin: null`, which the API refuses a session's write for.
  fetch: async (input, init) => {
    const answer = await window.fetch(input, init);
    if (answer.status === 401 || answer.status === 403) void tellIfSessionEnded(answer.clone());
    return answer;
  },
  // The event stream, as a browser opens it: no header can be set on its upgrade, which the session's
  // cookie and the page's origin authenticate (a browser sends both); the client falls back to the
  // long-poll where the stream cannot be opened.
  webSocket: (url) => new WebSocket(url),
  maxRetries: 1,
});

/** What a failed call says to a person: the API's own message, and for a 403 why the page is closed. */
export function problemOf(error: unknown): string {
  if (error instanceof HiringApiError) {
    if (error.code === 'scope_missing' || error.code === 'key_mode_mismatch')
      return `This key cannot see this page: ${error.message}`;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Sent on the window when a call finds the session ended, whichever page made it: the console signs out. */
export const SESSION_ENDED_EVENT = 'hiring-console-session-ended';

async function tellIfSessionEnded(answer: Response): Promise<void> {
  const body = (await answer.json().catch(() => undefined)) as { code?: unknown } | undefined;
  if (body?.code === 'unauthenticated' || body?.code === 'key_invalid')
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/** The session ended (signed out elsewhere, idle, its key revoked): the answer every call then gets. */
export const sessionEnded = (error: unknown) =>
  error instanceof HiringApiError &&
  (error.status === 401 || error.status === 403) &&
  (error.code === 'unauthenticated' || error.code === 'key_invalid');
