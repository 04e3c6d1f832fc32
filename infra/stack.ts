import {
  CfnOutput,
  Duration,
  Fn,
  NestedStack,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  SecurityPolicyProtocol,
  SSLMethod,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties, CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { anyOccurrenceAlarm, edgeBypassRefusals, weakReference } from './alarms.js';
import { type CfnTopic, Topic } from 'aws-cdk-lib/aws-sns';
import { Operations } from './operations.js';
import { LambdaApplication } from 'aws-cdk-lib/aws-codedeploy';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  FilterPattern,
  type JsonPattern,
  LogGroup,
  MetricFilter,
  RetentionDays,
} from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import {
  API_PREFIX,
  AUTHORIZER_FUNCTION,
  NOT_FOUND_FUNCTION,
  routeEntries,
} from '../lib/composition/routes.js';
import {
  functionTimeoutMs,
  keyModesOf,
  type RouteDefinition,
} from '../lib/http/route-definition.js';
import { BACKGROUND_FUNCTIONS, STREAM_FUNCTION } from '../lib/functions.js';
import { EventStream } from './event-stream.js';
import { EVENT_STREAM_PATH } from '../lib/events/stream.js';
import { ApiFunction, type StageSettings } from './api-function.js';
import { RequestLog } from './request-log.js';
import { type HiringApiDataStack, originVerifyRotationParameter } from './data.js';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { ProductEventsIngest } from './product-events.js';
import { WebhookDelivery } from './webhooks.js';
import { apiCanaryAlarms, Rollout, type RolloutKind } from './rollout.js';
import { MIN_AUDIT_RETENTION_DAYS, ORIGIN_VERIFY_HEADER } from '../lib/config.js';
import {
  authorizerAccess,
  QUOTA_REFUND_ACCESS,
  routeAccess,
  type TableAccess,
} from './permissions.js';
import { STREAM_UPGRADE_CODE, VIEWER_REQUEST_CODE } from './viewer-request.js';
import { ConsoleSite } from './console-site.js';

export interface HiringApiStackProps extends StackProps {
  /** `prod` is production; anything else (default `dev`) is a disposable stage */
  stage: string;
  /** what the service keeps: table, keys, secrets, queues, bus, alarm topic (infra/data.ts) */
  data: HiringApiDataStack;
  /** the routes to serve, each with its table access (the route table; a test passes more, to see the app grow) */
  routes?: readonly ServedRoute[];
  apiKeyHourlyLimit?: number;
  /** concurrency reserved for the authorizer, which every request waits on (none: it shares the account's) */
  authorizerReservedConcurrency?: number;
  /** concurrency reserved for (and the most of) a long-poll route, whose waits hold their function (none: the service's default ceiling) */
  longPollReservedConcurrency?: number;
  /** concurrency reserved for (and the most of) the event stream's function (none: no ceiling of its own) */
  streamReservedConcurrency?: number;
  /** days GET /audit-log keeps each entry (default 400; at least MIN_AUDIT_RETENTION_DAYS) */
  auditRetentionDays?: number;
  /** test keys, their test spaces and the test routes (default on; false: none of them) */
  testMode?: boolean;
  /** per-IP requests per minute; honoured only outside production */
  apiRateLimitMax?: number;
  logLevel?: string;
  /** stage-wide API Gateway throttle */
  throttle?: { rateLimit: number; burstLimit: number };
  /**
   * CloudFront with the WAF web ACL of an EdgeProtectionStack in front of the API: the per-IP limit
   * moves to the edge, and requests that bypass the distribution are refused by the authorizer.
   */
  edge?: {
    webAclArn: string;
    webAclName: string;
    originDomain?: OriginDomain;
    /** the event stream's own domain: with it, the WebSocket API's execute-api endpoint is off too */
    streamOriginDomain?: OriginDomain;
    publicDomain?: PublicDomain;
  };
  /** how a deployment moves the functions to their new code: CodeDeploy canaries (default in prod) or all at once (default elsewhere) */
  rollout?: RolloutKind;
}

