/**
 * The console's sign-in: a link's token arrives in the page's fragment (`#link=…`, never sent to a
 * server), is removed from the address bar at once, and is exchanged once for the session, whose
 * cookie the browser keeps (HttpOnly: this page never sees it). Nothing of a key, link or session is
 * ever stored by the page.
 */

export const API_BASE = '/api/v1';

export type SignIn =
  | { state: 'signed-in' }
  /** opened from a link while a session is open: the link is spent only if the person says so */
  | { state: 'replacing'; token: string }
  | { state: 'link-expired' }
  | { state: 'signed-out' }
  | { state: 'failed'; message: string };

/** The link's token, if the page was opened from a link: taken out of the address bar (and its history entry). */
export function takeLinkToken(location: Location, history: History): string | undefined {
  const token = new URLSearchParams(location.hash.slice(1)).get('link') ?? undefined;
  if (token !== undefined) history.replaceState(null, '', location.pathname + location.search);
  return token;
}

/** Exchanges a link's token for a session (its cookie set by the answer). */
export async function exchangeLink(token: string): Promise<SignIn> {
  const answer = await fetch(`${API_BASE}/console/session`, {
    method: 'POST',
    headers: { 'Hiring-Console-Link': token },
  });
  if (answer.status === 201) return { state: 'signed-in' };
  if (answer.status === 401 || answer.status === 403) return { state: 'link-expired' };
  return { state: 'failed', message: `The sign-in failed (${answer.status}): try a new link` };
}

/**
 * Sign out: the session ends on the server, so its cookie works nowhere after (the key's hour spent or
 * not). Undefined when it did; else why not (the service unreachable): the session works until then.
 */
export async function signOut(): Promise<string | undefined> {
  const answer = await fetch(`${API_BASE}/console/session`, {
    method: 'DELETE',
    headers: { 'Hiring-Console': '1' },
  });
  // 401 or 403: the session had already ended.
  if (answer.status === 204 || answer.status === 401 || answer.status === 403) return undefined;
  const envelope = (await answer.json().catch(() => ({}))) as { error?: string };
  return `Not signed out (${answer.status}${envelope.error ? `: ${envelope.error}` : ''}): try again`;
}
