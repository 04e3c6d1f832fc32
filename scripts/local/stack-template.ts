import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

/**
 * The CloudFormation templates of the app as `cdk deploy` would create them (stage `dev`), as one:
 * the data stack, the API stack and its nested stacks, each reference across them (a nested stack's
 * parameter, another's output, an imported export) replaced by what it refers to (appTemplate). It is
 * synthesized offline without bundling the functions (CDK's `aws:cdk:bundling-stacks` context: the
 * policies do not need the bundles) and cached in node_modules/.cache until a source file the CDK app
 * imports, the lockfile or cdk.json changes. The local IAM check reads each function's policies from
 * it, so what runs locally is held to what deploys.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'hiring-api');
export const LOCAL_STAGE = 'dev';

export interface CfnTemplate {
  Resources: Record<
    string,
    {
      Type: string;
      Properties?: Record<string, unknown>;
      Metadata?: Record<string, unknown>;
      [attribute: string]: unknown;
    }
  >;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: string } }>;
  Parameters?: Record<string, unknown>;
}

/** What appTemplate reads of a cloud assembly (aws-cdk-lib/cx-api's CloudAssembly has it). */
export interface AssemblyLike {
  directory: string;
  stacks: readonly { stackName: string; template: unknown; terminationProtection?: boolean }[];
}

/**
 * The templates of `stacks` (top-level stack names) in `assembly` as one template: every resource of
 * theirs and of their nested stacks, under their own logical ids, with each reference that crosses a
 * template replaced by the expression it stands for (a nested stack's parameter by the value its parent
 * gives, `Fn::GetAtt <nested>.Outputs.X` by that output's value, `Fn::ImportValue` by the exporting
 * stack's value, `Fn::GetStackOutput` (a weak reference) to one of `stacks` by that output's value). What one function may do then reads as it would in a single stack.
 */