/**
 * The API's own domain, which CloudFront uses as its origin so that the default execute-api endpoint
 * can be switched off: a request sent straight to API Gateway then finds nothing, instead of spending
 * the stage's throttle (and the authorizer's invocations) that CloudFront's traffic needs. The event
 * stream has one of its own (a WebSocket API cannot share an HTTP API's domain), for the same reason:
 * an upgrade sent straight to it would spend the account's new connections a second.
 */
export interface OriginDomain {
  /** e.g. origin.api.example.com; never given to integrators */
  domainName: string;
  /** an ACM certificate for it, in the API's region */
  certificateArn: string;
  /** the Route 53 zone to put the alias record in; without it, point a CNAME at the `OriginDnsTarget` output */
  hostedZone?: { id: string; name: string };
}

/** The API's public domain, served by CloudFront: what `ApiUrl` names and integrators pin. */
export interface PublicDomain {
  /** e.g. api.example.com */
  domainName: string;
  /** an ACM certificate for it, in us-east-1 */
  certificateArn: string;
  /** the Route 53 zone to put its alias records in; without it, point it at the `DnsTarget` output */
  hostedZone?: { id: string; name: string };
}

/** A route the stack serves: its id, its definition and what its function may do to the table. */
export interface ServedRoute {
  id: string;
  route: RouteDefinition;
  access: TableAccess;
}

/**
 * The route table, with each route's table access (infra/permissions.ts) in the spaces it serves. With
 * test mode off, the routes that serve only test keys are not deployed (they answer the 404 of no route).
 */
export function servedRoutes({ testMode = true }: { testMode?: boolean } = {}): ServedRoute[] {
  return routeEntries()
    .filter(([, route]) => testMode || keyModesOf(route).includes('live'))
    .map(([id, route]) => ({
      id,
      route,
      access: routeAccess(id, testMode),
    }));
}

