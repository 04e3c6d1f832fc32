import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createKey } from '../../lib/composition/keys.js';
import { PYTHON_TYPES_FILE, pythonTypes } from '../../scripts/local/python-types.js';
import { tenantWithKey } from '../helpers/api.js';
import { useLocalStack } from '../helpers/local-stack.js';

/**
 * The Python client (clients/python): its own unittest suite against the local stack as `npm start`
 * runs it (webhooks delivered for real), its types as generated, a type check by Pyright of the
 * package and of its example, and its install into a fresh virtualenv without the network. Every
 * child process runs asynchronously: the local stack answers it from this process.
 */
const { db, baseUrl } = useLocalStack();
const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const PACKAGE = join(ROOT, 'clients', 'python');
const PYTHON = process.env.PYTHON ?? 'python3';

describe('the Python client', () => {
  it('passes its own suite against the local stack: every group, pages, delta sync, retries, errors, webhooks, test mode, listen', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const writer = await createKey(db(), tenantId, {
      name: 'python writer',
      scopes: ['read', 'write'],
      createdBy: 'test',
    });
    const tester = await createKey(db(), tenantId, {
      name: 'python sandbox',
      scopes: ['read', 'write', 'admin'],
      createdBy: 'test',
      mode: 'test',
    });

    const result = await run(PYTHON, ['-m', 'unittest', 'discover', '-s', 'tests', '-v'], {
      cwd: PACKAGE,
      env: {
        ...process.env,
        PYTHONPATH: join(PACKAGE, 'src'),
        PYTHONDONTWRITEBYTECODE: '1',
        HIRING_API_URL: baseUrl(),
        HIRING_ADMIN_KEY: admin,
        HIRING_WRITER_KEY: writer.key,
        HIRING_TEST_KEY: tester.key,
      },
      timeout: 180_000,
    }).catch((failure: { stdout?: string; stderr?: string }) => failure);

    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    expect(output, output).toMatch(/\nOK\n/);
    expect(output).toMatch(/Ran (\d{2,}) tests/);
  }, 240_000);

  it('has the types the API description gives (run `npm run client:types` when it changes)', () => {
    expect(readFileSync(PYTHON_TYPES_FILE, 'utf8')).toBe(pythonTypes());
  });

  it('type-checks, package and example, with Pyright in strict mode', async () => {
    const result = await run(
      join(ROOT, 'node_modules', '.bin', 'pyright'),
      ['--project', PACKAGE, '--outputjson'],
      { cwd: PACKAGE, timeout: 180_000 },
    ).catch((failure: { stdout?: string }) => failure);
    const report = JSON.parse(result.stdout ?? '{}') as {
      summary?: { filesAnalyzed: number; errorCount: number };
      generalDiagnostics?: { file: string; message: string; range: unknown }[];
    };

    expect(report.generalDiagnostics ?? [], JSON.stringify(report.generalDiagnostics)).toEqual([]);
    expect(report.summary?.filesAnalyzed).toBeGreaterThanOrEqual(8);
  }, 240_000);

  it('installs into a fresh virtualenv without the network, and runs', async () => {
    const venv = join(mkdtempSync(join(tmpdir(), 'hiring-python-')), 'venv');
    await run(PYTHON, ['-m', 'venv', venv], { timeout: 120_000 });
    await run(
      join(venv, 'bin', 'pip'),
      ['install', '--no-index', '--no-cache-dir', '--disable-pip-version-check', PACKAGE],
      { timeout: 180_000, env: { ...process.env, PIP_NO_INDEX: '1' } },
    );
    const imported = await run(
      join(venv, 'bin', 'python'),
      [
        '-c',
        'import hiring_integration as h, hiring_integration.types as t; print(h.__version__, len(t.JdSummary.__annotations__))',
      ],
      { cwd: tmpdir() },
    );
    const help = await run(
      join(venv, 'bin', 'python'),
      ['-m', 'hiring_integration', 'listen', '--help'],
      {
        cwd: tmpdir(),
      },
    );

    expect(imported.stdout.trim()).toMatch(/^2\.0\.0 \d+$/);
    expect(help.stdout).toContain('--forward-to');
  }, 300_000);
});
