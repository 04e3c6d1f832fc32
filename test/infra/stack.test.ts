import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput } from '../../lib/db/table.js';
import { API_PREFIX, routeEntries } from '../../lib/http/routes.js';
import { createApp } from '../../infra/app.js';
import { AUTHORIZER_ACCESS, ROUTE_ACCESS } from '../../infra/permissions.js';

const ROOT = join(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
let template: Template;
let synthOutput = '';
const logicalPrefix = (routeId: string) => `${routeId[0]?.toUpperCase()}${routeId.slice(1)}`;

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

beforeAll(async () => {
  // The real CLI, offline and without credentials: bundles every function and runs cdk-nag.
  const { stdout, stderr } = await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'cdk'), ['synth', '--quiet', '-o', outDir], {
    cwd: ROOT,
    env: { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_PROFILE: '' },
  });
  synthOutput = stdout + stderr;
  template = Template.fromJSON(JSON.parse(readFileSync(join(outDir, 'HiringApi-dev.template.json'), 'utf8')));
}, 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function logicalIdOf(type: string, prefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix) && !id.startsWith(`${prefix}Logs`) && !id.startsWith(`${prefix}Role`));
  expect(ids, `${type} ${prefix}`).toHaveLength(1);
  return ids[0] as string;
}

function policyStatementsOf(prefix: string) {
  const role = logicalIdOf('AWS::IAM::Role', `${prefix}Role`.replace(/Role$/, 'Role'));
  const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources).filter((policy) =>
    JSON.stringify(policy.Properties.Roles).includes(role),
  );
  return policies.flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
}

