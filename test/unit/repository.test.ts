import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** What a newcomer's commands leave in the working tree stays out of git. */
describe('the repository', () => {
  it.each([
    ['.hiring-listen.json', 'listen’s state: a signing secret'],
    ['.hiring-listen.json.tmp', 'listen’s state, being written'],
    ['hiring-integration-client-1.0.0.tgz', 'the client package, packed'],
    ['cdk.out/manifest.json', 'a synthesized app'],
  ])('ignores %s (%s)', (path) => {
    // check-ignore exits 0 when git ignores the path, 1 when it does not.
    expect(() =>
      execFileSync('git', ['check-ignore', '--quiet', path], { cwd: ROOT }),
    ).not.toThrow();
  });
});
