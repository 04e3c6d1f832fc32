import { Logger } from '@aws-lambda-powertools/logger';
import type { LoggedRequest } from './model.js';

/** The message of a request-log line: what the subscription filter (infra) and the writer select. */
export const REQUEST_LOG_MESSAGE = 'Request log';

/**
 * Its own logger, at INFO whatever LOG_LEVEL a stage sets (a quieter stage must not empty the log),
 * with no keys but the line's own: every byte of it is ingested once per request.
 */
const requestLogger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'hiring-api',
  logLevel: 'INFO',
});

type LineSink = (line: string) => void;
let localSink: LineSink | undefined;

/**
 * The local stack's stand-in for the subscription: every line, as the logger would write it, handed to
 * `sink` (scripts/local/request-log.ts batches them to the same parser and writer as the Lambda's).
 * Nothing registers one in Lambda.
 */
export function onRequestLogLines(sink: LineSink | undefined): void {
  localSink = sink;
}

/** One request's entry, logged after its answer is made (never awaited on the way to it). */
export function logRequest(request: LoggedRequest): void {
  // Locally the sink is CloudWatch Logs: the line goes to it, not to the terminal as well.
  if (localSink) localSink(JSON.stringify({ message: REQUEST_LOG_MESSAGE, requestLog: request }));
  else requestLogger.info(REQUEST_LOG_MESSAGE, { requestLog: request });
}
