import {
  CfnOutput,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PRODUCT_EVENTS_QUEUE } from '../lib/config.js';
import { KEY_ATTRIBUTES, STREAM_VIEW_TYPE, tableIndexes, TTL_ATTRIBUTE } from '../lib/db/table.js';
import { PRODUCT_EVENT_SOURCE, PRODUCT_EVENT_TYPES } from '../lib/product-events/data.js';
import { CALLED_RESOURCES, nameCalledResource } from './api-function.js';
import {
  anyOccurrenceAlarm,
  backlogAlarm,
  nameAlarms,
  notEmptyAlarm,
  TABLE_OPERATIONS,
} from './alarms.js';
import { encryptedQueue, WORKER_TIMEOUT_SECONDS } from './queues.js';
import { releasedTableIndexes } from './released.js';

/**
 * What the service keeps: the table (and its stream), the keys and secrets that make its data readable
 * (webhook signing secrets, list cursors, the edge's origin header), the queues that hold messages not
 * yet handled, the product's event bus, and the alarm topic its subscribers confirmed. In a stack of
 * its own, so that the API's stack can change, be split or be replaced at will: nothing here is ever
 * replaced by a change to the functions. In production it is protected from deletion, and every
 * resource is kept when removed from the template (but not when the first create fails, which would
 * only leave orphans behind).
 */
export interface DataStackProps extends StackProps {
  stage: string;
  /**
   * the stage's first deployment (`-c firstDeploy=true`): the table is made without deletion protection,
   * so that a failed create rolls back cleanly; the deploy after it turns it on
   */
  firstDeploy?: boolean;
  /** subscribed to the alarm topic */
  alarmEmail?: string;
}

/** The Parameter Store name of the origin secret's last rotation (an operator sets it; the API's stack reads it). */
export function originVerifyRotationParameter(stage: string): string {
  return `/hiring-api/${stage}/origin-verify-rotation`;
}

/** What production keeps when a resource leaves the template; a disposable stage keeps nothing. */
export function keptIn(stage: string): RemovalPolicy {
  return stage === 'dev' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE;
}

export class HiringApiDataStack extends Stack {
  readonly table: TableV2;
  readonly cursorSecret: Secret;
  readonly webhookSecretsKey: Key;
  readonly originVerify: Secret;
  readonly alarmTopic: Topic;
  readonly productEvents: { bus: EventBus; queue: Queue; deadLetterQueue: Queue; rule: Rule };
  readonly webhooks: { queue: Queue; deadLetterQueue: Queue; streamFailures: Queue };
  /** the names of this stack's alarms, for the dashboard (a name, not a reference: infra/operations.ts) */
  readonly alarmNames: string[];

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const kept = keptIn(props.stage);

