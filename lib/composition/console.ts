import { CONSOLE_PATH } from '../config.js';
import type { Db } from '../db/client.js';
import { tenantOfSpace } from '../db/spaces.js';
import { InvalidInputError } from '../errors.js';
import {
  CONSOLE_LINK_HEADER,
  closeConsoleSession,
  createConsoleLink,
  consoleSessionCookie,
  consoleServedOrigin,
  consoleServedSecurely,
  type RequestPlace,
  consoleSessionToken,
  openConsoleSession,
} from '../keys/console.js';
import type { ApiRequest } from './api-handler.js';

/**
 * A sign-in link: the console's page with the token in the fragment, which a browser never sends to a
 * server (nor puts in a Referer), so no server's log ever holds it; the page takes it from there.
 */
function consoleLinkUrl(place: RequestPlace, token: string): string {
  return `${consoleServedOrigin(place)}${CONSOLE_PATH}#link=${token}`;
}

/**
 * Where the request was made, as the authorizer found it: a route function does not check the edge's
 * header, so the viewer's origin comes from the authorizer's context, never from a header here.
 */
const placeOf = (request: ApiRequest<ConsoleRoute>): RequestPlace => ({
  viewerOrigin: request.caller.viewerOrigin,
  host: request.headers.host,
});
type ConsoleRoute = 'createConsoleLink' | 'openConsoleSession' | 'closeConsoleSession';

/**
 * POST /console/links: a link for the calling key. Only the key itself makes one: from a console
 * session, a link would outlive the session's 8 hours (a new session from it) and put a bearer token
 * in reach of the page's scripts, which the HttpOnly cookie keeps out of it.
 */
export async function makeLink(db: Db, request: ApiRequest<'createConsoleLink'>) {
  const { caller } = request;
  if (caller.console)
    throw new InvalidInputError('A sign-in link is made with the key, not from the console', [
      {
        field: 'X-API-Key',
        rule: 'required',
        message: 'send the key itself in X-API-Key: a console session makes no sign-in link',
      },
    ]);
  const link = await createConsoleLink(db, {
    tenantId: tenantOfSpace(caller.spaceId),
    keyId: caller.keyId,
  });
  return {
    data: {
      url: consoleLinkUrl(placeOf(request), link.token),
      expiresAt: link.expiresAt.toISOString(),
    },
  };
}

/**
 * POST /console/session: the request spent a sign-in link (the authorizer did, once); the answer sets
 * the session's cookie. A key sent instead opens nothing: a session begins only from a link.
 */
export async function openSession(
  db: Db,
  request: ApiRequest<'openConsoleSession'>,
  now = new Date(),
) {
  const { caller } = request;
  if (caller.console !== 'link')
    throw new InvalidInputError(`A console session opens with a sign-in link`, [
      {
        field: CONSOLE_LINK_HEADER,
        rule: 'required',
        message: `send a sign-in link's token (POST /console/links makes one) in ${CONSOLE_LINK_HEADER}, not a key`,
      },
    ]);
  const session = await openConsoleSession(
    db,
    { tenantId: tenantOfSpace(caller.spaceId), keyId: caller.keyId },
    now,
  );
  // The browser's session before this one, if it had one, ends here: its cookie is replaced.
  const previous = consoleSessionToken(request.cookies, consoleServedSecurely(placeOf(request)));
  if (previous !== undefined) await closeConsoleSession(db, previous);
  request.responseHeaders['Set-Cookie'] = consoleSessionCookie(
    session,
    consoleServedSecurely(placeOf(request)),
    now,
  );
  return {
    data: {
      keyId: caller.keyId,
      name: caller.keyName,
      mode: caller.mode,
      endsAt: session.endsAt.toISOString(),
    },
  };
}

/** DELETE /console/session: the session's item is gone (its cookie works nowhere), and the cookie cleared. */
export async function closeSession(db: Db, request: ApiRequest<'closeConsoleSession'>) {
  const token = consoleSessionToken(request.cookies, consoleServedSecurely(placeOf(request)));
  if (token !== undefined) await closeConsoleSession(db, token);
  request.responseHeaders['Set-Cookie'] = consoleSessionCookie(
    undefined,
    consoleServedSecurely(placeOf(request)),
  );
}
