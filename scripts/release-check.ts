import { existsSync, readFileSync } from 'node:fs';
import {
  currentStackRecord,
  firstDeployProblems,
  RELEASED_STACKS,
  releaseProblems,
  type StackRecord,
} from './local/release-stacks.js';

/**
 * `npm run release:check` (part of `npm test`): whether the current app deploys over the last release
 * (docs/stacks.released.json, written by `npm run release`) without CloudFormation refusing it or a
 * stateful resource being replaced. Each problem names the two-release way around it. It also runs the
 * runbook's first deploy of prod on a new account (docs/operations.md, "Before the first production
 * deploy"): `-c firstDeploy=true` created from nothing, then the deploy without it over that, which
 * must pass the same rules and leave the stacks and the table protected.
 */
const released = existsSync(RELEASED_STACKS)
  ? (JSON.parse(readFileSync(RELEASED_STACKS, 'utf8')) as StackRecord)
  : undefined;
if (!released)
  console.error(
    `No released stacks to check against (${RELEASED_STACKS}): npm run release records them; checking the first deploy only`,
  );
// One after the other: each synthesizes the whole app.
const current = await currentStackRecord();
const first = await currentStackRecord({ firstDeploy: true });
const problems = [
  ...(released ? releaseProblems(released, current) : []),
  ...firstDeployProblems(first, current),
];
if (problems.length > 0) {
  console.error(`The stacks would not deploy:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.error(
  `${released ? 'The stacks deploy over the last release, and' : 'The stacks'} deploy first on a new account, ending protected: no export in use, output read, stateful resource, index, named resource, route, function, reservation or protection broken`,
);
