import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createApp } from '../infra/app.js';
import { appTemplate, type CfnTemplate } from './local/stack-template.js';
import { capacityReport } from './capacity/model.js';

/**
 * `npm run capacity`: the capacity model of prod as cdk.json describes it (scripts/capacity/model.ts),
 * printed as markdown on stdout: the shared limits in the order they bind, what 10, 1,000 and 10,000
 * tenants need, and the hot items. docs/operations.md ("Capacity") holds the same, tested.
 */
export function prodAppTemplate(): { template: CfnTemplate; cleanup: () => Promise<void> } {
  const { context } = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'cdk.json'), 'utf8'),
  ) as { context: Record<string, unknown> };
  const created = createApp({ ...context, stage: 'prod', 'aws:cdk:bundling-stacks': [] });
  const assembly = created.app.synth();
  return {
    template: appTemplate(assembly, [created.data.stackName, created.stack.stackName]),
    cleanup: () => rm(assembly.directory, { recursive: true, force: true }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { template, cleanup } = prodAppTemplate();
  try {
    process.stdout.write(`${capacityReport(template)}\n`);
  } finally {
    await cleanup();
  }
}
