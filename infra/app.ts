import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { HiringApiDataStack } from './data.js';
import { EdgeProtectionStack } from './edge.js';
import { HiringApiStack, type OriginDomain, type PublicDomain, type ServedRoute } from './stack.js';
import { ROLLOUTS, type RolloutKind } from './rollout.js';

/**
 * What one stage is, committed in cdk.json (`context.stages.<stage>`), so that `npx cdk deploy --all
 * -c stage=prod` deploys the same thing from every machine: where (account, region), the API's own
 * domain and its certificate (CloudFront's origin), who gets the alarms, and any setting below. A `-c`
 * on the command line wins over it; an account and region missing from both come from the CLI's
 * credentials (CDK_DEFAULT_*).
 */
export interface StageDescription {
  account?: string;
  region?: string;
  /** CloudFront + WAF in front of the API (default: on for prod, off elsewhere) */
  edge?: boolean;
  /** the API's own domain, CloudFront's origin (required for prod's edge), and its ACM certificate in the API's region */
  originDomainName?: string;
  originCertificateArn?: string;
  /**
   * The event stream's own domain, CloudFront's origin for the upgrades (required for prod's edge):
   * a WebSocket API cannot share the HTTP API's. Its certificate, in the API's region, is
   * originCertificateArn (requested for both names) unless streamOriginCertificateArn names another.
   */
  streamOriginDomainName?: string;
  streamOriginCertificateArn?: string;
  /** to have the stack write the origin's DNS record (and the public one and the stream's, when their names are in the zone) */
  originHostedZoneId?: string;
  originHostedZoneName?: string;
  /**
   * The API's public domain, the one integrators pin (required for prod's edge): CloudFront serves it,
   * with TLS 1.2 at least (TLSv1.2_2021), under an ACM certificate for it in us-east-1 (CloudFront's
   * rule), and `ApiUrl` names it, so that a replaced distribution changes no integrator's base URL.
   */
  domainName?: string;
  certificateArn?: string;
  /** subscribed to the alarm topic (AWS asks the address to confirm) */
  alarmEmail?: string;
  apiKeyHourlyLimit?: number;
  /**
   * Concurrency reserved for the authorizer (default 100 in prod, none elsewhere): every request waits
   * on it, so a burst on one route must not starve it. The account keeps at least 100 unreserved.
   */
  authorizerReservedConcurrency?: number;
  /**
   * Concurrency reserved for GET /events' long-poll (default 200 in prod, none elsewhere), which is
   * also its most: waiting listeners never take more, and the service refuses a wait past it in its
   * own envelope (lib/events/wait-slots.ts).
   */
  longPollReservedConcurrency?: number;
  /**
   * Concurrency reserved for the event stream's function (default 100 in prod, none elsewhere), which
   * is also its most: a reconnect storm's upgrades and subscribes never take the routes' executions.
   */
  streamReservedConcurrency?: number;
  /** days each audit entry is kept (default 400, at least 183: the AI Act's 6 months) */
  auditRetentionDays?: number;
  /** test keys and the test routes (default true; false turns test mode off for the stage) */
  testMode?: boolean;
  /**
   * The stages' throttle, the HTTP API's and the event stream's (requests, and messages, a second;
   * default 500, with bursts of 1,000): raise it with authorizerReservedConcurrency (100 for each 500
   * a second) and within the account's 10,000 a second (docs/operations.md, "Capacity").
   */
  throttleRateLimit?: number;
  throttleBurstLimit?: number;
  /** per-IP requests a minute outside prod */
  apiRateLimitMax?: number;
  logLevel?: string;
  /** `canary` (CodeDeploy 10% for 15 minutes, rolled back on a canary alarm; default in prod) or `all-at-once` */
  rollout?: RolloutKind;
}

/**
 * The stage's throttle (500 requests a second) times the authorizer's p99 (about 0.1 s) is 50 at
 * once; twice that leaves room for cold starts.
 */
const DEFAULT_AUTHORIZER_RESERVED_CONCURRENCY = 100;

/**
 * Waiting listeners at once across tenants, in prod: 180 of them plus GET /events' answers that do not
 * wait (docs/operations.md, "Capacity"). With the authorizer's 100 and the event stream's 100, 600 of the account's default 1,000
 * stay for every other function.
 */
