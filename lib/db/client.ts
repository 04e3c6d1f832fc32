import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';

/** What every repository function receives: the document client and the table it works on. */
export interface Db {
  readonly client: DynamoDBDocumentClient;
  /** the low-level client under `client`, for libraries that take one (Powertools idempotency) */
  readonly baseClient: DynamoDBClient;
  readonly tableName: string;
}

export function createDb(options: { endpoint?: string; tableName?: string } = {}): Db {
  const endpoint = options.endpoint ?? process.env.DYNAMODB_ENDPOINT;
  const base = new DynamoDBClient(
    endpoint
      ? {
          endpoint,
          region: process.env.AWS_REGION ?? 'local',
          // DynamoDB Local accepts any credentials; fixed ones keep local runs independent of ~/.aws.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {},
  );
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
