import { readFileSync } from 'node:fs';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { join } from 'node:path';
import { setSharedDb } from '../../lib/db/client.js';
import { type BilledItem, measureRoute, recordingDb } from './capacity.js';
import { sequencePending } from '../../lib/db/log/sequencer.js';
import type { SpaceId } from '../../lib/db/spaces.js';
import { applyProductEvent } from '../../lib/composition/product-events/apply.js';
import type { ProductEvent } from '../../lib/product-events/data.js';
import { newId } from '../../lib/db/ids.js';
import { createJd } from '../../lib/jds/api.js';
import { API_PREFIX, ROUTES } from '../../lib/composition/routes.js';
import { requestEntry } from '../../lib/request-log/entry.js';
import { REQUEST_LOG_MESSAGE } from '../../lib/request-log/line.js';
import { packEntries } from '../../lib/request-log/model.js';
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
  /** for viewers in Europe: CloudFront's HTTPS requests there ($0.012 per 10,000); data out is priced alike */
  cloudFrontHttpsPerMillionEurope: 1.2,
  cloudFrontFunctionPerMillion: 0.1,
  cloudFrontOutPerGb: 0.085,
  cloudFrontToOriginPerGb: 0.02,
  /** S3 Standard's GET requests ($0.0004 per 1,000) */
  s3GetPerMillion: 0.4,
  httpApiPerMillion: 1.0,
  lambdaRequestsPerMillion: 0.2,
  lambdaArmGbSecond: 0.0000133334,
  dynamoWritePerMillion: 0.625,
  dynamoReadPerMillion: 0.125,
  logsIngestPerGb: 0.5,
  xrayTracePerMillion: 5,
  sqsPerMillion: 0.4,
  eventBridgePerMillion: 1,
  /** a customer-managed key's each rotation adds a month's key price, for its first two rotations */
  kmsRotationMonth: 1,
};

/**
 * What a request does that this machine cannot measure, stated: Lambda's billed duration of the two
 * invocations (authorizer and route, about 40 ms together at 512 MB: one DynamoDB round trip each, warm),
 * the request's bytes to the origin (about 1 KB of headers), and what CloudFront adds to each answer's
 * headers (Via, X-Cache, X-Amz-Cf-Pop, X-Amz-Cf-Id, Date: about 250 bytes).
 */
/**
 * What the request log adds to a request (lib/request-log): its line, measured as the logger writes it
 * with a realistic entry; the writer's share of a batch; and the DynamoDB units of a batch's items
 * (ENTRIES_PER_ITEM to an item at most, gzip'd, measured) and of its key's hourly count, per entry.
 */
function requestLogCost(perGb: (bytes: number) => number): [string, number][] {
  const million = 1_000_000;
  const batch = Array.from({ length: ASSUMED.requestLogEntriesPerBatch }, (_, n) =>
    requestEntry({
      spaceId: liveSpaceOf('acme-recruiting'),
      requestId: `Xk2pQjH4oAMEb${n.toString().padStart(3, '0')}=`,
      receivedAt: Date.parse('2026-12-03T10:15:30.000Z') + n * 97,
      answeredAt: Date.parse('2026-12-03T10:15:30.000Z') + n * 97 + 38,
      method: 'GET',
      rawPath: `/api/v1/jds/jd-${newId()}`,
      apiPrefix: API_PREFIX,
      routeKey: `GET ${API_PREFIX}/jds/{jdId}`,
      status: 200,
      errorBody: undefined,
      keyId: newId(),
      keyName: 'Greenhouse sync (production)',
      apiVersion: '2026-11-25',
      headers: { 'user-agent': 'hiring-integration-typescript/2.0.0 node/24.11.0' },
      replayed: false,
      queryParameterNames: [],
      clientIp: '203.0.113.10',
    }),
  );
  const line = Buffer.byteLength(
    JSON.stringify({
      level: 'INFO',
      message: REQUEST_LOG_MESSAGE,
      timestamp: '2026-12-03T10:15:30.038Z',
      service: 'hiring-api',
      requestLog: batch[0],
    }),
  );
  const packed = packEntries(batch.map(({ spaceId: _space, ...entry }) => entry)).byteLength;
  // An item's size: its attribute names and values, the packed entries, its keys (about 150 bytes).
  const itemUnits = Math.ceil((packed + 150) / 1024);
  const unitsPerEntry = (itemUnits + 1) / ASSUMED.requestLogEntriesPerBatch;
  const gbSeconds = (ASSUMED.requestLogWriterMs / 1000) * ASSUMED.lambdaMemoryGb;
  return [
    [`request log: its line (${line} B)`, perGb(line) * million * PRICES.logsIngestPerGb],
    [
      `request log: the writer, a batch of ${ASSUMED.requestLogEntriesPerBatch} (its invocation, ${ASSUMED.requestLogWriterMs} ms)`,
      (PRICES.lambdaRequestsPerMillion + gbSeconds * PRICES.lambdaArmGbSecond * million) /
        ASSUMED.requestLogEntriesPerBatch,
    ],
    [
      `request log: DynamoDB (${ASSUMED.requestLogEntriesPerBatch} entries in ${packed} B, ${itemUnits} write unit${itemUnits === 1 ? '' : 's'}, and the key's hour count: ${unitsPerEntry.toFixed(2)} an entry)`,
      unitsPerEntry * PRICES.dynamoWritePerMillion,
    ],
  ];
}