const DEFAULT_LONG_POLL_RESERVED_CONCURRENCY = 200;

/**
 * The event stream's function, in prod: API Gateway opens at most 500 connections a second for the
 * account, each a $connect and a subscribe of about 50 ms together (25 at once), so 100 holds a
 * reconnect storm at that rate with subscribes four times slower, and leaves the account 600 for the
 * rest.
 */
const DEFAULT_STREAM_RESERVED_CONCURRENCY = 100;

/** `-c testMode=true|false` (a boolean in cdk.json): anything else is refused at synth. */
function testModeOf(value: string | boolean | undefined): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`-c testMode=${String(value)}: expected true or false`);
}

/**
 * The app: `npx cdk deploy --all -c stage=<stage>` (default dev), described by cdk.json's
 * `stages.<stage>` (StageDescription) and any `-c name=value`. Three stacks: `HiringApiData-<stage>`
 * (what the service keeps), `HiringApi-<stage>` (the API, with a nested stack per group of routes) and,
 * with the edge, `HiringApiEdge-<stage>` in us-east-1. `env` (tests) replaces the account and region.
 */
export function createApp(
  context: Record<string, unknown> = {},
  env?: { account?: string | undefined; region?: string | undefined },
  options: { routes?: readonly ServedRoute[] } = {},
): {
  app: App;
  stack: HiringApiStack;
  data: HiringApiDataStack;
  edge: EdgeProtectionStack | undefined;
} {
  // Strong references (Fn::ImportValue): the data stack cannot be changed in a way that breaks the API's
  // stack, nor deleted under it. The edge's web ACL is the one weak reference (infra/edge.ts).
  // Asset metadata names each nested stack's template file, as the CDK CLI has it (scripts/local/stack-template.ts reads it).
  // CloudFormation's own schema and rules, checked at synth, fail it (not a warning): a template that
  // synthesizes here is one CloudFormation accepts (an index projecting 21 attributes, over its 20, did).
  const app = new App({
    context: {
      '@aws-cdk/core:validateAgainstDefaultRules': true,
      '@aws-cdk/core:defaultCrossStackReferences': 'strong',
      'aws:cdk:enable-asset-metadata': true,
      ...context,
    },
  });
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  const description =
    ((app.node.tryGetContext('stages') as Record<string, StageDescription> | undefined) ?? {})[
      stage
    ] ?? {};
  const value = (name: keyof StageDescription | 'stage' | 'firstDeploy') =>
    (app.node.tryGetContext(name) ?? (description as Record<string, unknown>)[name]) as
      string | boolean | undefined;
  const number = (name: keyof StageDescription) =>
    value(name) === undefined ? undefined : Number(value(name));
  env = {
    account: env?.account ?? description.account ?? process.env.CDK_DEFAULT_ACCOUNT,
    region: env?.region ?? description.region ?? process.env.CDK_DEFAULT_REGION,
  };
  const withEdge =
    value('edge') === undefined ? stage === 'prod' : String(value('edge')) === 'true';
  const firstDeploy = value('firstDeploy') === true || value('firstDeploy') === 'true';
  // Not on the first deploy: a failed first create must be deletable (a protected stack cannot be
  // deleted, and a stack that failed to create has to be before it is tried again). The next deploy
  // turns it on (the CDK CLI updates a stack's termination protection as it deploys it).
  const terminationProtection = stage === 'prod' && !firstDeploy;
  let edge: EdgeProtectionStack | undefined;
  const originDomain = originDomainOf(value, env.region);
  if (withEdge && stage === 'prod' && !originDomain) {
    throw new Error(
      "The prod edge needs the API's own domain, so the execute-api endpoint can be switched off (README, \"The edge\"): give the stage originDomainName (e.g. origin.api.example.com) and originCertificateArn (an ACM certificate for it, in the API's region) in cdk.json's stages, or pass them with -c",
    );
  }
  const streamOriginDomain = streamOriginDomainOf(value, env.region, originDomain);
  if (withEdge && stage === 'prod' && !streamOriginDomain) {
    throw new Error(
      "The prod edge needs the event stream's own domain too, so the WebSocket API's execute-api endpoint can be switched off (a WebSocket API cannot share the HTTP API's domain): give the stage streamOriginDomainName (e.g. stream-origin.api.example.com; originCertificateArn must name it too, or give streamOriginCertificateArn) in cdk.json's stages, or pass it with -c",
    );
  }
  const publicDomain = publicDomainOf(value, originDomain);
  if (withEdge && stage === 'prod' && !publicDomain) {
    throw new Error(
      "The prod edge needs its public domain, the base URL integrators pin (a *.cloudfront.net name changes with the distribution): give the stage domainName (e.g. api.example.com) and certificateArn (an ACM certificate for it in us-east-1) in cdk.json's stages, or pass them with -c",
    );
  }
  if (withEdge) {
    // The web ACL lives in us-east-1 (CloudFront's rule); the API's stack reads it across regions, which
    // CloudFormation can only do between stacks of known regions.
    if (!env.region)
      throw new Error(
        'The edge (CloudFront + WAF) needs the region to deploy to: run with AWS credentials (or AWS_REGION), or pass -c edge=false',
      );
    edge = new EdgeProtectionStack(app, `HiringApiEdge-${stage}`, {
      env: { account: env.account },
      terminationProtection,
      perIpLimit:
        number('apiRateLimitMax') && stage !== 'prod' ? number('apiRateLimitMax') : undefined,
    });
  }
  const rollout = value('rollout');
  if (rollout !== undefined && !(ROLLOUTS as readonly unknown[]).includes(rollout)) {
    throw new Error(`-c rollout=${String(rollout)}: expected one of ${ROLLOUTS.join(', ')}`);
  }
  const alarmEmail = value('alarmEmail');
  const data = new HiringApiDataStack(app, `HiringApiData-${stage}`, {
    stage,
    firstDeploy,
    ...(alarmEmail ? { alarmEmail: String(alarmEmail) } : {}),
    env,
    terminationProtection,
  });
  const stack = new HiringApiStack(app, `HiringApi-${stage}`, {
    stage,
    data,
    ...(options.routes ? { routes: options.routes } : {}),
    terminationProtection,
    ...(rollout ? { rollout: rollout as RolloutKind } : {}),
    apiKeyHourlyLimit: number('apiKeyHourlyLimit'),
    ...(number('throttleRateLimit') === undefined
      ? {}
      : {
          throttle: {
            rateLimit: number('throttleRateLimit') as number,
            burstLimit: number('throttleBurstLimit') ?? 2 * (number('throttleRateLimit') as number),
          },
        }),
    authorizerReservedConcurrency:
      number('authorizerReservedConcurrency') ??
      (stage === 'prod' ? DEFAULT_AUTHORIZER_RESERVED_CONCURRENCY : undefined),
    longPollReservedConcurrency:
      number('longPollReservedConcurrency') ??
      (stage === 'prod' ? DEFAULT_LONG_POLL_RESERVED_CONCURRENCY : undefined),
    streamReservedConcurrency:
      number('streamReservedConcurrency') ??
      (stage === 'prod' ? DEFAULT_STREAM_RESERVED_CONCURRENCY : undefined),
    apiRateLimitMax: number('apiRateLimitMax'),
    auditRetentionDays: number('auditRetentionDays'),
    ...(value('testMode') === undefined ? {} : { testMode: testModeOf(value('testMode')) }),
    logLevel: value('logLevel') as string | undefined,
    env,
    ...(edge
      ? {
          edge: {
            webAclArn: edge.webAclArn,
            webAclName: edge.webAclName,
            ...(originDomain ? { originDomain } : {}),
            ...(streamOriginDomain ? { streamOriginDomain } : {}),
            ...(publicDomain ? { publicDomain } : {}),
          },
        }
      : {}),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  return { app, stack, data, edge };
}

/** A domain and its certificate, which a stage gives both or neither of. */
function domainSetting(
  value: (name: keyof StageDescription) => string | boolean | undefined,
  domainKey: 'originDomainName' | 'domainName',
  certificateKey: 'originCertificateArn' | 'certificateArn',
): { domainName: string; certificateArn: string; certificateRegion: string } | undefined {
  const domainName = value(domainKey);
  const certificateArn = value(certificateKey);
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn)
    throw new Error(`${domainKey} and ${certificateKey} go together`);
  return {
    domainName: String(domainName),
    certificateArn: String(certificateArn),
    certificateRegion: String(certificateArn).split(':')[3] ?? '',
  };
}

/** A Regional API Gateway domain takes a certificate of its own region only: CloudFormation would fail the create. */
function checkOriginCertificate(
  key: 'originCertificateArn' | 'streamOriginCertificateArn',
  certificateArn: string,
  region: string | undefined,
): void {
  const certificateRegion = certificateArn.split(':')[3] ?? '';
  if (region && certificateRegion !== region) {
    throw new Error(
      `${key} is in ${certificateRegion}, the API in ${region}: the API's own domain needs an ACM certificate in the API's region (request or import one there; CloudFront's viewer certificate is another matter)`,
    );
  }
}

function originDomainOf(
  value: (name: keyof StageDescription) => string | boolean | undefined,
  region: string | undefined,
): OriginDomain | undefined {
  const origin = domainSetting(value, 'originDomainName', 'originCertificateArn');
  if (!origin) return undefined;
  const { domainName, certificateArn } = origin;
  checkOriginCertificate('originCertificateArn', certificateArn, region);
  const zoneId = value('originHostedZoneId');
  const zoneName = value('originHostedZoneName');
  if (Boolean(zoneId) !== Boolean(zoneName))
    throw new Error('originHostedZoneId and originHostedZoneName go together');
  return {
    domainName,
    certificateArn,
    ...(zoneId && zoneName ? { hostedZone: { id: String(zoneId), name: String(zoneName) } } : {}),
  };
}

/**
 * The event stream's own domain: its certificate the stage's streamOriginCertificateArn, else the
 * API's origin certificate (which must then name it too: ACM cannot be asked offline, and a
 * certificate that does not fails the domain's create). Its record goes in the origin's zone when that
 * zone holds its name; else the StreamOriginDnsTarget output names its target.
 */
function streamOriginDomainOf(
  value: (name: keyof StageDescription) => string | boolean | undefined,
  region: string | undefined,
  originDomain: OriginDomain | undefined,
): OriginDomain | undefined {
  const domainName = value('streamOriginDomainName');
  const ownCertificate = value('streamOriginCertificateArn');
  if (!domainName) {
    if (ownCertificate) throw new Error('streamOriginCertificateArn needs streamOriginDomainName');
    return undefined;
  }
  const certificateArn = ownCertificate ?? originDomain?.certificateArn;
  if (!certificateArn)
    throw new Error(
      'streamOriginDomainName needs a certificate in the API’s region: streamOriginCertificateArn, or originCertificateArn naming it too',
    );
  if (String(domainName) === originDomain?.domainName)
    throw new Error(
      'streamOriginDomainName must differ from originDomainName: a WebSocket API cannot share the HTTP API’s domain',
    );
  checkOriginCertificate(
    ownCertificate ? 'streamOriginCertificateArn' : 'originCertificateArn',
    String(certificateArn),
    region,
  );
  const zone = originDomain?.hostedZone;
  const inZone = zone && `.${String(domainName)}`.endsWith(`.${zone.name.replace(/\.$/, '')}`);
  return {
    domainName: String(domainName),
    certificateArn: String(certificateArn),
    ...(inZone ? { hostedZone: zone } : {}),
  };
}

function publicDomainOf(
  value: (name: keyof StageDescription) => string | boolean | undefined,
  originDomain: OriginDomain | undefined,
): PublicDomain | undefined {
  const setting = domainSetting(value, 'domainName', 'certificateArn');
  if (!setting) return undefined;
  const { domainName, certificateArn, certificateRegion } = setting;
  // CloudFront takes a viewer certificate from us-east-1 only.
  if (certificateRegion !== 'us-east-1')
    throw new Error(
      `certificateArn is in ${certificateRegion}: CloudFront takes its certificate from us-east-1 only (request or import one for ${domainName} there)`,
    );
  const zone = originDomain?.hostedZone;
  const inZone = zone && `.${domainName}`.endsWith(`.${zone.name.replace(/\.$/, '')}`);
  return { domainName, certificateArn, ...(inZone ? { hostedZone: zone } : {}) };
}

if (process.argv[1]?.endsWith('app.ts')) createApp().app.synth();
