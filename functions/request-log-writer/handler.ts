import { sharedDb } from '../../lib/db/client.js';
import { logger } from '../../lib/observability/logger.js';
import {
  linesOfSubscription,
  type LogsSubscriptionEvent,
  requestsOfLogLines,
  writeRequestLog,
} from '../../lib/request-log/writer.js';

/**
 * A batch of an API function's log lines from its subscription filter: its request-log entries,
 * written. A failure throws, and Lambda invokes again (CloudWatch Logs invokes asynchronously).
 */
export const handler = async (event: LogsSubscriptionEvent): Promise<{ entries: number }> => {
  const entries = requestsOfLogLines(linesOfSubscription(event));
  const items = await writeRequestLog(sharedDb(), entries);
  logger.debug('Request log written', { entries: entries.length, items });
  return { entries: entries.length };
};
