/**
 * The data layer names a tenant's data by a space id, passed wherever a tenant id goes: `acme` is the
 * live data of tenant acme, `test:acme` its test space, which only its test keys reach. A ':' is in no
 * tenant id (ID_PATTERN), so no tenant, and no product event, can name a test space. (Apart from
 * ids.ts, so that every handler reads its caller's space without bundling the id generator.)
 */
const TEST_SPACE_MARK = 'test:';

/**
 * The id of a space: what the data layer partitions by and every read and write names (`acme`, or
 * `test:acme` for its test space). It is the caller's, never chosen by route code
 * (lib/composition/caller.ts), and a product event's tenant id is its live space.
 */
export type SpaceId = string;

/** The spaces a key reaches: its tenant's live data, or its test space (lib/keys/format.ts spells them in keys). */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

export function testSpaceOf(tenantId: string): string {
  return `${TEST_SPACE_MARK}${tenantId}`;
}

export function isTestSpace(spaceId: string): boolean {
  return spaceId.startsWith(TEST_SPACE_MARK);
}

/** The tenant a space belongs to (itself for live data). */
export function tenantOfSpace(spaceId: string): string {
  return isTestSpace(spaceId) ? spaceId.slice(TEST_SPACE_MARK.length) : spaceId;
}
