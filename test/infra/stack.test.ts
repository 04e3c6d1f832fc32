import { isAppFunction } from '../helpers/templates.js';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput, INDEXES, RETIRED_INDEXES, tableIndexes } from '../../lib/db/table.js';
import { API_PREFIX, AUTHORIZER_FUNCTION, routeEntries } from '../../lib/composition/routes.js';
import { createApp } from '../../infra/app.js';
import { ENCODED_DELIMITER_BODY } from '../../infra/viewer-request.js';
import { releasedTableIndexes } from '../../infra/released.js';
import {
  MANAGED_RULE_VERSIONS,
  MANAGED_RULES,
  RATE_LIMITED_BODY,
  REQUEST_BLOCKED_BODY,
} from '../../infra/edge.js';
import { BACKGROUND_FUNCTIONS, STREAM_FUNCTION } from '../../lib/functions.js';
import {
  EVENT_STREAM_PATH,
  MAX_CONNECTIONS_PER_SPACE,
  PONG_FRAME,
} from '../../lib/events/stream.js';
import { STREAM_STAGE } from '../../infra/event-stream.js';
import { FUNCTION_TIMEOUT_MS, STREAM_REFUSAL_DIMENSION } from '../../lib/config.js';
import { functionTimeoutMs, keyModesOf } from '../../lib/http/route-definition.js';
import { PRODUCT_EVENT_TYPES } from '../../lib/product-events/data.js';
import { STREAM_FILTER } from '../../lib/composition/dispatcher.js';
import { LocalIam, localArnOf } from '../../scripts/local/iam.js';
import {
  appTemplate,
  appTemplateOf,
  type CfnTemplate,
} from '../../scripts/local/stack-template.js';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { PROD_DOMAINS } from '../helpers/stages.js';

const ROOT = join(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
let template: Template;
let prod: CfnTemplate | undefined;
/** The prod stack's template (without bundles), synthesized once for the tests that read it. */
function prodTemplate(): CfnTemplate {
  prod ??= appTemplateOf(
    createApp(
      { stage: 'prod', 'aws:cdk:bundling-stacks': [], ...ORIGIN_DOMAIN_CONTEXT },
      { account: '123456789012', region: 'eu-west-1' },
    ),
  );
  return prod;
}
let synthOutput = '';
const logicalPrefix = (routeId: string) => `${routeId[0]?.toUpperCase()}${routeId.slice(1)}`;

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

beforeAll(async () => {
  // The real CLI, offline and without credentials: bundles every function and runs cdk-nag.
  const { stdout, stderr } = await promisify(execFile)(
    join(ROOT, 'node_modules', '.bin', 'cdk'),
    ['synth', '--quiet', '-o', outDir],
    {
      cwd: ROOT,
      env: { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_PROFILE: '' },
    },
  );
  synthOutput = stdout + stderr;
  // The data and API stacks with their nested stacks, as one template (scripts/local/stack-template.ts).
  template = Template.fromJSON(
    appTemplate(new CloudAssembly(outDir), ['HiringApiData-dev', 'HiringApi-dev']),
  );
}, 600_000); // bundles every function: about 40 s on a quiet 2-core machine, minutes at load 8
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function logicalIdOf(type: string, prefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) =>
    // CDK's logical id: the construct's path, then an 8-digit hash (`GetJd` is not `GetJdTitle`).
    new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id),
  );
  expect(ids, `${type} ${prefix}`).toHaveLength(1);
  return ids[0] as string;
}

const resourcesOf = (cfn: CfnTemplate, type: string) =>
  Object.entries(cfn.Resources).filter(([, resource]) => resource.Type === type);

/** The resources of `type` that belong to the HTTP API, not to the event stream's WebSocket API. */
function ofHttpApi(type: string): Resources {
  const webSocketApis = Object.keys(
    template.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'WEBSOCKET' } }),
  );
  return Object.fromEntries(
    Object.entries(template.findResources(type) as Resources).filter(
      ([, resource]) =>
        !webSocketApis.includes(
          (resource.Properties.ApiId as { Ref?: string } | undefined)?.Ref ?? '',
        ),
    ),
  );
}

