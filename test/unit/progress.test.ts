import { describe, expect, it } from 'vitest';
import { progressOnStderr } from '../../scripts/local/progress.js';

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  return {
    written,
    stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream,
  };
}

describe('progress of a long admin command (stderr)', () => {
  it('prints a line with count, rate and time left every interval when stderr is not a terminal', () => {
    let clock = 0;
    const { written, stream } = fakeStream(false);
    const progress = progressOnStderr('import', { stream, now: () => clock, intervalMs: 5_000 });

    for (let done = 1; done <= 10_000; done++) {
      clock = done; // 1,000 events a second
      progress.update(done, 10_000);
    }

    expect(written).toEqual(['import: 50% 5,000/10,000, 1,000/s, about 5 s left\n']);
  });

  it('redraws one bar in place on a terminal and ends its line when done', () => {
    let clock = 0;
    const { written, stream } = fakeStream(true);
    const progress = progressOnStderr('publish', { stream, now: () => clock, intervalMs: 100 });

    clock = 200;
    progress.update(50, 100);
    clock = 400;
    progress.update(100, 100);
    progress.end();

    expect(written).toEqual([
      '\rpublish: [##########          ] 50% 50/100, 250/s, about 1 s left\u001b[K',
      '\rpublish: [####################] 100% 100/100, 250/s, about 0 s left\u001b[K',
      '\n',
    ]);
  });
});
