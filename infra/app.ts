import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { EdgeProtectionStack } from './edge.js';
import { HiringApiStack, type OriginDomain } from './stack.js';
import { ROLLOUTS, type RolloutKind } from './rollout.js';

/**
 * `npx cdk deploy --all -c stage=prod -c originDomainName=… -c originCertificateArn=…`. Context: stage
 * (default dev), edge (CloudFront + WAF in front of the API; default on for prod, off elsewhere),
 * originDomainName, originCertificateArn and optionally originHostedZoneId + originHostedZoneName (the
 * API's own domain, CloudFront's origin, so the execute-api endpoint is off: required for prod's edge),
 * apiKeyHourlyLimit, apiRateLimitMax, logLevel, rollout (`canary`: CodeDeploy shifts 10% of traffic to the
 * new code for 5 minutes and rolls back on a canary alarm, the default in prod; `all-at-once`, the
 * default elsewhere). Account and region come from the CLI's credentials
 * (CDK_DEFAULT_*), or `env` in tests.
 */
export function createApp(
  context: Record<string, unknown> = {},
  env: { account?: string | undefined; region?: string | undefined } = {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  },
): { app: App; stack: HiringApiStack; edge: EdgeProtectionStack | undefined } {
  // Weak references: the API stack reads the edge stack's web ACL ARN with Fn::GetStackOutput, which
  // works across regions without the custom-resource Lambdas (and the deadly embrace) of strong ones.
  const app = new App({ context: { '@aws-cdk/core:defaultCrossStackReferences': 'weak', ...context } });
  const value = (name: string) => app.node.tryGetContext(name) as string | boolean | undefined;
  const number = (name: string) => (value(name) === undefined ? undefined : Number(value(name)));
  const stage = String(value('stage') ?? 'dev');
  const withEdge = value('edge') === undefined ? stage === 'prod' : String(value('edge')) === 'true';
  let edge: EdgeProtectionStack | undefined;
  const originDomain = originDomainOf(value);
  if (withEdge && stage === 'prod' && !originDomain) {
    throw new Error(
      'The prod edge needs the API\'s own domain, so the execute-api endpoint can be switched off (README, "The edge"): pass -c originDomainName=<e.g. origin.api.example.com> -c originCertificateArn=<ACM certificate for it, in the API\'s region>',
    );
  }
  if (withEdge) {
    // The web ACL lives in us-east-1 (CloudFront's rule); the API's stack reads it across regions, which
    // CloudFormation can only do between stacks of known regions.
    if (!env.region) throw new Error('The edge (CloudFront + WAF) needs the region to deploy to: run with AWS credentials (or AWS_REGION), or pass -c edge=false');
    edge = new EdgeProtectionStack(app, `HiringApiEdge-${stage}`, {
      env: { account: env.account },
      perIpLimit: number('apiRateLimitMax') && stage !== 'prod' ? number('apiRateLimitMax') : undefined,
    });
  }
  const rollout = value('rollout');
  if (rollout !== undefined && !(ROLLOUTS as readonly unknown[]).includes(rollout)) {
    throw new Error(`-c rollout=${String(rollout)}: expected one of ${ROLLOUTS.join(', ')}`);
  }
  const stack = new HiringApiStack(app, `HiringApi-${stage}`, {
    stage,
    ...(rollout ? { rollout: rollout as RolloutKind } : {}),
    apiKeyHourlyLimit: number('apiKeyHourlyLimit'),
    apiRateLimitMax: number('apiRateLimitMax'),
    logLevel: value('logLevel') as string | undefined,
    env,
    ...(edge ? { edge: { webAclArn: edge.webAclArn, webAclName: edge.webAclName, ...(originDomain ? { originDomain } : {}) } } : {}),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  return { app, stack, edge };
}

function originDomainOf(value: (name: string) => string | boolean | undefined): OriginDomain | undefined {
  const domainName = value('originDomainName');
  const certificateArn = value('originCertificateArn');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) throw new Error('originDomainName and originCertificateArn go together');
  const zoneId = value('originHostedZoneId');
  const zoneName = value('originHostedZoneName');
  if (Boolean(zoneId) !== Boolean(zoneName)) throw new Error('originHostedZoneId and originHostedZoneName go together');
  return {
    domainName: String(domainName),
    certificateArn: String(certificateArn),
    ...(zoneId && zoneName ? { hostedZone: { id: String(zoneId), name: String(zoneName) } } : {}),
  };
}

if (process.argv[1]?.endsWith('app.ts')) createApp().app.synth();