describe('CDK app (cdk synth, offline)', () => {
  it('synthesizes with no unacknowledged cdk-nag finding (AwsSolutions and ServerlessChecks packs)', () => {
    expect(synthOutput).not.toMatch(/(AwsSolutions|Serverless)-\w+/);
    const report = JSON.parse(readFileSync(join(outDir, 'validation-report.json'), 'utf8')) as {
      pluginReports: {
        pluginName: string;
        conclusion: string;
        violations: unknown[];
        suppressedViolations: { reason?: string }[];
      }[];
    };
    expect(report.pluginReports.map((plugin) => plugin.pluginName).sort()).toEqual([
      'AwsSolutions',
      'Serverless',
    ]);
    for (const plugin of report.pluginReports) {
      expect(plugin, plugin.pluginName).toMatchObject({ conclusion: 'success', violations: [] });
      for (const suppressed of plugin.suppressedViolations)
        expect(suppressed.reason?.length ?? 0).toBeGreaterThan(20);
    }
  });

  it('routes every entry of the route table, under /api/v1, through the authorizer to its own function’s live alias', () => {
    for (const [id, route] of routeEntries()) {
      const fn = logicalIdOf('AWS::Lambda::Function', logicalPrefix(id));
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${route.method} ${API_PREFIX}${route.path}`,
        AuthorizationType: 'CUSTOM',
      });
      template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
        IntegrationUri: { Ref: liveAliasOf(template.toJSON() as CfnTemplate, fn) },
        PayloadFormatVersion: '2.0',
      });
    }
    expect(Object.keys(ofHttpApi('AWS::ApiGatewayV2::Route'))).toHaveLength(
      routeEntries().length + 1,
    );
  });

  it('answers unknown routes from a $default route backed by the not-found function, behind the authorizer like every route', () => {
    const routes = Object.values(ofHttpApi('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties as { RouteKey: string; AuthorizationType: string },
    );

    expect(routes.find((route) => route.RouteKey === '$default')?.AuthorizationType).toBe('CUSTOM');
    expect(routes.filter((route) => route.AuthorizationType !== 'CUSTOM')).toEqual([]);
  });

  it('configures the authorizer: REQUEST, simple responses, no identity source (invoked for every request, so a missing key gets the envelope), payload 2.0, no cache', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      EnableSimpleResponses: true,
      IdentitySource: [],
      AuthorizerPayloadFormatVersion: '2.0',
      AuthorizerResultTtlInSeconds: 0,
    });
  });

  it('serves the event stream on a WebSocket API: $connect behind the same authorizer (no identity source), subscribe and $disconnect on its function, ping answered by API Gateway itself', () => {
    const cfn = template.toJSON() as CfnTemplate;
    const [[apiId, api]] = resourcesOf(cfn, 'AWS::ApiGatewayV2::Api').filter(
      ([, resource]) => resource.Properties?.ProtocolType === 'WEBSOCKET',
    ) as [[string, CfnTemplate['Resources'][string]]];
    expect(api.Properties?.RouteSelectionExpression).toBe('$request.body.action');
    const ofStream = (type: string) =>
      resourcesOf(cfn, type).filter(
        ([, resource]) =>
          JSON.stringify(resource.Properties?.ApiId) === JSON.stringify({ Ref: apiId }),
      );
    const routes = Object.fromEntries(
      ofStream('AWS::ApiGatewayV2::Route').map(([, route]) => [
        route.Properties?.RouteKey as string,
        route.Properties as Record<string, unknown>,
      ]),
    );
    expect(Object.keys(routes).sort()).toEqual(['$connect', '$disconnect', 'ping', 'subscribe']);
    expect(routes.$connect?.AuthorizationType).toBe('CUSTOM');
    for (const key of ['$disconnect', 'subscribe', 'ping'])
      expect(routes[key]?.AuthorizationType ?? 'NONE', key).toBe('NONE');

    const [[, authorizer]] = ofStream('AWS::ApiGatewayV2::Authorizer') as [
      [string, CfnTemplate['Resources'][string]],
    ];
    expect(authorizer.Properties?.AuthorizerType).toBe('REQUEST');
    // None: API Gateway would refuse an upgrade without it with its own bare 401, never invoking the authorizer.
    expect(authorizer.Properties).not.toHaveProperty('IdentitySource');
    expect(JSON.stringify(authorizer.Properties?.AuthorizerUri)).toContain(
      `"Ref":"${liveAliasOf(cfn, logicalIdOf('AWS::Lambda::Function', 'Authorizer'))}"`,
    );
    const streamFunction = logicalIdOf('AWS::Lambda::Function', 'EventStreamFunction');
    const integrations = ofStream('AWS::ApiGatewayV2::Integration');
    const lambda = integrations.filter(
      ([, integration]) => integration.Properties?.IntegrationType === 'AWS_PROXY',
    );
    expect(lambda).toHaveLength(1);
    expect(functionOfAlias(cfn, lambda[0]?.[1].Properties?.IntegrationUri)).toBe(streamFunction);
    const mocks = integrations.filter(
      ([, integration]) => integration.Properties?.IntegrationType === 'MOCK',
    );
    expect(mocks).toHaveLength(1);
    const mockId = mocks[0]?.[0] as string;
    expect(JSON.stringify(routes.ping?.Target)).toContain(mockId);
    expect(routes.ping?.RouteResponseSelectionExpression).toBe('$default');
    template.hasResourceProperties('AWS::ApiGatewayV2::IntegrationResponse', {
      IntegrationId: { Ref: mockId },
      IntegrationResponseKey: '$default',
      ResponseTemplates: { $default: PONG_FRAME },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::RouteResponse', {
      RouteResponseKey: '$default',
    });

    const [[, stage]] = ofStream('AWS::ApiGatewayV2::Stage') as [
      [string, CfnTemplate['Resources'][string]],
    ];
    expect(stage.Properties).toMatchObject({
      StageName: STREAM_STAGE,
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
      AccessLogSettings: { Format: expect.stringContaining('$context.connectionId') },
    });
  });

  it('lets only the stream function and the dispatcher post to and close the stream’s connections, on its stage alone', () => {
    const cfn = template.toJSON() as CfnTemplate;
    const managing = resourcesOf(cfn, 'AWS::IAM::Policy').flatMap(([, policy]) =>
      (
        policy.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }
      ).Statement.filter((statement) =>
        JSON.stringify(statement.Action).includes('execute-api:'),
      ).map((statement) => ({ roles: policy.Properties?.Roles, statement })),
    );
    const roleOf = (functionName: string) => {
      const [, fn] = resourcesOf(cfn, 'AWS::Lambda::Function').find(
        ([, resource]) => resource.Metadata?.['hiring:function'] === functionName,
      ) as [string, CfnTemplate['Resources'][string]];
      return (fn.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    };
    expect(managing.map(({ roles }) => (roles as { Ref: string }[])[0]?.Ref).sort()).toEqual(
      [roleOf(STREAM_FUNCTION), roleOf(BACKGROUND_FUNCTIONS.webhookDispatcher)].sort(),
    );
    for (const { statement } of managing) {
      expect(statement.Action).toBe('execute-api:ManageConnections');
      const resources = JSON.stringify(statement.Resource);
      expect(resources).toContain(`/${STREAM_STAGE}/POST/@connections/*`);
      expect(resources).toContain(`/${STREAM_STAGE}/DELETE/@connections/*`);
      expect(resources).not.toContain('GET');
    }
    for (const name of [STREAM_FUNCTION, BACKGROUND_FUNCTIONS.webhookDispatcher]) {
      const [, fn] = resourcesOf(cfn, 'AWS::Lambda::Function').find(
        ([, resource]) => resource.Metadata?.['hiring:function'] === name,
      ) as [string, CfnTemplate['Resources'][string]];
      expect(
        JSON.stringify(
          (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables
            .STREAM_CALLBACK_URL,
        ),
        name,
      ).toContain(`/${STREAM_STAGE}`);
    }
  });

  /** A route's function's timeout (authorizer and not-found: the API's), in seconds. */
  const apiTimeoutSeconds = (functionName: unknown) => {
    const route = routeEntries().find(([, each]) => each.functionName === functionName)?.[1];
    return (route ? functionTimeoutMs(route) : FUNCTION_TIMEOUT_MS) / 1000;
  };

  it('runs every function on Node.js 24, arm64, none traced by X-Ray (no tracing setting, Lambda’s pass-through: an API function logs a slow or failed answer’s calls, a background one a slow or failed record’s), its own log group, Lambda’s own lines at WARN but for the consumer and the worker, and Powertools settings', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function') as Resources);
    // Every route's, the authorizer's, the not-found one's, the background ones and the event stream's.
    expect(functions).toHaveLength(
      routeEntries().length + 2 + Object.keys(BACKGROUND_FUNCTIONS).length + 1,
    );
    for (const fn of functions) {
      const name = (fn as { Metadata?: Record<string, unknown> }).Metadata?.['hiring:function'];
      const background = (Object.values(BACKGROUND_FUNCTIONS) as unknown[]).includes(name);
      expect(fn.Properties, String(name)).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        // API functions answer within API Gateway's 30 s (a long-poll's wait on top of the 10 s);
        // the event consumer may erase a candidate's many applications.
        Timeout: background ? 60 : apiTimeoutSeconds(name),
        LoggingConfig: {
          LogFormat: 'JSON',
          LogGroup: expect.anything(),
          // The dispatcher, which every write invokes twice, and the request log's writer log only Lambda's warnings too.
          SystemLogLevel: ['event-consumer', 'webhook-worker'].includes(String(name))
            ? 'INFO'
            : 'WARN',
        },
        Environment: {
          Variables: expect.objectContaining({
            POWERTOOLS_SERVICE_NAME: 'hiring-api',
            STAGE: 'dev',
            LOG_LEVEL: 'INFO',
          }),
        },
      });
      // At under an invocation a second X-Ray would trace nearly every one, at $5 a million: the
      // consumer's and the worker's too (infra/api-function.ts).
      expect(fn.Properties.TracingConfig, String(name)).toBeUndefined();
    }
    const nodeMajor = JSON.parse(
      readFileSync(join(ROOT, 'package.json'), 'utf8'),
    ).devDependencies.node.match(/\d+/)[0];
    expect(nodeMajor).toBe('24');
  });

  it('grants DynamoDB access only through LeadingKeys-limited statements, never Scan or a wildcard, and no managed policy', () => {
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy') as Resources,
    ).flatMap(
      (policy) =>
        (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
    );
    // Item and index actions; the stream actions (read from the stream's own ARN, ListStreams on "*") are checked in "event sources".
    const dynamo = statements.filter(
      (statement) =>
        JSON.stringify(statement.Action).includes('dynamodb:') &&
        !JSON.stringify(statement.Resource).includes('StreamArn') &&
        statement.Action !== 'dynamodb:ListStreams',
    );

    expect(dynamo.length).toBeGreaterThan(0);
    for (const statement of dynamo) {
      expect(statement.Condition, JSON.stringify(statement)).toEqual({
        'ForAllValues:StringLike': {
          'dynamodb:LeadingKeys': expect.arrayContaining([expect.stringMatching(/^[A-Z]+#\*$/)]),
        },
      });
    }
    const everything = JSON.stringify(template.toJSON());
    expect(everything).not.toContain('dynamodb:*');
    expect(everything).not.toContain('dynamodb:Scan');
    expect(everything).not.toContain('AWSLambdaBasicExecutionRole');
  });

  it('projects at most 20 attributes into an index and 100 into all of them (DynamoDB’s limits, retiring indexes counted)', () => {
    const projected = tableIndexes(RETIRED_INDEXES.map((index) => index.name)).map((index) =>
      index.projection.type === 'INCLUDE' ? index.projection.nonKeyAttributes.length : 0,
    );
    expect(Math.max(...projected)).toBeLessThanOrEqual(20);
    expect(projected.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(100);
  });

  it('lets each function reach only its own partitions and indexes (evaluated as IAM would)', () => {
    const iam = new LocalIam(template.toJSON() as CfnTemplate, 't');
    const table = 'arn:aws:dynamodb:us-east-1:123456789012:table/t';
    const can = (fn: string, action: string, pk: string, index?: string) =>
      iam.authorize(fn, {
        action: `dynamodb:${action}`,
        resource: index ? `${table}/index/${index}` : table,
        context: { 'dynamodb:LeadingKeys': [pk] },
      }).allowed;

    expect(can('get-jd', 'Query', 'TENANT#t', INDEXES.matches.name)).toBe(true);
    // Every table has the indexes in use, all of them granted by need: dev's, made afresh; prod's,
    // whose released record holds the same (no index is being retired: none was ever deployed); and
    // prod's first deploy, which makes the released table's indexes at once so that the deploy after
    // it (without -c firstDeploy=true) adds none (docs/operations.md).
    const indexNames = (cfn: CfnTemplate) =>
      (
        Object.values(cfn.Resources).find(
          (resource) => resource.Type === 'AWS::DynamoDB::GlobalTable',
        )?.Properties?.GlobalSecondaryIndexes as { IndexName: string }[]
      ).map((index) => index.IndexName);
    const inUse = Object.values(INDEXES)
      .map((index) => index.name)
      .sort();
    const firstDeploy = appTemplateOf(
      createApp(
        {
          stage: 'prod',
          firstDeploy: 'true',
          'aws:cdk:bundling-stacks': [],
          ...ORIGIN_DOMAIN_CONTEXT,
        },
        { account: '123456789012', region: 'eu-west-1' },
      ),
    );
    expect([...releasedTableIndexes('prod')].sort()).toEqual(inUse);
    for (const cfn of [template.toJSON() as CfnTemplate, prodTemplate(), firstDeploy])
      expect(indexNames(cfn).sort()).toEqual(inUse);
    expect(can('get-jd', 'Query', 'TENANT#t', INDEXES.list.name)).toBe(false);
    expect(can('list-jds', 'Query', 'TENANT#t', INDEXES.statusKeys.name)).toBe(true);
    expect(can('list-jds', 'Query', 'TENANT#t', 'status-v2')).toBe(false);
    expect(can('list-jds', 'BatchGetItem', 'TENANT#t')).toBe(true);
    // A walk sequences its space's log before it reads (lib/db/log/sequencer.ts): writes in its own partition only.
    expect(can('list-jds', 'PutItem', 'TENANT#t')).toBe(true);
    expect(can('list-jds', 'PutItem', 'KEYHASH#h')).toBe(false);
    expect(can('get-jd', 'PutItem', 'TENANT#t')).toBe(false);
    expect(can('authorizer', 'UpdateItem', 'KEYHASH#h')).toBe(true);
    expect(can('authorizer', 'UpdateItem', 'IP#198.51.100.7')).toBe(true);
    expect(can('authorizer', 'UpdateItem', 'TENANT#t')).toBe(false);
    expect(can('authorizer', 'GetItem', 'KEYHASH#h')).toBe(false);
    expect(can('list-keys', 'BatchGetItem', 'KEYHASH#h')).toBe(true);
    expect(can('list-resumes', 'BatchGetItem', 'KEYHASH#h')).toBe(false);
    expect(can('whoami', 'GetItem', 'TENANT#t')).toBe(false);
  });

  it('keeps the test spaces apart in the grants: the product feed reaches only live data, the test routes only test spaces', () => {
    const iam = new LocalIam(template.toJSON() as CfnTemplate, 't');
    const table = 'arn:aws:dynamodb:us-east-1:123456789012:table/t';
    const can = (fn: string, action: string, pk: string) =>
      iam.authorize(fn, {
        action: `dynamodb:${action}`,
        resource: table,
        context: { 'dynamodb:LeadingKeys': [pk] },
      }).allowed;

    // Routes serving both kinds of key reach both spaces; those serving one kind, that space only.
    expect([
      can('create-jd', 'PutItem', 'TENANT#t'),
      can('create-jd', 'PutItem', 'TEST#t'),
    ]).toEqual([true, true]);
    expect([can('list-keys', 'Query', 'TENANT#t'), can('list-keys', 'Query', 'TEST#t')]).toEqual([
      true,
      false,
    ]);
    for (const fn of ['simulate-product-events', 'reset-test-space'])
      expect([can(fn, 'PutItem', 'TENANT#t'), can(fn, 'PutItem', 'TEST#t')]).toEqual([false, true]);
    // The product feed never writes a test space; webhooks serve both.
    expect([
      can('event-consumer', 'PutItem', 'TENANT#t'),
      can('event-consumer', 'PutItem', 'TEST#t'),
    ]).toEqual([true, false]);
    expect([
      can('webhook-worker', 'PutItem', 'TEST#t'),
      can('webhook-dispatcher', 'Query', 'TEST#t'),
    ]).toEqual([true, true]);
    // A first test key brings its space the sample data.
    expect(can('create-key', 'ConditionCheckItem', 'TEST#t')).toBe(true);
    // Every delta walk checks, on a test key's sync token, whether its space was reset since.
    for (const [, route] of routeEntries())
      if ('deltaSync' in route && keyModesOf(route).includes('test'))
        expect(can(route.functionName, 'GetItem', 'TEST#t'), route.functionName).toBe(true);
  });

  it('deploys no test mode with -c testMode=false: no test route, no grant naming a test space, and the authorizer refuses test keys', () => {
    const off = appTemplateOf(
      createApp(
        { 'aws:cdk:bundling-stacks': [], testMode: 'false' },
        { account: '123456789012', region: 'eu-west-1' },
      ),
    );
    const text = JSON.stringify(off);
    expect(text).not.toContain('TEST#');
    expect(text).not.toContain('/test/reset');
    expect(text).not.toContain('/test/product-events');
    const environments = Object.values(off.Resources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function')
      .map(
        (resource) =>
          (resource.Properties?.Environment as { Variables: Record<string, string> }).Variables,
      );
    expect(environments.every((variables) => variables.TEST_MODE === 'off')).toBe(true);
    expect(JSON.stringify(template.toJSON())).toContain('TEST#');
    expect(() =>
      createApp(
        { 'aws:cdk:bundling-stacks': [], testMode: 'maybe' },
        { account: '123456789012', region: 'eu-west-1' },
      ),
    ).toThrow('-c testMode=maybe: expected true or false');
  });

  it('builds the table from the shared definition: keys, GSIs, projections, TTL, PITR, on-demand', () => {
    const expected = createTableInput('x');
    const table = Object.values(
      template.findResources('AWS::DynamoDB::GlobalTable') as Resources,
    )[0]?.Properties;
    expect(table).toMatchObject({
      KeySchema: expected.KeySchema,
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      Replicas: [
        expect.objectContaining({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      ],
    });
    const sortByName = <T extends { IndexName: string }>(list: T[]) =>
      [...list].sort((a, b) => a.IndexName.localeCompare(b.IndexName));
    expect(sortByName(table?.GlobalSecondaryIndexes as never)).toEqual(
      sortByName(expected.GlobalSecondaryIndexes),
    );
    expect(
      new Set(
        (table?.AttributeDefinitions as { AttributeName: string }[]).map((a) => a.AttributeName),
      ),
    ).toEqual(new Set(expected.AttributeDefinitions.map((a) => a.AttributeName)));
  });

  it('throttles the stage, logs access with the request id, and keeps logs for a bounded time', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
      AccessLogSettings: { Format: Match.stringLikeRegexp('\\$context\\.requestId') },
    });
    const groups = Object.values(template.findResources('AWS::Logs::LogGroup') as Resources);
    // Each function's, and each API's access log (the HTTP API's and the event stream's).
    expect(groups.length).toBe(
      routeEntries().length + 2 + Object.keys(BACKGROUND_FUNCTIONS).length + 1 + 2,
    );
    expect(groups.every((group) => group.Properties.RetentionInDays === 14)).toBe(true);
  });

  it('raises both stages’ throttle with a setting (throttleRateLimit, its burst twice that unless given), not a code change', () => {
    const raised = appTemplateOf(
      createApp(
        { 'aws:cdk:bundling-stacks': [], throttleRateLimit: '1200' },
        { account: '123456789012', region: 'eu-west-1' },
      ),
    );
    const stages = Object.values(raised.Resources)
      .filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Stage')
      .map((resource) => resource.Properties?.DefaultRouteSettings);

    expect(stages).toHaveLength(2);
    expect(stages).toEqual(
      Array(2).fill(
        expect.objectContaining({ ThrottlingRateLimit: 1200, ThrottlingBurstLimit: 2400 }),
      ),
    );
  });

  it('gives the infra team a dashboard, Contributor Insights rules and named alarms that each point at their runbook section', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Resources).map(
      (alarm) =>
        alarm.Properties as {
          AlarmName: string;
          AlarmDescription: string;
          AlarmActions: unknown[];
        },
    );
    const runbook = readFileSync(
      join(import.meta.dirname, '..', '..', 'docs', 'operations.md'),
      'utf8',
    );
    const sections = [...runbook.matchAll(/^### (\w+)$/gm)].map(([, name]) => name);

    // Every alarm is named, notifies the topic, and its runbook section exists; every section is an alarm.
    // Each stack names its own: HiringApi-dev-… and HiringApiData-dev-….
    const stageless = (name: string) => name.replace(/^HiringApi(Data)?-dev-/, '');
    expect(alarms.map((alarm) => stageless(alarm.AlarmName)).sort()).toEqual([...sections].sort());
    for (const alarm of alarms) {
      const name = stageless(alarm.AlarmName);
      expect(alarm.AlarmDescription).toContain(`Runbook: docs/operations.md#${name.toLowerCase()}`);
      expect(alarm.AlarmActions).toHaveLength(1);
    }
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'HiringApi-dev-DispatcherIteratorAge',
      MetricName: 'IteratorAge',
      Threshold: 60000,
      Statistic: 'Maximum',
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'HiringApiData-dev-ProductEventsBacklog',
      MetricName: 'ApproximateAgeOfOldestMessage',
      Threshold: 300,
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'HiringApi-dev-WebhookEndpointsDisabled',
      MetricName: 'WebhookEndpointsDisabled',
      Namespace: 'HiringApi',
    });
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      MetricTransformations: [Match.objectLike({ MetricName: 'WebhookEndpointsDisabled' })],
    });

    const [dashboard] = Object.values(
      template.findResources('AWS::CloudWatch::Dashboard') as Resources,
    );
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    expect(dashboard?.Properties.DashboardName).toBe('HiringApi-dev');
    // The slow answers' share, which a long-poll's wait does not inflate, next to API Gateway's p99.
    expect(body).toContain('Answers slower than the p99 target');
    for (const metric of [
      'IteratorAge',
      'ApproximateAgeOfOldestMessage',
      'ConsumedReadCapacityUnits',
      'ThrottledRequests',
      'SystemErrors',
      '5xx',
      'Latency',
      'WebhookDeliveriesFailed',
    ])
      expect(body, metric).toContain(metric);
    expect(body).toContain('by routeKey');
    template.hasOutput('DashboardUrl', {});

    const rules = Object.values(
      template.findResources('AWS::CloudWatch::InsightRule') as Resources,
    ).map((rule) => ({
      name: rule.Properties.RuleName as string,
      // The body is JSON around the log group's name, which the template fills in.
      raw: JSON.stringify(rule.Properties.RuleBody),
    }));
    expect(rules.map((rule) => rule.name).sort()).toEqual(
      ['TopEndpointsByFailedDeliveries', 'TopTenantsBy5xx', 'TopTenantsByRequests'].map(
        (name) => `HiringApi-dev-${name}`,
      ),
    );
    expect(rules.find((rule) => rule.name.endsWith('TopTenantsBy5xx'))?.raw).toContain(
      '\\"GreaterThan\\":499',
    );
  });

  it('alarms on 5xx rate, authorizer errors, throttles and p99 latency, notifying a topic CloudWatch can publish to', () => {
    const alarms = Object.keys(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms.map((id) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual(
      [
        'AuthorizerErrorsAlarm',
        'AuthorizerThrottlesAlarm',
        'EdgeBypassRefusalsAlarm',
        'LatencyP99Alarm',
        'ProductEventsDeadLettersAlarm',
        'ProductEventsRuleFailedInvocationsAlarm',
        'ServerErrorRateAlarm',
        'TableThrottlesAlarm',
        'WebhooksDeadLettersAlarm',
        'WebhooksStreamFailuresAlarm',
        'OperationsDispatcherIteratorAgeAlarm',
        'ProductEventsBacklogAlarm',
        'DeliveryBacklogAlarm',
        'OperationsConsumerErrorsAlarm',
        'OperationsWorkerErrorsAlarm',
        'OperationsWebhookEndpointsDisabledAlarm',
        'EventStreamFunctionErrorsAlarm',
        'EventStreamExecutionErrorsAlarm',
      ].sort(),
    );
    // p99 latency as the share of answers slower than the target, from the access log without the
    // long-polls (an idle GET /events?wait=20 lasts 20 s and is no slow answer).
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('^p99 latency above 2000 ms'),
      Threshold: 1,
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'IF(answers > 0, 100 * FILL(slow, 0) / answers, 0)' }),
      ]),
    });
    const filters = Object.values(template.findResources('AWS::Logs::MetricFilter') as Resources)
      .map(
        (filter) =>
          filter.Properties as {
            FilterPattern: string;
            MetricTransformations: { MetricName: string }[];
          },
      )
      .filter((props) =>
        ['ApiAnswers', 'ApiSlowAnswers'].includes(props.MetricTransformations[0]?.MetricName ?? ''),
      );
    expect(filters).toHaveLength(2);
    for (const filter of filters)
      expect(filter.FilterPattern).toContain('($.routeKey != "GET /api/v1/events")');
    expect(
      filters.find((filter) => filter.MetricTransformations[0]?.MetricName === 'ApiSlowAnswers')
        ?.FilterPattern,
    ).toContain('($.latencyMs > 2000)');
    // Its function holds a request up to the wait, with 5 s for its looks: 25 s, inside API
    // Gateway's and CloudFront's 30 s.
    const timeoutOf = (id: string) =>
      (template.toJSON().Resources as Resources)[logicalIdOf('AWS::Lambda::Function', id)]
        ?.Properties.Timeout;
    expect(timeoutOf('ListEvents')).toBe(25);
    expect(timeoutOf('GetEvent')).toBe(10);
    // Refusals of requests that bypassed the edge, on the metric the authorizer emits, as it names it.
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'HiringApi-dev-EdgeBypassRefusals',
      Metrics: Match.arrayWith([
        Match.objectLike({
          MetricStat: Match.objectLike({
            Metric: {
              Namespace: 'HiringApi',
              MetricName: 'ApiKeyRefused',
              Dimensions: Match.arrayWith([{ Name: 'reason', Value: 'bypassed-edge' }]),
            },
          }),
        }),
      ]),
    });
    // No key of its own: the topic carries alarm names and states, nothing of a tenant, and a
    // customer-managed key (CloudWatch cannot publish under alias/aws/sns) costs $1 a month and $1
    // more for each of its first two yearly rotations. The one key of the stage guards webhook secrets.
    const [topic] = Object.values(template.findResources('AWS::SNS::Topic') as Resources);
    expect(topic?.Properties.KmsMasterKeyId).toBeUndefined();
    expect(Object.keys(template.findResources('AWS::KMS::Key'))).toEqual([
      expect.stringMatching(/^WebhookSecretsKey/),
    ]);
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', {});
  });
});

