/**
 * The table's shape, written once. The CDK stack (infra/), the local server (scripts/start.ts) and the
 * integration harness (test/helpers) all build the table from this definition.
 *
 * Index design (see docs/data-model.md for the access patterns each one serves):
 * Every index is partitioned by the table's own `pk` (the tenant), and its sort key starts with what
 * the entry is ("J#" JD, "R#" resume, a status, a JD id), queried by that prefix (lib/db/ids.ts's
 * sortKeyUnder). Reusing `pk` keeps slim index entries small (pk, sk and one sort key), which is what
 * deep pages and searches read.
 * - `list` / `list-keys` share one key pair (pk, gsi1sk): `list` projects the resumes' list view and
 *   serves their pages; `list-keys` projects only keys plus the lower-cased file name, so skipping to
 *   a deep offset page and scanning for a file-name search read slim entries, never whole items. Because
 *   both use the same key attributes, a LastEvaluatedKey from `list-keys` is a valid ExclusiveStartKey
 *   for `list`. JD pages read `list-keys` and then the heads (lib/jds/store.ts), so that a field a JD
 *   lists needs no new index version: the JD attributes `list` still projects are read by nothing.
 * - `status-keys` orders JDs by status (pk, gsi2sk), for JD lists filtered by status, read the same way.
 * - `matches` orders each JD's applications by best AI score (pk, gsi3sk).
 * - `changes` orders JD heads, resumes, applications and their tombstones by when they last changed
 *   (pk, gsi4sk): the delta walks of the lists (JDs' again read from their heads).
 *
 * Projections cannot change in place, and DynamoDB holds a table to 20 projected attributes an index
 * and 100 over all its indexes, retiring ones included (test/infra/stack.test.ts): a field that grows
 * belongs on an item read through keys, not in another index version.
 */

export const KEY_ATTRIBUTES = { partitionKey: 'pk', sortKey: 'sk' } as const;

/**
 * What the table's partitions hold, by the prefix of their partition key: a tenant's data, its test
 * space's data (what its test keys read and write), the global lookup of an API key by its hash, a
 * client IP's request counts, and the long-polls waiting across tenants. IAM grants (infra/permissions.ts) name these prefixes in
 * `dynamodb:LeadingKeys` conditions, which is what keeps the product feed out of test spaces and the
 * test routes out of live data.
 */
export const PARTITION_PREFIXES = {
  tenant: 'TENANT#',
  testSpace: 'TEST#',
  keyHash: 'KEYHASH#',
  clientIp: 'IP#',
  /** the long-polls waiting across the service, a count a window (lib/events/wait-slots.ts) */
  waits: 'WAITS#',
  /** a console sign-in link, by its token's hash (lib/keys/console.ts) */
  consoleLink: 'CONSOLELINK#',
  /** a console session, by its token's hash */
  consoleSession: 'CONSOLESESSION#',
} as const;
export type PartitionKind = keyof typeof PARTITION_PREFIXES;
export const TTL_ATTRIBUTE = 'ttl';

/**
 * What the list indexes were made to project: a resume's list view (what GET /resumes and
 * /candidates read) and a JD's (read by nothing since JD pages read heads, and kept because a
 * projection changes only with a new index version); nothing that grows.
 */
const LIST_VIEW_ATTRIBUTES = [
  'id',
  'title',
  'status',
  'department',
  'location',
  'experience',
  'type',
  'salary',
  'createdAt',
  'updatedAt',
  'fileName',
  'parseStatus',
  'metadataSummary',
] as const;

/** What the list indexes project since they were versioned for JDs' external ids (`list-v2`, `status-v2`). */
const LIST_VIEW_V2_ATTRIBUTES = [...LIST_VIEW_ATTRIBUTES, 'externalId'] as const;

const MATCH_VIEW_ATTRIBUTES = [
  'id',
  'resumeId',
  'candidate',
  'email',
  'aiScore',
  'aiScoredAt',
  'aiModel',
  'status',
  'lastReview',
] as const;

/**
 * What a delta walk (lib/db/log/walk.ts) answers of each entry without reading the items: a resume's list
 * view, an application's entry, and a tombstone's id and time (only a tombstone has `deletedAt`); the
 * JD attributes are read by nothing since the JD walk reads heads. 20 attributes: the most an index
 * may project (CloudFormation's schema).
 */