/** The nested stack a route belongs to: the first segment of its path (`/jds/{jdId}` → `Jds`). */
export function routeGroupName(path: string): string {
  const segment = path.split('/')[1] ?? '';
  return segment.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/** The 4xx and 5xx statuses CloudFront caches by default (its developer guide's list, 416 aside: never cached). */
const EDGE_CACHED_ERROR_STATUSES = [400, 403, 404, 405, 414, 500, 501, 502, 503, 504];

/** What every function of the stage is given: its stage, log level and retention, environment, test mode. */
function stageSettings(props: HiringApiStackProps): StageSettings {
  const isProduction = props.stage === 'prod';
  const environment: Record<string, string> = {};
  if (props.apiKeyHourlyLimit) environment.API_KEY_HOURLY_LIMIT = String(props.apiKeyHourlyLimit);
  if (props.auditRetentionDays !== undefined) {
    // The AI Act's floor for deployers' logs: refused at synth, not found out at the first write.
    if (!(props.auditRetentionDays >= MIN_AUDIT_RETENTION_DAYS))
      throw new Error(
        `auditRetentionDays=${props.auditRetentionDays}: audit entries must be kept at least ${MIN_AUDIT_RETENTION_DAYS} days`,
      );
    environment.AUDIT_RETENTION_DAYS = String(props.auditRetentionDays);
  }
  const testMode = props.testMode ?? true;
  if (!testMode) environment.TEST_MODE = 'off';
  if (props.apiRateLimitMax && !isProduction)
    environment.API_RATE_LIMIT_MAX = String(props.apiRateLimitMax);
  return {
    stage: props.stage,
    isProduction,
    logLevel: props.logLevel ?? 'INFO',
    logRetention: isProduction ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    environment,
    testMode,
  };
}

/**
 * A long-poll's function: its reserved concurrency (which is also its most), and the ceiling of waits
 * its code holds under it (lib/events/wait-slots.ts), a tenth of it left for the answers that do not
 * wait, so that Lambda itself never throttles one (whose answer would be API Gateway's, not ours).
 */
export function longPollConcurrency(reserved: number | undefined): {
  reservedConcurrentExecutions?: number;
  environment?: Record<string, string>;
} {
  if (!reserved) return {};
  return {
    reservedConcurrentExecutions: reserved,
    environment: { LONG_POLL_CEILING: String(Math.floor(reserved * 0.9)) },
  };
}

export class HiringApiStack extends Stack {
  readonly api: HttpApi;
  readonly table: TableV2;
  readonly functions: Record<string, ApiFunction> = {};
  /** the request log's writer, which each function answering a key's request hands its lines */
  private requestLog!: RequestLog;

  /** How each deployment moves functions to their new code (none: all at once), and the API functions' shared canary pair. */
  private readonly rollout: {
    stage: string;
    application?: LambdaApplication;
    apiAlarms: Alarm[];
    all: Rollout[];
  };

  constructor(scope: Construct, id: string, props: HiringApiStackProps) {
    super(scope, id, props);
    const settings = stageSettings(props);
    const { data } = props;
    this.table = data.table;
    const { authorizerFunction, authorizer } = this.addAuthorizer(settings, props);
    const notFound = new ApiFunction(this, 'NotFound', {
      functionName: NOT_FOUND_FUNCTION,
      settings,
    });
    this.functions[NOT_FOUND_FUNCTION] = notFound;
    const originDomain = props.edge?.originDomain;
    this.api = new HttpApi(this, 'Api', {
      description: `Hiring Integration API (${props.stage})`,
      createDefaultStage: false,
      // Behind the edge with its own domain, API Gateway answers only through that domain (CloudFront's origin).
      disableExecuteApiEndpoint: Boolean(originDomain),
      // Unknown routes: behind the authorizer like every route (401/403/429 first, counted against the
      // key's quota), then a 404 envelope with the RateLimit headers.
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound.live),
      defaultAuthorizer: authorizer,
    });

    // The topic by a weak reference: an alarm action must not lock the data stack (infra/alarms.ts).
    const notify = new SnsAction(
      Topic.fromTopicArn(
        this,
        'AlarmTopic',
        weakReference((data.alarmTopic.node.defaultChild as CfnTopic).ref),
      ),
    );
    const rolloutKind = props.rollout ?? (settings.isProduction ? 'canary' : 'all-at-once');
    const application =
      rolloutKind === 'canary'
        ? new LambdaApplication(this, 'RolloutApplication', {
            applicationName: `HiringApi-${props.stage}`,
          })
        : undefined;
    this.rollout = {
      stage: props.stage,
      ...(application ? { application } : {}),
      apiAlarms: application ? apiCanaryAlarms(this, props.stage) : [],
      all: [],
    };

    const requestLog = new RequestLog(this, 'RequestLog', { settings, table: this.table });
    this.requestLog = requestLog;
    this.functions[BACKGROUND_FUNCTIONS.requestLogWriter] = requestLog.writer;
    requestLog.subscribe(notFound);
    this.addRoutes(settings, props, authorizer, requestLog);
    this.rollOut(this, 'RequestLog', [requestLog.writer]);
    const { stage, accessLogs } = this.addStage(settings, props);
    const answers = this.addAlarms(authorizerFunction, accessLogs, settings.isProduction, notify);
    const { productEvents, webhooks, stream } = this.addBackground(
      settings,
      props,
      authorizerFunction,
      notify,
    );
    this.rollOut(this, 'Api', [authorizerFunction, notFound], this.api);
    new Operations(this, 'Operations', {
      stage: props.stage,
      api: this.api,
      accessLogs,
      table: this.table,
      authorizer: authorizerFunction,
      functions: this.functions,
      productEvents,
      webhooks,
      alarmAction: notify,
      canaryAlarms: [
        ...this.rollout.apiAlarms,
        ...this.rollout.all.flatMap((rollout) => rollout.alarms),
      ],
      dataAlarmNames: data.alarmNames,
      answers,
      ...(props.edge ? { webAclName: props.edge.webAclName } : {}),
    });
    if (props.edge) this.addEdge(props, props.edge, stream, settings);
    else {
      new CfnOutput(this, 'ApiUrl', {
        value: `${stage.url.replace(/\/$/, '')}${API_PREFIX}`,
        description: 'Base URL of the API',
      });
      new CfnOutput(this, 'StreamUrl', {
        value: stream.stage.url,
        description: `The event stream (without an edge, at its own URL rather than ${API_PREFIX}${EVENT_STREAM_PATH})`,
      });
    }
  }

  /** The authorizer every route is behind, and its function. */
  private addAuthorizer(
    settings: StageSettings,
    props: HiringApiStackProps,
  ): { authorizerFunction: ApiFunction; authorizer: HttpLambdaAuthorizer } {
    const authorizerFunction = new ApiFunction(this, 'Authorizer', {
      functionName: AUTHORIZER_FUNCTION,
      settings,
      // Every request waits on it: a stage's other functions can never take its concurrency.
      ...(props.authorizerReservedConcurrency
        ? { reservedConcurrentExecutions: props.authorizerReservedConcurrency }
        : {}),
    });
    if (props.edge)
      authorizerFunction.readSecret(props.data.originVerify, 'ORIGIN_VERIFY_SECRET_ARN');
    authorizerFunction.bindTable(this.table, authorizerAccess({ behindEdge: Boolean(props.edge) }));
    this.functions[AUTHORIZER_FUNCTION] = authorizerFunction;
    const authorizer = new HttpLambdaAuthorizer('ApiKeyAuthorizer', authorizerFunction.live, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      // None: without one API Gateway invokes the authorizer for every request, also one with no key, so
      // that the answer is the envelope's 401 with its code, not API Gateway's bare one.
      identitySource: [],
      // Off: every request must be counted against the quota, and a revoked key must fail at once.
      resultsCacheTtl: Duration.seconds(0),
    });
    return { authorizerFunction, authorizer };
  }

  /**
   * A rollout of `functions` in `scope` (each stack with its CodeDeploy role), when deployments are
   * canaries; `api`, the HTTP API, with the authorizer (its canary watches the API's 5xx).
   */
  private rollOut(scope: Construct, name: string, functions: ApiFunction[], api?: HttpApi): void {
    const { application, apiAlarms } = this.rollout;
    if (application && functions.length > 0)
      this.rollout.all.push(
        new Rollout(scope, `${name}Rollout`, {
          stage: this.rollout.stage,
          application,
          functions,
          apiAlarms,
          ...(api ? { api } : {}),
        }),
      );
  }

  /**
   * Each group of routes (by the first segment of their path) in a nested stack of its own, with its
   * functions, routes and rollout: the stack's resources stay far under CloudFormation's 500.
   */
  private addRoutes(
    settings: StageSettings,
    props: HiringApiStackProps,
    authorizer: HttpLambdaAuthorizer,
    requestLog: RequestLog,
  ): void {
    const { data } = props;
    const groups = new Map<string, { stack: NestedStack; functions: ApiFunction[] }>();
    const groupOf = (path: string) => {
      const name = routeGroupName(path);
      let group = groups.get(name);
      if (!group) {
        group = {
          stack: new NestedStack(this, `${name}Routes`, {
            description: `Hiring API (${props.stage}): the ${name} routes`,
          }),
          functions: [],
        };
        groups.set(name, group);
      }
      return group;
    };
    for (const { id, route, access } of props.routes ??
      servedRoutes({ testMode: settings.testMode })) {
      const group = groupOf(route.path);
      const fn = new ApiFunction(group.stack, `${id[0]?.toUpperCase()}${id.slice(1)}`, {
        functionName: route.functionName,
        settings,
        ...(route.longPoll
          ? {
              timeout: Duration.millis(functionTimeoutMs(route)),
              ...longPollConcurrency(props.longPollReservedConcurrency),
            }
          : {}),
      });
      if ('paginated' in route) fn.readSecret(data.cursorSecret, 'CURSOR_SECRET_ARN');
      if ('sealsWebhookSecrets' in route)
        fn.useWebhookSecretsKey(data.webhookSecretsKey, 'kms:GenerateDataKey');
      fn.bindTable(this.table, access);
      // A 304, and an idle long-poll's empty answer, give back the quota unit they were counted.
      if ('conditional' in route || 'longPoll' in route)
        fn.bindTable(this.table, QUOTA_REFUND_ACCESS);
      requestLog.subscribe(fn);
      this.functions[route.functionName] ??= fn;
      group.functions.push(fn);
      new HttpRoute(group.stack, `${fn.node.id}Route`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(`${API_PREFIX}${route.path}`, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn.live),
        authorizer,
      });
    }
    for (const [name, group] of groups) this.rollOut(group.stack, name, group.functions);
  }

  /** The API's one stage: its throttle, its access log and, with one, its own domain. */
  private addStage(
    settings: StageSettings,
    props: HiringApiStackProps,
  ): { stage: HttpStage; accessLogs: LogGroup } {
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: settings.isProduction
        ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
        : RemovalPolicy.DESTROY,
    });
    const originDomain = props.edge?.originDomain;
    const domain = originDomain
      ? this.addOriginDomain(originDomain, 'Origin', 'the API')
      : undefined;
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      ...(domain ? { domainMapping: { domainName: domain } } : {}),
      throttle: props.throttle ?? { rateLimit: 500, burstLimit: 1000 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // status and latencyMs unquoted: numbers, so Logs Insights and Contributor Insights compare them as numbers.
        // Each field is paid for a million times a million requests: no request time (CloudWatch stamps
        // every line) and no source address (behind the edge, CloudFront's; the viewer's is clientIp,
        // from the authorizer, which logs the source of a request it refuses).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            clientIp: '$context.authorizer.clientIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            authorizerError: '$context.authorizer.error',
            tenantId: '$context.authorizer.tenantId',
            keyId: '$context.authorizer.keyId',
          })
            .replace('"$context.status"', '$context.status')
            .replace('"$context.responseLatency"', '$context.responseLatency'),
        ),
      },
    });

    Validations.of(stage).acknowledge({
      id: 'Serverless::Serverless-APIGWStructuredLogging',
      reason:
        'The access log is JSON; the check cannot parse the format because status and latencyMs are written unquoted, so that they are numbers.',
    });
    return { stage, accessLogs };
  }

  /**
   * The functions fed by queues and the table's stream, and the event stream the dispatcher posts to,
   * in a nested stack of their own (the dispatcher's grant on the stream's API stays within it).
   */
  private addBackground(
    settings: StageSettings,
    props: HiringApiStackProps,
    authorizer: ApiFunction,
    alarmAction: SnsAction,
  ): { productEvents: ProductEventsIngest; webhooks: WebhookDelivery; stream: EventStream } {
    const { data } = props;
    const background = new NestedStack(this, 'Background', {
      description: `Hiring API (${settings.stage}): product events in, webhooks and the event stream out`,
    });
    // The stream's domain in this stack, next to the API's: its DNS target is an output of the stack.
    const streamOrigin = props.edge?.streamOriginDomain;
    const stream = new EventStream(background, 'EventStream', {
      settings,
      table: this.table,
      authorizer,
      ...(streamOrigin
        ? {
            domain: {
              name: streamOrigin.domainName,
              domain: this.addOriginDomain(streamOrigin, 'StreamOrigin', 'the event stream'),
            },
          }
        : {}),
      throttle: props.throttle ?? { rateLimit: 500, burstLimit: 1000 },
      ...(props.streamReservedConcurrency
        ? { reservedConcurrency: props.streamReservedConcurrency }
        : {}),
      alarmAction,
    });
    this.functions[STREAM_FUNCTION] = stream.function;
    this.requestLog.subscribe(stream.function);
    const productEvents = new ProductEventsIngest(background, 'ProductEvents', {
      settings,
      table: this.table,
      resources: data.productEvents,
    });
    this.functions[BACKGROUND_FUNCTIONS.eventConsumer] = productEvents.consumer;
    const webhooks = new WebhookDelivery(background, 'Webhooks', {
      settings,
      table: this.table,
      secretsKey: data.webhookSecretsKey,
      queues: data.webhooks,
      stream,
    });
    this.functions[BACKGROUND_FUNCTIONS.webhookDispatcher] = webhooks.dispatcher;
    this.functions[BACKGROUND_FUNCTIONS.webhookWorker] = webhooks.worker;
    this.rollOut(background, 'Background', [
      productEvents.consumer,
      webhooks.dispatcher,
      webhooks.worker,
      stream.function,
    ]);
    return { productEvents, webhooks, stream };
  }

  /** CloudFront with the edge's web ACL in front of the API, adding the origin header; ApiUrl names it. */
  private addEdge(
    props: HiringApiStackProps,
    edge: NonNullable<HiringApiStackProps['edge']>,
    stream: EventStream,
    settings: StageSettings,
  ): void {
    const originVerify = props.data.originVerify;
    const originDomain = edge.originDomain;
    // The viewer's address, over any value the client sent, for the authorizer and the access log.
    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      comment: 'Refuses a path API Gateway would cut; passes the viewer address to the API',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(VIEWER_REQUEST_CODE),
    });
    // The stream's upgrade: the viewer's address and origin too, and the path the WebSocket API
    // answers at (the root of its domain, or of its stage, the origin's path: API Gateway refuses any
    // path below it).
    const streamUpgrade = new CloudFrontFunction(this, 'StreamUpgrade', {
      comment: 'Passes the viewer address and origin to the event stream, at its stage',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(STREAM_UPGRADE_CODE),
    });
    // The last rotation of the origin secret, read from Parameter Store at each deployment (not from
    // the commit: a rollback to an older commit leaves CloudFront on the current value). It changes
    // the distribution's comment, so a deployment after a rotation updates the distribution and
    // CloudFormation resolves the header anew (docs/operations.md, "Rotate the origin-verify secret").
    const rotation = StringParameter.valueForStringParameter(
      this,
      originVerifyRotationParameter(props.stage),
    );
    const publicDomain = edge.publicDomain;
    // Both origins: HTTPS only, TLS 1.2, and the secret's current value as the origin header, as
    // CloudFormation resolves it when it updates the distribution (and only then: the comment below
    // makes a rotation an update).
    const originOptions = {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify.secretValue.unsafeUnwrap() },
    };
    // Every response is per key and per request: nothing is cached, every header and query reaches
    // the API (the upgrade's Sec-WebSocket-* headers too), but Host, which must stay the API's own.
    const passedThrough = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };
    const distribution = new Distribution(this, 'Edge', {
      comment: `Hiring Integration API (${props.stage}), origin header of rotation ${rotation}`,
      ...(publicDomain
        ? {
            domainNames: [publicDomain.domainName],
            certificate: Certificate.fromCertificateArn(
              this,
              'EdgeCertificate',
              publicDomain.certificateArn,
            ),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: SSLMethod.SNI,
          }
        : {}),
      webAclId: edge.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        // The API's own domain when it has one (the execute-api endpoint is then off), else the
        // execute-api host of the HTTP API (https://<id>.execute-api.<region>.amazonaws.com).
        origin: new HttpOrigin(
          originDomain?.domainName ?? Fn.select(2, Fn.split('/', this.api.apiEndpoint)),
          originOptions,
        ),
        ...passedThrough,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        functionAssociations: [
          { eventType: FunctionEventType.VIEWER_REQUEST, function: viewerAddress },
        ],
      },
      additionalBehaviors: {
        [`${API_PREFIX}${EVENT_STREAM_PATH}`]: {
          // The WebSocket API's own domain when it has one (its execute-api endpoint is then off; the
          // domain's mapping picks the stage), else its execute-api host at its stage. A WebSocket API
          // cannot share the HTTP API's domain; its upgrades carry the same origin header, which its
          // authorizer checks.
          origin: new HttpOrigin(stream.originHost, {
            ...originOptions,
            ...(stream.originPath ? { originPath: stream.originPath } : {}),
          }),
          ...passedThrough,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          functionAssociations: [
            { eventType: FunctionEventType.VIEWER_REQUEST, function: streamUpgrade },
          ],
        },
      },
      // CloudFront caches these error statuses for 10 s whatever the cache policy, keyed here by path
      // alone: one tenant's 503 would be served to every tenant at that edge. `Cache-Control: no-store`
      // on the API's answers does not stop it for most of them, so each gets a TTL of 0.
      errorResponses: EDGE_CACHED_ERROR_STATUSES.map((httpStatus) => ({
        httpStatus,
        ttl: Duration.seconds(0),
      })),
    });
    this.acknowledgeEdgeNagFindings(distribution, Boolean(publicDomain));
    new ConsoleSite(this, 'Console', { distribution, logRetention: settings.logRetention });
    if (publicDomain) this.addPublicRecords(publicDomain, distribution);
    new CfnOutput(this, 'ApiUrl', {
      value: `https://${publicDomain?.domainName ?? distribution.distributionDomainName}${API_PREFIX}`,
      description: 'Base URL of the API (through CloudFront and WAF)',
    });
    new CfnOutput(this, 'StreamUrl', {
      value: `wss://${publicDomain?.domainName ?? distribution.distributionDomainName}${API_PREFIX}${EVENT_STREAM_PATH}`,
      description: 'The event stream (through CloudFront and WAF)',
    });
  }

  /**
   * A regional custom domain (the API's, or the event stream's), with its DNS record (or the target
   * for one) and TLS 1.2; `prefix` starts its constructs' ids (`Origin`: the API's, as released).
   */
  private addOriginDomain(origin: OriginDomain, prefix: string, reached: string): DomainName {
    const domain = new DomainName(this, `${prefix}Domain`, {
      domainName: origin.domainName,
      certificate: Certificate.fromCertificateArn(
        this,
        `${prefix}Certificate`,
        origin.certificateArn,
      ),
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    if (origin.hostedZone) {
      new ARecord(this, `${prefix}Record`, {
        zone: HostedZone.fromHostedZoneAttributes(this, `${prefix}Zone`, {
          hostedZoneId: origin.hostedZone.id,
          zoneName: origin.hostedZone.name,
        }),
        recordName: origin.domainName,
        target: RecordTarget.fromAlias(
          new ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId),
        ),
      });
    } else {
      new CfnOutput(this, `${prefix}DnsTarget`, {
        value: domain.regionalDomainName,
        description: `Point a CNAME for ${origin.domainName} at this (CloudFront reaches ${reached} through it)`,
      });
    }
    return domain;
  }

  /** The public name's alias records (IPv4 and IPv6) to the distribution, or the target for them. */
  private addPublicRecords(domain: PublicDomain, distribution: Distribution): void {
    if (!domain.hostedZone) {
      new CfnOutput(this, 'DnsTarget', {
        value: distribution.distributionDomainName,
        description: `Point ${domain.domainName} at this (an alias, or a CNAME if it is not a zone apex)`,
      });
      return;
    }
    const zone = HostedZone.fromHostedZoneAttributes(this, 'PublicZone', {
      hostedZoneId: domain.hostedZone.id,
      zoneName: domain.hostedZone.name,
    });
    const target = RecordTarget.fromAlias(new CloudFrontTarget(distribution));
    new ARecord(this, 'PublicRecord', { zone, recordName: domain.domainName, target });
    new AaaaRecord(this, 'PublicRecordIpv6', { zone, recordName: domain.domainName, target });
  }

  /**
   * The API's answers and those slower than `target`, counted from its access log without the
   * long-poll routes (a waiting request lasts its wait): metric filters, so no code emits a metric.
   */
  private answerMetrics(
    accessLogs: LogGroup,
    target: number,
    period: Duration,
  ): { answers: Metric; slow: Metric } {
    const notWaiting = routeEntries()
      .filter(([, route]) => route.longPoll)
      .map(([, route]) =>
        FilterPattern.stringValue('$.routeKey', '!=', `${route.method} ${API_PREFIX}${route.path}`),
      );
    const counted = (name: string, patterns: JsonPattern[]) => {
      new MetricFilter(this, `${name}Filter`, {
        logGroup: accessLogs,
        metricNamespace: 'HiringApi',
        metricName: name,
        metricValue: '1',
        filterPattern: FilterPattern.all(FilterPattern.exists('$.routeKey'), ...patterns),
      });
      return new Metric({ namespace: 'HiringApi', metricName: name, statistic: 'Sum', period });
    };
    return {
      answers: counted('ApiAnswers', notWaiting),
      slow: counted('ApiSlowAnswers', [
        ...notWaiting,
        FilterPattern.numberValue('$.latencyMs', '>', target),
      ]),
    };
  }

  /** The alarms of the API itself (the others are next to what they watch), each notifying the alarm topic. */
  private addAlarms(
    authorizerFunction: ApiFunction,
    accessLogs: LogGroup,
    isProduction: boolean,
    notify: SnsAction,
  ): { answers: Metric; slow: Metric } {
    const period = Duration.minutes(5);
    const latencyTarget = isProduction ? 1000 : 2000;
    const answers = this.answerMetrics(accessLogs, latencyTarget, period);
    /** Fires on the first occurrence in a 5-minute period: these should never happen at all. */
    const anyOccurrence = (id: string, description: string, metric: IMetric) =>
      anyOccurrenceAlarm(this, id, description, metric);
    const alarms = [
      new Alarm(this, 'ServerErrorRateAlarm', {
        alarmDescription: 'More than 1% of requests answered 5xx',
        metric: new MathExpression({
          expression: 'IF(requests > 0, 100 * errors / requests, 0)',
          usingMetrics: {
            errors: this.api.metricServerError({ period }),
            requests: this.api.metricCount({ period }),
          },
          period,
        }),
        threshold: 1,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      anyOccurrence(
        'AuthorizerErrorsAlarm',
        'The authorizer failed (every request then gets 500)',
        authorizerFunction.metricErrors({ period }),
      ),
      anyOccurrence(
        'AuthorizerThrottlesAlarm',
        'Lambda throttled the authorizer (requests are being refused)',
        authorizerFunction.metricThrottles({ period }),
      ),
      // Behind the edge, a request without CloudFront's header is refused before any key is read
      // (lib/auth/authorize.ts, reason bypassed-edge). A few are probes of the origin's domain; most of
      // the traffic refused so means CloudFront sends a header the authorizer no longer takes (a
      // rotation or a rollback out of step) and every integrator is being refused. Without an edge
      // there is no such refusal, and the alarm stays OK. The HTTP API's refusals over its count: the
      // event stream's upgrades are counted apart (a flood of them is no integrator being refused).
      new Alarm(this, 'EdgeBypassRefusalsAlarm', {
        alarmDescription:
          'More than half of the requests refused as not coming through CloudFront (its origin header is not the one the authorizer takes)',
        metric: new MathExpression({
          expression: 'IF(requests >= 5, 100 * refused / requests, 0)',
          usingMetrics: {
            refused: edgeBypassRefusals('requests', period),
            requests: this.api.metricCount({ period }),
          },
          period,
        }),
        threshold: 50,
        evaluationPeriods: 2,
        datapointsToAlarm: 2,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      // p99 above the target is more than 1% of answers slower than it, counted so that a long-poll's
      // wait (GET /events?wait=) is no slowness: API Gateway's own p99 would be its wait.
      new Alarm(this, 'LatencyP99Alarm', {
        alarmDescription: `p99 latency above ${latencyTarget} ms (more than 1% of answers slower; long-polls left out)`,
        metric: new MathExpression({
          expression: 'IF(answers > 0, 100 * FILL(slow, 0) / answers, 0)',
          usingMetrics: answers,
          period,
        }),
        threshold: 1,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    ];
    for (const alarm of alarms) alarm.addAlarmAction(notify);
    return answers;
  }

  private acknowledgeEdgeNagFindings(distribution: Distribution, ownDomain: boolean): void {
    const acknowledge = (construct: Construct, id: string, reason: string) =>
      Validations.of(construct).acknowledge({ id: `AwsSolutions::AwsSolutions-${id}`, reason });
    acknowledge(
      distribution,
      'CFR1',
      'An API for integrators worldwide: no geographic restriction.',
    );
    acknowledge(
      distribution,
      'CFR3',
      'Every request that reaches the origin is in the API access log; WAF metrics and sampled requests show what the edge refused.',
    );
    // With its own domain the distribution serves TLSv1.2_2021 and the check passes; without one
    // (an edge outside prod with no domain described) the *.cloudfront.net certificate cannot be set.
    if (!ownDomain)
      acknowledge(
        distribution,
        'CFR4',
        'Without a public domain described for the stage the distribution has the default *.cloudfront.net certificate, whose minimum TLS version cannot be set; prod requires its own domain (TLSv1.2_2021).',
      );
  }
}
