import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * lib's imports run one way (docs/architecture.md, "Which way imports go"): the platform imports no
 * resource nor lib/composition. `npm test` runs ESLint over the tree; this proves the rule it runs
 * refuses what it is for, and lets through what it must.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The platform folders, as the rule ESLint runs names them (eslint.config.js). */
async function platformFolders(): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(ROOT, 'lib', 'db', 'probe.ts'))) as {
    rules: Record<string, [unknown, { zones: { target: string }[] }]>;
  };
  return (
    config.rules['import-x/no-restricted-paths']?.[1].zones.map((zone) =>
      zone.target.replace('./lib/', ''),
    ) ?? []
  );
}

/** The import-direction messages ESLint gives `text` as if it were the file at `path`. */
async function directionErrors(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(ROOT, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('which way lib’s imports go', () => {
  it('refuses a platform file importing a resource or lib/composition, in every platform folder', async () => {
    const folders = await platformFolders();
    expect(folders.sort()).toEqual(['aws', 'db', 'http', 'observability', 'schemas']);
    for (const folder of folders) {
      const errors = await directionErrors(
        `lib/${folder}/probe.ts`,
        "import { createJd } from '../jds/api.js';\nimport { ROUTES } from '../composition/routes.js';\nexport const probe = [createJd, ROUTES];\n",
      );
      expect(errors, folder).toEqual([
        expect.stringContaining(`lib/${folder} is platform`),
        expect.stringContaining(`lib/${folder} is platform`),
      ]);
    }
  }, 60_000);

  it('lets a platform file import the platform, and a resource or lib/composition import anything below it', async () => {
    const platform = await directionErrors(
      'lib/http/probe.ts',
      "import { tenantPk } from '../db/ids.js';\nimport { logger } from '../observability/logger.js';\nimport { DomainError } from '../errors.js';\nexport const probe = [tenantPk, logger, DomainError];\n",
    );
    const resource = await directionErrors(
      'lib/jds/probe.ts',
      "import { tenantPk } from '../db/ids.js';\nimport { recordEvent } from '../events/model.js';\nexport const probe = [tenantPk, recordEvent];\n",
    );
    const composition = await directionErrors(
      'lib/composition/probe.ts',
      "import { createJd } from '../jds/api.js';\nimport { tenantPk } from '../db/ids.js';\nexport const probe = [createJd, tenantPk];\n",
    );

    expect([platform, resource, composition]).toEqual([[], [], []]);
  }, 60_000);

  it('is what npm test runs', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.test).toContain('npm run lint');
    expect(scripts.lint).toBe('eslint .');
  });
});

describe('lib’s folders as a graph', () => {
  it('has at most 3 pairs of folders that import each other (2 today), each explained in both folders’ headers', async () => {
    const { default: madge } = await import('madge');
    const graph = (
      await madge(join(ROOT, 'lib'), {
        fileExtensions: ['ts'],
        tsConfig: join(ROOT, 'tsconfig.json'),
      })
    ).obj();
    const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0] : '(top)');
    const edges = new Set<string>();
    for (const [file, imports] of Object.entries(graph))
      for (const imported of imports)
        if (folderOf(file) !== folderOf(imported))
          edges.add(`${folderOf(file)} → ${folderOf(imported)}`);
    const mutual = [...edges]
      .map((edge) => edge.split(' → ') as [string, string])
      .filter(([from, to]) => from < to && edges.has(`${to} → ${from}`))
      .map(([from, to]) => `${from} ↔ ${to}`)
      .sort();

    expect(mutual).toEqual(['applications ↔ jds', 'applications ↔ resumes']);
    const header = (folder: string) =>
      Object.keys(graph)
        .filter((file) => file.startsWith(`${folder}/`))
        .map((file) => readFileSync(join(ROOT, 'lib', file), 'utf8'))
        .find((text) => text.includes('Folder header.')) ?? '';
    for (const pair of mutual) {
      const [a, b] = pair.split(' ↔ ') as [string, string];
      for (const [folder, other] of [
        [a, b],
        [b, a],
      ] as const) {
        expect(header(folder), `lib/${folder}'s header`).toContain('imports each other with');
        expect(header(folder), `lib/${folder}'s header`).toContain(`lib/${other}`);
      }
    }
  }, 60_000);
});
