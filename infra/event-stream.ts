import { ArnFormat, Duration, Fn, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import { type IRole, Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type IAlarmAction, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { anyOccurrenceAlarm } from './alarms.js';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnApi,
  CfnAuthorizer,
  CfnIntegrationResponse,
  type IDomainName,
  LogGroupLogDestination,
  WebSocketApi,
  type WebSocketIntegration,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import {
  WebSocketLambdaIntegration,
  WebSocketMockIntegration,
} from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { STREAM_CALLBACK_URL_ENV } from '../lib/composition/event-stream.js';
import { STREAM_FUNCTION } from '../lib/functions.js';
import { KEY_MODES } from '../lib/keys/format.js';
import { PING_FRAME, PONG_FRAME } from '../lib/events/stream.js';
import {
  ApiFunction,
  CALLED_RESOURCES,
  nameCalledResource,
  type StageSettings,
} from './api-function.js';
import { CONSOLE_SESSION_READ_ACCESS, inSpaces, STREAM_ACCESS } from './permissions.js';

/**
 * The event stream (GET /events pushed over a WebSocket): an API Gateway WebSocket API, which holds the
 * connections and runs nothing while they are idle. Its upgrade ($connect) is behind the API's own
 * authorizer; one function opens, subscribes and closes connections; the `ping` route is API Gateway's
 * own answer (a mock integration), so a client's keep-alive runs no function. The dispatcher and the
 * stream's function post frames through the stage's management API, which only they may call. Behind
 * the edge with a domain of its own, the API answers only there (its execute-api endpoint off), its
 * stage at the domain's root: CloudFront's origin, and the management API's host.
 */

/** The stage's name: only the management API's ARN (and its execute-api URL) and the edge's origin name it. */
export const STREAM_STAGE = 'stream';

export class EventStream extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly function: ApiFunction;
  readonly accessLogs: LogGroup;
  /** the API's own domain, when it has one (behind the edge, in prod) */
  private readonly domainName: string | undefined;

  constructor(
    scope: Construct,
    id: string,
    props: {
      settings: StageSettings;
      table: ITableV2;
      /** the API's authorizer (its `live` alias): the same decision for an upgrade as for a request */
      authorizer: ApiFunction;
      /** messages a second across the stage (API Gateway's throttle of the routes that run the function) */
      throttle: { rateLimit: number; burstLimit: number };
      /** the function's reserved concurrency, and so its most (none: the account's unreserved pool) */
      reservedConcurrency?: number;
      alarmAction: IAlarmAction;
      /**
       * The API's own Regional domain (its name, and the domain): the stage is mapped at its root, and
       * the execute-api endpoint is switched off, so an upgrade sent straight to API Gateway finds
       * nothing; without one the stage is at https://<id>.execute-api.<region>.amazonaws.com/stream.
       */
      domain?: { name: string; domain: IDomainName };
    },
  ) {
    super(scope, id);
    const { settings } = props;
    this.domainName = props.domain?.name;
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `HiringApiEventStream-${settings.stage}`,
      description: `Hiring Integration API (${settings.stage}): the event stream`,
    });
    nameCalledResource(this.api, CALLED_RESOURCES.eventStreamApi);
    // WebSocketApi has no property for it; it applies to every stage (AWS: "Disable the default
    // endpoint for WebSocket APIs"). Management calls then go through the domain (callbackUrl).
    if (props.domain) (this.api.node.defaultChild as CfnApi).disableExecuteApiEndpoint = true;
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: settings.isProduction
        ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
        : RemovalPolicy.DESTROY,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: STREAM_STAGE,
      autoDeploy: true,
      // At the domain's root (no mapping key): wss://<domain>/ upgrades, https://<domain>/@connections.
      ...(props.domain ? { domainMapping: { domainName: props.domain.domain } } : {}),
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            connectionId: '$context.connectionId',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            status: '$context.status',
            clientIp: '$context.authorizer.clientIp',
            tenantId: '$context.authorizer.tenantId',
            keyId: '$context.authorizer.keyId',
            integrationLatencyMs: '$context.integrationLatency',
            error: '$context.error.message',
          }).replace('"$context.status"', '$context.status'),
        ),
      },
    });
    Validations.of(this.stage).acknowledge({
      id: 'Serverless::Serverless-APIGWStructuredLogging',
      reason:
        'The access log is JSON; the check cannot parse the format because status is written unquoted, so that it is a number.',
    });

    this.function = new ApiFunction(this, 'Function', {
      functionName: STREAM_FUNCTION,
      settings,
      ...(props.reservedConcurrency
        ? { reservedConcurrentExecutions: props.reservedConcurrency }
        : {}),
      environment: { [STREAM_CALLBACK_URL_ENV]: this.callbackUrl },
    });
    // Live and test keys alike: a connection is kept in its key's space, with its place in the log.
    this.function.bindTable(props.table, inSpaces(STREAM_ACCESS, KEY_MODES, settings.testMode));
    this.function.bindTable(props.table, CONSOLE_SESSION_READ_ACCESS);
    this.grantConnections(this.function);

    const integration = new WebSocketLambdaIntegration('Integration', this.function.live);
    const authorizer = new WebSocketLambdaAuthorizer(
      'ApiKeyAuthorizer',
      props.authorizer.live,
      // None (the property removed below): API Gateway then invokes the authorizer for every upgrade,
      // also one with no key, whose refusal is the envelope's 401 and not API Gateway's bare one.
      { identitySource: [] },
    );
    this.api.addRoute('$connect', { integration, authorizer });
    this.api.addRoute('$disconnect', { integration });
    this.api.addRoute('subscribe', { integration });
    this.addPing();
    anyOccurrenceAlarm(
      this,
      'FunctionErrorsAlarm',
      'The event stream function failed (an upgrade answered 500, or a subscribe not answered)',
      this.function.metricErrors({ period: Duration.minutes(5) }),
    ).addAlarmAction(props.alarmAction);
    // API Gateway could not run an integration (the function throttled, or its permission gone): the
    // upgrades or subscribes it answered 500 of its own, which no function's error counts.
    anyOccurrenceAlarm(
      this,
      'ExecutionErrorsAlarm',
      'API Gateway could not call the event stream function (upgrades or subscribes answered 500)',
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName: 'ExecutionError',
        dimensionsMap: { ApiId: this.api.apiId, Stage: STREAM_STAGE },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
    ).addAlarmAction(props.alarmAction);
    const cfnAuthorizer = this.api.node
      .findAll()
      .find((child) => child instanceof CfnAuthorizer) as CfnAuthorizer;
    cfnAuthorizer.addPropertyDeletionOverride('IdentitySource');
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions::AwsSolutions-APIG4',
      reason:
        'Only $connect takes an authorizer on a WebSocket API: it is the API key authorizer, and every later message of the connection carries its context.',
    });
  }

  /**
   * `{"action":"ping"}` answered `{"type":"pong"}` by API Gateway itself: a client's keep-alive (API
   * Gateway closes a connection idle for 10 minutes; protocol pings do not count) runs no function. A
   * mock integration answers only through an integration response, which CDK does not model.
   */
  private addPing(): void {
    const route = this.api.addRoute(JSON.parse(PING_FRAME).action as string, {
      integration: new WebSocketMockIntegration('Ping', {
        requestTemplates: { $default: '{"statusCode":200}' },
        templateSelectionExpression: '\\$default',
      }),
      returnResponse: true,
    });
    const mock = route.node.findChild('Ping') as WebSocketIntegration;
    new CfnIntegrationResponse(route, 'PingResponse', {
      apiId: this.api.apiId,
      integrationId: mock.integrationId,
      integrationResponseKey: '$default',
      templateSelectionExpression: '\\$default',
      responseTemplates: { $default: PONG_FRAME },
    });
  }

  /**
   * What a sender of frames may do through the stage's management API: post to a connection and close
   * one (not read one's details), on this API's stage only. A policy of its own, so that its wildcard
   * (a connection id is only known at run time) is acknowledged there and nowhere else.
   */
  grantConnections(sender: ApiFunction): void {
    const connections = (method: string) =>
      Stack.of(this).formatArn({
        service: 'execute-api',
        resource: this.api.apiId,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        resourceName: `${STREAM_STAGE}/${method}/@connections/*`,
      });
    const policy = new Policy(sender, 'StreamConnections', {
      statements: [
        new PolicyStatement({
          actions: ['execute-api:ManageConnections'],
          resources: [connections('POST'), connections('DELETE')],
        }),
      ],
    });
    policy.attachToRole(sender.role as IRole);
    // cdk-nag names each wildcard resource as it reads it in the template: the API by its logical id.
    const stack = Stack.of(this.api);
    const shown = (value: string, pseudo: string) =>
      Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value;
    const apiId = stack.resolve(stack.getLogicalId(this.api.node.defaultChild as CfnApi)) as string;
    for (const method of ['POST', 'DELETE'])
      Validations.of(policy).acknowledge({
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:${shown(stack.region, 'Region')}:${shown(stack.account, 'AccountId')}:<${apiId}>/${STREAM_STAGE}/${method}/@connections/*]`,
        reason:
          'The event stream’s connections, POST (a frame) and DELETE (a close) on this API’s stage only: a connection id is only known when it opens.',
      });
  }

  /**
   * Where the stage's management API is (the senders' STREAM_CALLBACK_URL): the domain's root when the
   * API has one (the execute-api host answers 403 once its endpoint is off), else the stage's own
   * callback URL. IAM authorizes the calls on the API's ARN either way (grantConnections).
   */
  get callbackUrl(): string {
    return this.domainName ? `https://${this.domainName}` : this.stage.callbackUrl;
  }

  /** CloudFront's origin for the stream: the API's own domain, else its execute-api host. */
  get originHost(): string {
    return this.domainName ?? Fn.select(2, Fn.split('/', this.api.apiEndpoint));
  }

  /** The origin's path: none at the domain (its mapping picks the stage), else the stage's. */
  get originPath(): string | undefined {
    return this.domainName ? undefined : `/${STREAM_STAGE}`;
  }
}
