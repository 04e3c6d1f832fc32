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
import { TransientError } from './errors.js';
import { logger } from './observability/logger.js';

/** The two event sources of the background functions, as Lambda hands them over. */
interface Sources {
  sqs: { event: SQSEvent; record: SQSRecord; response: SQSBatchResponse };
  stream: { event: DynamoDBStreamEvent; record: DynamoDBRecord; response: DynamoDBBatchResponse };
}

/**
 * The handler of a function fed by a queue or the table's stream, what `apiHandler` is to the API: the
 * batch's records are processed concurrently, each on its own, and only the failed ones are reported
 * (Lambda then retries those: the queue redelivers them, the stream goes again from the first). Each
 * batch starts with `startBatch`, which returns what processes one record (state it holds, such as the
 * dispatcher's endpoint cache, lasts one batch). A record that fails is logged: an ERROR line, which is
 * what the function's canary counts (infra/rollout.ts: a reported item is no Lambda error), or a
 * warning for a transient fault (DynamoDB busy or out), which any release meets.
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
      const logged = async (record: Sources[S]['record']) => {
        try {
          return await processRecord(record);
        } catch (error) {
          // lib/db turns DynamoDB's throttles, timeouts and outages into TransientError.
          const transient = error instanceof TransientError;
          logger[transient ? 'warn' : 'error']('Batch item failed', { error: error as Error });
          throw error;
        }
      };
      return processPartialResponse(event, logged, processor, { context }) as Promise<
        Sources[S]['response']
      >;
    });
}
