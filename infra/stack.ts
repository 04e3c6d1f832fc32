import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, type IMetric, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, Billing, Operation, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Alias } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { INDEXES, KEY_ATTRIBUTES, TTL_ATTRIBUTE } from '../lib/db/table.js';
import { API_PREFIX, AUTHORIZER_FUNCTION, NOT_FOUND_FUNCTION, routeEntries } from '../lib/http/routes.js';
import { ApiFunction, type StageSettings } from './api-function.js';
import { AUTHORIZER_ACCESS, ROUTE_ACCESS } from './permissions.js';

export interface HiringApiStackProps extends StackProps {
  /** `prod` is production; anything else (default `dev`) is a disposable stage */
  stage: string;
  apiKeyHourlyLimit?: number;
  /** per-IP requests per minute; honoured only outside production */
  apiRateLimitMax?: number;
  logLevel?: string;
  /** stage-wide API Gateway throttle */
  throttle?: { rateLimit: number; burstLimit: number };
}

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
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: !disposable,
      removalPolicy: disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      globalSecondaryIndexes: Object.values(INDEXES).map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: index.projection.type as never,
        ...(index.projection.type === 'INCLUDE' ? { nonKeyAttributes: [...index.projection.nonKeyAttributes] } : {}),
      })),
    });

    const authorizerFunction = new ApiFunction(this, 'Authorizer', { functionName: AUTHORIZER_FUNCTION, settings });
    authorizerFunction.bindTable(this.table, AUTHORIZER_ACCESS);
    this.functions[AUTHORIZER_FUNCTION] = authorizerFunction;
    const authorizer = new HttpLambdaAuthorizer('ApiKeyAuthorizer', authorizerFunction, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: ['$request.header.X-API-Key'],
      // Off: every request must be counted against the quota, and a revoked key must fail at once.
      resultsCacheTtl: Duration.seconds(0),
    });

    const notFound = new ApiFunction(this, 'NotFound', { functionName: NOT_FOUND_FUNCTION, settings });
    this.functions[NOT_FOUND_FUNCTION] = notFound;
    this.api = new HttpApi(this, 'Api', {
      description: `Hiring Integration API (${props.stage})`,
      createDefaultStage: false,
      // Unknown routes: a 404 envelope, with no key needed and no authorizer call.
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound),
    });

    for (const [id, route] of routeEntries()) {
      const fn = new ApiFunction(this, `${id[0]?.toUpperCase()}${id.slice(1)}`, { functionName: route.functionName, settings });
      fn.bindTable(this.table, ROUTE_ACCESS[id]);
      this.functions[route.functionName] = fn;
      this.api.addRoutes({
        path: `${API_PREFIX}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
        authorizer,
      });
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 500, burstLimit: 1000 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            authorizerError: '$context.authorizer.error',
            tenantId: '$context.authorizer.tenantId',
            keyId: '$context.authorizer.keyId',
          }),
        ),
      },
    });

    this.addAlarms(authorizerFunction, isProduction);

    new CfnOutput(this, 'ApiUrl', { value: `${stage.url.replace(/\/$/, '')}${API_PREFIX}`, description: 'Base URL of the API' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'For TABLE_NAME of the admin CLI' });
    this.acknowledgeNagFindings();
  }

  private addAlarms(authorizerFunction: ApiFunction, isProduction: boolean): void {
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: 'Hiring API alarms',
      enforceSSL: true,
      masterKey: Alias.fromAliasName(this, 'SnsKey', 'alias/aws/sns'),
    });
    const notify = new SnsAction(topic);
    const period = Duration.minutes(5);
    /** Fires on the first occurrence in a 5-minute period: these should never happen at all. */
    const anyOccurrence = (id: string, description: string, metric: IMetric) =>
      new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
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
  }

  /** Each acknowledged cdk-nag finding of the stack, one by one, with its reason. */
  private acknowledgeNagFindings(): void {
    Validations.of(this.api.node.findChild('DefaultRoute')).acknowledge({
      id: 'AwsSolutions::AwsSolutions-APIG4',
      reason:
        'The $default route only answers 404 for unknown paths, reads nothing and needs no key; every API route has the Lambda authorizer.',
    });
  }
}
