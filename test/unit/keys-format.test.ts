import { describe, expect, it } from 'vitest';
import {
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  KEY_PREFIX,
  KEY_PREFIXES,
} from '../../lib/keys/format.js';

describe('API key format', () => {
  it('generates prefixed keys with a valid checksum, all different', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);

    expect(
      keys.every((key) => key.startsWith(KEY_PREFIX) && key.length === KEY_PREFIX.length + 33),
    ).toBe(true);
    expect(keys.every(isWellFormedApiKey)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses any single-character change, truncation or foreign prefix', () => {
    const key = generateApiKey();
    const flipped = [...key].map((char, i) =>
      i < KEY_PREFIX.length ? key : key.slice(0, i) + (char === 'a' ? 'b' : 'a') + key.slice(i + 1),
    );

    expect(flipped.filter((candidate) => candidate !== key).some(isWellFormedApiKey)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(key.replace(KEY_PREFIX, 'hk_test_'))).toBe(false);
    expect(isWellFormedApiKey(key.replace(KEY_PREFIX, 'hk_demo_'))).toBe(false);
  });

  it('makes test keys hk_test_, their checksum covering the prefix', () => {
    const key = generateApiKey('test');

    expect(key).toMatch(/^hk_test_[0-9A-Za-z]{33}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(isWellFormedApiKey(key.replace(KEY_PREFIXES.test, KEY_PREFIXES.live))).toBe(false);
  });

  it('hashes with SHA-256 (hex)', () => {
    expect(hashApiKey('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