describe('CDK app (cdk synth, offline)', () => {
  it('synthesizes with no unacknowledged cdk-nag finding', () => {
    expect(synthOutput).not.toMatch(/AwsSolutions-\w+/);
  });

  it('routes every entry of the route table, under /api/v1, through the authorizer to its own function', () => {
    for (const [id, route] of routeEntries()) {
      const fn = logicalIdOf('AWS::Lambda::Function', logicalPrefix(id));
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${route.method} ${API_PREFIX}${route.path}`,
        AuthorizationType: 'CUSTOM',
      });
      template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
        IntegrationUri: { 'Fn::GetAtt': [fn, 'Arn'] },
        PayloadFormatVersion: '2.0',
      });
    }
    expect(Object.keys(template.findResources('AWS::ApiGatewayV2::Route'))).toHaveLength(routeEntries().length + 1);
  });

  it('answers unknown routes from a keyless $default route backed by the not-found function', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$default', AuthorizationType: 'NONE' });
  });

  it('configures the authorizer: REQUEST, simple responses, X-API-Key identity, payload 2.0, no cache', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.X-API-Key'],
      AuthorizerPayloadFormatVersion: '2.0',
      AuthorizerResultTtlInSeconds: 0,
    });
  });

  it('runs every function on Node.js 24, arm64, with tracing, its own log group and Powertools settings', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function') as Resources);
    expect(functions).toHaveLength(routeEntries().length + 2);
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogFormat: 'JSON', LogGroup: expect.anything() },
        Environment: { Variables: expect.objectContaining({ POWERTOOLS_SERVICE_NAME: 'hiring-api', STAGE: 'dev', LOG_LEVEL: 'INFO' }) },
      });
    }
    const nodeMajor = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies.node.match(/\d+/)[0];
    expect(nodeMajor).toBe('24');
  });

  it('grants each function exactly the DynamoDB actions and indexes it uses, and no managed policy', () => {
    const table = logicalIdOf('AWS::DynamoDB::GlobalTable', 'Table');
    const expectations = [
      ...routeEntries().map(([id]) => [logicalPrefix(id), ROUTE_ACCESS[id]] as const),
      ['Authorizer', AUTHORIZER_ACCESS] as const,
    ];
    for (const [prefix, access] of expectations) {
      const dynamo = policyStatementsOf(prefix).filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'));
      const actions = (statement: Record<string, unknown>) => [statement.Action].flat().sort();
      const onTable = dynamo.filter((statement) => JSON.stringify(statement.Resource).includes('/index/') === false);
      const onIndexes = dynamo.filter((statement) => JSON.stringify(statement.Resource).includes('/index/'));
      expect(onTable.flatMap(actions), prefix).toEqual(access.table.map((action) => `dynamodb:${action}`).sort());
      expect(onTable.every((statement) => JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [table, 'Arn'] })), prefix).toBe(true);
      expect(onIndexes.flatMap(actions), prefix).toEqual(access.indexes.length ? ['dynamodb:Query'] : []);
      expect(JSON.stringify(onIndexes).match(/\/index\/[\w-]+/g)?.length ?? 0, prefix).toBe(access.indexes.length);
    }
    const everything = JSON.stringify(template.toJSON());
    expect(everything).not.toContain('dynamodb:*');
    expect(everything).not.toContain('dynamodb:Scan');
    expect(everything).not.toContain('AWSLambdaBasicExecutionRole');
  });

  it('builds the table from the shared definition: keys, GSIs, projections, TTL, PITR, on-demand', () => {
    const expected = createTableInput('x');
    const table = Object.values(template.findResources('AWS::DynamoDB::GlobalTable') as Resources)[0]?.Properties;
    expect(table).toMatchObject({
      KeySchema: expected.KeySchema,
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      Replicas: [expect.objectContaining({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
    const sortByName = <T extends { IndexName: string }>(list: T[]) => [...list].sort((a, b) => a.IndexName.localeCompare(b.IndexName));
    expect(sortByName(table?.GlobalSecondaryIndexes as never)).toEqual(sortByName(expected.GlobalSecondaryIndexes));
    expect(new Set((table?.AttributeDefinitions as { AttributeName: string }[]).map((a) => a.AttributeName))).toEqual(
      new Set(expected.AttributeDefinitions.map((a) => a.AttributeName)),
    );
  });

  it('throttles the stage, logs access with the request id, and keeps logs for a bounded time', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
      AccessLogSettings: { Format: Match.stringLikeRegexp('\\$context\\.requestId') },
    });
    const groups = Object.values(template.findResources('AWS::Logs::LogGroup') as Resources);
    expect(groups.length).toBe(routeEntries().length + 3);
    expect(groups.every((group) => group.Properties.RetentionInDays === 14)).toBe(true);
  });

  it('alarms on 5xx rate, authorizer errors, throttles and p99 latency, notifying an encrypted topic', () => {
    const alarms = Object.keys(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms.map((id) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual(
      ['AuthorizerErrorsAlarm', 'AuthorizerThrottlesAlarm', 'LatencyP99Alarm', 'ServerErrorRateAlarm', 'TableThrottlesAlarm'].sort(),
    );
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { ExtendedStatistic: 'p99', Threshold: 2000 });
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', {});
  });
});

describe('production stage', () => {
  it('protects the table from deletion, retains data and logs longer, ignores API_RATE_LIMIT_MAX', () => {
    const { stack } = createApp({ stage: 'prod', apiRateLimitMax: '50', apiKeyHourlyLimit: '2000', 'aws:cdk:bundling-stacks': [] });
    const prod = Template.fromStack(stack);

    prod.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }),
    });
    const functions = Object.values(prod.findResources('AWS::Lambda::Function') as Resources);
    const variables = functions.map((fn) => (fn.Properties.Environment as { Variables: Record<string, string> }).Variables);
    expect(variables.every((v) => v.STAGE === 'prod' && v.API_KEY_HOURLY_LIMIT === '2000' && !('API_RATE_LIMIT_MAX' in v))).toBe(true);
    const groups = Object.values(prod.findResources('AWS::Logs::LogGroup') as Resources);
    expect(groups.every((group) => group.Properties.RetentionInDays === 90)).toBe(true);
  });
});
