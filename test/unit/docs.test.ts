import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIMISTIC_ATTEMPTS, TRANSACTION_ATTEMPTS } from '../../lib/db/dynamo.js';
import { ERROR_CODES, type ErrorCode } from '../../lib/errors.js';
import { STATUS_OF_CODE } from '../../lib/http/errors.js';
import { scopeRows, scopeRowsIn } from '../../scripts/local/scope-table.js';

const read = (...path: string[]) =>
  readFileSync(join(import.meta.dirname, '..', '..', ...path), 'utf8').replace(/\s+/g, ' ');

// Prose that states a figure or a rule of the code: checked here, so the docs cannot drift from it.
describe('the docs say what the code does', () => {
  it('docs/data-model.md gives the retry counts the code uses', () => {
    const dataModel = read('docs', 'data-model.md');

    expect(dataModel).toContain(`(${OPTIMISTIC_ATTEMPTS} attempts in all`);
    expect(dataModel).toContain(
      `Transaction conflicts are tried at most ${TRANSACTION_ATTEMPTS} times in all (${TRANSACTION_ATTEMPTS - 1} retries`,
    );
  });

  it('the README names every package a Node 20 install warns EBADENGINE for: each the lockfile holds that asks for a newer Node, and the project itself', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { name?: string; engines?: { node?: string } }>;
    };
    // The lowest major version any of the range's alternatives takes (">=22", "^22.12.0 || >=24").
    const lowestMajor = (range: string) =>
      Math.min(...range.split('||').map((part) => Number(/\d+/.exec(part)?.[0] ?? 0)));
    const needNewer = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && lowestMajor(entry.engines.node) > 20)
      .map(([path, entry]) =>
        path === '' ? (entry.name as string) : path.split('node_modules/').at(-1),
      );
    const prerequisites =
      /## Prerequisites(.*?)## Run it locally/.exec(read('README.md'))?.[1] ?? '';

    expect(needNewer).toContain('hiring-integration-api');
    expect(needNewer.filter((name) => !prerequisites.includes(`\`${name}\``))).toEqual([]);
  });

  it('where a first push is described (docs/sync.md, both clients’ READMEs), it says the JDs land in DRAFT and that publishing is the product’s', () => {
    const pushSections = [
      /## 4\. Pushing your requisitions(.*?)## 5\./.exec(read('docs', 'sync.md'))?.[1],
      /## Pushing your requisitions(.*?)## /.exec(read('clients', 'typescript', 'README.md'))?.[1],
      /## Pushing your requisitions(.*?)## /.exec(read('clients', 'python', 'README.md'))?.[1],
    ];

    for (const section of pushSections) {
      expect(section).toMatch(/DRAFT/);
      expect(section).toMatch(/publishing is done in (the )?product/i);
    }
  });

  it('docs/sync.md gives the webhook lag the bench measured, and says it was measured on a quiet machine', () => {
    const row = /\| webhook \| [^|]+\| ([\d.]+ s) \|/.exec(read('docs', 'benchmarks.md'))?.[1];
    const sync = read('docs', 'sync.md');

    expect(row).toBeDefined();
    expect(sync).toContain(`webhooks ${row} at the median`);
    expect(sync).toMatch(/measured on the local stack of a quiet 2-core machine/);
  });

  it('docs/api.md says that admin is the tenant’s root, next to the scopes named in a 403', () => {
    const api = read('docs', 'api.md');
    const scopes = api.slice(
      api.indexOf('## Scopes'),
      api.indexOf('## ', api.indexOf('## Scopes') + 3),
    );

    expect(scopes).toContain('| Named in the 403 |');
    expect(scopes).toContain("`admin` is the tenant's root: it can mint a key with any scope");
    expect(api).toMatch(/\| 403 +\| key lacks the route's scope: .*see \[Scopes\]\(#scopes\)/);
  });

  it('docs/api.md’s scope table is the route table’s (run `npm run openapi` when a route changes)', () => {
    const api = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'api.md'), 'utf8');

    expect(scopeRowsIn(api)).toEqual(scopeRows());
  });

  it('the README names the linter and the formatter the project runs', () => {
    const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const readme = read('README.md');

    expect(packageJson.scripts.lint).toMatch(/^eslint /);
    expect(readme).toContain('Lint (ESLint)');
    expect(packageJson.scripts['format:check']).toMatch(/^prettier /);
    expect(readme).toContain('the format check (Prettier');
    expect(readme).not.toMatch(/biome/i);
  });

  it('docs/webhook-deliveries.md names, for each transition, a test that exists', () => {
    const doc = readFileSync(
      join(import.meta.dirname, '..', '..', 'docs', 'webhook-deliveries.md'),
      'utf8',
    );
    const rows = doc
      .split('\n')
      .filter((line) => /^\| .+\.test\.ts: /.test(line.replace(/^\| [^|]+ \| /, '| ')));
    const cited = rows.flatMap((row) => {
      const cell = row.split('|')[2] ?? '';
      const [file, names] = [
        cell.slice(0, cell.indexOf(':')).trim(),
        cell.slice(cell.indexOf(':') + 1),
      ];
      return [...names.matchAll(/"([^"]+)"/g)].map(([, name]) => ({ file, name: name as string }));
    });

    expect(cited.length).toBeGreaterThanOrEqual(10);
    for (const { file, name } of cited) {
      const source = readFileSync(join(import.meta.dirname, '..', 'integration', file), 'utf8');
      expect(source, `${file}: ${name}`).toContain(`it('${name.replace(/'/g, "\\'")}'`);
    }
  });

  it('docs/api.md lists every error code the service answers with, and no other, with its status and meaning', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'api.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Error codes'), doc.indexOf('## Outages'));
    const rows = [...section.matchAll(/^\| `(\w+)` \| (\d{3}) \| (.+) \|$/gm)].map(
      ([, code, status, meaning]) => [code, Number(status), meaning],
    );

    expect(rows).toEqual(
      Object.entries(ERROR_CODES).map(([code, meaning]) => [
        code,
        STATUS_OF_CODE[code as ErrorCode],
        meaning,
      ]),
    );
  });

  it('docs/api.md names the versions of the client generators the suite tests, as installed', () => {
    const api = read('docs', 'api.md');
    const installed = (name: string) =>
      (
        JSON.parse(
          readFileSync(
            join(import.meta.dirname, '..', '..', 'node_modules', name, 'package.json'),
            'utf8',
          ),
        ) as { version: string }
      ).version;

    for (const name of ['openapi-typescript', 'openapi-fetch', '@hey-api/openapi-ts'])
      expect(api).toContain(`${name} ${installed(name)}`);
  });
});
