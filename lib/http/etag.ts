import { PreconditionFailedError } from '../errors.js';

/**
 * ETags and If-Match (RFC 9110) for resources with a version: the ETag is the version, quoted; every
 * change raises it. A write given If-Match goes ahead only over the version it names.
 */
export const etagOf = (version: number) => `"${version}"`;

/** Whether an If-Match header lets a write go over `version`: absent, `*`, or a list naming its ETag. */
export function ifMatchAllows(header: string | undefined, version: number): boolean {
  if (header === undefined) return true;
  const tags = header.split(',').map((tag) => tag.trim());
  return tags.includes('*') || tags.includes(etagOf(version));
}

/** Refuses a write whose If-Match names another version of `what` than the stored one (412). */
export function requireIfMatch(header: string | undefined, version: number, what: string): void {
  if (ifMatchAllows(header, version)) return;
  throw new PreconditionFailedError(
    `If-Match ${header} is not the ${what}'s current version (ETag ${etagOf(version)}): read it again, then decide`,
  );
}
