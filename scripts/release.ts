import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_VERSIONS } from '../lib/versions/table.js';
import { checkCompatibility, opticDiff, RELEASED_DOCUMENT } from './local/compatibility.js';

/**
 * `npm run release`: records docs/openapi.json as the released document, and writes what changed since
 * the last release into docs/changelog.md (under the current version; a new version gets its own
 * section, with its summary). Refuses what `npm run api:compat` refuses. Run `npm run openapi` first.
 */
const DOCS = join(import.meta.dirname, '..', 'docs');
const CHANGELOG = join(DOCS, 'changelog.md');
const current = JSON.parse(await readFile(join(DOCS, 'openapi.json'), 'utf8'));
const released = existsSync(RELEASED_DOCUMENT)
  ? JSON.parse(await readFile(RELEASED_DOCUMENT, 'utf8'))
  : undefined;

type Change = { key?: string; name?: string; change?: string; [part: string]: unknown };
/** Optic's changes, one line each: where, and what happened there. */
function lines(node: Change, where: string[] = []): string[] {
  const here = node.name ?? node.key;
  const path = here ? [...where, here] : where;
  const own =
    node.change && node.change !== 'changed' ? [`${path.join(' › ')}: ${node.change}`] : [];
  const nested = Object.values(node)
    .filter(Array.isArray)
    .flatMap((children) => (children as Change[]).flatMap((child) => lines(child, path)));
  return [...own, ...nested];
}

const version = current.info.version as string;
const declared = API_VERSIONS.find((entry) => entry.version === version);
if (!declared)
  throw new Error(
    `docs/openapi.json names version ${version}, which lib/versions/table.ts does not declare`,
  );
let changes: string[] = ['The first release of this version.'];
if (released) {
  const { ok, report } = await checkCompatibility(released, current, API_VERSIONS);
  if (!ok) {
    console.error(report);
    process.exit(1);
  }
  const diff = await opticDiff(released, current, { json: true });
  changes = lines(JSON.parse(diff.report) as Change);
  if (changes.length === 0) {
    console.error('Nothing changed since the last release.');
    process.exit(0);
  }
}
const today = new Date().toISOString().slice(0, 10);
const entry = `### Released ${today}\n\n${changes.map((line) => `- ${line}`).join('\n')}\n`;
const text = existsSync(CHANGELOG) ? await readFile(CHANGELOG, 'utf8') : '';
const heading = `## ${version}\n`;
const updated = text.includes(heading)
  ? text.replace(heading, `${heading}\n${entry}`)
  : text
      .replace(/\n## |$/, `\n${heading}\n${declared.summary}\n\n${entry}\n## `)
      .replace(/\n## $/, '\n');
await writeFile(CHANGELOG, updated);
await writeFile(RELEASED_DOCUMENT, `${JSON.stringify(current, null, 2)}\n`);
console.error(
  `Released version ${version}: docs/openapi.released.json and docs/changelog.md updated`,
);
