import { countsLogger } from './logger.js';

/**
 * What a release's canary is judged on (infra/rollout.ts): how many answers this instance gave, how
 * many of them were 500s (a fault of the service: not a 503, which a DynamoDB event gives any release)
 * and how many were slow. Counted per warm instance and logged as one line a minute at most (and at
 * once after a 500, so that a bad release is seen within the minute): the lines grow with instances,
 * not requests, so counting every answer costs next to nothing. The logger adds the release.
 */
export const ANSWER_COUNTS_MESSAGE = 'Answers';
/** The longest an instance keeps counts before it logs them. */
export const ANSWER_COUNTS_EVERY_MS = 60_000;

const counts = { answers: 0, failed: 0, slow: 0, since: 0 };

/** Counts one answer of the API; logs the counts when they are a minute old, or after a 500. */
export function countAnswer(statusCode: number, slow: boolean, now = Date.now()): void {
  if (counts.answers === 0) counts.since = now;
  counts.answers += 1;
  if (statusCode === 500) counts.failed += 1;
  if (slow) counts.slow += 1;
  if (statusCode === 500 || now - counts.since >= ANSWER_COUNTS_EVERY_MS) {
    countsLogger.info(ANSWER_COUNTS_MESSAGE, {
      answers: counts.answers,
      failed: counts.failed,
      slow: counts.slow,
    });
    Object.assign(counts, { answers: 0, failed: 0, slow: 0, since: 0 });
  }
}