const ASSUMED = {
  /**
   * The request log's writer: CloudWatch Logs hands it a log stream's lines about once a second, so
   * a busy function instance's batch holds its second's requests (10 taken: one instance at 10 a
   * second; busier instances make larger, cheaper batches), written in about 50 ms.
   */
  requestLogEntriesPerBatch: 10,
  requestLogWriterMs: 50,
  lambdaMsPerRequest: 40,
  lambdaMemoryGb: 0.5,
  requestBytes: 1024,
  cloudFrontHeaderBytes: 250,
  /** the authorizer's one counted write (its read units are the route's, measured) */
  writeUnits: 1,
  /** a write's invocations beyond the authorizer's and its own: the dispatcher, once for its pending entry and once for its event */
  dispatcherMsPerInvocation: 50,
  /** the route function of a write, warm: a transaction and its reads */
  writeMs: 60,
  /** the product-events consumer's share of one event (a batch of up to 10 at busy traffic, 1 at low) */
  consumerMs: 80,
  /**
   * Lambda's SQS event source polls an empty queue with about 5 long polls at a time, each waiting
   * 20 s: about 15 receives a minute a queue, billed as SQS requests.
   */
  idleReceivesPerMinute: 15,
  /** a webhook worker's time to deliver (the receiver's answer: 200 ms) */
  deliveryMs: 200,
  /** a log line of the API (its slow or failed answers, refusals) or a consumer's, a request: about 300 B */
  logBytesPerWrite: 300,
  /**
   * Lambda's own START and REPORT lines of an invocation, in the JSON log format (with CloudWatch's
   * 26 B an event each): about 0.67 KB, logged where a function's system log level is INFO.
   */
  systemLogBytesPerInvocation: 686,
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

/** A write's DynamoDB work, as DynamoDB bills it: its own transaction, then its place in the log. */
export interface WriteWork {
  wcu: number;
  rcu: number;
  items: BilledItem[];
  /** the sequencer giving its pending entries their places (one transaction, as the dispatcher sends it) */
  placed: { wcu: number; rcu: number; items: BilledItem[] };
}

export interface StageCost {
  idle: { total: number; items: [string, number][]; byYear: [number, number, number] };
  /** per million of each write, at low traffic (every traced invocation traced) */
  writes: { what: string; total: number; items: [string, number][]; work: WriteWork }[];
  /** a listener following the log with GET /events?wait=20 for a month, idle */
  listenerMonth: { total: number; items: [string, number][] };
  /** one webhook delivery (per million) */
  deliveryPerMillion: { total: number; items: [string, number][] };
  perMillion: {
    busyWithEdge: number;
    /** the same for viewers in Europe */
    busyWithEdgeEurope: number;
    /** the same for a client that does not accept gzip */
    busyWithEdgeUncompressed: number;
    lowWithEdge: number;
    withoutEdge: number;
    items: [string, number][];
  };
  measured: {
    answerBytes: number;
    answerBytesGzip: number;
    accessLogLineBytes: number;
    /** GET /jds/:id's reads, as the bench's recorder measured them */
    readUnits: number;
  };
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
  const { db, calls } = recordingDb(endpoint, tableName);
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
  calls.length = 0;
  const plain = await bytesOf();
  // The reads of one GET, as DynamoDB bills them (the recorder asks for consumed capacity).
  const readUnits = calls.reduce((sum, call) => sum + call.read, 0);
  const sizes = { plain, gzip: await bytesOf('gzip, deflate, br'), readUnits };
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

/**
 * The DynamoDB work of three writes, as DynamoDB bills it (measured on the local stack, each
 * transaction billed from its items before and after: capacity.ts's billItem), and of the
 * sequencing transaction that gives each write's pending entries their places in the log.
 */
async function measureWrites(endpoint: string, tableName: string) {
  const recorder = recordingDb(endpoint, tableName, { images: true });
  const tenantId = liveSpaceOf(`cost-writes-${newId()}`);
  const context = fullAccessContext(tenantId, newId());
  const measured = (): { wcu: number; rcu: number; items: BilledItem[] } => ({
    wcu: recorder.calls.reduce((sum, call) => sum + call.billedWrite, 0),
    rcu: recorder.calls.reduce((sum, call) => sum + call.read, 0),
    items: recorder.calls.flatMap((call) => call.billed ?? []),
  });
  // The write's pending entries given their places, as the dispatcher does on their stream records.
  const place = async (spaceId: SpaceId) => {
    recorder.calls.length = 0;
    await sequencePending(recorder.db, spaceId);
    return measured();
  };
  const created = await measureRoute(recorder, context, 'POST', '/jds', {
    ...REALISTIC_JD,
    createdById: 'user-5f3c2a',
  });
  const createJd: WriteWork = { ...measured(), placed: await place(tenantId) };
  const jdId = (created.json.data as { id: string }).id;
  setSharedDb(recorder.db);
  const at = new Date().toISOString();
  await applyProductEvent(recorder.db, {
    type: 'resume.upserted',
    id: newId(),
    tenantId,
    occurredAt: at,
    version: 1,
    data: {
      id: 'res-cost',
      fileName: 'candidate_cv.pdf',
      parseStatus: 'COMPLETED',
      metadata: { name: 'Sample Candidate', email: 'candidate@example.com', skills: ['Go', 'SQL'] },
    },
  } as ProductEvent);
  await place(tenantId);
  // A scored application as the product sends one: its best score explained.
  recorder.calls.length = 0;
  await applyProductEvent(recorder.db, {
    type: 'application.upserted',
    id: newId(),
    tenantId,
    occurredAt: at,
    version: 1,
    data: {
      id: 'app-cost',
      jdId,
      resumeId: 'res-cost',
      status: 'SCREENING',
      aiScores: [
        {
          overallScore: 87.5,
          scoredAt: at,
          model: { id: 'match-ranker', version: '2026.11.1' },
          criteria: [
            { name: 'Required skills', score: 90, weight: 0.5 },
            { name: 'Seniority', score: 80, weight: 0.3 },
            { name: 'Domain experience', score: 88, weight: 0.2 },
          ],
          summary: 'Strong on the required skills; less on seniority.',
        },
      ],
    },
  } as ProductEvent);
  const upsert: WriteWork = { ...measured(), placed: await place(tenantId) };
  await measureRoute(recorder, context, 'POST', '/applications/app-cost/reviews', {
    outcome: 'confirmed',
    reviewer: 'recruiter-17',
    rationale: 'The interview found the same.',
  });
  const review: WriteWork = { ...measured(), placed: await place(tenantId) };
  setSharedDb(undefined);
  return { createJd, upsert, review };
}

/** What an item of a write's transactions is, from its sort key. */
const ITEM_NAMES: [RegExp, string][] = [
  [/^JD#[^#]+$/, 'the JD’s head'],
  [/^JD#.+#BODY$/, 'its body'],
  [/^COUNT#/, 'a count’s shard'],
  [/^LOG#PENDING#/, 'a pending entry of the log'],
  [/^LOG#HEAD$/, 'the log’s head'],
  [/^EVENT#/, 'an event'],
  [/^AUDIT#/, 'an audit entry'],
  [/^CANDIDATE#/, 'the candidate’s change'],
  [/^APP#/, 'the application'],
  [/^APPID#/, 'the application’s pointer'],
  [/^RESUME#[^#]+$/, 'the resume'],
  [/^RESUME#.+#APP#/, 'the resume’s copy of the application'],
  [/^REVIEW#/, 'the review'],
];

/** An item of a write's transactions as the cost section names it: what it is, and what was done. */
export function itemName(item: BilledItem): string {
  const sortKey = item.key.slice(item.key.indexOf(' ') + 1);
  const name = ITEM_NAMES.find(([pattern]) => pattern.test(sortKey))?.[1] ?? sortKey;
  return `${name} (${item.action})`;
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
    [
      `DynamoDB: the reads (${answer.readUnits} read units, measured)`,
      answer.readUnits * PRICES.dynamoReadPerMillion,
    ],
    [`access log (${logLine} B a line)`, perGb(logLine) * million * PRICES.logsIngestPerGb],
    ...requestLogCost(perGb),
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

  // Idle, by year: Lambda's SQS pollers wait on each empty queue, and each rotating key's first two
  // rotations each add a month's key price (a year apart).
  const sqsSources = resourcesOf(templates, 'AWS::Lambda::EventSourceMapping').filter(
    (mapping) => mapping.Properties?.StartingPosition === undefined,
  ).length;
  const minutesAMonth = 60 * 24 * 30.42;
  idleItems.push([
    `${sqsSources} SQS event sources polling empty queues (about ${ASSUMED.idleReceivesPerMinute} receives a minute each)`,
    ((sqsSources * ASSUMED.idleReceivesPerMinute * minutesAMonth) / million) * PRICES.sqsPerMillion,
  ]);
  const rotating = resourcesOf(templates, 'AWS::KMS::Key').filter(
    (key) => key.Properties?.EnableKeyRotation === true,
  ).length;
  const idleTotal = total(idleItems);
  const byYear: [number, number, number] = [0, 1, 2].map(
    (rotations) => idleTotal + rotating * rotations * PRICES.kmsRotationMonth,
  ) as [number, number, number];

  // A write, at low traffic: its request's path, its own work, and what follows it (the dispatcher,
  // twice: its pending entry, then its event), each traced where X-Ray is on.
  const traced = (name: string) =>
    functions.some(
      (fn) =>
        fn.Metadata?.['hiring:function'] === name &&
        (fn.Properties?.TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active',
    );
  // Lambda's START and REPORT lines, where a function's system log level lets them through.
  const systemLines = (name: string, invocations: number) => {
    const fn = functions.find((each) => each.Metadata?.['hiring:function'] === name);
    const level = (fn?.Properties?.LoggingConfig as { SystemLogLevel?: string } | undefined)
      ?.SystemLogLevel;
    return level === 'WARN'
      ? 0
      : invocations * perGb(ASSUMED.systemLogBytesPerInvocation) * million * PRICES.logsIngestPerGb;
  };
  const work = await measureWrites(endpoint, tableName);
  const gbSeconds = (ms: number) => (ms / 1000) * ASSUMED.lambdaMemoryGb * PRICES.lambdaArmGbSecond;
  const dispatch = (placed: WriteWork['placed']): [string, number][] => [
    [
      'the dispatcher, twice (its pending entries, its events)',
      2 *
        (PRICES.lambdaRequestsPerMillion + gbSeconds(ASSUMED.dispatcherMsPerInvocation) * million),
    ],
    [
      `its place in the log (${placed.wcu} write units, as DynamoDB bills the transaction, and ${placed.rcu} read unit${placed.rcu === 1 ? '' : 's'})`,
      placed.wcu * PRICES.dynamoWritePerMillion + placed.rcu * PRICES.dynamoReadPerMillion,
    ],
    ['X-Ray, the dispatcher', traced('webhook-dispatcher') ? 2 * PRICES.xrayTracePerMillion : 0],
    ["logs: the dispatcher's START and REPORT lines", systemLines('webhook-dispatcher', 2)],
  ];
  const logLines = (lines: number) =>
    perGb(lines * ASSUMED.logBytesPerWrite) * million * PRICES.logsIngestPerGb;
  const apiWrite = (what: string, measured: WriteWork) => {
    const items: [string, number][] = [
      ['the edge and the HTTP API', total(edge) + PRICES.httpApiPerMillion],
      [
        `Lambda: the authorizer and the route (${ASSUMED.writeMs} ms and 20 ms)`,
        2 * PRICES.lambdaRequestsPerMillion + gbSeconds(ASSUMED.writeMs + 20) * million,
      ],
      [
        `DynamoDB: the write (${measured.wcu} write units, measured) and the authorizer's`,
        (measured.wcu + ASSUMED.writeUnits) * PRICES.dynamoWritePerMillion +
          measured.rcu * PRICES.dynamoReadPerMillion,
      ],
      ['logs: the access line', perGb(logLine) * million * PRICES.logsIngestPerGb],
      ...dispatch(measured.placed),
    ];
    return { what, total: total(items), items, work: measured };
  };
  const upsertItems: [string, number][] = [
    ['EventBridge: the product’s event', PRICES.eventBridgePerMillion],
    ['SQS: send, receive, delete (one event a batch)', 3 * PRICES.sqsPerMillion],
    [
      `Lambda: the consumer (${ASSUMED.consumerMs} ms)`,
      PRICES.lambdaRequestsPerMillion + gbSeconds(ASSUMED.consumerMs) * million,
    ],
    [
      `DynamoDB: the application, its copy and its events (${work.upsert.wcu} write units, measured)`,
      work.upsert.wcu * PRICES.dynamoWritePerMillion +
        work.upsert.rcu * PRICES.dynamoReadPerMillion,
    ],
    ['X-Ray, the consumer', traced('event-consumer') ? PRICES.xrayTracePerMillion : 0],
    ['logs: a line', logLines(1)],
    ["logs: the consumer's START and REPORT lines", systemLines('event-consumer', 1)],
    ...dispatch(work.upsert.placed),
  ];
  const writes = [
    apiWrite('POST /jds (a JD of 1.6 KB)', work.createJd),
    {
      what: 'a product application.upserted (one explained score)',
      total: total(upsertItems),
      items: upsertItems,
      work: work.upsert,
    },
    apiWrite('POST /applications/:id/reviews', work.review),
  ];

  // A listener at the end of the log: wait=20, asked again at once, 180 requests an hour.
  const listenerRequests = 180 * 730;
  const looks = (20 * 1000) / 500;
  const listenerItems: [string, number][] = [
    [
      `${listenerRequests.toLocaleString('en')} requests through the edge and the HTTP API`,
      ((total(edge) + PRICES.httpApiPerMillion) * listenerRequests) / million,
    ],
    [
      'Lambda: each request held 20 s (and its authorizer)',
      (listenerRequests *
        (2 * PRICES.lambdaRequestsPerMillion + gbSeconds(20_000 + 20) * million)) /
        million,
    ],
    [
      `DynamoDB: ${looks} looks a request (2 read units each), the authorizer's count, its refund, and the wait's two counts and their two give-backs`,
      (listenerRequests *
        (looks * 2 * PRICES.dynamoReadPerMillion + 6 * PRICES.dynamoWritePerMillion)) /
        million,
    ],
    ['logs: the access lines', perGb(logLine * listenerRequests) * PRICES.logsIngestPerGb],
  ];
  const deliveryItems: [string, number][] = [
    ['SQS: send, receive, delete', 3 * PRICES.sqsPerMillion],
    [
      `Lambda: the worker (${ASSUMED.deliveryMs} ms: the receiver's answer)`,
      PRICES.lambdaRequestsPerMillion + gbSeconds(ASSUMED.deliveryMs) * million,
    ],
    ['DynamoDB: the delivery record (2 write units)', 2 * PRICES.dynamoWritePerMillion],
    ['X-Ray, the worker', traced('webhook-worker') ? PRICES.xrayTracePerMillion : 0],
    ['logs: a line', logLines(1)],
    ["logs: the worker's START and REPORT lines", systemLines('webhook-worker', 1)],
    ['data out (about 1 KB)', perGb(1024) * million * PRICES.cloudFrontOutPerGb],
  ];
  // X-Ray traces the first request each second and 5% of the rest of each function it is Active on.
  const busyTraces = tracedOnPath * 0.05 * PRICES.xrayTracePerMillion;
  const lowTraces = tracedOnPath * PRICES.xrayTracePerMillion;
  const withEdge = total([...common, ...edge]);
  const uncompressedOut = perGb(answer.plain - answer.gzip) * million * PRICES.cloudFrontOutPerGb;
  return {
    idle: { total: idleTotal, items: idleItems, byYear },
    writes,
    listenerMonth: { total: total(listenerItems), items: listenerItems },
    deliveryPerMillion: { total: total(deliveryItems), items: deliveryItems },
    perMillion: {
      busyWithEdge: withEdge + busyTraces,
      busyWithEdgeEurope:
        withEdge +
        busyTraces +
        PRICES.cloudFrontHttpsPerMillionEurope -
        PRICES.cloudFrontHttpsPerMillion,
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
      readUnits: answer.readUnits,
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
