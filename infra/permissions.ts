import type { IndexName } from '../lib/db/table.js';
import type { RouteId } from '../lib/http/routes.js';

/**
 * What each function may do on the table: the DynamoDB actions its code sends on the table itself,
 * and the indexes it queries (Query only), nothing more. Transactions are authorised per item action
 * (PutItem, UpdateItem). Typed by RouteId: a new route cannot ship without its entry.
 */
export type DynamoDbAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

export interface TableAccess {
  /** actions on the table's own items */
  table: readonly DynamoDbAction[];
  /** indexes it runs Query on */
  indexes: readonly IndexName[];
}

export const ROUTE_ACCESS = {
  listJds: { table: ['GetItem'], indexes: ['list', 'listKeys', 'status', 'statusKeys'] },
  getJd: { table: ['Query'], indexes: [] },
  // GetItem and DeleteItem: Idempotency-Key records (a failed request deletes its in-progress record).
  createJd: { table: ['PutItem', 'UpdateItem', 'GetItem', 'DeleteItem'], indexes: [] },
  listResumes: { table: ['GetItem'], indexes: ['list', 'listKeys'] },
  getResume: { table: ['GetItem'], indexes: [] },
  listMatches: { table: ['GetItem'], indexes: ['matches'] },
  listCandidates: { table: ['GetItem', 'BatchGetItem'], indexes: ['list', 'listKeys'] },
  createKey: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: [] },
  listKeys: { table: ['Query', 'BatchGetItem'], indexes: [] },
  revokeKey: { table: ['GetItem', 'UpdateItem'], indexes: [] },
  whoami: { table: [], indexes: [] },
} as const satisfies Record<RouteId, TableAccess>;

/** The authorizer: one conditional UpdateItem on the key lookup, one on the per-IP counter. */
export const AUTHORIZER_ACCESS: TableAccess = { table: ['UpdateItem'], indexes: [] };
