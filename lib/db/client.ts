import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';

/** What every repository function receives: the document client and the table it works on. */
export interface Db {
  readonly client: DynamoDBDocumentClient;
  /** the low-level client under `client` (its middleware stack is also the document client's) */
  readonly baseClient: DynamoDBClient;
  readonly tableName: string;
  /** when set, concurrent reads and transactions are sent in groups (lib/db/grouped-calls.ts) */
  readonly groups?: CallGroups;
}

type Key = { pk: string; sk: string };

/** Group commit of concurrent calls: each request keeps its own result and its own failure. */
export interface CallGroups {
  /** The items at `keys` (strongly consistent when asked), in the order of `keys`, missing ones left out. */
  read(keys: Key[], options: { consistent?: boolean | undefined }): Promise<Record<string, unknown>[]>;
  /** One transaction, all or nothing, as TransactWriteItems would apply it alone. */
  transact(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void>;
}

/**
 * How long one DynamoDB call may take, retries included. DynamoDB answers in milliseconds; a call
 * that has not connected in 1 s or answered in 2 s meets an outage, not a slow request. Three attempts
 * of at most 3 s each (plus the SDK's short back-off) end well inside the functions' 10 s timeout
 * (FUNCTION_TIMEOUT_MS), so an outage is answered 503 instead of the request hanging until Lambda kills
 * it. Without `throwOnRequestTimeout`, the SDK would only log a warning and keep waiting.
 */
export const DYNAMODB_CALL_LIMITS = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  maxAttempts: 3,
} as const;

/**
 * `timeouts` replace DYNAMODB_CALL_LIMITS' only where DynamoDB Local must be given longer than DynamoDB
 * needs: Local is CPU-bound on the machine's own cores (the benchmarks' 100,000-resume scans, the test
 * suite's concurrent writers). The outage tests hold the deployed limits.
 */
export function createDb(
  options: { endpoint?: string | undefined; tableName?: string; timeouts?: { connectionTimeoutMs?: number; requestTimeoutMs?: number } } = {},
): Db {
  const endpoint = options.endpoint ?? process.env.DYNAMODB_ENDPOINT;
  const base = new DynamoDBClient({
    maxAttempts: DYNAMODB_CALL_LIMITS.maxAttempts,
    requestHandler: {
      connectionTimeout: options.timeouts?.connectionTimeoutMs ?? DYNAMODB_CALL_LIMITS.connectionTimeoutMs,
      requestTimeout: options.timeouts?.requestTimeoutMs ?? DYNAMODB_CALL_LIMITS.requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
    ...(endpoint
      ? {
          endpoint,
          region: process.env.AWS_REGION ?? 'local',
          // DynamoDB Local accepts any credentials; fixed ones keep local runs independent of ~/.aws.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  return {
    client: DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } }),
    baseClient: base,
    tableName: options.tableName ?? tableName(),
  };
}

let shared: Db | undefined;

/** The process-wide Db, created on first use so a warm Lambda reuses its connections. */
export function sharedDb(): Db {
  shared ??= createDb();
  return shared;
}

/** Lets tests and the local server point handlers at another Db. */
export function setSharedDb(db: Db | undefined): void {
  shared = db;
}
