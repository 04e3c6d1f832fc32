import { afterAll, beforeEach, expect } from 'vitest';
import { secretsIn } from './secrets.js';

/**
 * What the code under test writes to stdout and stderr (Powertools logs), loaded once in every test
 * file. Two jobs:
 * - The log-leak guard: everything written is kept, and the file fails if any of it holds a secret
 *   (./secrets.ts).
 * - Quiet passing tests: what a test writes while it runs is held, printed if the test fails, and
 *   dropped if it passes, so the errors a test provokes on purpose (a 503, an endpoint that refuses a
 *   delivery) do not fill the run's output. `TEST_LOGS=all` prints everything as it comes.
 */
const captured: string[] = [];
let held:
  | {
      write: (chunk: string | Uint8Array, ...rest: never[]) => boolean;
      chunk: string | Uint8Array;
      rest: never[];
    }[]
  | undefined;
const holding = process.env.TEST_LOGS !== 'all';

for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    captured.push(String(chunk));
    if (held) {
      held.push({ write, chunk, rest });
      // A caller waiting for the write's callback gets it: held is as good as written.
      const callback = rest.find((argument) => typeof argument === 'function') as
        (() => void) | undefined;
      callback?.();
      return true;
    }
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

if (holding)
  beforeEach((context) => {
    held = [];
    context.onTestFailed(() => {
      for (const { write, chunk, rest } of held ?? [])
        write(chunk, ...rest.filter((argument) => typeof argument !== 'function'));
      held = [];
    });
    context.onTestFinished(() => {
      held = undefined;
    });
  });

afterAll(() => {
  const leaks = captured.filter((chunk) => secretsIn(chunk).length > 0);
  expect(
    leaks.map((chunk) => chunk.slice(0, 200)),
    'log output contains a secret',
  ).toEqual([]);
});
