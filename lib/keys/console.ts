import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import {
  batchGet,
  conditionFailure,
  deleteItem,
  getItem,
  putItem,
  updateItem,
} from '../db/dynamo.js';
import { apiKeyKeys, type ApiKeyRecordItem } from './model.js';
import { HttpError } from '../http/errors.js';
import { PARTITION_PREFIXES, TTL_ATTRIBUTE } from '../db/table.js';
import { consoleOrigin, originVerifySecretId, VIEWER_ORIGIN_HEADER } from '../config.js';

/**
 * The console's credentials, both kept as keys are (only their SHA-256 is stored, never the token):
 * a sign-in link's token, which one browser exchanges once, within ten minutes, for a session; and the
 * session's token, which lives in an HttpOnly cookie that no script of the page can read. Each names
 * the key it acts as by the key's hash (never the key), so that every request of a session is the key's
 * own request to the authorizer: its validity (a revoked or expired key ends its sessions at once), its
 * scopes, its space, its blindness and its hour.
 */

/** A sign-in link works once, within this long of its making. */
export const CONSOLE_LINK_LIFETIME_MS = 10 * 60_000;
/** A session ends when it has been idle this long, */
export const CONSOLE_IDLE_MS = 30 * 60_000;
/** and, however busy, this long after it began. */
export const CONSOLE_SESSION_LIFETIME_MS = 8 * 3_600_000;

/**
 * The cookie holding a session's token (HttpOnly, SameSite=Strict, Secure on https, Path=/). On https
 * its name has the `__Host-` prefix, which a browser accepts only from this very host, Secure, with
 * Path=/ and no Domain: a sibling subdomain cannot set one that shadows it (and sign the browser in as
 * a session of its choosing). Plain http (the local stack) cannot hold a prefixed cookie.
 */
export const CONSOLE_SESSION_COOKIE = 'hiring_console';
export const CONSOLE_SECURE_SESSION_COOKIE = `__Host-${CONSOLE_SESSION_COOKIE}`;
const sessionCookieName = (secure: boolean) =>
  secure ? CONSOLE_SECURE_SESSION_COOKIE : CONSOLE_SESSION_COOKIE;

/** Where a request was made: the origin the viewer called, when known and trusted, and the Host. */
export interface RequestPlace {
  viewerOrigin?: string | undefined;
  host?: string | undefined;
}

/**
 * Where the authorizer finds a request was made, from its (lower-cased) headers: the origin the
 * viewer called only behind the edge, whose functions set it over anything the client sent (the
 * authorizer has checked the edge's header by then). The route functions are given it in the
 * authorizer's context (Caller.viewerOrigin): they do not check the edge themselves.
 */
export const requestPlace = (headers: Record<string, string | undefined>): RequestPlace => ({
  viewerOrigin: originVerifySecretId() ? headers[VIEWER_ORIGIN_HEADER] : undefined,
  host: headers.host,
});

/** True when the console is served over https. */
export const consoleServedSecurely = (place: RequestPlace): boolean =>
  consoleServedOrigin(place).startsWith('https:');
/** The header the console sends a link's token in, to exchange it for a session (never in a URL sent). */
export const CONSOLE_LINK_HEADER = 'Hiring-Console-Link';
/**
 * The header every request of a session carries beside its cookie: an HTML form cannot send it, and a
 * script of another origin can send it only after a CORS preflight, which this API grants no origin.
 */
export const CONSOLE_REQUEST_HEADER = 'Hiring-Console';

/**
 * The origin the console is served at: the local stack's (CONSOLE_ORIGIN); behind the edge, the one
 * the viewer called; else the API's own.
 */
export function consoleServedOrigin(place: RequestPlace): string {
  return consoleOrigin() ?? place.viewerOrigin ?? `https://${place.host ?? 'localhost'}`;
}

const LINK_PREFIX = 'hcl_';
const SESSION_PREFIX = 'hcs_';
const TOKEN_PATTERN = /^hc[ls]_[A-Za-z0-9_-]{43}$/;

interface ConsoleLinkItem {
  pk: string;
  sk: 'LINK';
  entity: 'CONSOLE_LINK';
  keyHash: string;
  expiresAtMs: number;
  /** set when a browser exchanged it: a link works once */
  usedAtMs?: number;
  [TTL_ATTRIBUTE]: number;
}

