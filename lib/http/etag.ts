import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import { PreconditionFailedError } from '../errors.js';

/**
 * ETags (RFC 9110) of single-resource reads, If-None-Match on them, and If-Match on writes. A resource
 * with a version (a JD) has its version as ETag, quoted: every change to what its read shows raises it,
 * and a write given If-Match goes ahead only over the version it names. Any other resource's ETag is a
 * digest of the answer, weak (`W/`) because a gzip-compressed answer carries the same tag.
 */
export const etagOf = (version: number) => `"${version}"`;

/**
 * A weak ETag of an answer: 128 bits of the SHA-256 of its canonical JSON (RFC 8785: keys sorted), so
 * that the same content has the same tag in whatever order its keys came (DynamoDB keeps no order in
 * a map, and a create's answer is built in another order than a read's).
 */
export const digestEtag = (answer: unknown) =>
  `W/"${createHash('sha256')
    .update(canonicalize(answer) ?? '')
    .digest('base64url')
    .slice(0, 22)}"`;

/** The tags of an If-None-Match or If-Match header, each as written (`W/"…"`, `"…"` or `*`). */
const tagsOf = (header: string) =>
  header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/** Without its weakness mark: weak comparison (RFC 9110 8.8.3.2) compares what is left. */
const opaque = (tag: string) => tag.replace(/^W\//, '');

/**
 * Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 13.1.2 asks) or is `*`:
 * the client holds the current representation, and a read answers 304.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return tagsOf(header).some((tag) => tag === '*' || opaque(tag) === opaque(etag));
}

/** Whether an If-Match header lets a write go over `version`: absent, `*`, or a list naming its ETag. */
export function ifMatchAllows(header: string | undefined, version: number): boolean {
  if (header === undefined) return true;
  const tags = tagsOf(header);
  return tags.includes('*') || tags.includes(etagOf(version));
}

/** Refuses a write whose If-Match names another version of `what` than the stored one (412). */
export function requireIfMatch(header: string | undefined, version: number, what: string): void {
  if (ifMatchAllows(header, version)) return;
  throw new PreconditionFailedError(
    `If-Match ${header} is not the ${what}'s current version (ETag ${etagOf(version)}): read it again, then decide`,
  );
}
