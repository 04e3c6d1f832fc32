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
} as const;