interface ConsoleSessionItem {
  pk: string;
  sk: 'SESSION';
  entity: 'CONSOLE_SESSION';
  keyHash: string;
  startedAtMs: number;
  seenAtMs: number;
  [TTL_ATTRIBUTE]: number;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = (prefix: string) => prefix + randomBytes(32).toString('base64url');
const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

const linkKey = (token: string) => ({
  pk: `${PARTITION_PREFIXES.consoleLink}${tokenHash(token)}`,
  sk: 'LINK' as const,
});
const sessionKeyOfHash = (hash: string) => ({
  pk: `${PARTITION_PREFIXES.consoleSession}${hash}`,
  sk: 'SESSION' as const,
});
const sessionKey = (token: string) => sessionKeyOfHash(tokenHash(token));

/** Whether a session is still open at `now`: not idle CONSOLE_IDLE_MS, not older than CONSOLE_SESSION_LIFETIME_MS. */
const sessionOpen = (
  session: Pick<ConsoleSessionItem, 'seenAtMs' | 'startedAtMs'>,
  now: Date,
): boolean =>
  session.seenAtMs > now.getTime() - CONSOLE_IDLE_MS &&
  session.startedAtMs > now.getTime() - CONSOLE_SESSION_LIFETIME_MS;

/** Shape only: a token that could not be one of ours is refused without a database call. */
export const isWellFormedConsoleToken = (token: string, kind: 'link' | 'session'): boolean =>
  TOKEN_PATTERN.test(token) && token.startsWith(kind === 'link' ? LINK_PREFIX : SESSION_PREFIX);

/**
 * The hash of the key a request acts as: its record's (the caller is authenticated, so it is there).
 * Read with a strong read: a key revoked a moment ago must not open a session.
 */
async function keyHashOf(db: Db, tenantId: string, keyId: string): Promise<string> {
  const record = await getItem<ApiKeyRecordItem>(db, apiKeyKeys.record(tenantId, keyId), {
    consistent: true,
    projection: 'keyHash, revokedAt',
  });
  // Revoked between the authorizer's check and this read: refused as the authorizer would now refuse it.
  if (!record || record.revokedAt !== undefined)
    throw new HttpError(
      'key_invalid',
      'The API key is not valid: unknown, malformed, revoked or expired',
    );
  return record.keyHash;
}

/** Makes a sign-in link's token for the calling key: its only copy is the answer's. */
export async function createConsoleLink(
  db: Db,
  caller: { tenantId: string; keyId: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const keyHash = await keyHashOf(db, caller.tenantId, caller.keyId);
  const token = newToken(LINK_PREFIX);
  const expiresAtMs = now.getTime() + CONSOLE_LINK_LIFETIME_MS;
  await putItem<ConsoleLinkItem>(db, {
    Item: {
      ...linkKey(token),
      entity: 'CONSOLE_LINK',
      keyHash,
      expiresAtMs,
      [TTL_ATTRIBUTE]: epochSeconds(expiresAtMs),
    },
  });
  return { token, expiresAt: new Date(expiresAtMs) };
}

export type ConsoleCredentialFailure = 'unknown' | 'used' | 'expired';

/**
 * Spends a sign-in link: the key hash it signs in as, once. One conditional write marks it used, so two
 * browsers racing with the same link cannot both get in.
 */
export async function spendConsoleLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ keyHash: string } | ConsoleCredentialFailure> {
  try {
    const item = await updateItem<ConsoleLinkItem>(db, {
      Key: linkKey(token),
      UpdateExpression: 'SET usedAtMs = :now',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(usedAtMs) AND expiresAtMs > :now',
      ExpressionAttributeValues: { ':now': now.getTime() },
      ReturnValues: 'ALL_NEW',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    return { keyHash: item.keyHash };
  } catch (error) {
    const failed = conditionFailure<ConsoleLinkItem>(error);
    if (!failed) throw error;
    if (!failed.item) return 'unknown';
    return failed.item.usedAtMs === undefined ? 'expired' : 'used';
  }
}

/** Begins a session as the calling key: the token for its cookie, and when it ends at the latest. */
export async function openConsoleSession(
  db: Db,
  caller: { tenantId: string; keyId: string },
  now = new Date(),
): Promise<{ token: string; endsAt: Date }> {
  const keyHash = await keyHashOf(db, caller.tenantId, caller.keyId);
  const token = newToken(SESSION_PREFIX);
  const endsAtMs = now.getTime() + CONSOLE_SESSION_LIFETIME_MS;
  await putItem<ConsoleSessionItem>(db, {
    Item: {
      ...sessionKey(token),
      entity: 'CONSOLE_SESSION',
      keyHash,
      startedAtMs: now.getTime(),
      seenAtMs: now.getTime(),
      [TTL_ATTRIBUTE]: epochSeconds(endsAtMs),
    },
  });
  return { token, endsAt: new Date(endsAtMs) };
}

/**
 * A request of a session: the key hash it acts as, if the session is still open (not signed out, not
 * idle for CONSOLE_IDLE_MS, not older than CONSOLE_SESSION_LIFETIME_MS), in one conditional write that
 * also marks it seen.
 */
export async function touchConsoleSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ keyHash: string } | ConsoleCredentialFailure> {
  try {
    const item = await updateItem<ConsoleSessionItem>(db, {
      Key: sessionKey(token),
      UpdateExpression: 'SET seenAtMs = :now',
      ConditionExpression:
        'attribute_exists(pk) AND seenAtMs > :idleSince AND startedAtMs > :begunSince',
      ExpressionAttributeValues: {
        ':now': now.getTime(),
        ':idleSince': now.getTime() - CONSOLE_IDLE_MS,
        ':begunSince': now.getTime() - CONSOLE_SESSION_LIFETIME_MS,
      },
      ReturnValues: 'ALL_NEW',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    return { keyHash: item.keyHash };
  } catch (error) {
    const failed = conditionFailure<ConsoleSessionItem>(error);
    if (!failed) throw error;
    return failed.item ? 'expired' : 'unknown';
  }
}

/**
 * What names a session where it must be found again without its cookie (an event stream's connection,
 * which outlives its upgrade): the hash its item is stored under, never the token.
 */
export const consoleSessionHash = (token: string): string => tokenHash(token);

/**
 * Of these sessions (by consoleSessionHash), those that have ended: signed out (their item gone), idle,
 * or past their lifetime. Read, not touched: listening is not activity, so a page that only listens
 * idles out as one that does nothing.
 */
export async function consoleSessionsEnded(
  db: Db,
  hashes: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return new Set();
  const sessions = await batchGet<
    Pick<ConsoleSessionItem, 'pk' | 'sk' | 'seenAtMs' | 'startedAtMs'>
  >(db, unique.map(sessionKeyOfHash), { projection: 'seenAtMs, startedAtMs', consistent: true });
  const open = new Set(
    sessions
      .filter((session) => sessionOpen(session, now))
      .map((session) => session.pk.slice(PARTITION_PREFIXES.consoleSession.length)),
  );
  return new Set(unique.filter((hash) => !open.has(hash)));
}

/** Sign out: the session's item is gone, so its cookie no longer works anywhere. */
export async function closeConsoleSession(db: Db, token: string): Promise<void> {
  await deleteItem(db, sessionKey(token));
}

/**
 * A session's token among a request's cookies: HTTP API hands them over as a list (`cookies`, one
 * `name=value` each); a Cookie header's `a=1; b=2` splits into the same. On https only the prefixed
 * cookie is read: an unprefixed one there was not set by this host's console.
 */
export function consoleSessionToken(
  cookies: readonly string[] | undefined,
  secure: boolean,
): string | undefined {
  const wanted = sessionCookieName(secure);
  for (const cookie of cookies ?? []) {
    const [name, ...value] = cookie.trim().split('=');
    if (name === wanted) return value.join('=');
  }
  return undefined;
}

/** A Cookie header's cookies, as HTTP API lists them. */
export const cookiesOfHeader = (header: string | undefined): string[] =>
  header ? header.split(';') : [];

/**
 * The Set-Cookie of a session: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), Secure on https, for the whole origin (the console's page and the API under it), ending
 * when the session would at the latest; with no token, the one that clears it.
 */
export function consoleSessionCookie(
  session: { token: string; endsAt: Date } | undefined,
  secure: boolean,
  now = new Date(),
): string {
  const maxAge = session ? Math.floor((session.endsAt.getTime() - now.getTime()) / 1000) : 0;
  return [
    `${sessionCookieName(secure)}=${session?.token ?? ''}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
