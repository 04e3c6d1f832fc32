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

/**
 * The changes as a reader takes them in: the same change on several operations or answers once, with
 * where (the operations, when few; their count otherwise).
 */
export function summarized(lines: string[]): string[] {
  const where = new Map<string, Set<string>>();
  for (const line of new Set(lines)) {
    const [operation, ...rest] = line.split(' › ');
    // A change to every answer of an operation is one change of the operation.
    const what = rest.filter((part) => !/^\d{3} response$/.test(part)).join(' › ');
    const key = what || (operation as string);
    const operations = where.get(key) ?? new Set<string>();
    if (what) operations.add(operation as string);
    where.set(key, operations);
  }
  return [...where].map(([what, operations]) => {
    if (operations.size === 0) return what;
    const list = [...operations];
    return list.length <= 3 ? `${list.join(', ')}: ${what}` : `${what} (${list.length} operations)`;
  });
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
  const start = changelog.indexOf(heading);
  if (start !== -1) {
    // After the version's summary, before its earlier releases.
    const releases = changelog.indexOf('\n### ', start);
    const at = releases === -1 ? changelog.length : releases + 1;
    return `${changelog.slice(0, at)}${entry}\n\n${changelog.slice(at)}`;
  }
  const section = `${heading}\n${version.summary}\n\n${entry}\n`;
  const firstSection = changelog.indexOf('\n## ');
  return firstSection === -1
    ? `${changelog.trimEnd()}\n${section}`
    : `${changelog.slice(0, firstSection)}${section}${changelog.slice(firstSection)}`;
}
