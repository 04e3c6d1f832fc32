import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGE = join(import.meta.dirname, '..');
const ROOT = join(PACKAGE, '..', '..');

/** What an integrator writes: every line type-checked against the built package, in strict mode. */
const CONSUMER = `import { HiringApiError, HiringClient, type Jd, verifyWebhook } from '@hiring-integration/client';

const client = new HiringClient({ baseUrl: 'http://localhost:3000/api/v1', apiKey: process.env.HIRING_API_KEY ?? '' });

export async function publishedTitles(): Promise<string[]> {
  const titles: string[] = [];
  for await (const jd of client.jds.listAll({ status: 'PUBLISHED' })) titles.push(jd.title);
  return titles;
}

export const one = async (id: string): Promise<Jd> => (await client.jds.get(id)).data;

// @ts-expect-error a status the API does not have
void client.jds.list({ status: 'LIVE' });

export const waitFor = (error: unknown): number | undefined => (error instanceof HiringApiError && error.code === 'quota_exceeded' ? error.retryAfterMs : undefined);

export function scoreOf(secret: string, headers: Record<string, string>, body: string): number | null {
  const event = verifyWebhook(secret, headers, body);
  return event.type === 'application.updated' ? event.data.aiScore : null;
}
`;

describe('the TypeScript client as a package', () => {
  it('builds to one small ESM bundle with types that a strict consumer project compiles against', async () => {
    execFileSync('node', ['build.mjs'], { cwd: PACKAGE, stdio: 'pipe' });
    const bundle = readFileSync(join(PACKAGE, 'dist', 'index.js'));

    const consumer = mkdtempSync(join(tmpdir(), 'hiring-client-consumer-'));
    mkdirSync(join(consumer, 'node_modules', '@hiring-integration'), { recursive: true });
    symlinkSync(PACKAGE, join(consumer, 'node_modules', '@hiring-integration', 'client'));
    symlinkSync(
      join(ROOT, 'node_modules', 'standardwebhooks'),
      join(consumer, 'node_modules', 'standardwebhooks'),
    );
    symlinkSync(join(ROOT, 'node_modules', '@types'), join(consumer, 'node_modules', '@types'));
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(consumer, 'consumer.ts'), CONSUMER);
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          types: ['node'],
          noEmit: true,
        },
        files: ['consumer.ts'],
      }),
    );
    const typecheck = () =>
      execFileSync(
        'node',
        [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumer],
        { stdio: 'pipe' },
      );
    const loaded = await import(
      join(consumer, 'node_modules', '@hiring-integration', 'client', 'dist', 'index.js')
    );

    expect(typecheck).not.toThrow();
    expect(typeof loaded.HiringClient).toBe('function');
    expect(typeof loaded.verifyWebhook).toBe('function');
    // Small enough to ship in any integration: the client's own code, standardwebhooks aside.
    expect(bundle.length).toBeLessThan(16 * 1024);
    // And as small as its README says, within a kilobyte.
    const said = /about (\d+) KB minified/.exec(readFileSync(join(PACKAGE, 'README.md'), 'utf8'));
    expect(Math.abs(Number(said?.[1]) - bundle.length / 1024)).toBeLessThanOrEqual(1);
  });

  it('lists every method of the client in its README’s operations table', async () => {
    const { HiringClient } = await import('../src/index.js');
    const client = new HiringClient({ baseUrl: 'http://localhost:3000/api/v1', apiKey: 'unused' });
    const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
    const rows = new Map(
      [...readme.matchAll(/^\| `(client(?:\.\w+)?)` \| (.+) \|$/gm)].map((row) => [row[1], row[2]]),
    );
    // The groups (objects of methods) and the client's own public methods.
    const groups = Object.entries(client).filter(
      ([, value]) =>
        typeof value === 'object' &&
        value !== null &&
        Object.values(value).every((member) => typeof member === 'function'),
    );
    const own = ['whoami'];

    const missing = [
      ...groups.flatMap(([group, methods]) =>
        Object.keys(methods as object)
          .filter((method) => !rows.get(`client.${group}`)?.includes(`\`${method}(`))
          .map((method) => `client.${group}.${method}`),
      ),
      ...own
        .filter((method) => !rows.get('client')?.includes(`\`${method}(`))
        .map((method) => `client.${method}`),
    ];

    expect(groups.length).toBeGreaterThanOrEqual(10);
    expect(missing).toEqual([]);
  });
});
