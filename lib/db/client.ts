import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { DYNAMODB_CALL_LIMITS, tableName } from '../config.js';
import { traceAwsCalls } from '../observability/trace.js';
import { processWide } from '../process-wide.js';

/** What every repository function receives: the document client and the table it works on. */
export interface Db {
  readonly client: DynamoDBDocumentClient;
  /** the low-level client under `client` (its middleware stack is also the document client's) */
  readonly baseClient: DynamoDBClient;
  readonly tableName: string;
}

export { DYNAMODB_CALL_LIMITS };

/**
 * The SDK's back-off before each retry, capped (DYNAMODB_CALL_LIMITS.maxBackoffMs) so that the longest
 * a call can take is known: "full jitter", a random wait up to 50 ms × 2^attempt. A throttled call
 * gives up sooner than with the SDK's default (500 ms base): the client gets 503 with Retry-After.
 */
const cappedBackoff = new ConfiguredRetryStrategy(DYNAMODB_CALL_LIMITS.maxAttempts, (attempt) =>
  Math.floor(Math.random() * Math.min(DYNAMODB_CALL_LIMITS.maxBackoffMs, 50 * 2 ** attempt)),
);

/**
 * `timeouts` replace DYNAMODB_CALL_LIMITS' only where DynamoDB Local must be given longer than DynamoDB
 * needs: Local is CPU-bound on the machine's own cores (the benchmarks' 100,000-resume scans, the test
 * suite's concurrent writers). The outage tests hold the deployed limits.
 */
export function createDb(
  options: {
    endpoint?: string | undefined;
    tableName?: string;
    timeouts?: { connectionTimeoutMs?: number; requestTimeoutMs?: number };
  } = {},
): Db {
  const endpoint = options.endpoint ?? process.env.DYNAMODB_ENDPOINT;
  const base = traceAwsCalls(
    new DynamoDBClient({
      retryStrategy: cappedBackoff,
      requestHandler: {
        connectionTimeout:
          options.timeouts?.connectionTimeoutMs ?? DYNAMODB_CALL_LIMITS.connectionTimeoutMs,
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
    }),
  );
  return {
    client: DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } }),
    baseClient: base,
    tableName: options.tableName ?? tableName(),
  };
}

/** The process-wide Db (a warm Lambda reuses its connections); tests and the local server point handlers at another. */
const db = /* @__PURE__ */ processWide(() => createDb());
export const sharedDb = () => db.get();
export const setSharedDb = (replacement: Db | undefined) => db.set(replacement);