describe('product events in', () => {
  it('routes the product’s event types from its bus to an encrypted queue with a dead-letter queue', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: ['hiring.product'], 'detail-type': [...PRODUCT_EVENT_TYPES] },
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ProductEventsQueue'), 'Arn'] },
        }),
      ],
    });
    const queues = template.findResources('AWS::SQS::Queue') as Resources;
    const queue = Object.entries(queues).find(([id]) => /^ProductEventsQueue/.test(id))?.[1];
    const consumer = Object.values(
      template.findResources('AWS::Lambda::Function') as Resources,
    ).find(
      (fn) =>
        (fn as { Metadata?: Record<string, unknown> }).Metadata?.['hiring:function'] ===
        'event-consumer',
    );
    expect(Object.values(queues).every((q) => q.Properties.SqsManagedSseEnabled === true)).toBe(
      true,
    );
    expect(queue?.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: expect.anything(),
      maxReceiveCount: 5,
    });
    expect(Number(queue?.Properties.VisibilityTimeout)).toBeGreaterThanOrEqual(
      6 * Number(consumer?.Properties.Timeout),
    );
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 10,
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
    template.hasOutput('ProductEventBusName', {});
    template.hasOutput('ProductEventsDeadLetterQueueArn', {});
  });

  it('never drops an event EventBridge cannot deliver: retries for a day, then the dead-letter queue, and an alarm', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      Targets: [
        Match.objectLike({
          RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
          DeadLetterConfig: {
            Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ProductEventsDeadLetterQueue'), 'Arn'] },
          },
        }),
      ],
    });
    // EventBridge may write to the dead-letter queue, for this rule only.
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'sqs:SendMessage',
            Principal: { Service: 'events.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': Match.anyValue() } },
          }),
        ]),
      }),
      Queues: [{ Ref: Match.stringLikeRegexp('^ProductEventsDeadLetterQueue') }],
    });
    // An event lost (kept nowhere) pages; one kept in the dead-letter queue pages through its alarm.
    const alarm = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Resources).find(
      (a) => a.Properties.MetricName === 'InvocationsFailedToBeSentToDlq',
    );
    expect(alarm?.Properties).toMatchObject({ Namespace: 'AWS/Events', Threshold: 1 });
    expect(alarm?.Properties.AlarmActions).toHaveLength(1);
  });

  it('lets the consumer write tenant data and send to the dead-letter queue only', () => {
    const iam = new LocalIam(template.toJSON() as CfnTemplate, 't');
    const table = 'arn:aws:dynamodb:us-east-1:123456789012:table/t';
    const can = (action: string, pk: string) =>
      iam.authorize('event-consumer', {
        action: `dynamodb:${action}`,
        resource: table,
        context: { 'dynamodb:LeadingKeys': [pk] },
      }).allowed;
    const sends = (rolePrefix: string) =>
      statementsOfRole(rolePrefix)
        .filter((statement) => JSON.stringify(statement.Action).includes('sqs:SendMessage'))
        .map((statement) => JSON.stringify(statement.Resource));

    expect([
      can('ConditionCheckItem', 'TENANT#t'),
      can('DeleteItem', 'TENANT#t'),
      can('UpdateItem', 'KEYHASH#h'),
    ]).toEqual([true, true, false]);
    expect(sends('ProductEventsConsumerRole')).toEqual([
      expect.stringMatching(/ProductEventsDeadLetterQueue/),
    ]);
  });
});

/** The logical id of the `live` alias of the function `functionId`: what every caller invokes. */
function liveAliasOf(cfn: CfnTemplate, functionId: string): string {
  const ids = Object.keys(cfn.Resources).filter((id) => {
    const resource = cfn.Resources[id];
    return (
      resource?.Type === 'AWS::Lambda::Alias' &&
      resource.Properties?.Name === 'live' &&
      JSON.stringify(resource.Properties.FunctionName) === JSON.stringify({ Ref: functionId })
    );
  });
  expect(ids, `live alias of ${functionId}`).toHaveLength(1);
  return ids[0] as string;
}

/**
 * The logical id of the alias a caller names: `{ Ref: alias }` (its ARN), or the `<function name>:live`
 * an event source mapping spells from it. Anything else is not an alias.
 */
function aliasNamedBy(cfn: CfnTemplate, target: unknown): string | undefined {
  const [, ref] =
    JSON.stringify(target)
      .match(
        // An alias named, an ARN of it with its name spelled out, or (a WebSocket API's integration) its invocation URI.
        /^\{"Ref":"(\w+)"\}$|^\{"Fn::Join":\["",\[\{"Fn::Select":\[6,\{"Fn::Split":\[":",\{"Ref":"(\w+)"\}\]\}\]\},":live"\]\]\}$|^\{"Fn::Join":\["",\["arn:",\{"Ref":"AWS::Partition"\},":apigateway:[\w-]+:lambda:path\/2015-03-31\/functions\/",\{"Ref":"(\w+)"\},"\/invocations"\]\]\}$/,
      )
      ?.filter(Boolean) ?? [];
  return ref && cfn.Resources[ref]?.Type === 'AWS::Lambda::Alias' ? ref : undefined;
}

/** The logical id of the function behind the alias `target` names (fails on anything but an alias). */
function functionOfAlias(cfn: CfnTemplate, target: unknown): string {
  const alias = aliasNamedBy(cfn, target);
  expect(alias, JSON.stringify(target)).toBeDefined();
  return (cfn.Resources[alias as string]?.Properties?.FunctionName as { Ref: string }).Ref;
}

