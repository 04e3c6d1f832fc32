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
  cursor: 512,
  bodyBytes: 256 * 1024,
  /**
   * A resume's metadata as JSON (UTF-8 bytes). The resume item holds it and its list summary (skills and
   * experience, a second copy of part of it): 2 × 128 KB keeps the item well under 400 KB.
   */
  metadataBytes: 128 * 1024,
  /** AI scores of one application (the scale envelope's 100). */
  scoresPerApplication: 100,
} as const;
