/**
 * What must never appear in a log: an API key's plaintext, a SHA-256 hex digest (how key hashes are
 * stored), or a webhook signing secret.
 */
const SECRET_PATTERNS = [
  /hk_(?:live|test)_[0-9A-Za-z]{33}/g,
  /\b[0-9a-f]{64}\b/g,
  /whsec_[A-Za-z0-9+/=]{20,}/g,
];

export function secretsIn(text: string): string[] {
  return SECRET_PATTERNS.flatMap((pattern) => text.match(pattern) ?? []);
}