/** The statements of the policies attached to the role whose logical id starts with `rolePrefix`. */
function statementsOfRole(rolePrefix: string): Record<string, unknown>[] {
  return Object.values(template.findResources('AWS::IAM::Policy') as Resources)
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${rolePrefix}`))
    .flatMap(
      (policy) =>
        (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
    );
}

describe('webhooks out', () => {
  it('streams new images to a dispatcher that sees only new events and webhook requests, with failures kept', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
    const mapping = Object.values(
      template.findResources('AWS::Lambda::EventSourceMapping') as Resources,
    ).find((resource) =>
      JSON.stringify(resource.Properties.EventSourceArn).includes('StreamArn'),
    )?.Properties;

    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: {
          Destination: { 'Fn::GetAtt': [expect.stringMatching(/^WebhooksStreamFailures/), 'Arn'] },
        },
      },
    });
    expect(
      (mapping?.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((filter) =>
        JSON.parse(filter.Pattern),
      ),
    ).toEqual([STREAM_FILTER]);
  });

  it('queues deliveries on an encrypted queue whose visibility covers 6 worker timeouts, with a dead-letter queue', () => {
    const queue = Object.entries(template.findResources('AWS::SQS::Queue') as Resources).find(
      ([id]) => /^WebhooksQueue/.test(id),
    )?.[1];
    const worker = Object.values(template.findResources('AWS::Lambda::Function') as Resources).find(
      (fn) =>
        JSON.stringify(fn).includes(`"hiring:function":"${BACKGROUND_FUNCTIONS.webhookWorker}"`),
    );

    expect(queue?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: { maxReceiveCount: 5 },
    });
    expect(Number(queue?.Properties.VisibilityTimeout)).toBeGreaterThanOrEqual(
      6 * Number(worker?.Properties.Timeout),
    );
  });

  it('lets only the dispatcher read the stream, the dispatcher only read and sequence tenant logs, and both send only to their queues', () => {
    const iam = new LocalIam(template.toJSON() as CfnTemplate, 't');
    const table = 'arn:aws:dynamodb:us-east-1:123456789012:table/t';
    const can = (fn: string, action: string) =>
      iam.authorize(fn, {
        action: `dynamodb:${action}`,
        resource: table,
        context: { 'dynamodb:LeadingKeys': ['TENANT#t'] },
      }).allowed;
    const readsStream = (statement: Record<string, unknown>) =>
      JSON.stringify(statement).includes('dynamodb:GetRecords');
    const everyRole = Object.keys(template.findResources('AWS::IAM::Role'));

    expect(everyRole.filter((role) => statementsOfRole(role).some(readsStream))).toEqual([
      expect.stringMatching(/^WebhooksDispatcherRole/),
    ]);
    expect([
      can('webhook-dispatcher', 'Query'),
      can('webhook-dispatcher', 'PutItem'),
      iam.authorize('webhook-dispatcher', {
        action: 'dynamodb:PutItem',
        resource: table,
        context: { 'dynamodb:LeadingKeys': ['KEYHASH#h'] },
      }).allowed,
    ]).toEqual([true, true, false]);
    expect([can('webhook-worker', 'UpdateItem'), can('webhook-worker', 'DeleteItem')]).toEqual([
      true,
      false,
    ]);
    const sendsTo = (role: string) =>
      statementsOfRole(role)
        .filter((statement) => JSON.stringify(statement.Action).includes('sqs:SendMessage'))
        .map((statement) => JSON.stringify(statement.Resource));
    // The stream's failed batches go to their dead-letter queue through the dispatcher's role.
    expect(sendsTo('WebhooksDispatcherRole')).toEqual([
      expect.stringMatching(/WebhooksQueue/),
      expect.stringMatching(/WebhooksStreamFailures/),
    ]);
    expect(sendsTo('WebhooksWorkerRole')).toEqual([expect.stringMatching(/WebhooksQueue/)]);
  });
});

const ORIGIN_DOMAIN_CONTEXT = {
  ...PROD_DOMAINS,
  originHostedZoneId: 'Z0123456789ABCDEFGHIJ',
  originHostedZoneName: 'api.example.com',
};

describe('production stage', () => {
  const created = createApp(
    {
      stage: 'prod',
      apiRateLimitMax: '50',
      apiKeyHourlyLimit: '2000',
      'aws:cdk:bundling-stacks': [],
      ...ORIGIN_DOMAIN_CONTEXT,
    },
    { account: '123456789012', region: 'eu-west-1' },
  );
  const { edge } = created;
  const prod = Template.fromJSON(appTemplateOf(created));

  it('protects the table from deletion, retains data and logs longer, ignores API_RATE_LIMIT_MAX', () => {
    prod.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'RetainExceptOnCreate',
      Properties: Match.objectLike({
        Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
      }),
    });
    const functions = Object.values(
      prod.findResources('AWS::Lambda::Function') as Resources,
    ).filter((fn) =>
      isAppFunction({
        Type: 'AWS::Lambda::Function',
        Metadata: (fn as { Metadata?: Record<string, unknown> }).Metadata,
      }),
    );
    const variables = functions.map(
      (fn) => (fn.Properties.Environment as { Variables: Record<string, string> }).Variables,
    );
    expect(
      variables.every(
        (v) =>
          v.STAGE === 'prod' && v.API_KEY_HOURLY_LIMIT === '2000' && !('API_RATE_LIMIT_MAX' in v),
      ),
    ).toBe(true);
    const groups = Object.values(prod.findResources('AWS::Logs::LogGroup') as Resources);
    expect(groups.every((group) => group.Properties.RetentionInDays === 90)).toBe(true);
  });

  it('reserves the authorizer’s, the long-poll’s and the event stream’s concurrency and keeps every version in prod; dev reserves none and keeps no old version', () => {
    const functions = (cfn: Template) =>
      Object.values(cfn.findResources('AWS::Lambda::Function') as Resources).map((fn) => ({
        name: (fn as { Metadata?: Record<string, unknown> }).Metadata?.['hiring:function'],
        reserved: fn.Properties.ReservedConcurrentExecutions,
        ceiling: (fn.Properties.Environment as { Variables: Record<string, string> }).Variables
          .LONG_POLL_CEILING,
      }));
    const versionPolicies = (cfn: Template) => [
      ...new Set(
        Object.values(cfn.findResources('AWS::Lambda::Version')).map(
          (version) => (version as { DeletionPolicy?: string }).DeletionPolicy ?? 'Delete',
        ),
      ),
    ];

    // Waiting listeners hold at most 200, with room for GET /events' answers that do not wait; the
    // event stream's upgrades and subscribes at most 100, whatever a reconnect storm asks: 600 of the
    // account's default 1,000 stay for the other functions.
    expect(
      functions(prod)
        .filter((fn) => fn.reserved !== undefined)
        .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    ).toEqual([
      { name: 'authorizer', reserved: 100, ceiling: undefined },
      { name: 'event-stream', reserved: 100, ceiling: undefined },
      { name: 'list-events', reserved: 200, ceiling: '180' },
    ]);
    expect(functions(template).filter((fn) => fn.reserved !== undefined)).toEqual([]);
    expect(versionPolicies(prod)).toEqual(['Retain']);
    expect(versionPolicies(template)).toEqual(['Delete']);
  });

  it('stops floods at the edge: a WAF web ACL in us-east-1 limits each client IP to 500 requests a minute, answered 429 in the envelope', () => {
    expect(edge?.region).toBe('us-east-1');
    const waf = Template.fromStack(edge as NonNullable<typeof edge>);
    waf.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      CustomResponseBodies: {
        'rate-limited': { ContentType: 'APPLICATION_JSON', Content: RATE_LIMITED_BODY },
      },
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'PerIpRateLimit',
          Action: {
            Block: {
              CustomResponse: {
                ResponseCode: 429,
                CustomResponseBodyKey: 'rate-limited',
                ResponseHeaders: [{ Name: 'Retry-After', Value: '60' }],
              },
            },
          },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: 500,
              EvaluationWindowSec: 60,
              AggregateKeyType: 'IP',
            }),
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({
              Name: 'AWSManagedRulesKnownBadInputsRuleSet',
            }),
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({ Name: 'AWSManagedRulesCommonRuleSet' }),
          },
        }),
      ]),
    });
    expect(JSON.parse(RATE_LIMITED_BODY)).toEqual({
      success: false,
      error: 'Rate limit exceeded, retry in 1 minute',
      code: 'rate_limited',
      retryAfterMs: 60_000,
    });
  });

  it('limits each client IP’s upgrades to the event stream at the edge to 100 a minute, a rule of its own under the API’s 500, answered 429 in the envelope', () => {
    type ByteMatch = {
      FieldToMatch: Record<string, unknown>;
      PositionalConstraint: string;
      SearchString: string;
      TextTransformations: { Type: string }[];
    };
    type Rule = {
      Name: string;
      Action: unknown;
      Statement: {
        RateBasedStatement?: {
          Limit: number;
          EvaluationWindowSec: number;
          AggregateKeyType: string;
          ScopeDownStatement: { ByteMatchStatement?: ByteMatch };
        };
      };
    };
    const waf = Template.fromStack(edge as NonNullable<typeof edge>);
    const [acl] = Object.values(waf.findResources('AWS::WAFv2::WebACL') as Resources);
    const rules = acl?.Properties.Rules as Rule[];
    // A scope-down statement as WAF applies it to a viewer's path: its transformations, then its match.
    const applies = (match: ByteMatch | undefined, path: string) => {
      if (!match || !('UriPath' in match.FieldToMatch))
        throw new Error(`not a match on the path: ${JSON.stringify(match)}`);
      const seen = match.TextTransformations.reduce((value, { Type }) => {
        if (Type === 'URL_DECODE') return decodeURIComponent(value);
        if (Type === 'NONE') return value;
        throw new Error(`transformation ${Type} not read here`);
      }, path);
      if (match.PositionalConstraint === 'EXACTLY') return seen === match.SearchString;
      if (match.PositionalConstraint === 'STARTS_WITH') return seen.startsWith(match.SearchString);
      throw new Error(`constraint ${match.PositionalConstraint} not read here`);
    };
    /** The per-IP limits a minute of the rate rules a request for `path` counts against. */
    const limitsOn = (path: string) =>
      rules
        .filter((rule) => {
          const rate = rule.Statement.RateBasedStatement;
          return (
            rate?.AggregateKeyType === 'IP' &&
            rate.EvaluationWindowSec === 60 &&
            applies(rate.ScopeDownStatement.ByteMatchStatement, path)
          );
        })
        .map((rule) => rule.Statement.RateBasedStatement?.Limit);
    const upgrade = `${API_PREFIX}${EVENT_STREAM_PATH}`;

    expect(limitsOn(upgrade).sort()).toEqual([100, 500]);
    // Spelt encoded, it is still the upgrade's path (WAF sees the path before anything decodes it).
    expect(limitsOn(upgrade.replace('stream', '%73tream')).sort()).toEqual([100, 500]);
    expect(limitsOn(`${API_PREFIX}/jds`)).toEqual([500]);
    expect(limitsOn(`${API_PREFIX}${EVENT_STREAM_PATH}/more`)).toEqual([500]);
    // A space's 100 connections at most, all reopened within the minute from one address: under it.
    expect(MAX_CONNECTIONS_PER_SPACE).toBeLessThanOrEqual(100);
    const streamRule = rules.find(
      (rule) => rule.Statement.RateBasedStatement?.Limit === 100,
    ) as Rule;
    expect(streamRule.Name).toBe('StreamUpgradeRateLimit');
    expect(streamRule.Action).toEqual(rules.find((rule) => rule.Name === 'PerIpRateLimit')?.Action);
  });

  it('refuses a path holding an encoded ? or # at the edge, 400 in the envelope, before API Gateway cuts the path at it; passes every other on with the viewer’s address', () => {
    const functions = Object.values(
      prod.findResources('AWS::CloudFront::Function') as Resources,
    ).map((resource) => resource.Properties as { FunctionCode: string; Name: unknown });
    const [viewerRequest] = functions.filter(
      ({ FunctionCode }) =>
        FunctionCode.includes('event.viewer.ip') && FunctionCode.includes('statusCode: 400'),
    );
    // CloudFront Functions' JavaScript, run as CloudFront runs it: the handler of the event.
    const handler = new Function(`${viewerRequest?.FunctionCode}; return handler;`)() as (
      event: unknown,
    ) => { statusCode?: number; body?: { data: string }; headers: Record<string, unknown> };
    const event = (uri: string) => ({
      viewer: { ip: '203.0.113.9' },
      request: {
        method: 'PUT',
        uri,
        headers: {
          host: { value: 'hiring.example.com' },
          'x-viewer-origin': { value: 'https://evil.example' },
        },
      },
    });

    const refused = ['REQ-1%3Fevil', 'REQ-1%3fevil', 'REQ-1%23evil'].map((id) =>
      handler(event(`/api/v1/jds/by-external-id/${id}`)),
    );
    const passed = handler(event('/api/v1/jds/by-external-id/REQ-1%2Fx%25'));

    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    expect(refused[0]?.body?.data).toBe(ENCODED_DELIMITER_BODY);
    expect(JSON.parse(ENCODED_DELIMITER_BODY)).toMatchObject({
      success: false,
      code: 'validation_failed',
    });
    expect(passed.statusCode).toBeUndefined();
    expect(passed.headers['x-viewer-address']).toEqual({ value: '203.0.113.9' });
    // The origin the viewer called, over what the client sent: where a console link points.
    expect(passed.headers['x-viewer-origin']).toEqual({ value: 'https://hiring.example.com' });
  });

  it('answers a request an AWS managed rule blocks 403 in the envelope (request_blocked), and keeps the rules that misfire on a JSON API counting', () => {
    const waf = Template.fromStack(edge as NonNullable<typeof edge>);
    const [acl] = Object.values(waf.findResources('AWS::WAFv2::WebACL') as Resources);
    const properties = acl?.Properties as {
      CustomResponseBodies: Record<string, { ContentType: string; Content: string }>;
      Rules: {
        Name: string;
        OverrideAction?: unknown;
        Statement: {
          ManagedRuleGroupStatement?: {
            Name: string;
            RuleActionOverrides: { Name: string; ActionToUse: unknown }[];
          };
        };
      }[];
    };
    expect(properties.CustomResponseBodies['request-blocked']).toEqual({
      ContentType: 'APPLICATION_JSON',
      Content: REQUEST_BLOCKED_BODY,
    });
    expect(JSON.parse(REQUEST_BLOCKED_BODY)).toMatchObject({
      success: false,
      code: 'request_blocked',
    });
    const groups = properties.Rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(groups.map((rule) => rule.Statement.ManagedRuleGroupStatement?.Name).sort()).toEqual(
      Object.keys(MANAGED_RULES).sort(),
    );
    for (const rule of groups) {
      const group = rule.Statement.ManagedRuleGroupStatement as NonNullable<
        (typeof rule.Statement)['ManagedRuleGroupStatement']
      >;
      const expected = MANAGED_RULES[group.Name as keyof typeof MANAGED_RULES];
      // The group's own verdicts stand (no group-wide count), each blocking rule answering in the envelope.
      expect(rule.OverrideAction).toEqual({ None: {} });
      const actions = Object.fromEntries(
        group.RuleActionOverrides.map((override) => [override.Name, override.ActionToUse]),
      );
      expect(Object.keys(actions).sort()).toEqual([...expected.block, ...expected.count].sort());
      for (const name of expected.block)
        expect(actions[name], name).toEqual({
          Block: {
            CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'request-blocked' },
          },
        });
      for (const name of expected.count) expect(actions[name], name).toEqual({ Count: {} });
    }
    expect(MANAGED_RULES.AWSManagedRulesCommonRuleSet.count).toEqual([
      'SizeRestrictions_BODY',
      'CrossSiteScripting_BODY',
      'NoUserAgent_HEADER',
    ]);
    // The core rule set, whose rules misfire on JSON bodies, is pinned to a static version.
    const versions = Object.fromEntries(
      groups.map((rule) => [
        rule.Statement.ManagedRuleGroupStatement?.Name,
        (rule.Statement.ManagedRuleGroupStatement as { Version?: string }).Version,
      ]),
    );
    expect(versions.AWSManagedRulesCommonRuleSet).toMatch(/^Version_\d+\.\d+$/);
    expect(versions).toEqual({ ...versions, ...MANAGED_RULE_VERSIONS });
  });

  it('puts CloudFront with that web ACL in front of the API, uncached, adding a secret header the authorizer requires', () => {
    const [distribution] = Object.values(
      prod.findResources('AWS::CloudFront::Distribution') as Resources,
    );
    const config = distribution?.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.WebACLId).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({
        StackName: 'HiringApiEdge-prod',
        Region: 'us-east-1',
      }),
    });
    const [origin] = config.Origins as {
      OriginCustomHeaders: { HeaderName: string; HeaderValue: unknown }[];
      CustomOriginConfig: unknown;
    }[];
    expect(origin?.CustomOriginConfig).toEqual({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    const header = origin?.OriginCustomHeaders.find((h) => h.HeaderName === 'X-Origin-Verify');
    const authorizer = Object.values(prod.findResources('AWS::Lambda::Function') as Resources).find(
      (fn) =>
        (fn as { Metadata?: Record<string, unknown> }).Metadata?.['hiring:function'] ===
        'authorizer',
    );
    const variables = (authorizer?.Properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(JSON.stringify(header?.HeaderValue)).toContain('resolve:secretsmanager');
    // The authorizer reads the value from Secrets Manager at run time: its environment holds only the ARN.
    const [secretId] = Object.keys(prod.findResources('AWS::SecretsManager::Secret')).filter((id) =>
      id.startsWith('OriginVerifySecret'),
    );
    expect(variables.ORIGIN_VERIFY_SECRET_ARN).toEqual({ Ref: secretId });
    expect(JSON.stringify(header?.HeaderValue)).toContain(secretId);
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
    });
    // Integrators pin the public domain, which CloudFront serves with TLS 1.2 (2021) at least.
    expect(config.Aliases).toEqual([ORIGIN_DOMAIN_CONTEXT.domainName]);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: ORIGIN_DOMAIN_CONTEXT.certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    prod.hasOutput('ApiUrl', { Value: `https://${ORIGIN_DOMAIN_CONTEXT.domainName}/api/v1` });
    // Its records, IPv4 and IPv6, alias the distribution in the zone (api.example.com is its apex).
    for (const type of ['A', 'AAAA'])
      prod.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: `${ORIGIN_DOMAIN_CONTEXT.domainName}.`,
        Type: type,
        HostedZoneId: ORIGIN_DOMAIN_CONTEXT.originHostedZoneId,
        AliasTarget: Match.objectLike({
          DNSName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Edge'), 'DomainName'] },
        }),
      });
  });

  it('refuses a prod edge without its public domain, and a public certificate outside us-east-1', () => {
    const {
      domainName: _domain,
      certificateArn: _certificate,
      ...withoutPublic
    } = ORIGIN_DOMAIN_CONTEXT;
    const synth = (context: Record<string, unknown>) =>
      createApp(
        { stage: 'prod', 'aws:cdk:bundling-stacks': [], ...context },
        { account: '123456789012', region: 'eu-west-1' },
      );

    expect(() => synth(withoutPublic)).toThrow(/needs its public domain/);
    expect(() =>
      synth({
        ...ORIGIN_DOMAIN_CONTEXT,
        certificateArn: ORIGIN_DOMAIN_CONTEXT.originCertificateArn,
      }),
    ).toThrow(/certificateArn is in eu-west-1: CloudFront takes its certificate from us-east-1/);
  });

  it("shows the edge's allowed and blocked requests on the dashboard, by the web ACL's name", () => {
    const waf = Template.fromStack(edge as NonNullable<typeof edge>);
    waf.hasResourceProperties('AWS::WAFv2::WebACL', { Name: 'HiringApiEdge-prod' });
    const [dashboard] = Object.values(
      prod.findResources('AWS::CloudWatch::Dashboard') as Resources,
    );
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);

    for (const metric of ['AllowedRequests', 'BlockedRequests']) {
      expect(body).toMatch(
        new RegExp(
          `AWS/WAFV2\\\\",\\\\"${metric}\\\\",\\\\"Rule\\\\",\\\\"ALL\\\\",\\\\"WebACL\\\\",\\\\"HiringApiEdge-prod\\\\",\\{\\\\"region\\\\":\\\\"us-east-1`,
        ),
      );
    }
  });

  it('counts the event stream’s refused upgrades apart: EdgeBypassRefusals reads the HTTP API’s refusals alone, over the HTTP API’s count; the dashboard graphs both', () => {
    type Stat = { Metric: { Namespace: string; MetricName: string; Dimensions: Dimension[] } };
    type Dimension = { Name: string; Value: unknown };
    const [alarm] = Object.values(
      prod.findResources('AWS::CloudWatch::Alarm', {
        Properties: { AlarmName: 'HiringApi-prod-EdgeBypassRefusals' },
      }) as Resources,
    );
    const stats = (alarm?.Properties.Metrics as { MetricStat?: Stat }[])
      .map((metric) => metric.MetricStat?.Metric)
      .filter((metric) => metric !== undefined);
    const refused = stats.find((metric) => metric.MetricName === 'ApiKeyRefused');
    const requests = stats.find((metric) => metric.MetricName === 'Count');
    const httpApi = Object.keys(
      prod.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }),
    );

    // A metric is its full set of dimensions: an upgrade's refusal, counted with `api`, is not this one.
    expect(refused?.Dimensions.map((dimension) => dimension.Name).sort()).toEqual([
      'reason',
      'service',
    ]);
    expect(requests?.Namespace).toBe('AWS/ApiGateway');
    expect(requests?.Dimensions).toContainEqual({ Name: 'ApiId', Value: { Ref: httpApi[0] } });
    const [dashboard] = Object.values(
      prod.findResources('AWS::CloudWatch::Dashboard') as Resources,
    );
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    expect(body).toContain(
      `ApiKeyRefused\\",\\"${STREAM_REFUSAL_DIMENSION.name}\\",\\"${STREAM_REFUSAL_DIMENSION.value}\\"`,
    );
  });

  it('logs the viewer’s address behind the edge: a viewer-request function sets it, the access log records it', () => {
    const [fn] = Object.values(prod.findResources('AWS::CloudFront::Function') as Resources);
    const code = String(fn?.Properties.FunctionCode);
    expect(code).toContain("headers['x-viewer-address'] = { value: event.viewer.ip }");
    const [distribution] = Object.values(
      prod.findResources('AWS::CloudFront::Distribution') as Resources,
    );
    const behavior = (
      distribution?.Properties.DistributionConfig as {
        DefaultCacheBehavior: { FunctionAssociations?: { EventType: string }[] };
      }
    ).DefaultCacheBehavior;
    expect(behavior.FunctionAssociations?.map((association) => association.EventType)).toEqual([
      'viewer-request',
    ]);
    const [stage] = Object.values(prod.findResources('AWS::ApiGatewayV2::Stage') as Resources);
    // status and latencyMs are unquoted (numbers once API Gateway fills them in): quoted here to parse the template.
    const format = JSON.parse(
      String((stage?.Properties.AccessLogSettings as { Format: string }).Format).replace(
        /:(\$context\.\w+)/g,
        ':"$1"',
      ),
    );
    expect(format.clientIp).toBe('$context.authorizer.clientIp');
  });

  it('serves the event stream at /api/v1/events/stream behind the edge: the WebSocket API through its own domain (its stage mapped at the root), with the origin header and the viewer’s address', () => {
    const [distribution] = Object.values(
      prod.findResources('AWS::CloudFront::Distribution') as Resources,
    );
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: {
        PathPattern: string;
        TargetOriginId: string;
        FunctionAssociations: { FunctionARN: unknown }[];
        OriginRequestPolicyId: string;
      }[];
      Origins: {
        Id: string;
        OriginPath?: string;
        DomainName: unknown;
        OriginCustomHeaders: { HeaderName: string }[];
      }[];
    };
    const behavior = config.CacheBehaviors.find(
      (each) => each.PathPattern === `${API_PREFIX}${EVENT_STREAM_PATH}`,
    );
    expect(behavior).toBeDefined();
    // All the viewer's headers (the upgrade's Sec-WebSocket-*, X-API-Key) but Host.
    expect(behavior?.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    const origin = config.Origins.find((each) => each.Id === behavior?.TargetOriginId);
    // The domain's mapping picks the stage: no origin path (API Gateway refuses any path below it).
    expect(origin?.OriginPath).toBeUndefined();
    expect(origin?.DomainName).toBe(ORIGIN_DOMAIN_CONTEXT.streamOriginDomainName);
    expect(origin?.OriginCustomHeaders.map((header) => header.HeaderName)).toEqual([
      'X-Origin-Verify',
    ]);
    const functions = prod.findResources('AWS::CloudFront::Function') as Resources;
    const [fnId] =
      JSON.stringify(behavior?.FunctionAssociations[0]?.FunctionARN).match(/StreamUpgrade\w+/) ??
      [];
    // Run as CloudFront runs it: the viewer's address and the origin it called (what a console's
    // upgrade is checked against) over the client's, and the path the WebSocket API answers at.
    const code = String(functions[fnId as string]?.Properties.FunctionCode);
    const upgrade = new Function(`${code}; return handler;`)() as (event: unknown) => {
      uri: string;
      headers: Record<string, { value: string }>;
    };
    const passed = upgrade({
      viewer: { ip: '203.0.113.9' },
      request: {
        uri: `${API_PREFIX}${EVENT_STREAM_PATH}`,
        headers: {
          host: { value: ORIGIN_DOMAIN_CONTEXT.domainName },
          'x-viewer-address': { value: '198.51.100.1' },
          'x-viewer-origin': { value: 'https://attacker.example' },
        },
      },
    });
    expect(passed.uri).toBe('/');
    expect(passed.headers['x-viewer-address']?.value).toBe('203.0.113.9');
    expect(passed.headers['x-viewer-origin']?.value).toBe(
      `https://${ORIGIN_DOMAIN_CONTEXT.domainName}`,
    );
    prod.hasOutput('StreamUrl', {
      Value: `wss://${ORIGIN_DOMAIN_CONTEXT.domainName}${API_PREFIX}${EVENT_STREAM_PATH}`,
    });
  });

  it('caches no error at the edge: every status CloudFront would cache has an error-caching TTL of 0', () => {
    const [distribution] = Object.values(
      prod.findResources('AWS::CloudFront::Distribution') as Resources,
    );
    const config = distribution?.Properties.DistributionConfig as {
      CustomErrorResponses?: { ErrorCode: number; ErrorCachingMinTTL: number }[];
    };
    const ttls = Object.fromEntries(
      (config.CustomErrorResponses ?? []).map((response) => [
        response.ErrorCode,
        response.ErrorCachingMinTTL,
      ]),
    );
    // CloudFront's own list of the 4xx and 5xx codes it caches (10 s by default, keyed by path alone here).
    expect(ttls).toEqual({
      400: 0,
      403: 0,
      404: 0,
      405: 0,
      414: 0,
      500: 0,
      501: 0,
      502: 0,
      503: 0,
      504: 0,
    });
  });

  it('behind the edge, gives the authorizer no access to per-IP counters (the WAF counts per IP)', () => {
    const iam = new LocalIam(prod.toJSON() as CfnTemplate, 't');
    const update = (pk: string) => ({
      action: 'dynamodb:UpdateItem',
      resource: 'arn:aws:dynamodb:us-east-1:123456789012:table/t',
      context: { 'dynamodb:LeadingKeys': [pk] },
    });

    expect(iam.authorize('authorizer', update('KEYHASH#h')).allowed).toBe(true);
    expect(iam.authorize('authorizer', update('IP#198.51.100.7')).allowed).toBe(false);
  });
});

