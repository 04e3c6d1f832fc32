/**
 * The data layer names a tenant's data by a space id, passed wherever a tenant id goes: `acme` is the
 * live data of tenant acme, `test:acme` its test space, which only its test keys reach. A ':' is in no
 * tenant id (ID_PATTERN), so no tenant, and no product event, can name a test space. (Apart from
 * ids.ts, so that every handler reads its caller's space without bundling the id generator.)
 */
const TEST_SPACE_MARK = 'test:';

/**
 * The id of a space: what the data layer partitions by and every read and write names (`acme`, or
 * `test:acme` for its test space). A string of its own type, so that a tenant's id (a key's, a product
 * event's) becomes a space only where it is decided which: liveSpaceOf, testSpaceOf, or the caller's
 * (lib/composition/caller.ts), never chosen by route code.
 */
declare const spaceBrand: unique symbol;
export type SpaceId = string & { readonly [spaceBrand]: true };

/**
 * A space id as a message or an internal event carries it (a webhook delivery message, a product
 * event applied to a test space): already decided, taken as it is.
 */
export function asSpaceId(written: string): SpaceId {
  return written as SpaceId;
}

/** The space of a tenant's live data: the tenant's id itself. */
export function liveSpaceOf(tenantId: string): SpaceId {
  return tenantId as SpaceId;
}

/** The spaces a key reaches: its tenant's live data, or its test space (lib/keys/format.ts spells them in keys). */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

export function testSpaceOf(tenantId: string): SpaceId {
  return `${TEST_SPACE_MARK}${tenantId}` as SpaceId;
}

/** The space a key of `mode` of the tenant reaches. */
export function spaceOf(tenantId: string, mode: KeyMode): SpaceId {
  return mode === 'test' ? testSpaceOf(tenantId) : liveSpaceOf(tenantId);
}

export function isTestSpace(spaceId: string): boolean {
  return spaceId.startsWith(TEST_SPACE_MARK);
}

/** The tenant a space belongs to (itself for live data). */
export function tenantOfSpace(spaceId: SpaceId): string {
  return isTestSpace(spaceId) ? spaceId.slice(TEST_SPACE_MARK.length) : spaceId;
}
