import { describe, expect, it } from 'vitest';
import { FUNCTION_TIMEOUT_MS } from '../../lib/config.js';
import {
  backOffMs,
  conflictBackOffMs,
  OPTIMISTIC_ATTEMPTS,
  TRANSACTION_ATTEMPTS,
} from '../../lib/db/dynamo.js';
import { UPSERT_ATTEMPTS, UPSERT_RETRY_WINDOW_MS } from '../../lib/jds/upsert.js';

/** What one call answered as a lost race or a conflict may take at most on a busy table (DynamoDB answers in ms). */
const CONFLICT_ANSWER_MS = 50;

const sum = (count: number, term: (attempt: number) => number) =>
  Array.from({ length: count }, (_, i) => term(i + 1)).reduce((a, b) => a + b, 0);

describe('the nested retry loops of an upsert (PUT /jds/by-external-id)', () => {
  it('answer inside the function’s timeout at worst: each loop at its last attempt, every back-off at its longest', () => {
    // One optimistic attempt: its read, then its write's transactions, each a conflict, with their back-offs.
    const transactions =
      TRANSACTION_ATTEMPTS * CONFLICT_ANSWER_MS +
      sum(TRANSACTION_ATTEMPTS - 1, (a) => conflictBackOffMs(a, 1));
    const optimisticAttempt = CONFLICT_ANSWER_MS + transactions;
    const oneUpsertAttempt =
      OPTIMISTIC_ATTEMPTS * optimisticAttempt +
      sum(OPTIMISTIC_ATTEMPTS - 1, (a) => backOffMs(a, 1));

    expect(UPSERT_ATTEMPTS * OPTIMISTIC_ATTEMPTS * TRANSACTION_ATTEMPTS).toBe(96);
    // Unbounded as a whole, three such attempts would pass the timeout.
    expect(UPSERT_ATTEMPTS * oneUpsertAttempt).toBeGreaterThan(FUNCTION_TIMEOUT_MS);
    // No attempt starts past the window: the last one ends in time.
    expect(UPSERT_RETRY_WINDOW_MS + oneUpsertAttempt).toBeLessThan(FUNCTION_TIMEOUT_MS);
  });
});
