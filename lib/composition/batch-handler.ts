import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { TransientError } from '../errors.js';
import { logger } from '../observability/logger.js';
import { callLog, withCallLog } from '../observability/trace.js';

/** The two event sources of the background functions, as Lambda hands them over. */
interface Sources {
  sqs: { event: SQSEvent; record: SQSRecord; response: SQSBatchResponse };
  stream: { event: DynamoDBStreamEvent; record: DynamoDBRecord; response: DynamoDBBatchResponse };
}

/** A record that took this long or longer is logged with its calls (an API answer's bound too). */
export const SLOW_RECORD_MS = 1_000;

/**
 * The handler of a function fed by a queue or the table's stream, what `apiHandler` is to the API: the
 * batch's records are processed concurrently, each on its own, and only the failed ones are reported
 * (Lambda then retries those: the queue redelivers them, the stream goes again from the first). Each
 * batch starts with `startBatch`, which returns what processes one record (state it holds, such as the
 * dispatcher's endpoint cache, lasts one batch). A record that fails is logged: an ERROR line, which is
 * what the function's canary counts (infra/rollout.ts: a reported item is no Lambda error), or a
 * warning for a transient fault (DynamoDB busy or out), which any release meets. These functions are
 * not traced by X-Ray (infra/api-function.ts says why): each record keeps a call log instead
 * (lib/observability/trace.ts), and one that fails or takes SLOW_RECORD_MS or more is logged with its
 * calls and their times, as an API function logs a slow or failed answer.
 */
export function batchHandler<S extends keyof Sources>(
  source: S,
  startBatch: () => (record: Sources[S]['record']) => Promise<unknown>,
) {
  const processor = new BatchProcessor(
    source === 'sqs' ? EventType.SQS : EventType.DynamoDBStreams,
  );
  return middy<Sources[S]['event'], Sources[S]['response'], Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler((event, context) => {
      const processRecord = startBatch();
      const logged = (record: Sources[S]['record']) =>
        withCallLog(async () => {
          try {
            const result = await processRecord(record);
            const log = callLog();
            if (log && log.elapsedMs >= SLOW_RECORD_MS)
              logger.warn('Slow batch item', { durationMs: log.elapsedMs, calls: log.calls });
            return result;
          } catch (error) {
            // lib/db turns DynamoDB's throttles, timeouts and outages into TransientError.
            const transient = error instanceof TransientError;
            const log = callLog();
            logger[transient ? 'warn' : 'error']('Batch item failed', {
              error: error as Error,
              ...(log ? { durationMs: log.elapsedMs, calls: log.calls } : {}),
            });
            throw error;
          }
        });
      return processPartialResponse(event, logged, processor, { context }) as Promise<
        Sources[S]['response']
      >;
    });
}
