import { existsSync, readFileSync } from 'node:fs';
import {
  currentStackRecord,
  RELEASED_STACKS,
  releaseProblems,
  type StackRecord,
} from './local/release-stacks.js';

/**
 * `npm run release:check` (part of `npm test`): whether the current app deploys over the last release
 * (docs/stacks.released.json, written by `npm run release`) without CloudFormation refusing it or a
 * stateful resource being replaced. Each problem names the two-release way around it.
 */
if (!existsSync(RELEASED_STACKS)) {
  console.error(
    `No released stacks to check against (${RELEASED_STACKS}): npm run release records them`,
  );
  process.exit(0);
}
const released = JSON.parse(readFileSync(RELEASED_STACKS, 'utf8')) as StackRecord;
const problems = releaseProblems(released, await currentStackRecord());
if (problems.length > 0) {
  console.error(`The stacks would not deploy over the last release:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.error(
  'The stacks deploy over the last release: no export in use, output read, stateful resource, index, named resource, route or function broken',
);
