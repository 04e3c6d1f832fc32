import type { EventType } from '../events/types.js';
import { FIRST_VERSION } from './first.js';

/**
 * The API's dated versions (docs/api.md, "Compatibility and versions"). Each key is pinned to the
 * version current when it was made; a request may name another with `Hiring-Version`. The code always
 * builds the newest shape; an older version is that shape taken back, one declared change at a time.
 */
export type Shape = Record<string, unknown>;

/**
 * What an older version undoes of its next newer one: its answers and events, from that one's shapes
 * to its own; and its requests' bodies, from its own shape to that one's (so the handlers only ever
 * read the newest).
 */
/**
 * Routes are named by their id in lib/composition's route table (a test holds every name to it: the
 * versions are read by resources, so they do not import the table that imports the resources).
 */
export interface VersionChanges {
  answers?: Partial<Record<string, (answer: Shape) => Shape>>;
  /** by the type the event has at this step: a later version may have renamed it */
  events?: Partial<Record<EventType | (string & {}), (event: Shape) => Shape>>;
  requests?: Partial<Record<string, (body: unknown) => unknown>>;
}

export interface ApiVersion {
  /** the date it was released (YYYY-MM-DD): what `Hiring-Version` names */
  version: string;
  /** what it changed, in one sentence: the changelog's and the migration notes' heading */
  summary: string;
  /** how it differs from the next newer version, as transformations from that version's shapes */
  changes?: VersionChanges;
  /** set when a newer version replaces it: its answers then carry Deprecation, Sunset and Link */
  deprecation?: {
    /** when it was deprecated (an instant) */
    at: string;
    /** when it may stop being served (an instant; at least 12 months after `at`) */
    sunset: string;
    /** the migration notes (a URL) */
    notes: string;
  };
}

/**
 * Oldest first; the last is current (new keys are pinned to it). To release a breaking change: add the
 * new version at the end, give the version before it the `changes` that take the new shapes back to
 * its own and a `deprecation`, and describe both in docs/changelog.md (`npm run release`).
 */
export const API_VERSIONS: readonly ApiVersion[] = [
  {
    version: FIRST_VERSION,
    summary: 'The first dated version: every route, field, event and error code as released then.',
  },
];
