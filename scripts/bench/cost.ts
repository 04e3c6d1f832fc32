import { readFileSync } from 'node:fs';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { join } from 'node:path';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { newId } from '../../lib/db/ids.js';
import { createJd } from '../../lib/jds/api.js';
import { API_PREFIX, ROUTES } from '../../lib/composition/routes.js';
import { fullAccessContext, proxyEvent } from '../local/events.js';
import { lambdaContext, loadHandler } from '../local/handlers.js';
import type { CfnTemplate } from '../local/stack-template.js';

/**
 * What a production stage costs, computed from its synthesized templates (prod, as cdk.json describes
 * it) and from what this machine can measure: the bytes of an answer as the API sends it, and of an
 * access-log line as the stage's format writes it. List prices, us-east-1 (eu-west-1 is within a few
 * percent), as of November 2026; free tiers are not counted.
 */
export const PRICES = {
  alarmMetricMonth: 0.1,
  dashboardMonth: 3,
  contributorInsightsRuleMonth: 0.5,
  kmsKeyMonth: 1,
  secretMonth: 0.4,
  webAclMonth: 5,
  wafRuleMonth: 1,
  wafPerMillion: 0.6,
  cloudFrontHttpsPerMillion: 1.0,
  cloudFrontFunctionPerMillion: 0.1,
  cloudFrontOutPerGb: 0.085,
  cloudFrontToOriginPerGb: 0.02,
  httpApiPerMillion: 1.0,
  lambdaRequestsPerMillion: 0.2,
  lambdaArmGbSecond: 0.0000133334,
  dynamoWritePerMillion: 0.625,
  dynamoReadPerMillion: 0.125,
  logsIngestPerGb: 0.5,
  xrayTracePerMillion: 5,
};

/**
 * What a request does that this machine cannot measure, stated: Lambda's billed duration of the two
 * invocations (authorizer and route, about 40 ms together at 512 MB: one DynamoDB round trip each, warm),
 * the request's bytes to the origin (about 1 KB of headers), and what CloudFront adds to each answer's
 * headers (Via, X-Cache, X-Amz-Cf-Pop, X-Amz-Cf-Id, Date: about 250 bytes).
 */
const ASSUMED = {
  lambdaMsPerRequest: 40,
  lambdaMemoryGb: 0.5,
  requestBytes: 1024,
  cloudFrontHeaderBytes: 250,
  /** GET /jds/:id's reads (docs/benchmarks.md, "DynamoDB work per request": 1.5 RCU) and the authorizer's one counted write */
  readUnits: 1.5,
  writeUnits: 1,
};

/** CloudWatch Logs counts 26 bytes a log event on top of its message. */
const LOG_EVENT_OVERHEAD_BYTES = 26;

/** A job description as integrators send them: about 1.6 KB of varied prose, not a repeated phrase. */
const REALISTIC_JD = {
  title: 'Senior Platform Engineer, Payments Infrastructure',
  description:
    'We are looking for a senior platform engineer to join the team that runs our payments infrastructure across three regions. You will own the reliability of the services that authorize, capture and settle card and bank transfers for more than four thousand merchants, and you will shape how we deploy, observe and scale them. Day to day you will design and review changes to our Kubernetes clusters and Terraform modules, improve our incident response and on-call tooling, pair with product engineers on the performance of their services, and help us move the last batch jobs onto event-driven pipelines. We care about clear written design documents, small reversible changes and measurable service level objectives. You have at least six years of experience operating production systems, you are fluent in Go or Java and comfortable with SQL, and you have run distributed systems where correctness and auditability matter. Experience with PCI DSS, Kafka, PostgreSQL replication or multi-region failover is a plus. The role is hybrid, two days a week in our Berlin or Lisbon office, with a budget for conferences and learning, 30 days of paid leave and an employee stock option plan.',
  location: 'Berlin, Germany (hybrid)',
  department: 'Engineering / Platform',
};

export interface StageCost {
  idle: { total: number; items: [string, number][] };
  perMillion: {
    busyWithEdge: number;
    /** the same for a client that does not accept gzip */
    busyWithEdgeUncompressed: number;
    lowWithEdge: number;
    withoutEdge: number;
    items: [string, number][];
  };
  measured: { answerBytes: number; answerBytesGzip: number; accessLogLineBytes: number };
  counts: Record<string, number>;
}

type Templates = CfnTemplate[];

function resourcesOf(templates: Templates, type: string) {
  return templates.flatMap((template) =>
    Object.values(template.Resources).filter((resource) => resource.Type === type),
  );
}

/** Metrics an alarm reads (a math expression's inputs; a plain alarm reads one). */
function alarmMetrics(alarm: CfnTemplate['Resources'][string]): number {
  const metrics = alarm.Properties?.Metrics as { MetricStat?: unknown }[] | undefined;
  return metrics ? metrics.filter((metric) => metric.MetricStat).length : 1;
}

