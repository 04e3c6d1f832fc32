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

/** What identifies a score (what the candidates view and the events carry): no summary, no criteria. */
export type ScoreIdentity = Pick<AiScore, 'overallScore' | 'scoredAt' | 'model'>;

export function scoreIdentity(score: AiScore): ScoreIdentity {
  return {
    overallScore: score.overallScore,
    ...(score.scoredAt === undefined ? {} : { scoredAt: score.scoredAt }),
    ...(score.model === undefined ? {} : { model: score.model }),
  };
}
