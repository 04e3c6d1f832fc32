import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCUMENTS = [
  'README.md',
  'clients/typescript/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set(
    [...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading as string)),
  );
}

describe('links in the README and docs/', () => {
  it('point inside the repository, at files and headings that exist', () => {
    const broken: string[] = [];
    for (const document of DOCUMENTS) {
      const text = readFileSync(join(ROOT, document), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = target as string;
        if (/^[a-z]+:/i.test(link)) {
          broken.push(`${document}: ${link} leaves the repository`);
          continue;
        }
        const [path = '', anchor] = link.split('#');
        const file =
          path === '' ? join(ROOT, document) : resolve(dirname(join(ROOT, document)), path);
        if (!file.startsWith(ROOT) || !existsSync(file))
          broken.push(`${document}: ${link} (no such file in the repository)`);
        else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor))
          broken.push(`${document}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
