/** Which model produced a score, as the product names it. */
export interface ScoreModel {
  id: string;
  version: string;
}

/**
 * One AI score as the product reported it: the number and what it said of where it came from (when,
 * which model, on what criteria, why). The service records it; it computes nothing.
 */
export interface AiScore {
  overallScore: number;
  /** ISO time in UTC */
  scoredAt?: string;
  model?: ScoreModel;
  criteria?: { name: string; score: number; weight?: number }[];
  summary?: string;
}

/** A score as stored: a bare number (written before provenance was recorded) or the score with it. */
export type StoredScore = number | AiScore;

export function asScore(stored: StoredScore): AiScore {
  return typeof stored === 'number' ? { overallScore: stored } : stored;
}

/** The order scores are kept and ranked in: highest first. */
export function byHighest(a: Pick<AiScore, 'overallScore'>, b: Pick<AiScore, 'overallScore'>) {
  return b.overallScore - a.overallScore;
}

/**
 * The order of scores by when they were given: newest first (UTC ISO times sort as text), every
 * undated score after the dated ones, in the order it had (a stable sort).
 */
export function byNewest(a: Pick<AiScore, 'scoredAt'>, b: Pick<AiScore, 'scoredAt'>): number {
  if (a.scoredAt === b.scoredAt) return 0;
  if (a.scoredAt === undefined) return 1;
  if (b.scoredAt === undefined) return -1;
  return a.scoredAt < b.scoredAt ? 1 : -1;
}

/** The newest of the scores as byNewest orders them (an undated one only when none is dated). */
export function newestScore<S extends Pick<AiScore, 'scoredAt'>>(
  scores: readonly S[],
): S | undefined {
  return [...scores].sort(byNewest)[0];
}

/** What identifies a score (what the candidates view and the events carry): no summary, no criteria. */
export type ScoreIdentity = Pick<AiScore, 'overallScore' | 'scoredAt' | 'model'>;

export function scoreIdentity(score: AiScore): ScoreIdentity {
  return {
    overallScore: score.overallScore,
    ...(score.scoredAt === undefined ? {} : { scoredAt: score.scoredAt }),
    ...(score.model === undefined ? {} : { model: score.model }),
  };
}

/**
 * Whether a score given at `scoredAt` predates its JD's last change of scoring inputs (`changedAt`,
 * undefined: never changed). A score without a time cannot be shown to be newer: once the inputs
 * changed, it counts as stale.
 */
export function isStale(
  scoredAt: string | null | undefined,
  changedAt: string | undefined,
): boolean {
  if (changedAt === undefined) return false;
  return scoredAt === null || scoredAt === undefined || scoredAt < changedAt;
}

/** A score as an answer shows it: whether it predates its JD's last change of scoring inputs. */
export function withStaleness<S extends Pick<AiScore, 'scoredAt'>>(
  score: S,
  changedAt: string | undefined,
): S & { stale: boolean } {
  return { ...score, stale: isStale(score.scoredAt, changedAt) };
}
