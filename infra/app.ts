import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { HiringApiStack } from './stack.js';

/**
 * `npx cdk deploy -c stage=prod`. Context: stage (default dev), apiKeyHourlyLimit, apiRateLimitMax,
 * logLevel. Account and region come from the CLI's credentials (CDK_DEFAULT_*).
 */
export function createApp(context: Record<string, unknown> = {}): { app: App; stack: HiringApiStack } {
  const app = new App({ context });
  const value = (name: string) => app.node.tryGetContext(name) as string | undefined;
  const number = (name: string) => (value(name) === undefined ? undefined : Number(value(name)));
  const stage = value('stage') ?? 'dev';
  const stack = new HiringApiStack(app, `HiringApi-${stage}`, {
    stage,
    apiKeyHourlyLimit: number('apiKeyHourlyLimit'),
    apiRateLimitMax: number('apiRateLimitMax'),
    logLevel: value('logLevel'),
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

if (process.argv[1]?.endsWith('app.ts')) createApp().app.synth();
