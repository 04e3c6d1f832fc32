import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { build } from 'esbuild';
import { appTemplate } from '../local/stack-template.js';
import { median, quantile } from './stats.js';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Bundle {
  name: string;
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Every function's bundle exactly as the CDK app builds it (a real `cdk synth`), by function folder. */
export async function cdkBundles(): Promise<Bundle[]> {
  const out = mkdtempSync(join(tmpdir(), 'bench-cdk-'));
  await promisify(execFile)(
    join(ROOT, 'node_modules', '.bin', 'cdk'),
    ['synth', '--quiet', '-o', out],
    { cwd: ROOT },
  );
  const template = appTemplate(new CloudAssembly(out), ['HiringApiData-dev', 'HiringApi-dev']);
  const bundles: Bundle[] = [];
  const resources = template.Resources as Record<
    string,
    { Type: string; Metadata?: Record<string, string> }
  >;
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const assetPath = resource.Metadata?.['aws:asset:path'] as string;
    const file = join(out, assetPath, 'index.js');
    const content = readFileSync(file);
    bundles.push({
      name: id.replace(/[A-F0-9]{8}$/, ''),
      file,
      bytes: content.length,
      gzipBytes: gzipSync(content).length,
    });
  }
  return bundles.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * esbuild with the options infra/api-function.ts gives CDK (minified, node24, CJS from ESM entry points,
 * source map without sources); `alias` adds what the stack aliases (LAMBDA_CREDENTIALS).
 */
export async function bundleLikeCdk(
  entry: string,
  outfile: string,
  alias: Record<string, string> = {},
): Promise<void> {
  await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    mainFields: ['module', 'main'],
    sourcemap: true,
    sourcesContent: false,
    alias,
    outfile,
    logLevel: 'silent',
  });
}

/** The floor: a function that only sends one DocumentClient GetCommand, with the SDK's default credentials chain. */
export async function floorBundle(): Promise<Bundle> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-floor-')), 'index.js');
  await bundleLikeCdk(join(import.meta.dirname, 'floor-handler.ts'), file);
  const content = readFileSync(file);
  return {
    name: 'floor (one GetCommand)',
    file,
    bytes: statSync(file).size,
    gzipBytes: gzipSync(content).length,
  };
}

/** Milliseconds to require a bundle in a fresh Node process (what a cold start pays to load code). */
async function loadTime(file: string): Promise<number> {
  const script = `const t=performance.now();require(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t))`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
    env: {
      ...process.env,
      TABLE_NAME: 'bench',
      AWS_REGION: 'eu-west-1',
      AWS_LAMBDA_FUNCTION_NAME: 'bench',
      LOG_LEVEL: 'WARN',
    },
  });
  return Number(stdout);
}

/** Load time of each bundle over `rounds` fresh processes (median and quartiles), rounds interleaved to share noise. */
export async function coldLoads(
  bundles: Bundle[],
  rounds: number,
): Promise<Map<string, { median: number; p25: number; p75: number }>> {
  const samples = new Map<string, number[]>(bundles.map((bundle) => [bundle.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const bundle of bundles) samples.get(bundle.name)?.push(await loadTime(bundle.file));
  }
  return new Map(
    [...samples].map(([name, values]) => [
      name,
      { median: median(values), p25: quantile(values, 0.25), p75: quantile(values, 0.75) },
    ]),
  );
}
