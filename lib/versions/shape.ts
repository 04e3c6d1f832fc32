import { UnsupportedVersionError } from '../errors.js';
import type { EventType } from '../events/types.js';
import type { RouteId } from '../http/routes.js';
import { processWide } from '../process-wide.js';
import { FIRST_VERSION } from './first.js';
import { API_VERSIONS, type ApiVersion, type Shape } from './table.js';

/** The request header that names a version, and the answer header that says which one served it. */
export const VERSION_HEADER = 'Hiring-Version';

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

/** The versions whose changes take the newest shape back to `version`'s, newest first. */
function changesDownTo(version: string): ApiVersion[] {
  const versions = apiVersions();
  const index = versions.findIndex((declared) => declared.version === version);
  return versions.slice(Math.max(index, 0), -1).reverse();
}

/** An event as `version` shapes it (GET /events, webhook deliveries). */
export function shapeEvent<E extends { type: string }>(version: string, event: E): E {
  let shaped: Shape = event;
  for (const declared of changesDownTo(version)) {
    const change = declared.changes?.events?.[event.type as EventType];
    if (change) shaped = change(shaped);
  }
  return shaped as E;
}

const EVENT_ROUTES = new Set<RouteId>(['listEvents', 'getEvent']);

/** A success answer of `routeId` as `version` shapes it, the events it carries included. */
export function shapeAnswer(version: string, routeId: RouteId, answer: Shape): Shape {
  const chain = changesDownTo(version);
  if (chain.length === 0) return answer;
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
  for (const declared of chain) {
    const change = declared.changes?.answers?.[routeId];
    if (change) shaped = change(shaped);
  }
  return shaped;
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
