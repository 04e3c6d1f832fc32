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
 * dispatcher's endpoint cache, lasts one batch).
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
    .handler(
      (event, context) =>
        processPartialResponse(event, startBatch(), processor, { context }) as Promise<
          Sources[S]['response']
        >,
    );
}
