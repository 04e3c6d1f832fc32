import { UnsupportedVersionError } from '../errors.js';
import { processWide } from '../process-wide.js';
import { FIRST_VERSION } from './first.js';
import { API_VERSIONS, type ApiVersion, type Shape } from './table.js';
import { ownEntry } from '../objects.js';

/** The request header that names a version, and the answer header that says which one served it. */
export const VERSION_HEADER = 'Hiring-Version';
/** The same, as API Gateway hands request headers over (lower-cased). */
export const VERSION_REQUEST_HEADER = 'hiring-version';

const table = /* @__PURE__ */ processWide((): readonly ApiVersion[] => API_VERSIONS);
/** The versions served, oldest first. */
export const apiVersions = () => table.get();
/** Tests declare versions of their own here (undefined: the real table again). */
export const setApiVersions = (versions: readonly ApiVersion[] | undefined) => table.set(versions);

/** The version new keys and endpoints are pinned to. */
export const currentVersion = (): string => (apiVersions().at(-1) as ApiVersion).version;
/** The oldest version served. */
const oldestVersion = (): string => (apiVersions()[0] as ApiVersion).version;

export const isServedVersion = (version: string): boolean =>
  apiVersions().some((declared) => declared.version === version);

/**
 * The version to name on an answer refused before the request's own version was checked (401, 403,
 * 429, 503): the one it asked for when served, else its key's, else the current one.
 */
export function preferredVersion(
  requested: string | undefined,
  key: { apiVersion?: string | undefined } | undefined,
): string {
  if (requested !== undefined && isServedVersion(requested)) return requested;
  return key ? servedVersion(undefined, key.apiVersion) : currentVersion();
}

/**
 * The version a request is served with: the one its `Hiring-Version` names (refused when none such is
 * served), else its key's (FIRST_VERSION for keys made before versions). A key pinned to a version no
 * longer served gets the nearest served one (the oldest, or the newest when this deployment predates
 * the pin): its answers' `Hiring-Version` says so.
 */
export function servedVersion(requested: string | undefined, pinned: string | undefined): string {
  if (requested !== undefined) {
    if (!isServedVersion(requested))
      throw new UnsupportedVersionError(
        requested,
        apiVersions().map((declared) => declared.version),
      );
    return requested;
  }
  const pin = pinned ?? FIRST_VERSION;
  if (isServedVersion(pin)) return pin;
  return pin > currentVersion() ? currentVersion() : oldestVersion();
}

function indexOf(version: string): number {
  const index = apiVersions().findIndex((declared) => declared.version === version);
  // Every version reaching here was resolved by servedVersion: another is a wiring bug.
  if (index === -1) throw new Error(`API version ${version} is not served`);
  return index;
}

/** The versions whose changes take `from`'s shapes back to `to`'s, newest first (none when to ≥ from). */
function changesDown(from: string, to: string): ApiVersion[] {
  return apiVersions().slice(indexOf(to), indexOf(from)).reverse();
}

/** An event as `version` shapes it (GET /events, webhook deliveries), from the newest shape. */
export function shapeEvent<E extends { type: string }>(version: string, event: E): E {
  let shaped: Shape = event;
  for (const declared of changesDown(currentVersion(), version)) {
    // By the type it has at this step: a version may rename types too.
    const events = declared.changes?.events;
    const change = events && ownEntry(events, shaped.type as string);
    if (change) shaped = change(shaped);
  }
  return shaped as E;
}

/** The routes that answer events (a route id of lib/composition's table). */
const EVENT_ROUTES = new Set<string>(['listEvents', 'getEvent']);

/**
 * A success answer of `routeId` as `version` shapes it, the events it carries included, from the shapes
 * of `from` (the newest, unless it was recorded earlier: an idempotent replay). An answer recorded in a
 * version older than the one asked for cannot be made newer: it is served as recorded, and `served`
 * says in which version.
 */
export function shapeAnswer(
  version: string,
  routeId: string,
  answer: Shape,
  from = currentVersion(),
): { answer: Shape; served: string } {
  if (indexOf(from) <= indexOf(version)) return { answer, served: from };
  let shaped = answer;
  if (EVENT_ROUTES.has(routeId)) {
    const data = shaped.data as { type: string } | { type: string }[];
    shaped = {
      ...shaped,
      data: Array.isArray(data)
        ? data.map((event) => shapeEvent(version, event))
        : shapeEvent(version, data),
    };
  }
  for (const declared of changesDown(from, version)) {
    const answers = declared.changes?.answers;
    const change = answers && ownEntry(answers, routeId);
    if (change) shaped = change(shaped);
  }
  return { answer: shaped, served: version };
}

/** A request body sent in `version`'s shape, made the newest shape (what the handlers read). */
export function upgradeRequest(version: string, routeId: string, body: unknown): unknown {
  let upgraded = body;
  for (const declared of changesDown(currentVersion(), version).reverse()) {
    const requests = declared.changes?.requests;
    const change = requests && ownEntry(requests, routeId);
    if (change) upgraded = change(upgraded);
  }
  return upgraded;
}

/**
 * What every answer says of its version: `Hiring-Version`, and for a deprecated one `Deprecation`
 * (RFC 9745), `Sunset` (RFC 8594) and a `Link` to the migration notes.
 */
export function versionHeaders(version: string): Record<string, string> {
  const deprecation = apiVersions().find((declared) => declared.version === version)?.deprecation;
  return {
    [VERSION_HEADER]: version,
    ...(deprecation
      ? {
          Deprecation: `@${Math.floor(Date.parse(deprecation.at) / 1000)}`,
          Sunset: new Date(deprecation.sunset).toUTCString(),
          Link: `<${deprecation.notes}>; rel="deprecation"; type="text/html"`,
        }
      : {}),
  };
}