const CHANGE_VIEW_ATTRIBUTES = [
  ...LIST_VIEW_ATTRIBUTES,
  'externalId',
  'jdId',
  'resumeId',
  'aiScore',
  'aiScoredAt',
  'aiModel',
  'deletedAt',
] as const;

export type Projection =
  | { type: 'KEYS_ONLY' }
  | { type: 'INCLUDE'; nonKeyAttributes: readonly string[] }
  | { type: 'ALL' };

export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly projection: Projection;
}

export const INDEXES = {
  // -v2: the projection gained externalId (a JD's entries of GET /jds name it).
  list: {
    name: 'list-v2',
    partitionKey: 'pk',
    sortKey: 'gsi1sk',
    projection: { type: 'INCLUDE', nonKeyAttributes: LIST_VIEW_V2_ATTRIBUTES },
  },
  listKeys: {
    name: 'list-keys',
    partitionKey: 'pk',
    sortKey: 'gsi1sk',
    projection: { type: 'INCLUDE', nonKeyAttributes: ['fileNameLower'] },
  },
  statusKeys: {
    name: 'status-keys',
    partitionKey: 'pk',
    sortKey: 'gsi2sk',
    projection: { type: 'KEYS_ONLY' },
  },
  // -v3: the projection gained lastReview (-v2: aiScoredAt and aiModel); an index's projection cannot
  // change in place.
  matches: {
    name: 'matches-v3',
    partitionKey: 'pk',
    sortKey: 'gsi3sk',
    projection: { type: 'INCLUDE', nonKeyAttributes: MATCH_VIEW_ATTRIBUTES },
  },
  // What changed after a time, per kind, in the order it changed: JD heads, resumes, applications and
  // their tombstones (lib/db/log/changes.ts).
  changes: {
    name: 'changes',
    partitionKey: 'pk',
    sortKey: 'gsi4sk',
    projection: { type: 'INCLUDE', nonKeyAttributes: CHANGE_VIEW_ATTRIBUTES },
  },
} as const satisfies Record<string, IndexDefinition>;

export type IndexName = keyof typeof INDEXES;

/**
 * Indexes on their way out: still on the released table, read by nothing, granted to nobody. DynamoDB
 * adds or removes one index per table update, so replacing one takes two deployments: the first adds
 * its successor and lists the old one here, the next removes it from here (docs/data-model.md,
 * "Changing an index"). None is listed now: the four that were (`list`, `status`, `status-v2`,
 * `matches-v2`) stood on no deployed table (no production stage was ever deployed), so they went at
 * once, with the record of the released stacks made again without them.
 */
export const RETIRED_INDEXES: readonly IndexDefinition[] = [];

/**
 * Every index a table has: the ones in use, and the retired ones it still has of `onTable` (the names
 * of its indexes as released). A table made today has no retired index: DynamoDB creates up to 20 at
 * once, and it is removing them from a table that takes one deployment each.
 */
export function tableIndexes(onTable: readonly string[] = []): IndexDefinition[] {
  return [
    ...Object.values(INDEXES),
    ...RETIRED_INDEXES.filter((index) => onTable.includes(index.name)),
  ];
}

/**
 * The table's stream: new images, which the webhook dispatcher reads (filtered to new events and webhook
 * requests, lib/composition/dispatcher.ts). Old images are not needed: nothing is dispatched on an update.
 */
export const STREAM_VIEW_TYPE = 'NEW_IMAGE' as const;

/** Every key attribute is a string. */
export function keyAttributeNames(): string[] {
  const names = new Set<string>([KEY_ATTRIBUTES.partitionKey, KEY_ATTRIBUTES.sortKey]);
  for (const index of tableIndexes()) {
    names.add(index.partitionKey);
    names.add(index.sortKey);
  }
  return [...names];
}

/** The CreateTable input for DynamoDB Local and tests (on-demand, like production). */
export function createTableInput(tableName: string) {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: STREAM_VIEW_TYPE },
    AttributeDefinitions: keyAttributeNames().map((name) => ({
      AttributeName: name,
      AttributeType: 'S' as const,
    })),
    KeySchema: [
      { AttributeName: KEY_ATTRIBUTES.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: KEY_ATTRIBUTES.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: tableIndexes().map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection:
        index.projection.type === 'INCLUDE'
          ? {
              ProjectionType: 'INCLUDE' as const,
              NonKeyAttributes: [...index.projection.nonKeyAttributes],
            }
          : { ProjectionType: index.projection.type },
    })),
  };
}