/** The answer of GET /jds/:id for a realistic JD, as the function sends it, with and without gzip. */
async function measureAnswer(endpoint: string, tableName: string) {
  const db = createDb({ endpoint, tableName });
  setSharedDb(db);
  const tenantId = liveSpaceOf(`cost-${newId()}`);
  const { jd: created } = await createJd(db, tenantId, {
    ...REALISTIC_JD,
    createdById: 'user-5f3c2a',
  });
  const route = ROUTES.getJd;
  const handler = await loadHandler(route.functionName);
  const bytesOf = async (acceptEncoding?: string) => {
    const answer = (await handler(
      proxyEvent(
        {
          method: 'GET',
          rawPath: `${API_PREFIX}/jds/${created.id}`,
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        },
        route,
        { jdId: created.id },
        fullAccessContext(tenantId, `key-${newId()}`),
      ),
      lambdaContext(route.functionName, 'cost'),
    )) as { statusCode: number; body?: string; isBase64Encoded?: boolean; headers?: object };
    if (answer.statusCode !== 200) throw new Error(`GET /jds/:id answered ${answer.statusCode}`);
    const body = answer.body ?? '';
    const bodyBytes = answer.isBase64Encoded
      ? Buffer.from(body, 'base64').length
      : Buffer.byteLength(body);
    const headerBytes = Object.entries(answer.headers ?? {}).reduce(
      (sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${String(value)}\r\n`),
      Buffer.byteLength('HTTP/1.1 200 OK\r\n\r\n'),
    );
    return bodyBytes + headerBytes;
  };
  const sizes = { plain: await bytesOf(), gzip: await bytesOf('gzip, deflate, br') };
  setSharedDb(undefined);
  return sizes;
}

/** One access-log line as the stage's format writes it, filled with values of their real shape. */
function accessLogLineBytes(templates: Templates): number {
  const [stage] = resourcesOf(templates, 'AWS::ApiGatewayV2::Stage');
  const format = (stage?.Properties?.AccessLogSettings as { Format: string }).Format;
  const values: Record<string, string> = {
    '$context.requestId': 'Xk3c9hMbjoEEJvQ=',
    '$context.identity.sourceIp': '130.176.98.141',
    '$context.authorizer.clientIp': '203.0.113.77',
    '$context.requestTime': '27/Nov/2026:04:12:33 +0000',
    '$context.routeKey': `GET ${API_PREFIX}/jds/{jdId}`,
    '$context.status': '200',
    '$context.responseLength': '913',
    '$context.responseLatency': '41',
    '$context.integrationLatency': '37',
    '$context.authorizer.error': '-',
    '$context.authorizer.tenantId': `tenant-${newId()}`,
    '$context.authorizer.keyId': newId(),
  };
  const line = format.replace(/\$context\.[\w.]+/g, (variable) => {
    const value = values[variable];
    if (value === undefined) throw new Error(`No sample value for ${variable}`);
    return value;
  });
  return Buffer.byteLength(line) + LOG_EVENT_OVERHEAD_BYTES;
}

/** The cost of the prod stage in `templates` (every template of the app, nested ones included). */
export async function stageCost(
  templates: Templates,
  endpoint: string,
  tableName: string,
): Promise<StageCost> {
  const alarms = resourcesOf(templates, 'AWS::CloudWatch::Alarm');
  const canary = alarms.filter((alarm) => String(alarm.Properties?.AlarmName).includes('-Canary-'));
  const stackAlarms = alarms.filter((alarm) => !canary.includes(alarm));
  const sum = (list: typeof alarms) =>
    list.reduce((total, alarm) => total + alarmMetrics(alarm), 0);
  const [webAcl] = resourcesOf(templates, 'AWS::WAFv2::WebACL');
  const wafRules = ((webAcl?.Properties?.Rules as unknown[]) ?? []).length;
  const counts = {
    stackAlarms: stackAlarms.length,
    stackAlarmMetrics: sum(stackAlarms),
    canaryAlarms: canary.length,
    canaryAlarmMetrics: sum(canary),
    dashboards: resourcesOf(templates, 'AWS::CloudWatch::Dashboard').length,
    contributorInsightsRules: resourcesOf(templates, 'AWS::CloudWatch::InsightRule').length,
    kmsKeys: resourcesOf(templates, 'AWS::KMS::Key').length,
    secrets: resourcesOf(templates, 'AWS::SecretsManager::Secret').length,
    webAcls: webAcl ? 1 : 0,
    wafRules,
  };
  const idleItems: [string, number][] = [
    [
      `${counts.stackAlarms} alarms (${counts.stackAlarmMetrics} metrics)`,
      counts.stackAlarmMetrics * PRICES.alarmMetricMonth,
    ],
    [
      `${counts.canaryAlarms} canary alarms (${counts.canaryAlarmMetrics} metrics)`,
      counts.canaryAlarmMetrics * PRICES.alarmMetricMonth,
    ],
    [`${counts.dashboards} dashboard`, counts.dashboards * PRICES.dashboardMonth],
    [
      `${counts.contributorInsightsRules} Contributor Insights rules`,
      counts.contributorInsightsRules * PRICES.contributorInsightsRuleMonth,
    ],
    [`${counts.kmsKeys} KMS keys`, counts.kmsKeys * PRICES.kmsKeyMonth],
    [`${counts.secrets} secrets`, counts.secrets * PRICES.secretMonth],
    [
      `web ACL and its ${wafRules} rules`,
      counts.webAcls * PRICES.webAclMonth + wafRules * PRICES.wafRuleMonth,
    ],
  ];

  // A request's path: CloudFront, WAF, the HTTP API, the authorizer and the route's function.
  const functions = resourcesOf(templates, 'AWS::Lambda::Function');
  const onPath = functions.filter((fn) =>
    ['authorizer', 'get-jd'].includes(String(fn.Metadata?.['hiring:function'])),
  );
  const tracedOnPath = onPath.filter(
    (fn) => (fn.Properties?.TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active',
  ).length;
  const answer = await measureAnswer(endpoint, tableName);
  const logLine = accessLogLineBytes(templates);
  const perGb = (bytes: number) => bytes / 1024 ** 3;
  const million = 1_000_000;
  const common: [string, number][] = [
    ['HTTP API', PRICES.httpApiPerMillion],
    ['Lambda requests (authorizer and route)', 2 * PRICES.lambdaRequestsPerMillion],
    [
      `Lambda duration (${ASSUMED.lambdaMsPerRequest} ms at ${ASSUMED.lambdaMemoryGb * 1024} MB, arm64)`,
      (ASSUMED.lambdaMsPerRequest / 1000) *
        ASSUMED.lambdaMemoryGb *
        PRICES.lambdaArmGbSecond *
        million,
    ],
    ['DynamoDB: the authorizer’s counted write', ASSUMED.writeUnits * PRICES.dynamoWritePerMillion],
    ['DynamoDB: the reads', ASSUMED.readUnits * PRICES.dynamoReadPerMillion],
    [`access log (${logLine} B a line)`, perGb(logLine) * million * PRICES.logsIngestPerGb],
  ];
  const edge: [string, number][] = [
    ['CloudFront HTTPS requests', PRICES.cloudFrontHttpsPerMillion],
    ['CloudFront viewer-request function', PRICES.cloudFrontFunctionPerMillion],
    [
      `CloudFront data out (${answer.gzip + ASSUMED.cloudFrontHeaderBytes} B an answer, gzip)`,
      perGb(answer.gzip + ASSUMED.cloudFrontHeaderBytes) * million * PRICES.cloudFrontOutPerGb,
    ],
    [
      'CloudFront to the origin',
      perGb(ASSUMED.requestBytes) * million * PRICES.cloudFrontToOriginPerGb,
    ],
    ['WAF requests', PRICES.wafPerMillion],
  ];
  const total = (items: [string, number][]) => items.reduce((sum, [, cost]) => sum + cost, 0);
  // X-Ray traces the first request each second and 5% of the rest of each function it is Active on.
  const busyTraces = tracedOnPath * 0.05 * PRICES.xrayTracePerMillion;
  const lowTraces = tracedOnPath * PRICES.xrayTracePerMillion;
  const withEdge = total([...common, ...edge]);
  const uncompressedOut = perGb(answer.plain - answer.gzip) * million * PRICES.cloudFrontOutPerGb;
  return {
    idle: { total: total(idleItems), items: idleItems },
    perMillion: {
      busyWithEdge: withEdge + busyTraces,
      busyWithEdgeUncompressed: withEdge + busyTraces + uncompressedOut,
      lowWithEdge: withEdge + lowTraces,
      // Without the edge the authorizer also counts the client's address: one more write.
      withoutEdge: total(common) + PRICES.dynamoWritePerMillion + busyTraces,
      items: [
        ...edge,
        ...common,
        [`X-Ray (${tracedOnPath} traced functions on the path)`, busyTraces],
      ],
    },
    measured: {
      answerBytes: answer.plain,
      answerBytesGzip: answer.gzip,
      accessLogLineBytes: logLine,
    },
    counts,
  };
}

/** Every template of the prod app (cdk.json's description), nested ones read from the assembly. */
export async function prodTemplates(): Promise<{
  templates: Templates;
  cleanup: () => Promise<void>;
}> {
  const { createApp } = await import('../../infra/app.js');
  const { rm } = await import('node:fs/promises');
  const { context } = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'cdk.json'), 'utf8'),
  ) as { context: Record<string, unknown> };
  const { app } = createApp({ ...context, stage: 'prod', 'aws:cdk:bundling-stacks': [] });
  const assembly = app.synth();
  const templates: Templates = [];
  const read = (template: CfnTemplate) => {
    templates.push(template);
    for (const resource of Object.values(template.Resources))
      if (resource.Type === 'AWS::CloudFormation::Stack')
        read(
          JSON.parse(
            readFileSync(
              join(assembly.directory, String(resource.Metadata?.['aws:asset:path'])),
              'utf8',
            ),
          ) as CfnTemplate,
        );
  };
  for (const stack of assembly.stacks) read(stack.template as CfnTemplate);
  return { templates, cleanup: () => rm(assembly.directory, { recursive: true, force: true }) };
}
