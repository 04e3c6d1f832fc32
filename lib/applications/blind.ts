import type * as z from 'zod/mini';
import type { matchEntry } from './responses.js';
import type { aiScore, review } from '../matching/responses.js';

/**
 * What a blind key (lib/composition/blind.ts) is shown of applications, scores and reviews: every
 * number, criterion and decision, and no text that can say who the candidate is.
 */

/** A match without the candidate's name and e-mail (null, as for a resume that gave none). */
export function blindMatch(entry: z.output<typeof matchEntry>): z.output<typeof matchEntry> {
  return { ...entry, candidate: null, email: null };
}

/** A score without its summary: prose the product's model wrote about the candidate, often by name. */
export function blindScore({
  summary: _summary,
  ...score
}: z.output<typeof aiScore>): z.output<typeof aiScore> {
  return score;
}

/**
 * A review; a sighted one without its rationale, written by a person who saw who the candidate is.
 * A blind review's rationale was written without it, and stays.
 */
export function blindReview<T extends z.output<typeof review>>(entry: T): T {
  return entry.blind ? entry : { ...entry, rationale: null };
}

/** An application (or an exported one) with its scores and reviews seen blind. */
export function blindApplication<
  T extends { aiScores: z.output<typeof aiScore>[]; reviews: z.output<typeof review>[] },
>(application: T): T {
  return {
    ...application,
    aiScores: application.aiScores.map(blindScore),
    reviews: application.reviews.map(blindReview),
  };
}