    // The table, from the shared definition in lib/db/table.ts, with the retired indexes the released
    // table still has: on its first deploy too, which makes them all at once (DynamoDB creates up to 20
    // with a table; an update adds one), so that the deploy after it, which protects it, changes no
    // index (docs/operations.md, "Before the first production deploy"). A stage never released has none.
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: KEY_ATTRIBUTES.partitionKey, type: AttributeType.STRING },
      sortKey: { name: KEY_ATTRIBUTES.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      dynamoStream: StreamViewType[STREAM_VIEW_TYPE],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Not during the first create: a create that fails is rolled back by deleting what it made, which
      // a protected table refuses (the stack then stays ROLLBACK_FAILED). The next deploy turns it on.
      deletionProtection: props.stage !== 'dev' && !props.firstDeploy,
      removalPolicy: kept,
      globalSecondaryIndexes: tableIndexes(releasedTableIndexes(props.stage)).map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: index.projection.type as never,
        ...(index.projection.type === 'INCLUDE'
          ? { nonKeyAttributes: [...index.projection.nonKeyAttributes] }
          : {}),
      })),
    });

    // Signs list cursors, so that a cursor the API did not issue is refused (lib/db/pagination.ts).
    this.cursorSecret = new Secret(this, 'CursorSecret', {
      description: `Hiring API (${props.stage}): key that signs list cursors`,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: kept,
    });
    nameCalledResource(this.cursorSecret, CALLED_RESOURCES.cursorSecret);
    Validations.of(this.cursorSecret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'Rotated by an operator (aws secretsmanager put-secret-value, docs/operations.md): the list functions read it at cold start and accept the previous value too, so a rotation breaks no cursor in flight; a rotation Lambda would add a function for a value nobody but this service reads.',
    });
    // Encrypts webhook signing secrets (lib/webhooks/secret-box.ts); losing it loses every endpoint's secret.
    this.webhookSecretsKey = new Key(this, 'WebhookSecretsKey', {
      description: `Hiring API (${props.stage}): encrypts webhook signing secrets`,
      enableKeyRotation: true,
      removalPolicy: kept,
    });
    nameCalledResource(this.webhookSecretsKey, CALLED_RESOURCES.webhookSecretsKey);
    // Behind the edge, CloudFront adds a header only it knows; the authorizer refuses requests without
    // it. Made whatever the edge, and always exported: with the edge turned off the API's stack stops
    // importing it, and an export that vanished with it would stop that deployment at this stack.
    this.originVerify = new Secret(this, 'OriginVerifySecret', {
      description: `Hiring API (${props.stage}): header value CloudFront adds to prove a request came through the edge`,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: kept,
    });
    nameCalledResource(this.originVerify, CALLED_RESOURCES.originVerifySecret);
    Validations.of(this.originVerify).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'Rotated by an operator by the procedure of docs/operations.md: CloudFront and the authorizer both read it, and the authorizer accepts the previous value during the change.',
    });
    this.exportValue(this.originVerify.secretArn);
    // Marks the last rotation of it (an operator overwrites it): the API's stack reads it by name at
    // each deployment, and a new value there makes CloudFront take the secret's current value.
    new StringParameter(this, 'OriginVerifyRotation', {
      parameterName: originVerifyRotationParameter(props.stage),
      description: `Hiring API (${props.stage}): the VersionId of the origin-verify secret's last rotation (docs/operations.md)`,
      stringValue: 'created',
    });

    // What an operator needs of this stack (the API's stack shows its own: ApiUrl, DashboardUrl).
    new CfnOutput(this, 'TableName', {
      value: this.table.tableName,
      description: 'For TABLE_NAME of the admin CLI',
    });
    this.alarmTopic = this.addAlarmTopic(props.stage, kept);
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarmTopic.topicArn,
      description: 'Subscribe to receive alarms',
    });
    if (props.alarmEmail) {
      const subscription = new EmailSubscription(props.alarmEmail);
      this.alarmTopic.addSubscription(subscription);
      Validations.of(this.alarmTopic.node.findChild(props.alarmEmail)).acknowledge({
        id: 'Serverless::Serverless-SNSRedrivePolicy',
        reason:
          "An alarm e-mail that cannot be delivered is not lost: the alarm's state stays on the dashboard and in CloudWatch; a dead-letter queue for it would be one more queue for nobody to read.",
      });
    }
    this.productEvents = this.addProductEvents(props.stage, kept);
    new CfnOutput(this, 'ProductEventBusName', {
      value: this.productEvents.bus.eventBusName,
      description: 'The product publishes its events here',
    });
    new CfnOutput(this, 'ProductEventsDeadLetterQueueArn', {
      value: this.productEvents.deadLetterQueue.queueArn,
      description: 'For npm run admin -- redrive --dlq-arn',
    });
    this.webhooks = this.addWebhookQueues(kept);
    this.addAlarms();
    this.alarmNames = nameAlarms(this, `HiringApiData-${props.stage}`);
    this.keepReleasedExports();
  }

  /**
   * The alarms on what this stack holds: here, next to it, so that no alarm of the API's stack reads the
   * table, a queue, the bus or the rule through an export (which would lock them: CloudFormation refuses to
   * change an export another stack imports). Each notifies the topic.
   */
  private addAlarms(): void {
    const { bus, rule, queue, deadLetterQueue } = this.productEvents;
    const productEvents = this.node.findChild('ProductEvents');
    const webhooks = this.node.findChild('Webhooks');
    // A rule on a custom bus reports under its bus's name and its own. Its Ref is `<bus>|<rule>`, a
    // name no metric has (the alarm would wait for a metric that never comes): the name is the last
    // part of its ARN, `arn:…:rule/<bus>/<rule>`.
    const ruleName = Fn.select(2, Fn.split('/', rule.ruleArn));
    const alarms = [
      anyOccurrenceAlarm(
        this,
        'TableThrottlesAlarm',
        'DynamoDB throttled requests (clients get 503)',
        this.table.metricThrottledRequestsForOperations({
          period: Duration.minutes(5),
          operations: TABLE_OPERATIONS,
        }),
      ),
      notEmptyAlarm(
        productEvents,
        'DeadLettersAlarm',
        'A product event could not be applied: read its rejectionReason in the dead-letter queue, then redrive',
        deadLetterQueue,
      ),
      // Only the events lost: one EventBridge gave up on (FailedInvocations) is in the dead-letter
      // queue, whose alarm fires for it.
      anyOccurrenceAlarm(
        productEvents,
        'RuleFailedInvocationsAlarm',
        'EventBridge could not deliver a product event to the queue, nor to the dead-letter queue: the event is lost; see the rule’s metrics',
        new Metric({
          namespace: 'AWS/Events',
          metricName: 'InvocationsFailedToBeSentToDlq',
          dimensionsMap: { EventBusName: bus.eventBusName, RuleName: ruleName },
          statistic: 'Sum',
          period: Duration.minutes(5),
        }),
      ),
      backlogAlarm(
        this,
        'ProductEventsBacklogAlarm',
        "The oldest product event has waited more than 5 minutes for 5 minutes (the product's changes are not being applied)",
        queue,
        300,
      ),
      notEmptyAlarm(
        webhooks,
        'DeadLettersAlarm',
        'A webhook delivery message failed 5 times in the worker (not an endpoint failing: a fault of the worker)',
        this.webhooks.deadLetterQueue,
      ),
      notEmptyAlarm(
        webhooks,
        'StreamFailuresAlarm',
        'Stream records the webhook dispatcher could not process: their events were not queued for delivery (replay them)',
        this.webhooks.streamFailures,
      ),
      backlogAlarm(
        this,
        'DeliveryBacklogAlarm',
        'The oldest webhook delivery message has waited more than 30 minutes for 5 minutes (a retry waits at most 15 minutes in the queue)',
        this.webhooks.queue,
        1_800,
      ),
    ];
    const notify = new SnsAction(this.alarmTopic);
    for (const alarm of alarms) alarm.addAlarmAction(notify);
  }

  /**
   * Exports the API's stack imported in the last release (docs/stacks.released.json) and imports no
   * more: its deployed version still does until the next deployment of it, and this stack is deployed
   * first, so removing them now would stop the release ("cannot be deleted as it is in use"). They go
   * in the release after (docs/operations.md, "Releases"; `npm run release:check` holds this).
   */
  private keepReleasedExports(): void {
    const { productEvents, webhooks } = this;
    for (const value of [
      this.alarmTopic.topicArn,
      productEvents.bus.eventBusName,
      productEvents.rule.ruleName,
      productEvents.queue.queueName,
      productEvents.deadLetterQueue.queueName,
      webhooks.queue.queueName,
      webhooks.deadLetterQueue.queueName,
      webhooks.streamFailures.queueName,
    ])
      this.exportValue(value);
  }

  /**
   * The topic every alarm notifies. Not encrypted under a key of its own: it carries alarm names,
   * states and thresholds, nothing of a tenant, and CloudWatch cannot publish under the AWS-managed
   * alias/aws/sns key, so encrypting it takes a customer-managed key at $1 a month, plus $1 for each of
   * its first two yearly rotations: half the idle stage's rise over three years (docs/benchmarks.md).
   */
  private addAlarmTopic(stage: string, kept: RemovalPolicy): Topic {
    // Only this stage's alarms, all named HiringApi-<stage>-… or HiringApi<Stack>-<stage>-… (nameAlarms in infra/alarms.ts, infra/rollout.ts).
    const fromTheseAlarms = {
      StringEquals: { 'aws:SourceAccount': this.account },
      ArnLike: {
        'aws:SourceArn': `arn:${this.partition}:cloudwatch:${this.region}:${this.account}:alarm:HiringApi*-${stage}-*`,
      },
    };
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: `Hiring API alarms (${stage})`,
      enforceSSL: true,
    });
    Validations.of(topic).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason:
        'The alarm topic carries alarm names, states and thresholds, nothing of a tenant, over TLS only (enforceSSL); CloudWatch cannot publish under alias/aws/sns, and a customer-managed key for it would cost $1 a month and $1 more for each of its first two yearly rotations.',
    });
    // enforceSSL gives the topic a policy of its own, which replaces SNS's default one (that let the
    // account's services publish): without this statement no alarm could publish, and none would notify.
    topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowTheStageAlarms',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: fromTheseAlarms,
      }),
    );
    topic.applyRemovalPolicy(kept);
    return topic;
  }

  /**
   * The product's feed: an EventBridge bus the product publishes to, and a rule that sends the
   * product's event types to an encrypted queue (the consumer in the API's stack applies them).
   */
  private addProductEvents(
    stage: string,
    kept: RemovalPolicy,
  ): HiringApiDataStack['productEvents'] {
    const scope = new Construct(this, 'ProductEvents');
    const bus = new EventBus(scope, 'Bus', {
      description: `The product's change events for the Hiring API (${stage})`,
    });
    const deadLetterQueue = deadLetterQueueOf(scope, 'DeadLetterQueue', kept);
    nameCalledResource(deadLetterQueue, CALLED_RESOURCES.productEventsDeadLetters);
    const queue = encryptedQueue(scope, 'Queue', {
      removalPolicy: kept,
      visibilityTimeout: Duration.seconds(PRODUCT_EVENTS_QUEUE.visibilityTimeoutSeconds),
      deadLetterQueue: {
        queue: deadLetterQueue,
        maxReceiveCount: PRODUCT_EVENTS_QUEUE.maxReceiveCount,
      },
    });
    const rule = new Rule(scope, 'ToQueue', {
      eventBus: bus,
      description: 'The product events the service applies',
      eventPattern: { source: [PRODUCT_EVENT_SOURCE], detailType: [...PRODUCT_EVENT_TYPES] },
      // An event EventBridge cannot put on the queue (throttled, the queue's key unusable) is retried for
      // a day, then kept in the dead-letter queue (redrive moves it to the queue like any other), never
      // dropped without a trace.
      targets: [
        new SqsQueue(queue, {
          deadLetterQueue,
          retryAttempts: 185,
          maxEventAge: Duration.hours(24),
        }),
      ],
    });
    return { bus, queue, deadLetterQueue, rule };
  }

  /** The webhook delivery queue, its dead-letter queue, and where stream records the dispatcher could not process go. */
  private addWebhookQueues(kept: RemovalPolicy): HiringApiDataStack['webhooks'] {
    const scope = new Construct(this, 'Webhooks');
    const deadLetterQueue = deadLetterQueueOf(scope, 'DeadLetterQueue', kept);
    const streamFailures = deadLetterQueueOf(scope, 'StreamFailures', kept);
    const queue = encryptedQueue(scope, 'Queue', {
      removalPolicy: kept,
      // At least 6 times the worker's timeout, as AWS advises for a Lambda event source.
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT_SECONDS * 6),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: 5 },
    });
    nameCalledResource(queue, CALLED_RESOURCES.deliveryQueue);
    return { queue, deadLetterQueue, streamFailures };
  }
}

/** A queue that should stay empty (a dead-letter queue, a stream's failures); its alarm is next to it (addAlarms). */
function deadLetterQueueOf(scope: Construct, id: string, removalPolicy: RemovalPolicy): Queue {
  const queue = encryptedQueue(scope, id, { removalPolicy });
  const reason = 'This is a dead-letter queue: nothing is redriven from it automatically.';
  Validations.of(queue).acknowledge(
    { id: 'AwsSolutions::AwsSolutions-SQS3', reason },
    { id: 'Serverless::Serverless-SQSRedrivePolicy', reason },
  );
  return queue;
}
