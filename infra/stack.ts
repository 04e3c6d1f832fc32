import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
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
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { DomainName, HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, SecurityPolicy } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, type IMetric, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { anyOccurrenceAlarm } from './alarms.js';
import { Operations } from './operations.js';
import { AttributeType, Billing, Operation, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { KEY_ATTRIBUTES, STREAM_VIEW_TYPE, tableIndexes, TTL_ATTRIBUTE } from '../lib/db/table.js';
import { API_PREFIX, AUTHORIZER_FUNCTION, NOT_FOUND_FUNCTION, routeEntries } from '../lib/http/routes.js';
import { BACKGROUND_FUNCTIONS } from '../lib/functions.js';
import { ApiFunction, CALLED_RESOURCES, nameCalledResource, type StageSettings } from './api-function.js';
import { ProductEventsIngest } from './product-events.js';
import { WebhookDelivery } from './webhooks.js';
import { Rollout, type RolloutKind } from './rollout.js';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../lib/config.js';
import { authorizerAccess, ROUTE_ACCESS } from './permissions.js';

export interface HiringApiStackProps extends StackProps {
  /** `prod` is production; anything else (default `dev`) is a disposable stage */
  stage: string;
  apiKeyHourlyLimit?: number;
  /** per-IP requests per minute; honoured only outside production */
  apiRateLimitMax?: number;
  logLevel?: string;
  /** stage-wide API Gateway throttle */
  throttle?: { rateLimit: number; burstLimit: number };
  /**
   * CloudFront with the WAF web ACL of an EdgeProtectionStack in front of the API: the per-IP limit
   * moves to the edge, and requests that bypass the distribution are refused by the authorizer.
   */
  edge?: { webAclArn: string; webAclName: string; originDomain?: OriginDomain };
  /** how a deployment moves the functions to their new code: CodeDeploy canaries (default in prod) or all at once (default elsewhere) */
  rollout?: RolloutKind;
}

/**
 * The API's own domain, which CloudFront uses as its origin so that the default execute-api endpoint
 * can be switched off: a request sent straight to API Gateway then finds nothing, instead of spending
 * the stage's throttle (and the authorizer's invocations) that CloudFront's traffic needs.
 */
export interface OriginDomain {
  /** e.g. origin.api.example.com; never given to integrators */
  domainName: string;
  /** an ACM certificate for it, in the API's region */
  certificateArn: string;
  /** the Route 53 zone to put the alias record in; without it, point a CNAME at the `OriginDnsTarget` output */
  hostedZone?: { id: string; name: string };
}

/** The 4xx and 5xx statuses CloudFront caches by default (its developer guide's list, 416 aside: never cached). */
const EDGE_CACHED_ERROR_STATUSES = [400, 403, 404, 405, 414, 500, 501, 502, 503, 504];

export class HiringApiStack extends Stack {
  readonly api: HttpApi;
  readonly table: TableV2;
  readonly functions: Record<string, ApiFunction> = {};

  constructor(scope: Construct, id: string, props: HiringApiStackProps) {
    super(scope, id, props);
    const isProduction = props.stage === 'prod';
    const disposable = props.stage === 'dev';
    const environment: Record<string, string> = {};
    if (props.apiKeyHourlyLimit) environment.API_KEY_HOURLY_LIMIT = String(props.apiKeyHourlyLimit);
    if (props.apiRateLimitMax && !isProduction) environment.API_RATE_LIMIT_MAX = String(props.apiRateLimitMax);
    const settings: StageSettings = {
      stage: props.stage,
      isProduction,
      logLevel: props.logLevel ?? 'INFO',
      logRetention: isProduction ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
      environment,
    };

    // The table, from the shared definition in lib/db/table.ts.
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: KEY_ATTRIBUTES.partitionKey, type: AttributeType.STRING },
      sortKey: { name: KEY_ATTRIBUTES.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      dynamoStream: StreamViewType[STREAM_VIEW_TYPE],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: !disposable,
      removalPolicy: disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      globalSecondaryIndexes: tableIndexes().map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: index.projection.type as never,
        ...(index.projection.type === 'INCLUDE' ? { nonKeyAttributes: [...index.projection.nonKeyAttributes] } : {}),
      })),
    });

    // Behind the edge, CloudFront adds a header only it knows; the authorizer refuses requests without it
    // (and leaves per-IP counting to the WAF).
    const originVerify = props.edge
      ? new Secret(this, 'OriginVerifySecret', {
          description: `Hiring API (${props.stage}): header value CloudFront adds to prove a request came through the edge`,
          generateSecretString: { excludePunctuation: true, passwordLength: 48 },
        })
      : undefined;
    const authorizerFunction = new ApiFunction(this, 'Authorizer', { functionName: AUTHORIZER_FUNCTION, settings });
    if (originVerify) {
      nameCalledResource(originVerify, CALLED_RESOURCES.originVerifySecret);
      authorizerFunction.readSecret(originVerify, 'ORIGIN_VERIFY_SECRET_ARN');
    }
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

    const notFound = new ApiFunction(this, 'NotFound', { functionName: NOT_FOUND_FUNCTION, settings });
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

    // Signs list cursors, so that a cursor the API did not issue is refused (lib/db/pagination.ts).
    const cursorSecret = new Secret(this, 'CursorSecret', {
      description: `Hiring API (${props.stage}): key that signs list cursors`,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    nameCalledResource(cursorSecret, CALLED_RESOURCES.cursorSecret);
    Validations.of(cursorSecret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'Rotated by an operator (aws secretsmanager put-secret-value, docs/operations.md): the list functions read it at cold start and accept the previous value too, so a rotation breaks no cursor in flight; a rotation Lambda would add a function for a value nobody but this service reads.',
    });
    // Encrypts webhook signing secrets (lib/webhooks/secret-box.ts); losing it loses every endpoint's secret.
    const webhookSecretsKey = new Key(this, 'WebhookSecretsKey', {
      description: `Hiring API (${props.stage}): encrypts webhook signing secrets`,
      enableKeyRotation: true,
      removalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    nameCalledResource(webhookSecretsKey, CALLED_RESOURCES.webhookSecretsKey);
    for (const [id, route] of routeEntries()) {
      const fn = new ApiFunction(this, `${id[0]?.toUpperCase()}${id.slice(1)}`, { functionName: route.functionName, settings });
      if ('paginated' in route) fn.readSecret(cursorSecret, 'CURSOR_SECRET_ARN');
      if ('sealsWebhookSecrets' in route) fn.useWebhookSecretsKey(webhookSecretsKey, 'kms:GenerateDataKey');
      fn.bindTable(this.table, ROUTE_ACCESS[id]);
      this.functions[route.functionName] = fn;
      this.api.addRoutes({
        path: `${API_PREFIX}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${id}Integration`, fn.live),
        authorizer,
      });
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const domain = originDomain ? this.addOriginDomain(originDomain) : undefined;
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      ...(domain ? { domainMapping: { domainName: domain } } : {}),
      throttle: props.throttle ?? { rateLimit: 500, burstLimit: 1000 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // status and latencyMs unquoted: numbers, so Logs Insights and Contributor Insights compare them as numbers.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            // Behind the edge `ip` is CloudFront's; the viewer's comes through the authorizer.
            clientIp: '$context.authorizer.clientIp',
            requestTime: '$context.requestTime',
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
      reason: 'The access log is JSON; the check cannot parse the format because status and latencyMs are written unquoted, so that they are numbers.',
    });

    const notify = this.addAlarms(authorizerFunction, isProduction);

    const productEvents = new ProductEventsIngest(this, 'ProductEvents', { settings, table: this.table, alarmAction: notify });
    this.functions[BACKGROUND_FUNCTIONS.eventConsumer] = productEvents.consumer;
    new CfnOutput(this, 'ProductEventBusName', { value: productEvents.bus.eventBusName, description: 'The product publishes its events here' });
    new CfnOutput(this, 'ProductEventsDeadLetterQueueArn', {
      value: productEvents.deadLetterQueue.queueArn,
      description: 'For npm run admin -- redrive --dlq-arn',
    });

    const webhooks = new WebhookDelivery(this, 'Webhooks', { settings, table: this.table, alarmAction: notify, secretsKey: webhookSecretsKey });
    this.functions[BACKGROUND_FUNCTIONS.webhookDispatcher] = webhooks.dispatcher;
    this.functions[BACKGROUND_FUNCTIONS.webhookWorker] = webhooks.worker;
    const rollout =
      (props.rollout ?? (isProduction ? 'canary' : 'all-at-once')) === 'canary'
        ? new Rollout(this, 'Rollout', { stage: props.stage, functions: Object.values(this.functions) })
        : undefined;
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
      canaryAlarms: rollout?.alarms ?? [],
      ...(props.edge ? { webAclName: props.edge.webAclName } : {}),
    });

    const origin = `${stage.url.replace(/\/$/, '')}${API_PREFIX}`;
    if (props.edge && originVerify) {
      // The viewer's address, over any value the client sent, for the authorizer and the access log.
      const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
        comment: 'Passes the viewer address to the API',
        runtime: FunctionRuntime.JS_2_0,
        code: FunctionCode.fromInline(`function handler(event) {
  event.request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return event.request;
}`),
      });
      const distribution = new Distribution(this, 'Edge', {
        comment: `Hiring Integration API (${props.stage})`,
        webAclId: props.edge.webAclArn,
        httpVersion: HttpVersion.HTTP2_AND_3,
        defaultBehavior: {
          // The API's own domain when it has one (the execute-api endpoint is then off), else the
          // execute-api host of the HTTP API (https://<id>.execute-api.<region>.amazonaws.com).
          origin: new HttpOrigin(originDomain?.domainName ?? Fn.select(2, Fn.split('/', this.api.apiEndpoint)), {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Every response is per key and per request: nothing is cached, every header and query reaches
          // the API (but Host, which must stay the execute-api host).
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: viewerAddress }],
        },
        // CloudFront caches these error statuses for 10 s whatever the cache policy, keyed here by path
        // alone: one tenant's 503 would be served to every tenant at that edge. `Cache-Control: no-store`
        // on the API's answers does not stop it for most of them, so each gets a TTL of 0.
        errorResponses: EDGE_CACHED_ERROR_STATUSES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      });
      this.acknowledgeEdgeNagFindings(distribution, originVerify);
      new CfnOutput(this, 'ApiUrl', { value: `https://${distribution.distributionDomainName}${API_PREFIX}`, description: 'Base URL of the API (through CloudFront and WAF)' });
    } else {
      new CfnOutput(this, 'ApiUrl', { value: origin, description: 'Base URL of the API' });
    }
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'For TABLE_NAME of the admin CLI' });
  }

  /** A regional custom domain for the API, with its DNS record (or the target for one) and TLS 1.2. */
  private addOriginDomain(origin: OriginDomain): DomainName {
    const domain = new DomainName(this, 'OriginDomain', {
      domainName: origin.domainName,
      certificate: Certificate.fromCertificateArn(this, 'OriginCertificate', origin.certificateArn),
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    if (origin.hostedZone) {
      new ARecord(this, 'OriginRecord', {
        zone: HostedZone.fromHostedZoneAttributes(this, 'OriginZone', { hostedZoneId: origin.hostedZone.id, zoneName: origin.hostedZone.name }),
        recordName: origin.domainName,
        target: RecordTarget.fromAlias(new ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId)),
      });
    } else {
      new CfnOutput(this, 'OriginDnsTarget', {
        value: domain.regionalDomainName,
        description: `Point a CNAME for ${origin.domainName} at this (CloudFront reaches the API through it)`,
      });
    }
    return domain;
  }

  /** The alarms of the API, and the action (notify the alarm topic) other alarms use too. */
  private addAlarms(authorizerFunction: ApiFunction, isProduction: boolean): SnsAction {
    // A customer-managed key: CloudWatch cannot use the AWS-managed alias/aws/sns key, so alarms
    // published to a topic under it are dropped and nobody is notified.
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the Hiring API alarm topic; usable by CloudWatch alarms of this account',
      enableKeyRotation: true,
      removalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsOfThisAccount',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: { 'aws:SourceArn': `arn:${this.partition}:cloudwatch:${this.region}:${this.account}:alarm:*` },
        },
      }),
    );
    const topic = new Topic(this, 'AlarmTopic', { displayName: 'Hiring API alarms', enforceSSL: true, masterKey: key });
    const notify = new SnsAction(topic);
    const period = Duration.minutes(5);
    /** Fires on the first occurrence in a 5-minute period: these should never happen at all. */
    const anyOccurrence = (id: string, description: string, metric: IMetric) => anyOccurrenceAlarm(this, id, description, metric);
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
      anyOccurrence(
        'TableThrottlesAlarm',
        'DynamoDB throttled requests (clients get 503)',
        this.table.metricThrottledRequestsForOperations({
          period,
          // the operations this service sends (an alarm's math may hold at most 10 metrics)
          operations: [
            Operation.GET_ITEM,
            Operation.BATCH_GET_ITEM,
            Operation.QUERY,
            Operation.PUT_ITEM,
            Operation.UPDATE_ITEM,
            Operation.TRANSACT_WRITE_ITEMS,
          ],
        }),
      ),
      new Alarm(this, 'LatencyP99Alarm', {
        alarmDescription: 'p99 latency above 1 s',
        metric: this.api.metricLatency({ period, statistic: 'p99' }),
        threshold: isProduction ? 1000 : 2000,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    ];
    for (const alarm of alarms) alarm.addAlarmAction(notify);
    new CfnOutput(this, 'AlarmTopicArn', { value: topic.topicArn, description: 'Subscribe to receive alarms' });
    return notify;
  }

  private acknowledgeEdgeNagFindings(distribution: Distribution, originVerify: Secret): void {
    const acknowledge = (construct: Construct, id: string, reason: string) =>
      Validations.of(construct).acknowledge({ id: `AwsSolutions::AwsSolutions-${id}`, reason });
    acknowledge(distribution, 'CFR1', 'An API for integrators worldwide: no geographic restriction.');
    acknowledge(distribution, 'CFR3', 'Every request that reaches the origin is in the API access log; WAF metrics and sampled requests show what the edge refused.');
    acknowledge(
      distribution,
      'CFR4',
      'The distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be set; a custom domain with its own certificate would allow TLSv1.2_2021.',
    );
    acknowledge(
      originVerify,
      'SMG4',
      'The origin header value is copied into the distribution and the authorizer at deploy time; rotating it means rotating the secret and redeploying (README).',
    );
  }
}
