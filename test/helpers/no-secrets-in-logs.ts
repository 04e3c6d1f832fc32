import { afterAll, expect } from 'vitest';
import { secretsIn } from './secrets.js';

/**
 * The one log-leak guard, loaded once in every test file: captures what the code under test writes to
 * stdout and stderr (Powertools logs) and fails the file if any of it holds a secret (./secrets.ts).
 */
const captured: string[] = [];

for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    captured.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

afterAll(() => {
  const leaks = captured.filter((chunk) => secretsIn(chunk).length > 0);
  expect(
    leaks.map((chunk) => chunk.slice(0, 200)),
    'log output contains a secret',
  ).toEqual([]);
});
