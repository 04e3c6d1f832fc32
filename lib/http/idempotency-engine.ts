import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import type { Db } from '../db/client.js';
import { KEY_ATTRIBUTES, PARTITION_PREFIXES, TTL_ATTRIBUTE } from '../db/table.js';
import { ApiError } from '../errors.js';

/**
 * The Powertools side of lib/http/idempotency.ts. (Importing it lazily was measured: esbuild's CJS
 * lazy-init wrappers then defeat tree-shaking and the bundle grows by 50 KB, so it is static.)
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

const stores = new WeakMap<Db, Map<string, DynamoDBPersistenceLayer>>();

function storeFor(db: Db, operation: string): DynamoDBPersistenceLayer {
  let byOperation = stores.get(db);
  if (!byOperation) stores.set(db, (byOperation = new Map()));
  let store = byOperation.get(operation);
  if (!store) {
    store = new DynamoDBPersistenceLayer({
      tableName: db.tableName,
      awsSdkV3Client: db.baseClient,
      keyAttr: KEY_ATTRIBUTES.partitionKey,
      sortKeyAttr: KEY_ATTRIBUTES.sortKey,
      staticPkValue: `${PARTITION_PREFIXES.idempotency}${operation}`,
      expiryAttr: TTL_ATTRIBUTE,
    });
    byOperation.set(operation, store);
  }
  return store;
}

export interface IdempotentCall<T> {
  db: Db;
  operation: string;
  identity: { tenantId: string; keyId: string; key: string };
  body: unknown;
  context: Context;
  run: () => Promise<T>;
  redact: (result: T) => T;
}

export async function runIdempotent<T>(call: IdempotentCall<T>): Promise<T> {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: '[tenantId, keyId, key]',
    payloadValidationJmesPath: 'body',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    throwOnNoIdempotencyKey: true,
  });
  config.registerLambdaContext(call.context);
  let fresh: T | undefined;
  const once = makeIdempotent(
    async (_input: { tenantId: string; keyId: string; key: string; body: unknown }) => {
      fresh = await call.run();
      // What is stored is plain JSON: undefined fields (a redacted secret) are dropped, not marshalled.
      return JSON.parse(JSON.stringify(call.redact(fresh))) as T;
    },
    { persistenceStore: storeFor(call.db, call.operation), config },
  );
  try {
    const stored = await once({ ...call.identity, body: call.body });
    return fresh ?? stored;
  } catch (error) {
    if (error instanceof IdempotencyValidationError) {
      throw new ApiError(422, 'Idempotency-Key was already used with a different request body');
    }
    if (error instanceof IdempotencyAlreadyInProgressError) {
      throw new ApiError(409, 'A request with this Idempotency-Key is still in progress; retry shortly', {
        headers: { 'Retry-After': '1' },
      });
    }
    throw error;
  }
}
