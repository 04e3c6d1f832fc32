import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

/**
 * The CloudFormation template of the stack as `cdk deploy` would create it (stage `dev`), synthesized
 * offline without bundling the functions (CDK's `aws:cdk:bundling-stacks` context: the policies do not
 * need the bundles) and cached in node_modules/.cache until a source file the CDK app imports, the
 * lockfile or cdk.json changes. The local IAM check reads each function's policies from it, so what
 * runs locally is held to what deploys.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'hiring-api');
export const LOCAL_STAGE = 'dev';

export interface CfnTemplate {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }>;
}

/** Every project file the CDK app is built from (esbuild follows its imports), plus what pins CDK itself. */
async function stackSources(): Promise<string[]> {
  const result = await build({
    entryPoints: [join(ROOT, 'infra', 'app.ts')],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => relative(ROOT, join(process.cwd(), input)));
  return [...inputs, 'package-lock.json', 'cdk.json'].sort();
}

async function sourcesHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await stackSources()) {
    hash.update(file).update('\0').update(await readFile(join(ROOT, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function synthesize(): Promise<CfnTemplate> {
  const { createApp } = await import('../../infra/app.js');
  const { app, stack } = createApp({ stage: LOCAL_STAGE, 'aws:cdk:bundling-stacks': [] });
  const assembly = app.synth();
  try {
    return assembly.getStackByName(stack.stackName).template as CfnTemplate;
  } finally {
    await rm(assembly.directory, { recursive: true, force: true });
  }
}

/** The synthesized template and where it is cached; synthesizes only when the stack's sources changed. */
export async function stackTemplate(): Promise<{ template: CfnTemplate; path: string; synthesized: boolean }> {
  const path = join(CACHE_DIR, `stack-${LOCAL_STAGE}-${await sourcesHash()}.template.json`);
  const cached = await readFile(path, 'utf8').catch(() => undefined);
  if (cached) return { template: JSON.parse(cached) as CfnTemplate, path, synthesized: false };
  const template = await synthesize();
  await mkdir(CACHE_DIR, { recursive: true });
  // Written aside and renamed, so a concurrent reader (npm start next to npm test) never sees half a file.
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, JSON.stringify(template));
  await rename(partial, path);
  return { template, path, synthesized: true };
}
