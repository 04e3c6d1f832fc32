import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * lib's imports run one way (docs/architecture.md, "Which way imports go"): the platform imports no
 * resource nor lib/composition, a shared service imports only the platform and the other services, a
 * resource only those (applications and the product's event schemas also jds and resumes). `npm test` runs ESLint over the tree; this proves the rule it runs
 * refuses what it is for, and lets through what it must.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The platform folders, as the rule ESLint runs names them (eslint.config.js). */
async function platformFolders(): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(ROOT, 'lib', 'db', 'probe.ts'))) as {
    rules: Record<string, [unknown, { zones: { target: string; message: string }[] }]>;
  };
  return (
    config.rules['import-x/no-restricted-paths']?.[1].zones
      .filter((zone) => zone.message.includes('is platform'))
      .map((zone) => zone.target.replace('./lib/', '')) ?? []
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

  it('refuses a shared service importing a resource or lib/composition, and lets it import the platform and the other services', async () => {
    for (const folder of ['audit', 'events', 'matching', 'request-log', 'versions']) {
      const resource = await directionErrors(
        `lib/${folder}/probe.ts`,
        "import { createJd } from '../jds/api.js';\nimport { ROUTES } from '../composition/routes.js';\nexport const probe = [createJd, ROUTES];\n",
      );
      const below = await directionErrors(
        `lib/${folder}/probe.ts`,
        "import { tenantPk } from '../db/ids.js';\nimport { recordEvent } from '../events/model.js';\nexport const probe = [tenantPk, recordEvent];\n",
      );
      expect(resource, folder).toEqual([
        expect.stringContaining(`lib/${folder} is a shared service`),
        expect.stringContaining(`lib/${folder} is a shared service`),
      ]);
      expect(below, folder).toEqual([]);
    }
  }, 60_000);

  it('refuses a resource importing another resource or lib/composition; only applications and the product’s event schemas import jds and resumes', async () => {
    const keysOnJds = await directionErrors(
      'lib/keys/probe.ts',
      "import { createJd } from '../jds/api.js';\nimport { createKey } from '../composition/keys.js';\nexport const probe = [createJd, createKey];\n",
    );
    const resumesOnJds = await directionErrors(
      'lib/resumes/probe.ts',
      "import { readScoringInputsChanges } from '../jds/staleness.js';\nexport const probe = [readScoringInputsChanges];\n",
    );
    const webhooksOnKeys = await directionErrors(
      'lib/webhooks/probe.ts',
      "import { createApiKey } from '../keys/api.js';\nexport const probe = [createApiKey];\n",
    );
    const applicationsOnBoth = await directionErrors(
      'lib/applications/probe.ts',
      "import { readScoringInputsChanges } from '../jds/staleness.js';\nimport { readResumeItem } from '../resumes/store.js';\nimport { audited } from '../audit/model.js';\nexport const probe = [readScoringInputsChanges, readResumeItem, audited];\n",
    );
    const schemasOnBoth = await directionErrors(
      'lib/product-events/probe.ts',
      "import { JD_STATUSES } from '../jds/statuses.js';\nimport { PARSE_STATUSES } from '../resumes/statuses.js';\nexport const probe = [JD_STATUSES, PARSE_STATUSES];\n",
    );

    expect(keysOnJds).toEqual([
      expect.stringContaining('lib/keys is a resource'),
      expect.stringContaining('lib/keys is a resource'),
    ]);
    expect(resumesOnJds).toEqual([expect.stringContaining('lib/resumes is a resource')]);
    expect(webhooksOnKeys).toEqual([expect.stringContaining('lib/webhooks is a resource')]);
    expect([applicationsOnBoth, schemasOnBoth]).toEqual([[], []]);
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

/** lib's import graph by folder (madge), with the files behind each folder-to-folder edge. */
async function folderGraph(): Promise<Map<string, Set<string>>> {
  const { default: madge } = await import('madge');
  const graph = (
    await madge(join(ROOT, 'lib'), {
      fileExtensions: ['ts'],
      tsConfig: join(ROOT, 'tsconfig.json'),
    })
  ).obj();
  const folderOf = (file: string) =>
    file.includes('/') ? (file.split('/')[0] as string) : '(top)';
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(graph)) {
    const from = folderOf(file);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const imported of imports)
      if (folderOf(imported) !== from) edges.get(from)?.add(folderOf(imported));
  }
  return edges;
}

/** The longest chain of folders each importing the next (the graph has no cycle: no pair imports each other). */
function longestChain(edges: Map<string, Set<string>>): string[] {
  const memo = new Map<string, string[]>();
  const from = (folder: string, seen: Set<string>): string[] => {
    const known = memo.get(folder);
    if (known) return known;
    if (seen.has(folder)) throw new Error(`lib's folders import in a cycle through ${folder}`);
    let best: string[] = [];
    for (const next of edges.get(folder) ?? []) {
      const chain = from(next, new Set([...seen, folder]));
      if (chain.length > best.length) best = chain;
    }
    const chain = [folder, ...best];
    memo.set(folder, chain);
    return chain;
  };
  return [...edges.keys()]
    .map((folder) => from(folder, new Set()))
    .reduce((a, b) => (b.length > a.length ? b : a));
}

describe('lib’s folders as a graph', () => {
  it('has no pair of folders that import each other, nor any cycle of folders', async () => {
    const edges = await folderGraph();
    const mutual = [...edges].flatMap(([from, to]) =>
      [...to]
        .filter((other) => from < other && edges.get(other)?.has(from))
        .map((other) => `${from} ↔ ${other}`),
    );
    expect(mutual).toEqual([]);
    expect(() => longestChain(edges)).not.toThrow();
  }, 60_000);

  it('stands at most 8 folders deep (8 today: auth → keys → versions → events → http → db → schemas → lib’s top-level files)', async () => {
    const chain = longestChain(await folderGraph());
    expect(chain.length, chain.join(' → ')).toBeLessThanOrEqual(8);
  }, 60_000);
});
