import { fieldError } from '../errors.js';

/**
 * Every text the service takes, from an integrator's body or from the product (events, import files),
 * must be well-formed Unicode: no lone surrogate (a JSON escape like "\ud800" with no partner), which
 * strict JSON parsers refuse in what the service would later serve, and no U+FFFD, which is what bytes
 * that were not UTF-8 become when something on the way decoded them leniently. Nothing is stored
 * corrupted: such text is refused, not replaced.
 */
const REPLACEMENT_CHARACTER = '\uFFFD';

/** Throws InvalidInputError naming the first string (value or key) under `root` that is not well-formed. */
export function refuseMalformedText(value: unknown, root: string): void {
  const pending: { value: unknown; path: string }[] = [{ value, path: root }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const check = (text: string, path: string) => {
      if (!text.isWellFormed())
        throw fieldError(path, 'unicode', 'contains a lone surrogate (not valid Unicode text)');
      if (text.includes(REPLACEMENT_CHARACTER))
        throw fieldError(path, 'unicode', 'is not valid UTF-8 (it contains U+FFFD)');
    };
    if (typeof next.value === 'string') check(next.value, next.path);
    else if (next.value && typeof next.value === 'object') {
      for (const [key, inner] of Object.entries(next.value)) {
        // The path is quoted in the answer: a malformed key is shown with U+FFFD in place of its lone surrogate.
        const path = `${next.path === root ? '' : `${next.path}.`}${key.toWellFormed()}`;
        check(key, path);
        pending.push({ value: inner, path });
      }
    }
  }
}
