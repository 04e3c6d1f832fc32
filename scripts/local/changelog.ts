/**
 * docs/changelog.md from Optic's diff of the released document and the current one: one entry a
 * release, under its version's section (newest version first), its breaking changes apart.
 */
type Change = { key?: string; name?: string; change?: string; [part: string]: unknown };

/** Optic's JSON diff, one line a change: where (operation › response › content › property), and what. */
export function changeLines(node: Change, where: string[] = []): string[] {
  const here = node.name ?? node.key;
  const path = here ? [...where, here] : where;
  const own =
    node.change && node.change !== 'changed' ? [`${path.join(' › ')}: ${node.change}`] : [];
  const nested = Object.values(node)
    .filter(Array.isArray)
    .flatMap((children) => (children as Change[]).flatMap((child) => changeLines(child, path)));
  return [...own, ...nested];
}

/** The rules Optic's check says a change breaks (its `x [rule] message` lines). */
export function breakingLines(checkReport: string): string[] {
  return checkReport
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('x ['))
    .map((line) => line.slice(2));
}

export function changelogEntry(release: {
  date: string;
  changes: string[];
  breaking: string[];
}): string {
  const list = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');
  return [
    `### Released ${release.date}`,
    ...(release.breaking.length > 0
      ? [
          `Breaking (keys and endpoints pinned to an older version keep their shapes):\n\n${list(release.breaking)}`,
        ]
      : []),
    `${release.breaking.length > 0 ? 'Every change' : 'Additive'}:\n\n${list(release.changes)}`,
  ].join('\n\n');
}

/** The changelog with `entry` first in `version`'s section (a new version's section goes first). */
export function withEntry(
  changelog: string,
  version: { version: string; summary: string },
  entry: string,
): string {
  const heading = `\n## ${version.version}\n`;
  if (changelog.includes(heading)) return changelog.replace(heading, `${heading}\n${entry}\n`);
  const section = `${heading}\n${version.summary}\n\n${entry}\n`;
  const firstSection = changelog.indexOf('\n## ');
  return firstSection === -1
    ? `${changelog.trimEnd()}\n${section}`
    : `${changelog.slice(0, firstSection)}${section}${changelog.slice(firstSection)}`;
}
