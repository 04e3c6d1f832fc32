import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../infra/app.js';
import {
  CONSOLE_ASSETS_PATH,
  CONSOLE_CACHE,
  CONSOLE_PATH,
  CONSOLE_SCRIPT_BUDGET_BYTES,
  CONSOLE_SECURITY_HEADERS,
  writeConsole,
} from '../../infra/console.js';
import { CONSOLE_REQUEST_CODE } from '../../infra/console-site.js';
import { DEPLOYMENT_FUNCTION_METADATA_KEY } from '../../infra/api-function.js';
import { appTemplateOf, type CfnTemplate } from '../../scripts/local/stack-template.js';
import { PROD_CONTEXT, PROD_ENV } from '../helpers/stages.js';
import { isAppFunction } from '../helpers/templates.js';

/**
 * The developer console on AWS: served by the edge beside the API (so the session's cookie and the
 * API are one origin), from a bucket only the distribution reads, with the headers the local gateway
 * sends, and deployed by the synth's own build.
 */
const prod: CfnTemplate = appTemplateOf(createApp({ ...PROD_CONTEXT }, PROD_ENV));
const resources = (type: string) =>
  Object.entries(prod.Resources).filter(([, resource]) => resource.Type === type);
const only = (type: string) => {
  const found = resources(type);
  expect(found, type).toHaveLength(1);
  return found[0] as [string, CfnTemplate['Resources'][string]];
};

interface Behavior {
  PathPattern: string;
  TargetOriginId: string;
  AllowedMethods: string[];
  CachePolicyId: string;
  OriginRequestPolicyId?: unknown;
  ResponseHeadersPolicyId?: unknown;
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
  ViewerProtocolPolicy: string;
}
interface Origin {
  Id: string;
  DomainName: unknown;
  S3OriginConfig?: { OriginAccessIdentity: string };
  OriginAccessControlId?: unknown;
}
const [distributionId, distribution] = only('AWS::CloudFront::Distribution');
const config = distribution.Properties?.DistributionConfig as {
  CacheBehaviors: Behavior[];
  Origins: Origin[];
};
const behavior = (pattern: string) => {
  const found = config.CacheBehaviors.find((each) => each.PathPattern === pattern);
  expect(found, pattern).toBeDefined();
  return found as Behavior;
};
const [bucketId, bucket] = only('AWS::S3::Bucket');
const [headersPolicyId, headersPolicy] = only('AWS::CloudFront::ResponseHeadersPolicy');

// CloudFront's managed cache policies (their ids are AWS's, the same in every account).
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

