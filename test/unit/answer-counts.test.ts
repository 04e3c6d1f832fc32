import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWER_COUNTS_EVERY_MS,
  ANSWER_COUNTS_MESSAGE,
  countAnswer,
} from '../../lib/observability/answer-counts.js';
import { countsLogger } from '../../lib/observability/logger.js';

/** The counts a release's canary reads (infra/rollout.ts): one line a minute, or at once after a 500. */
describe('the answers an instance counts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts a 503 as an answer and a 500 as a failure, and logs at once after a 500', () => {
    const lines = vi.spyOn(countsLogger, 'info').mockImplementation(() => undefined);
    const start = 1_000_000;

    countAnswer(200, false, start);
    countAnswer(503, false, start + 10);
    countAnswer(200, true, start + 20);
    const beforeAFailure = lines.mock.calls.length;
    countAnswer(500, false, start + 30);

    expect(beforeAFailure).toBe(0);
    expect(lines.mock.calls).toEqual([[ANSWER_COUNTS_MESSAGE, { answers: 4, failed: 1, slow: 1 }]]);
  });

  it('logs what a minute counted, then starts again', () => {
    const lines = vi.spyOn(countsLogger, 'info').mockImplementation(() => undefined);
    const start = 5_000_000;

    for (let i = 0; i < 10; i++) countAnswer(200, false, start + i);
    countAnswer(200, false, start + ANSWER_COUNTS_EVERY_MS);
    countAnswer(200, false, start + ANSWER_COUNTS_EVERY_MS + 1);

    expect(lines.mock.calls).toEqual([
      [ANSWER_COUNTS_MESSAGE, { answers: 11, failed: 0, slow: 0 }],
    ]);
  });
});