export function appTemplate(assembly: AssemblyLike, stacks: string[]): CfnTemplate {
  const templates = new Map(
    assembly.stacks.map((stack) => [stack.stackName, stack.template as CfnTemplate]),
  );
  const exports = new Map<string, unknown>();
  for (const template of templates.values()) {
    for (const output of Object.values(template.Outputs ?? {}))
      if (output.Export) exports.set(output.Export.Name, output.Value);
  }
  // Each nested stack (by its logical id in its parent): its template, the parameters its parent gives, its parent (undefined: a top-level stack).
  const nested = new Map<
    string,
    { template: CfnTemplate; parameters: Record<string, unknown>; parent: string | undefined }
  >();
  // Each resource, with the nested stack whose template it is in.
  const resources = new Map<
    string,
    { resource: CfnTemplate['Resources'][string]; scope: string | undefined }
  >();
  const collect = (template: CfnTemplate, scope: string | undefined) => {
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      // The CDK CLI's version report, one per template: not part of what the app deploys.
      if (resource.Type === 'AWS::CDK::Metadata') continue;
      if (resources.has(logicalId) || nested.has(logicalId))
        throw new Error(
          `Two templates of the app both have a resource ${logicalId}: give one another construct id`,
        );
      if (resource.Type !== 'AWS::CloudFormation::Stack') {
        resources.set(logicalId, { resource, scope });
        continue;
      }
      const file = resource.Metadata?.['aws:asset:path'] as string | undefined;
      if (!file)
        throw new Error(
          `Nested stack ${logicalId} has no aws:asset:path metadata: synthesize with the context aws:cdk:enable-asset-metadata`,
        );
      const child = JSON.parse(readFileSync(join(assembly.directory, file), 'utf8')) as CfnTemplate;
      nested.set(logicalId, {
        template: child,
        parameters: (resource.Properties?.Parameters as Record<string, unknown> | undefined) ?? {},
        parent: scope,
      });
      collect(child, logicalId);
    }
  };
  for (const name of stacks) {
    const template = templates.get(name);
    if (!template) throw new Error(`The app has no stack ${name}`);
    collect(template, undefined);
  }

  // An expression of the nested stack `scope`'s template (or of a top-level one, scope undefined), in the app's one namespace.
  const resolve = (value: unknown, scope: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((inner) => resolve(inner, scope));
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    const [key, argument] = entries[0] ?? [];
    if (
      entries.length === 1 &&
      key === 'Ref' &&
      typeof argument === 'string' &&
      scope !== undefined
    ) {
      const stack = nested.get(scope);
      const given = stack?.parameters[argument];
      if (given !== undefined) return resolve(given, stack?.parent);
    }
    if (
      entries.length === 1 &&
      key === 'Fn::GetAtt' &&
      Array.isArray(argument) &&
      nested.has(argument[0] as string) &&
      String(argument[1]).startsWith('Outputs.')
    ) {
      const child = argument[0] as string;
      const output =
        nested.get(child)?.template.Outputs?.[String(argument[1]).slice('Outputs.'.length)];
      if (!output) throw new Error(`Nested stack ${child} has no output ${String(argument[1])}`);
      return resolve(output.Value, child);
    }
    // A weak reference to a stack merged here (the edge's, in another region, is left as it is).
    if (
      entries.length === 1 &&
      key === 'Fn::GetStackOutput' &&
      stacks.includes((argument as { StackName: string }).StackName)
    ) {
      const { StackName, OutputName } = argument as { StackName: string; OutputName: string };
      const output = templates.get(StackName)?.Outputs?.[OutputName];
      if (!output) throw new Error(`No stack of the app has the output ${StackName}.${OutputName}`);
      return resolve(output.Value, undefined);
    }
    if (entries.length === 1 && key === 'Fn::ImportValue' && typeof argument === 'string') {
      if (!exports.has(argument)) throw new Error(`No stack of the app exports ${argument}`);
      return resolve(exports.get(argument), undefined);
    }
    return Object.fromEntries(entries.map(([name, inner]) => [name, resolve(inner, scope)]));
  };
  const flat: CfnTemplate['Resources'] = {};
  for (const [logicalId, { resource, scope }] of resources)
    flat[logicalId] = resolve(resource, scope) as typeof resource;
  // What the top-level stacks show (`cdk deploy` prints them), but the exports CDK makes for references.
  const outputs: NonNullable<CfnTemplate['Outputs']> = {};
  for (const name of stacks) {
    for (const [id, output] of Object.entries(templates.get(name)?.Outputs ?? {})) {
      if (!output.Export) outputs[id] = resolve(output, undefined) as typeof output;
    }
  }
  // The top-level stacks' parameters (Parameter Store names CloudFormation reads at each deployment).
  const parameters: NonNullable<CfnTemplate['Parameters']> = {};
  for (const name of stacks) Object.assign(parameters, templates.get(name)?.Parameters ?? {});
  return { Resources: flat, Outputs: outputs, Parameters: parameters };
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
  const inputs = Object.keys(result.metafile.inputs).map((input) =>
    relative(ROOT, join(process.cwd(), input)),
  );
  return [...inputs, 'package-lock.json', 'cdk.json'].sort();
}

/** An app of infra/app.ts (its data and API stacks), synthesized, as one template (appTemplate). */
export function appTemplateOf(created: {
  app: { synth(): AssemblyLike };
  data: { stackName: string };
  stack: { stackName: string };
}): CfnTemplate {
  return appTemplate(created.app.synth(), [created.data.stackName, created.stack.stackName]);
}

async function sourcesHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await stackSources()) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function synthesize(): Promise<CfnTemplate> {
  const { createApp } = await import('../../infra/app.js');
  const created = createApp({ stage: LOCAL_STAGE, 'aws:cdk:bundling-stacks': [] });
  const assembly = created.app.synth();
  try {
    return appTemplate(assembly, [created.data.stackName, created.stack.stackName]);
  } finally {
    await rm(assembly.directory, { recursive: true, force: true });
  }
}

/** The synthesized template and where it is cached; synthesizes only when the stack's sources changed. */
export async function stackTemplate(): Promise<{
  template: CfnTemplate;
  path: string;
  synthesized: boolean;
}> {
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
