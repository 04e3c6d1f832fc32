/**
 * Field length limits: part of the contract (docs/api.md), and what keeps every item well inside
 * DynamoDB's 400 KB item limit. Plain numbers, so that code checking them bundles no schema library.
 */
export const LIMITS = {
  title: 200,
  shortText: 200,
  createdById: 128,
  longText: 100_000,
  keyName: 100,
  search: 200,
  /** An e-mail address in a query (RFC 5321's 254 for a path, with room for a longer local part). */
  email: 320,
  cursor: 512,
  bodyBytes: 256 * 1024,
  /** JDs one POST /jds/batch upserts. */
  batchItems: 100,
  /**
   * A POST /jds/batch body. API Gateway hands the body to Lambda inside a JSON event, where escaping
   * can double it (every quote and backslash of the text is escaped again), and Lambda takes 6 MB:
   * 2.5 MiB keeps the worst case under, with room for the headers. A batch of 100 JDs of 25 KB each fits.
   */
  batchBodyBytes: 2.5 * 1024 * 1024,
  /**
   * Levels of arrays and objects a body may nest: twice what DynamoDB stores (32), which a product
   * event's data already reaches inside POST /test/product-events' envelope of three.
   */
  bodyNesting: 64,
  /**
   * A JD's fields together as JSON (UTF-8 bytes): what one POST /jds can send. Each PATCH is bounded by
   * the body limit alone, so without this two of them could grow a JD past DynamoDB's 400 KB item; at
   * it, the JD's body item and the answer to PATCH (its idempotency record) stay far under.
   */
  jdBytes: 256 * 1024,
  /**
   * A resume's metadata as JSON (UTF-8 bytes). The resume item holds it and its list summary (skills and
   * experience, a second copy of part of it): 2 × 128 KB keeps the item well under 400 KB.
   */
  metadataBytes: 128 * 1024,
  /**
   * The most applications a candidate shows in GET /candidates (`applicationsHasMore` says when it has
   * more). A candidate's applications are unbounded (the scale envelope has 2,000, each with 100 scores
   * whose model names alone may be 200 characters): the entry must stay far inside one answer, and its
   * reads bounded, whatever the candidate holds. At the bounds, 100 applications are ~2.7 MB of JSON.
   */
  candidateApplications: 100,
  /** AI scores of one application (the scale envelope's 100). */
  scoresPerApplication: 100,
  /** A score's provenance (docs/api.md, "AI score provenance"): its summary, criteria, and model name and version. */
  scoreSummary: 1_000,
  criteriaPerScore: 20,
  /** Reviews of one application (append-only: a correction is a new review). */
  reviewsPerApplication: 50,
  /** A review's rationale, and the reviewer's id (the integrator's own, opaque). */
  reviewRationale: 2_000,
  reviewer: 128,
  criterionName: 100,
  /**
   * Product events one POST /test/product-events applies, one after the other: at the bounds of a JD
   * or a resume each takes a few writes, and all must be done within the function's 10 s.
   */
  simulatedEvents: 50,
  modelField: 100,
  /**
   * An application's scores with their provenance, as JSON (UTF-8 bytes): held by the application item
   * and, without summaries and criteria, by its copy under the resume; 96 KB keeps both well under 400 KB.
   */
  scoresBytes: 96 * 1024,
  /** What the service writes itself: an error's message and each detail, a webhook's disabled reason, a delivery's error. */
  message: 1_000,
  /** Field problems one 400 names (the rest are left out: fixing these shows the next). */
  fieldProblems: 20,
} as const;

/** An AI score, a criterion's score and its weight: a number from 0 to 100, wherever one is taken or shown. */
export const SCORE_RANGE = { min: 0, max: 100 } as const;

export function isScore(value: number): boolean {
  return Number.isFinite(value) && value >= SCORE_RANGE.min && value <= SCORE_RANGE.max;
}

/** `text` cut to `max` characters (what the service writes itself and may echo, bounded as the contract says). */
export function clip(text: string, max: number = LIMITS.message): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