describe('the developer console behind the edge (prod)', () => {
  it('serves /console/ and its assets from the bucket, GET and HEAD only, over HTTPS; the assets cached, the page never', () => {
    const assets = behavior(`${CONSOLE_ASSETS_PATH}*`);
    const page = behavior(`${CONSOLE_PATH.slice(0, -1)}*`);
    const origin = config.Origins.find((each) => each.Id === assets.TargetOriginId);
    expect(page.TargetOriginId).toBe(assets.TargetOriginId);
    expect(origin?.DomainName).toEqual({ 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] });
    for (const served of [assets, page]) {
      expect(served.AllowedMethods).toEqual(['GET', 'HEAD']);
      expect(served.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(served.ResponseHeadersPolicyId).toEqual({ Ref: headersPolicyId });
    }
    expect(assets.CachePolicyId).toBe(CACHING_OPTIMIZED);
    expect(page.CachePolicyId).toBe(CACHING_DISABLED);
    // The assets' pattern is the more specific: CloudFront takes the first that matches.
    expect(config.CacheBehaviors.indexOf(assets)).toBeLessThan(config.CacheBehaviors.indexOf(page));
  });

  it('reaches the bucket through origin access control: no public access, no identity, TLS only, and only this distribution may read and list it', () => {
    const origin = config.Origins.find((each) => each.S3OriginConfig);
    expect(origin?.S3OriginConfig?.OriginAccessIdentity).toBe('');
    const [controlId, control] = only('AWS::CloudFront::OriginAccessControl');
    expect(origin?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [controlId, 'Id'] });
    expect(control.Properties?.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const [, policy] = only('AWS::S3::BucketPolicy');
    const statements = (
      policy.Properties?.PolicyDocument as {
        Statement: {
          Effect: string;
          Action: string;
          Principal: unknown;
          Condition: unknown;
          Resource: unknown;
        }[];
      }
    ).Statement;
    const allowed = statements.filter((statement) => statement.Effect === 'Allow');
    expect(allowed).toHaveLength(1);
    // Listing, so that a missing object is S3's 404 (as locally), not its 403.
    expect(allowed[0]).toMatchObject({
      Action: ['s3:GetObject', 's3:ListBucket'],
      Principal: { Service: 'cloudfront.amazonaws.com' },
    });
    // And no listing can be asked for through the edge: no query string reaches the bucket (no
    // origin request policy, and cache policies that key on none).
    for (const pattern of [`${CONSOLE_ASSETS_PATH}*`, `${CONSOLE_PATH.slice(0, -1)}*`])
      expect(behavior(pattern).OriginRequestPolicyId, pattern).toBeUndefined();
    expect(JSON.stringify(allowed[0]?.Condition)).toContain(`{"Ref":"${distributionId}"}`);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('sends every answer the headers the local gateway sends, over the bucket’s, and HSTS', () => {
    const security = (
      headersPolicy.Properties?.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      }
    ).SecurityHeadersConfig;
    for (const header of Object.values(security)) expect(header.Override).toBe(true);
    expect({
      'Content-Security-Policy': security.ContentSecurityPolicy?.ContentSecurityPolicy,
      'Referrer-Policy': security.ReferrerPolicy?.ReferrerPolicy,
      'X-Content-Type-Options': security.ContentTypeOptions ? 'nosniff' : undefined,
      'X-Frame-Options': security.FrameOptions?.FrameOption,
    }).toEqual(CONSOLE_SECURITY_HEADERS);
    expect(security.StrictTransportSecurity?.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(
      31_536_000,
    );
  });

  it('moves /console to /console/ and answers /console/ with the page’s object, in the edge’s function', () => {
    const handler = new Function(`${CONSOLE_REQUEST_CODE}; return handler;`)() as (event: {
      request: { uri: string };
    }) => { statusCode?: number; headers?: Record<string, { value: string }>; uri?: string };
    const bare = handler({ request: { uri: '/console' } });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers?.location?.value).toBe(CONSOLE_PATH);
    expect(handler({ request: { uri: CONSOLE_PATH } }).uri).toBe(`${CONSOLE_PATH}index.html`);
    const asset = `${CONSOLE_ASSETS_PATH}app-ABCDEFGH.js`;
    expect(handler({ request: { uri: asset } }).uri).toBe(asset);
    const pageFunction = behavior(`${CONSOLE_PATH.slice(0, -1)}*`).FunctionAssociations?.[0];
    expect(pageFunction?.EventType).toBe('viewer-request');
    const [functionId] = (pageFunction?.FunctionARN as { 'Fn::GetAtt': [string] })['Fn::GetAtt'];
    expect(prod.Resources[functionId]?.Properties?.FunctionCode).toBe(CONSOLE_REQUEST_CODE);
  });

  it('deploys the assets cached for ever and then the page never cached, keeping the assets of earlier builds', () => {
    const deployments = resources('Custom::CDKBucketDeployment').map(([id, resource]) => ({
      id,
      ...(resource.Properties as {
        Include: string[];
        SystemMetadata: Record<string, string>;
        Prune: boolean;
        DestinationBucketKeyPrefix: string;
        DestinationBucketName: unknown;
      }),
      dependsOn: (resource as { DependsOn?: string[] }).DependsOn ?? [],
    }));
    const assets = deployments.find((each) => each.Include.includes('assets/*'));
    const page = deployments.find((each) => each.Include.includes('index.html'));
    expect(assets?.SystemMetadata['cache-control']).toBe(CONSOLE_CACHE.asset);
    expect(page?.SystemMetadata['cache-control']).toBe(CONSOLE_CACHE.page);
    for (const each of [assets, page]) {
      expect(each?.Prune).toBe(false);
      expect(each?.DestinationBucketKeyPrefix).toBe(CONSOLE_PATH.slice(1));
      expect(each?.DestinationBucketName).toEqual({ Ref: bucketId });
    }
    expect(page?.dependsOn).toContain(assets?.id);
  });

  it('has one function that is not the app’s, CDK’s copy of the build, which reaches the two buckets and its own logs only', () => {
    const functions = resources('AWS::Lambda::Function').filter(([, fn]) => !isAppFunction(fn));
    expect(functions).toHaveLength(1);
    const [, copier] = functions[0] as [string, CfnTemplate['Resources'][string]];
    expect(copier.Metadata?.[DEPLOYMENT_FUNCTION_METADATA_KEY]).toBe('console');
    const roleId = (copier.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    const role = prod.Resources[roleId];
    expect(role?.Properties?.ManagedPolicyArns).toBeUndefined();
    const statements = resources('AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(roleId))
      .flatMap(
        ([, policy]) =>
          (policy.Properties?.PolicyDocument as { Statement: { Resource: unknown }[] }).Statement,
      );
    const logGroupId = (copier.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup
      .Ref;
    for (const statement of statements) {
      const reached = JSON.stringify(statement.Resource);
      expect(
        reached.includes(bucketId) ||
          reached.includes(`cdk-hnb659fds-assets-${PROD_ENV.account}-${PROD_ENV.region}`) ||
          reached.includes(logGroupId),
        reached,
      ).toBe(true);
    }
  });
});

describe('the console’s build, as the synth makes it for the bucket', () => {
  const out = mkdtempSync(join(tmpdir(), 'console-build-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes the page naming its content-hashed assets, and the assets under assets/', () => {
    writeConsole(out);
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    const assets = readdirSync(join(out, 'assets'));
    expect(assets.some((name) => /^app-[A-Z0-9]{8}\.js$/.test(name))).toBe(true);
    expect(assets.some((name) => /^app-[A-Z0-9]{8}\.css$/.test(name))).toBe(true);
    for (const name of assets) expect(page).toContain(`${CONSOLE_ASSETS_PATH}${name}`);
    // No inline script: the CSP's script-src is 'self' alone.
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    // Within the first load's budget of compressed script (the bench reports the exact figure).
    const script = assets
      .filter((name) => name.endsWith('.js'))
      .reduce((sum, name) => sum + gzipSync(readFileSync(join(out, 'assets', name))).length, 0);
    expect(script).toBeGreaterThan(0);
    expect(script).toBeLessThanOrEqual(CONSOLE_SCRIPT_BUDGET_BYTES);
  });
});