describe('safe rollouts', () => {
  const synth = (context: Record<string, unknown>) =>
    appTemplateOf(
      createApp(
        { 'aws:cdk:bundling-stacks': [], ...context },
        { account: '123456789012', region: 'eu-west-1' },
      ),
    );

  it('publishes every function as a version behind a live alias, and every caller invokes the alias: routes, $default, the authorizer, the three event sources', () => {
    const cfn = template.toJSON() as CfnTemplate;
    const functions = resourcesOf(cfn, 'AWS::Lambda::Function').map(([id]) => id);
    for (const fn of functions) {
      const alias = cfn.Resources[liveAliasOf(cfn, fn)];
      const [versionId] = (
        alias?.Properties?.FunctionVersion as { 'Fn::GetAtt': [string, string] }
      )['Fn::GetAtt'];
      expect(cfn.Resources[versionId]?.Type).toBe('AWS::Lambda::Version');
      expect(cfn.Resources[versionId]?.Properties?.FunctionName).toEqual({ Ref: fn });
    }
    const invoked = [
      ...resourcesOf(cfn, 'AWS::ApiGatewayV2::Integration')
        // The event stream's ping is API Gateway's own answer: it invokes nothing.
        .filter(([, integration]) => integration.Properties?.IntegrationType !== 'MOCK')
        .map(([, integration]) => integration.Properties?.IntegrationUri),
      ...resourcesOf(cfn, 'AWS::Lambda::EventSourceMapping').map(
        ([, mapping]) => mapping.Properties?.FunctionName,
      ),
      ...resourcesOf(cfn, 'AWS::Lambda::Permission').map(
        ([, permission]) => permission.Properties?.FunctionName,
      ),
      ...resourcesOf(cfn, 'AWS::Logs::SubscriptionFilter').map(
        ([, filter]) => filter.Properties?.DestinationArn,
      ),
    ];
    // Routes and $default, the 3 event sources, and API Gateway's permission to invoke each route, $default and the authorizer;
    // then the event stream's one integration, and its API's permission to invoke it from each of its three routes and the authorizer;
    // then the request log's subscription on each route's function, $default's and the event stream's, and CloudWatch Logs' one permission to invoke its writer.
    const requestLog = routeEntries().length + 2 + 1;
    expect(invoked.length).toBe(
      routeEntries().length + 1 + 3 + routeEntries().length + 2 + 1 + 3 + 1 + requestLog,
    );
    expect(invoked.filter((target) => !aliasNamedBy(cfn, target))).toEqual([]);
    const [authorizer] = resourcesOf(cfn, 'AWS::ApiGatewayV2::Authorizer');
    expect(JSON.stringify(authorizer?.[1].Properties?.AuthorizerUri)).toContain(
      `"Ref":"${liveAliasOf(cfn, logicalIdOf('AWS::Lambda::Function', 'Authorizer'))}"`,
    );
  });

  it('moves every prod function by a CodeDeploy canary, 10% for 15 minutes, rolled back by the 500s or slow answers of the release being deployed (the functions that answer the HTTP API), the authorizer by its new version’s errors, refusals and p99 and the API’s 5xx, the event stream and the background ones by their new version’s errors and p99', () => {
    const cfn = prodTemplate();
    const runbook = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
    const functions = resourcesOf(cfn, 'AWS::Lambda::Function').filter(([, fn]) =>
      isAppFunction(fn),
    );
    expect(resourcesOf(cfn, 'AWS::CodeDeploy::DeploymentGroup')).toHaveLength(functions.length);
    for (const [fn, resource] of functions) {
      const aliasId = liveAliasOf(cfn, fn);
      const alias = cfn.Resources[aliasId] as CfnTemplate['Resources'][string] & {
        UpdatePolicy?: { CodeDeployLambdaAliasUpdate?: { DeploymentGroupName: { Ref: string } } };
        DependsOn?: string[];
      };
      const version = alias.Properties?.FunctionVersion;
      const group = cfn.Resources[
        alias.UpdatePolicy?.CodeDeployLambdaAliasUpdate?.DeploymentGroupName.Ref ?? ''
      ]?.Properties as {
        DeploymentConfigName: string;
        AutoRollbackConfiguration: { Enabled: boolean; Events: string[] };
        AlarmConfiguration: { Enabled: boolean; Alarms: { Name: { Ref: string } }[] };
      };
      expect(group.DeploymentConfigName, fn).toBe(
        'CodeDeployDefault.LambdaCanary10Percent15Minutes',
      );
      expect(group.AutoRollbackConfiguration).toEqual({
        Enabled: true,
        Events: expect.arrayContaining(['DEPLOYMENT_STOP_ON_ALARM', 'DEPLOYMENT_FAILURE']),
      });
      const alarmIds = group.AlarmConfiguration.Alarms.map((alarm) => alarm.Name.Ref);
      const alarms = alarmIds.map((id) => cfn.Resources[id]?.Properties as Record<string, unknown>);
      for (const alarm of alarms) {
        // Gates for the deployment only: a failed canary fails `cdk deploy`, the stack-wide alarms page.
        expect(alarm.AlarmActions, fn).toBeUndefined();
        expect(alarm.AlarmName).toMatch(
          /^HiringApi-prod-Canary-\w+-(Errors|Latency|ServerErrors|Refusals)$/,
        );
        expect(alarm.AlarmDescription).toContain('Runbook: docs/operations.md#rollbacks');
      }
      const newVersion = [
        { Name: 'ExecutedVersion', Value: version },
        { Name: 'FunctionName', Value: { Ref: fn } },
        { Name: 'Resource', Value: { 'Fn::Join': ['', [{ Ref: fn }, ':live']] } },
      ];
      const folder = resource.Metadata?.['hiring:function'];
      const ownAlarms =
        (Object.values(BACKGROUND_FUNCTIONS) as unknown[]).includes(folder) ||
        folder === STREAM_FUNCTION;
      if (folder === AUTHORIZER_FUNCTION) {
        // Its own four, on its new version and on the API it guards; they exist before the alias moves.
        expect(alarms.map((alarm) => alarm.AlarmName).sort()).toEqual([
          'HiringApi-prod-Canary-Authorizer-Errors',
          'HiringApi-prod-Canary-Authorizer-Latency',
          'HiringApi-prod-Canary-Authorizer-Refusals',
          'HiringApi-prod-Canary-Authorizer-ServerErrors',
        ]);
        expect(alias.DependsOn?.sort()).toEqual([...alarmIds].sort());
        const named = (name: string) =>
          JSON.stringify(
            alarms.find((alarm) => alarm.AlarmName === `HiringApi-prod-Canary-Authorizer-${name}`),
          );
        for (const dimension of newVersion)
          expect(named('Errors')).toContain(JSON.stringify(dimension));
        expect(named('ServerErrors')).toContain('"MetricName":"5xx","Namespace":"AWS/ApiGateway"');
        expect(named('ServerErrors')).toContain('{"Name":"Stage","Value":"$default"}');
        expect(named('Refusals')).toContain('"MetricName":"AuthorizerRefusals"');
        continue;
      }
      if (!ownAlarms) {
        // Every function that answers the HTTP API watches the one shared pair: the release's 500s and its p99.
        expect(alarms.map((alarm) => alarm.AlarmName).sort(), fn).toEqual([
          'HiringApi-prod-Canary-Api-Errors',
          'HiringApi-prod-Canary-Api-Latency',
        ]);
        // Both judge a share of the answers of the code release this deployment brings, and no other's.
        const release = (resource.Properties?.Environment as { Variables: Record<string, string> })
          .Variables.RELEASE_ID;
        expect(release, fn).toMatch(/^[0-9a-f]{16}$/);
        const countOf = (metricName: string, period: number) =>
          expect.objectContaining({
            MetricStat: expect.objectContaining({
              Metric: {
                Namespace: 'HiringApi',
                MetricName: metricName,
                Dimensions: [{ Name: 'release', Value: release }],
              },
              Period: period,
              Stat: 'Sum',
            }),
            ReturnData: false,
          });
        // The 500s summed over the canary so far (15 minutes, each minute); slowness a minute at a time, 2 of 3.
        for (const [name, counted, evaluation, period] of [
          [
            'HiringApi-prod-Canary-Api-Errors',
            'ReleaseFailedAnswers',
            { EvaluationPeriods: 1 },
            900,
          ],
          [
            'HiringApi-prod-Canary-Api-Latency',
            'ReleaseSlowAnswers',
            { EvaluationPeriods: 3, DatapointsToAlarm: 2 },
            60,
          ],
        ] as const) {
          const alarm = alarms.find((candidate) => candidate.AlarmName === name);
          expect(alarm, name).toMatchObject({
            Threshold: 1,
            ...evaluation,
            TreatMissingData: 'notBreaching',
          });
          expect(alarm?.Metrics).toEqual(
            expect.arrayContaining([countOf('ReleaseAnswers', period), countOf(counted, period)]),
          );
        }
        // Its log group feeds both, by the release each line names.
        const filters = resourcesOf(cfn, 'AWS::Logs::MetricFilter')
          .map(([, filter]) => filter.Properties as Record<string, unknown>)
          .filter(
            (filter) =>
              JSON.stringify(filter.LogGroupName) ===
              JSON.stringify(
                resource.Properties?.LoggingConfig &&
                  (resource.Properties.LoggingConfig as { LogGroup: unknown }).LogGroup,
              ),
          );
        expect(
          filters
            .map(
              (filter) => (filter.MetricTransformations as { MetricName: string }[])[0]?.MetricName,
            )
            .sort(),
          fn,
        ).toEqual(['ReleaseAnswers', 'ReleaseFailedAnswers', 'ReleaseSlowAnswers']);
        continue;
      }
      // The alarms move to the new version before the alias does.
      expect(alias.DependsOn?.sort()).toEqual([...alarmIds].sort());
      const latency = alarms.find((alarm) => alarm.MetricName === 'Duration');
      expect(latency, fn).toMatchObject({
        ExtendedStatistic: 'p99',
        Period: 60,
        // Half its timeout: 30 s of a background function's minute, 5 s of the event stream's 10.
        Threshold: (Number(resource.Properties?.Timeout) * 1000) / 2,
        EvaluationPeriods: 3,
        DatapointsToAlarm: 2,
      });
      expect(latency?.Dimensions).toEqual(expect.arrayContaining(newVersion));
      const errors = alarms.find((alarm) => alarm !== latency) as {
        Metrics: {
          Id: string;
          Expression?: string;
          MetricStat?: { Metric: { MetricName: string; Dimensions: unknown[] } };
        }[];
        Threshold: number;
      };
      expect(errors.Threshold).toBe(1);
      expect(
        errors.Metrics.find((metric) => metric.Id === 'crashes')?.MetricStat?.Metric,
      ).toMatchObject({ MetricName: 'Errors', Dimensions: expect.arrayContaining(newVersion) });
      expect(
        errors.Metrics.find((metric) => metric.Id === 'errorLines')?.MetricStat?.Metric,
      ).toMatchObject({
        MetricName: 'ErrorLogLines',
        Dimensions: expect.arrayContaining([{ Name: 'ExecutedVersion', Value: version }]),
      });
    }
    expect(runbook).toMatch(/^## Rollbacks$/m);
    const filters = resourcesOf(cfn, 'AWS::Logs::MetricFilter').filter(([, filter]) =>
      JSON.stringify(filter.Properties).includes('ErrorLogLines'),
    );
    // The background functions' and the event stream's.
    expect(filters).toHaveLength(Object.keys(BACKGROUND_FUNCTIONS).length + 1);
    expect(JSON.stringify(filters[0]?.[1].Properties)).toContain(
      '{"Key":"ExecutedVersion","Value":"$.function_version"}',
    );

    // CodeDeploy's roles, one per stack: their functions' aliases and reading alarms, no managed policy.
    const roles = resourcesOf(cfn, 'AWS::IAM::Role').filter(([, r]) =>
      JSON.stringify(r.Properties?.AssumeRolePolicyDocument).includes('codedeploy.amazonaws.com'),
    );
    let aliasArns = 0;
    for (const [, role] of roles) {
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
      const statements = (
        role.Properties?.Policies as {
          PolicyDocument: { Statement: { Action: string[]; Resource: unknown[] }[] };
        }[]
      ).flatMap((policy) => policy.PolicyDocument.Statement);
      const updates = statements.find((statement) =>
        statement.Action.includes('lambda:UpdateAlias'),
      );
      expect(JSON.stringify(updates?.Resource)).not.toContain('*');
      aliasArns += updates?.Resource.length ?? 0;
    }
    expect(aliasArns).toBe(functions.length * 2);
    const dashboard = JSON.stringify(
      resourcesOf(cfn, 'AWS::CloudWatch::Dashboard')[0]?.[1].Properties?.DashboardBody,
    );
    expect(dashboard).toContain('Canary alarms');
  });

  it('moves every function at once in dev, and as -c rollout says otherwise: all-at-once in prod, canary in dev; another value is refused', () => {
    const deploymentGroups = (cfn: CfnTemplate) =>
      resourcesOf(cfn, 'AWS::CodeDeploy::DeploymentGroup').length;
    const functions = resourcesOf(template.toJSON() as CfnTemplate, 'AWS::Lambda::Function').length;
    expect(deploymentGroups(template.toJSON() as CfnTemplate)).toBe(0);
    expect(JSON.stringify(template.toJSON())).not.toContain('CodeDeployLambdaAliasUpdate');
    expect(
      deploymentGroups(synth({ stage: 'prod', rollout: 'all-at-once', ...ORIGIN_DOMAIN_CONTEXT })),
    ).toBe(0);
    expect(deploymentGroups(synth({ stage: 'dev', rollout: 'canary' }))).toBe(functions);
    expect(() => synth({ stage: 'dev', rollout: 'blue-green' })).toThrow(
      /rollout=blue-green: expected one of canary, all-at-once/,
    );
  });
});

describe('secrets and keys', () => {
  const templates = () => ({ dev: template.toJSON() as CfnTemplate, prod: prodTemplate() });
  const functionsOf = (cfn: CfnTemplate) =>
    Object.values(cfn.Resources).filter(
      (resource) =>
        resource.Type === 'AWS::Lambda::Function' && resource.Metadata?.['hiring:function'],
    );
  const variablesOf = (fn: CfnTemplate['Resources'][string]) =>
    (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
      ?.Variables ?? {};

  it('puts no secret value in any function’s environment: the functions that need one get its ARN and a grant to read it', () => {
    for (const [stage, cfn] of Object.entries(templates())) {
      const iam = new LocalIam(cfn, 't');
      for (const fn of functionsOf(cfn)) {
        const name = fn.Metadata?.['hiring:function'] as string;
        const variables = variablesOf(fn);
        expect(JSON.stringify(variables), `${stage} ${name}`).not.toMatch(
          /resolve:secretsmanager|SecretString/,
        );
        const route = routeEntries().find(([, r]) => r.functionName === name)?.[1];
        const readsCursorKey = Boolean(route && 'paginated' in route);
        expect('CURSOR_SECRET_ARN' in variables, `${stage} ${name}`).toBe(readsCursorKey);
        const secretArn = localArnOf(
          cfn,
          't',
          (variables.CURSOR_SECRET_ARN as { Ref?: string } | undefined)?.Ref ?? 'none',
          'Ref',
        );
        if (readsCursorKey)
          expect(
            iam.authorize(name, {
              action: 'secretsmanager:GetSecretValue',
              resource: secretArn,
              context: {},
            }).allowed,
            name,
          ).toBe(true);
      }
    }
  });

  it('lets only the functions that make webhook secrets encrypt, and only the worker decrypt, with the webhook-secret encryption context', () => {
    for (const [stage, cfn] of Object.entries(templates())) {
      const iam = new LocalIam(cfn, 't');
      const [keyId] = Object.keys(cfn.Resources).filter((id) => id.startsWith('WebhookSecretsKey'));
      const key = localArnOf(cfn, 't', keyId as string, 'Arn');
      const use = (name: string, action: string, purpose = 'webhook-signing-secret') =>
        iam.authorize(name, {
          action,
          resource: key,
          context: {
            'kms:EncryptionContext:purpose': [purpose],
            'kms:EncryptionContext:tenantId': ['acme'],
          },
        }).allowed;
      const encrypting = functionsOf(cfn)
        .map((fn) => fn.Metadata?.['hiring:function'] as string)
        .filter((name) => use(name, 'kms:GenerateDataKey'));
      const decrypting = functionsOf(cfn)
        .map((fn) => fn.Metadata?.['hiring:function'] as string)
        .filter((name) => use(name, 'kms:Decrypt'));

      expect(encrypting.sort(), stage).toEqual(['create-webhook', 'rotate-webhook-secret']);
      expect(decrypting, stage).toEqual([BACKGROUND_FUNCTIONS.webhookWorker]);
      expect(use(BACKGROUND_FUNCTIONS.webhookWorker, 'kms:Decrypt', 'something-else'), stage).toBe(
        false,
      );
      expect(cfn.Resources[keyId as string]?.Properties?.EnableKeyRotation, stage).toBe(true);
    }
  });
});

describe('event sources', () => {
  /** What Lambda's event source mapping needs of the function's role, per source (the AWS Lambda developer guide). */
  const NEEDED: Record<string, string[]> = {
    sqs: [
      'sqs:ReceiveMessage',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:ChangeMessageVisibility',
    ],
    dynamodb: [
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
    ],
  };

  it('gives every event-source function’s role the receive or stream actions on its own source, in dev and prod', () => {
    for (const [stage, cfn] of Object.entries({
      dev: template.toJSON() as CfnTemplate,
      prod: prodTemplate(),
    })) {
      const iam = new LocalIam(cfn, 't');
      const mappings = Object.values(cfn.Resources).filter(
        (resource) => resource.Type === 'AWS::Lambda::EventSourceMapping',
      );
      const checked: string[] = [];
      for (const mapping of mappings) {
        const functionId = functionOfAlias(cfn, mapping.Properties?.FunctionName);
        const name = cfn.Resources[functionId]?.Metadata?.['hiring:function'] as string;
        const [sourceId, attribute] = (
          mapping.Properties?.EventSourceArn as { 'Fn::GetAtt': [string, string] }
        )['Fn::GetAtt'];
        const source = localArnOf(cfn, 't', sourceId, attribute);
        const service = source.split(':')[2] as string;
        for (const action of NEEDED[service] ?? []) {
          // ListStreams names no stream: IAM authorizes it on "*" only.
          const resource = action === 'dynamodb:ListStreams' ? '*' : source;
          expect(
            iam.authorize(name, { action, resource, context: {} }).allowed,
            `${stage} ${name} ${action} on ${source}`,
          ).toBe(true);
        }
        checked.push(`${name} ← ${service}`);
      }
      expect(checked.sort(), stage).toEqual(
        [
          `${BACKGROUND_FUNCTIONS.eventConsumer} ← sqs`,
          `${BACKGROUND_FUNCTIONS.webhookDispatcher} ← dynamodb`,
          `${BACKGROUND_FUNCTIONS.webhookWorker} ← sqs`,
        ].sort(),
      );
    }
  });
});

describe('no bypass of the edge', () => {
  /** The resources of `type` in `cfn` whose ApiId (or Api, a mapping's) names the API `apiId`. */
  const ofApi = (cfn: CfnTemplate, type: string, apiId: string) =>
    resourcesOf(cfn, type).filter(
      ([, resource]) =>
        JSON.stringify(resource.Properties?.ApiId) === JSON.stringify({ Ref: apiId }),
    );
  const apiOf = (cfn: CfnTemplate, protocol: 'HTTP' | 'WEBSOCKET') => {
    const [entry] = resourcesOf(cfn, 'AWS::ApiGatewayV2::Api').filter(
      ([, resource]) => resource.Properties?.ProtocolType === protocol,
    );
    return entry as [string, CfnTemplate['Resources'][string]];
  };
  const domainNamed = (cfn: CfnTemplate, name: string) =>
    resourcesOf(cfn, 'AWS::ApiGatewayV2::DomainName').find(
      ([, resource]) => resource.Properties?.DomainName === name,
    );
  /** What a function of `name` is given as the stream's management API (STREAM_CALLBACK_URL). */
  const callbackUrlOf = (cfn: CfnTemplate, name: string) => {
    const [, fn] = resourcesOf(cfn, 'AWS::Lambda::Function').find(
      ([, resource]) => resource.Metadata?.['hiring:function'] === name,
    ) as [string, CfnTemplate['Resources'][string]];
    return (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables
      .STREAM_CALLBACK_URL;
  };

  it('serves prod only through its own domain: the execute-api endpoint is off and CloudFront’s origin is that domain', () => {
    const cfn = prodTemplate();
    const [apiId, api] = apiOf(cfn, 'HTTP');
    const [domainId, domain] = domainNamed(cfn, ORIGIN_DOMAIN_CONTEXT.originDomainName) ?? [];
    const [[, mapping]] = ofApi(cfn, 'AWS::ApiGatewayV2::ApiMapping', apiId) as [
      [string, CfnTemplate['Resources'][string]],
    ];
    const record = resourcesOf(cfn, 'AWS::Route53::RecordSet').find(
      ([, resource]) => resource.Properties?.Name === `${ORIGIN_DOMAIN_CONTEXT.originDomainName}.`,
    )?.[1];
    const [distribution] = Object.values(cfn.Resources).filter(
      (resource) => resource.Type === 'AWS::CloudFront::Distribution',
    );
    const [origin] = (
      distribution?.Properties?.DistributionConfig as { Origins: { DomainName: unknown }[] }
    ).Origins;

    expect(api?.Properties?.DisableExecuteApiEndpoint).toBe(true);
    expect(domain?.Properties).toMatchObject({
      DomainName: ORIGIN_DOMAIN_CONTEXT.originDomainName,
      DomainNameConfigurations: [
        expect.objectContaining({
          CertificateArn: ORIGIN_DOMAIN_CONTEXT.originCertificateArn,
          SecurityPolicy: 'TLS_1_2',
          EndpointType: 'REGIONAL',
        }),
      ],
    });
    expect(mapping?.Properties).toMatchObject({
      DomainName: { Ref: domainId },
      Stage: expect.anything(),
    });
    expect(record?.Properties).toMatchObject({
      Type: 'A',
      HostedZoneId: ORIGIN_DOMAIN_CONTEXT.originHostedZoneId,
    });
    expect(origin?.DomainName).toBe(ORIGIN_DOMAIN_CONTEXT.originDomainName);
  });

  it('serves the event stream in prod only through a domain of its own too: the WebSocket API’s execute-api endpoint is off, its stage at that domain’s root, CloudFront’s stream origin and the management calls there', () => {
    const cfn = prodTemplate();
    const [apiId, api] = apiOf(cfn, 'WEBSOCKET');
    const [domainId, domain] = domainNamed(cfn, ORIGIN_DOMAIN_CONTEXT.streamOriginDomainName) ?? [];
    const [[, stage]] = ofApi(cfn, 'AWS::ApiGatewayV2::Stage', apiId) as [
      [string, CfnTemplate['Resources'][string]],
    ];
    const mappings = ofApi(cfn, 'AWS::ApiGatewayV2::ApiMapping', apiId);

    // An upgrade sent to https://<id>.execute-api.<region>.amazonaws.com/stream finds nothing.
    expect(api.Properties?.DisableExecuteApiEndpoint).toBe(true);
    // A WebSocket API cannot share the HTTP API's domain: its own, Regional, under a certificate of
    // the API's region (the HTTP API's, which names both, unless the stage gives one of its own).
    expect(domain?.Properties).toMatchObject({
      DomainNameConfigurations: [
        expect.objectContaining({
          CertificateArn: ORIGIN_DOMAIN_CONTEXT.originCertificateArn,
          SecurityPolicy: 'TLS_1_2',
          EndpointType: 'REGIONAL',
        }),
      ],
    });
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.[1].Properties).toEqual({
      ApiId: { Ref: apiId },
      DomainName: { Ref: domainId },
      Stage: stage.Properties?.StageName,
    });
    expect(
      resourcesOf(cfn, 'AWS::Route53::RecordSet').find(
        ([, resource]) =>
          resource.Properties?.Name === `${ORIGIN_DOMAIN_CONTEXT.streamOriginDomainName}.`,
      )?.[1].Properties,
    ).toMatchObject({ Type: 'A', HostedZoneId: ORIGIN_DOMAIN_CONTEXT.originHostedZoneId });
    // Posts and closes go through the domain (the execute-api host answers them 403 once it is off),
    // at its root: the mapping has no key.
    for (const name of [STREAM_FUNCTION, BACKGROUND_FUNCTIONS.webhookDispatcher])
      expect(callbackUrlOf(cfn, name), name).toBe(
        `https://${ORIGIN_DOMAIN_CONTEXT.streamOriginDomainName}`,
      );
    // The API's and the stream's (the console's bucket is the third, reached through its own OAC).
    const origins = (
      resourcesOf(cfn, 'AWS::CloudFront::Distribution')[0]?.[1].Properties?.DistributionConfig as {
        Origins: { DomainName: unknown; OriginPath?: string; S3OriginConfig?: unknown }[];
      }
    ).Origins.filter((origin) => !origin.S3OriginConfig);
    expect(origins.map((origin) => origin.DomainName).sort()).toEqual(
      [ORIGIN_DOMAIN_CONTEXT.originDomainName, ORIGIN_DOMAIN_CONTEXT.streamOriginDomainName].sort(),
    );
    expect(JSON.stringify(origins)).not.toContain('execute-api');
  });

  it('writes the stream’s origin record only in a zone that holds its name, else names its target (StreamOriginDnsTarget)', () => {
    const synth = (context: Record<string, unknown>) =>
      appTemplateOf(
        createApp(
          { stage: 'prod', 'aws:cdk:bundling-stacks': [], ...ORIGIN_DOMAIN_CONTEXT, ...context },
          { account: '123456789012', region: 'eu-west-1' },
        ),
      );
    const elsewhere = synth({ streamOriginDomainName: 'stream-origin.example.net' });
    expect(
      resourcesOf(elsewhere, 'AWS::Route53::RecordSet').map(
        ([, resource]) => resource.Properties?.Name,
      ),
    ).not.toContain('stream-origin.example.net.');
    const target = elsewhere.Outputs?.StreamOriginDnsTarget?.Value;
    const [domainId] = domainNamed(elsewhere, 'stream-origin.example.net') ?? [];
    expect(target).toEqual({ 'Fn::GetAtt': [domainId, 'RegionalDomainName'] });
  });

  it('refuses to synthesize a prod edge without the API’s own domain or the stream’s, and keeps dev (no edge) on the execute-api endpoints', () => {
    expect(() =>
      createApp(
        { stage: 'prod', 'aws:cdk:bundling-stacks': [] },
        { account: '123456789012', region: 'eu-west-1' },
      ),
    ).toThrow(/originDomainName/);
    const { streamOriginDomainName: _stream, ...withoutStream } = ORIGIN_DOMAIN_CONTEXT;
    expect(() =>
      createApp(
        { stage: 'prod', 'aws:cdk:bundling-stacks': [], ...withoutStream },
        { account: '123456789012', region: 'eu-west-1' },
      ),
    ).toThrow(/streamOriginDomainName/);
    const dev = template.toJSON() as CfnTemplate;
    for (const protocol of ['HTTP', 'WEBSOCKET'] as const)
      expect(apiOf(dev, protocol)[1].Properties?.DisableExecuteApiEndpoint ?? false, protocol).toBe(
        false,
      );
    expect(resourcesOf(dev, 'AWS::ApiGatewayV2::DomainName')).toEqual([]);
    // The stage's own callback URL: https://<id>.execute-api.<region>.amazonaws.com/stream.
    for (const name of [STREAM_FUNCTION, BACKGROUND_FUNCTIONS.webhookDispatcher]) {
      const url = JSON.stringify(callbackUrlOf(dev, name));
      expect(url, name).toContain('.execute-api.');
      expect(url, name).toContain(`/${STREAM_STAGE}`);
    }
  });
});

describe('one committed description per stage', () => {
  const cdkJson = JSON.parse(readFileSync(join(ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown> & {
      stages: Record<
        string,
        { region?: string; originCertificateArn?: string; streamOriginDomainName?: string }
      >;
    };
  };
  /** `npx cdk …` as the CLI runs it: cdk.json's context, then the command's `-c`s, with no bundling (the policies, not the code). */
  const asTheCliWould = (flags: Record<string, string>) =>
    createApp({ ...cdkJson.context, ...flags, 'aws:cdk:bundling-stacks': [] });

  it('deploys every stage where cdk.json says, termination-protected in prod, with the alarm e-mail subscribed', () => {
    const prod = asTheCliWould({ stage: 'prod' });
    const assembly = prod.app.synth();
    const stacks = assembly.stacks.map((stack) => [
      stack.stackName,
      stack.environment.account,
      stack.environment.region,
      stack.terminationProtection,
    ]);

    expect(stacks.sort()).toEqual([
      ['HiringApi-prod', '123456789012', 'eu-west-1', true],
      ['HiringApiData-prod', '123456789012', 'eu-west-1', true],
      ['HiringApiEdge-prod', '123456789012', 'us-east-1', true],
    ]);
    Template.fromStack(prod.data).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@example.com',
    });
    expect(
      asTheCliWould({ stage: 'dev' })
        .app.synth()
        .stacks.every((stack) => !stack.terminationProtection),
    ).toBe(true);
  });

  it('makes its first deploy deletable, so that a failed first create rolls back cleanly (not ROLLBACK_FAILED); the next deploy protects', () => {
    const first = asTheCliWould({ stage: 'prod', firstDeploy: 'true' });
    const next = asTheCliWould({ stage: 'prod' });
    const protections = (created: typeof first) => {
      const table = Template.fromStack(created.data).findResources('AWS::DynamoDB::GlobalTable');
      return {
        table: Object.values(table).map(
          (resource) =>
            (resource as { Properties: { Replicas: { DeletionProtectionEnabled: boolean }[] } })
              .Properties.Replicas[0]?.DeletionProtectionEnabled,
        ),
        stacks: created.app.synth().stacks.map((stack) => stack.terminationProtection),
      };
    };

    expect(protections(first)).toEqual({ table: [false], stacks: [false, false, false] });
    expect(protections(next)).toEqual({ table: [true], stacks: [true, true, true] });
  });

  it('refuses at synth an origin certificate in another region than the API’s (the Regional domain would fail to create)', () => {
    const elsewhere = {
      stage: 'prod',
      originCertificateArn:
        'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
    };

    expect(() => asTheCliWould(elsewhere)).toThrow(
      /originCertificateArn is in us-east-1, the API in eu-west-1/,
    );
    expect(() => asTheCliWould({ stage: 'prod' })).not.toThrow();
  });

  it('gives the stream’s domain the origin certificate unless the stage names one of its own, refused at synth outside the API’s region', () => {
    const streamCertificateOf = (created: ReturnType<typeof asTheCliWould>) => {
      const cfn = appTemplateOf(created);
      const name = cdkJson.context.stages.prod?.streamOriginDomainName;
      const [, domain] =
        resourcesOf(cfn, 'AWS::ApiGatewayV2::DomainName').find(
          ([, resource]) => resource.Properties?.DomainName === name,
        ) ?? [];
      return (domain?.Properties?.DomainNameConfigurations as { CertificateArn: string }[])[0]
        ?.CertificateArn;
    };
    const own =
      'arn:aws:acm:eu-west-1:123456789012:certificate/22222222-2222-2222-2222-222222222222';

    expect(streamCertificateOf(asTheCliWould({ stage: 'prod' }))).toBe(
      cdkJson.context.stages.prod?.originCertificateArn,
    );
    expect(
      streamCertificateOf(asTheCliWould({ stage: 'prod', streamOriginCertificateArn: own })),
    ).toBe(own);
    expect(() =>
      asTheCliWould({
        stage: 'prod',
        streamOriginCertificateArn: own.replace('eu-west-1', 'us-east-1'),
      }),
    ).toThrow(/streamOriginCertificateArn is in us-east-1, the API in eu-west-1/);
  });

  it('synthesizes every cdk command that README.md and docs/ write, as written', () => {
    const documents = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const commands = documents.flatMap((file) =>
      [
        ...readFileSync(join(ROOT, file), 'utf8').matchAll(
          /npx cdk (?:deploy|synth|diff|destroy)[^\n`#]*/g,
        ),
      ].map((match) => ({ file, command: match[0].trim() })),
    );

    expect(commands.length).toBeGreaterThanOrEqual(4);
    // Commands with the same -c flags make the same app: each distinct set is synthesized once.
    const synthesized = new Map<string, string[]>();
    for (const { file, command } of commands) {
      const flags = Object.fromEntries(
        [...command.matchAll(/-c\s+(\w+)=(\S+)/g)].map((flag) => [
          flag[1] as string,
          flag[2] as string,
        ]),
      );
      expect(Object.values(flags).join(' '), `${file}: ${command} has a placeholder`).not.toMatch(
        /[<>…]/,
      );
      const key = JSON.stringify(Object.entries(flags).sort());
      let stacks = synthesized.get(key);
      if (!stacks) {
        let names: string[] = [];
        expect(() => {
          names = asTheCliWould(flags)
            .app.synth()
            .stacks.map((stack) => stack.stackName);
        }, `${file}: ${command}`).not.toThrow();
        stacks = names;
        synthesized.set(key, stacks);
      }
      // A stack the command names (`cdk deploy HiringApi-prod --exclusively`) is one of that app's.
      for (const [, named] of command.matchAll(/\s(HiringApi[\w-]*)/g))
        expect(stacks, `${file}: ${command}`).toContain(named);
    }
  });

  it('rolls back the API stack only, never the data stack, and ends with the smoke journey (docs/operations.md, Rollbacks)', () => {
    const runbook = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
    const section = runbook.slice(runbook.indexOf('**Roll back after a deployment finished**'));
    const [, block = ''] = /```sh\n([\s\S]*?)```/.exec(section) ?? [];
    const lines = block.trim().split('\n');

    expect(lines[0]).toMatch(/npx cdk deploy HiringApi-prod --exclusively -c stage=prod$/);
    expect(block).not.toContain('--all');
    expect(lines.at(-1)).toMatch(/^npm run smoke /);
  });
});
