import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_VERSIONS } from '../lib/versions/table.js';
import {
  breakingLines,
  changeLines,
  changelogEntry,
  summarized,
  withEntry,
} from './local/changelog.js';
import { compatibilityVerdict, opticDiff, RELEASED_DOCUMENT } from './local/compatibility.js';
import { currentStackRecord, RELEASED_STACKS, releaseProblems } from './local/release-stacks.js';

/**
 * `npm run release`: records docs/openapi.json as the released document, the stacks as they deploy
 * (docs/stacks.released.json: what the next release must deploy over, npm run release:check), and
 * writes what changed since the last release into docs/changelog.md (under the current version; a new version gets its own
 * section first, with its summary). Refuses what `npm run api:compat` refuses. Run `npm run openapi`
 * first.
 */
const DOCS = join(import.meta.dirname, '..', 'docs');
const CHANGELOG = join(DOCS, 'changelog.md');
const current = JSON.parse(await readFile(join(DOCS, 'openapi.json'), 'utf8'));
const released = existsSync(RELEASED_DOCUMENT)
  ? JSON.parse(await readFile(RELEASED_DOCUMENT, 'utf8'))
  : undefined;

const version = API_VERSIONS.find((entry) => entry.version === current.info.version);
if (!version)
  throw new Error(
    `docs/openapi.json names version ${current.info.version}, which lib/versions/table.ts does not declare`,
  );
// The stacks as this release leaves them, which the next one must deploy over (npm run release:check).
const stacks = await currentStackRecord();
if (existsSync(RELEASED_STACKS)) {
  const problems = releaseProblems(JSON.parse(await readFile(RELEASED_STACKS, 'utf8')), stacks);
  if (problems.length > 0) {
    console.error(`The stacks would not deploy over the last release:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
}
const recordStacks = () => writeFile(RELEASED_STACKS, `${JSON.stringify(stacks, null, 2)}\n`);

let release = { changes: ['The first release of this version.'], breaking: [] as string[] };
if (released) {
  const check = await opticDiff(released, current);
  const verdict = compatibilityVerdict(check, released.info.version, API_VERSIONS);
  if (!verdict.ok) {
    console.error(verdict.report);
    process.exit(1);
  }
  const diff = await opticDiff(released, current, { json: true });
  release = {
    changes: summarized(changeLines(JSON.parse(diff.report))),
    breaking: breakingLines(check.report),
  };
  if (release.changes.length === 0) {
    // A release may change the stacks alone.
    await recordStacks();
    console.error(
      'The API did not change since the last release: docs/stacks.released.json recorded.',
    );
    process.exit(0);
  }
}
const entry = changelogEntry({ date: new Date().toISOString().slice(0, 10), ...release });
const changelog = existsSync(CHANGELOG) ? await readFile(CHANGELOG, 'utf8') : '# Changelog\n';
await writeFile(CHANGELOG, withEntry(changelog, version, entry));
await writeFile(RELEASED_DOCUMENT, `${JSON.stringify(current, null, 2)}\n`);
await recordStacks();
console.error(
  `Released version ${version.version}: docs/openapi.released.json, docs/stacks.released.json and docs/changelog.md`,
);
