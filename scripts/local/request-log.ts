import { gzipSync } from 'node:zlib';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { logger } from '../../lib/observability/logger.js';
import { onRequestLogLines } from '../../lib/request-log/line.js';
import type { LogsSubscriptionEvent } from '../../lib/request-log/writer.js';
import { lambdaContext, loadHandler } from './handlers.js';

/**
 * The local stack's CloudWatch Logs subscription: the functions' request-log lines, gathered for
 * LOCAL_REQUEST_LOG_BATCH_MS, then handed to the request-log writer's handler as CloudWatch Logs hands
 * them (gzip'd, base64'd, one batch), running as that function under its IAM policy.
 */
export const LOCAL_REQUEST_LOG_BATCH_MS = 1_000;

let pending: string[] = [];
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();

export function useLocalRequestLog(): void {
  onRequestLogLines((line) => {
    pending.push(line);
    timer ??= setTimeout(() => void flushLocalRequestLog(), LOCAL_REQUEST_LOG_BATCH_MS).unref();
  });
}

/** Writes what is pending now (the batch's timer does it; a test or a shutdown may not wait). */
export function flushLocalRequestLog(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const lines = pending;
  pending = [];
  if (lines.length === 0) return running;
  running = running.then(async () => {
    try {
      const writer = await loadHandler(BACKGROUND_FUNCTIONS.requestLogWriter);
      await writer(
        subscriptionEvent(lines),
        lambdaContext(BACKGROUND_FUNCTIONS.requestLogWriter, 'local'),
      );
    } catch (error) {
      logger.warn('The local request log could not write a batch', { error: error as Error });
    }
  });
  return running;
}

function subscriptionEvent(lines: string[]): LogsSubscriptionEvent {
  const now = Date.now();
  const batch = {
    messageType: 'DATA_MESSAGE',
    logGroup: 'local',
    logStream: 'local',
    subscriptionFilters: ['request-log'],
    logEvents: lines.map((message, index) => ({ id: String(index), timestamp: now, message })),
  };
  return { awslogs: { data: gzipSync(JSON.stringify(batch)).toString('base64') } };
}
