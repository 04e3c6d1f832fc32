import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Key format: `hk_live_` (or `hk_test_` for a test key) + 27 base62 characters (160 random bits) + 6
 * base62 characters of CRC32 over the prefix and the random part. The checksum lets the authorizer
 * refuse a mistyped or made-up key without a database read; it is not a secret and adds no security.
 * The prefix tells a reader which data the key reaches; what the authorizer trusts is the mode stored
 * with the key, which the prefix only repeats.
 */
import { KEY_MODES, type KeyMode } from '../db/spaces.js';

export { KEY_MODES, type KeyMode };

export const KEY_PREFIXES = { live: 'hk_live_', test: 'hk_test_' } as const satisfies Record<
  KeyMode,
  string
>;
/** The live prefix, which every key made before test mode carries. */
export const KEY_PREFIX = KEY_PREFIXES.live;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 27; // 62^27 > 2^160
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32
export const KEY_PATTERN = new RegExp(
  `^hk_(?:live|test)_[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`,
);

function toBase62(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out;
}

function checksum(body: string): string {
  return toBase62(BigInt(crc32(body)), CHECKSUM_LENGTH);
}

export function generateApiKey(mode: KeyMode = 'live'): string {
  const random = BigInt(`0x${randomBytes(20).toString('hex')}`);
  const body = KEY_PREFIXES[mode] + toBase62(random, RANDOM_LENGTH);
  return body + checksum(body);
}

/** Shape and checksum only; says nothing about whether the key exists. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  return checksum(body) === key.slice(-CHECKSUM_LENGTH);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
