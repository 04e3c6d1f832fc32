import { afterAll, expect } from 'vitest';

/**
 * Runs in every test file: captures what the code under test writes to stdout and stderr (Powertools
 * logs) and fails the file if it contains an API key's plaintext or a SHA-256 hex digest (key hashes).
 */
const PLAINTEXT_KEY = /hk_live_[0-9A-Za-z]{33}/;
const SHA256_HEX = /\b[0-9a-f]{64}\b/;
const captured: string[] = [];

for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    captured.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

afterAll(() => {
  const leaks = captured.filter((chunk) => PLAINTEXT_KEY.test(chunk) || SHA256_HEX.test(chunk));
  expect(leaks.map((chunk) => chunk.slice(0, 200)), 'log output contains a key or a key hash').toEqual([]);
});
