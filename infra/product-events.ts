import { Duration } from 'aws-cdk-lib';
import { type IAlarmAction, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { anyOccurrenceAlarm } from './alarms.js';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PRODUCT_EVENTS_QUEUE } from '../lib/config.js';
import { BACKGROUND_FUNCTIONS } from '../lib/functions.js';
import { PRODUCT_EVENT_SOURCE, PRODUCT_EVENT_TYPES } from '../lib/schemas/product-data.js';
import { acknowledgeQueueEventSource, deadLetterQueue, encryptedQueue } from './queues.js';
import { ApiFunction, CALLED_RESOURCES, nameCalledResource, type StageSettings } from './api-function.js';
import { EVENT_CONSUMER_ACCESS } from './permissions.js';

/**
 * The product's feed into the service: an EventBridge bus the product publishes to, a rule that sends
 * the product's event types to an encrypted SQS queue, and one consumer that applies them
 * (lib/product-events). A message that can never be applied goes to the dead-letter queue at once
 * (the consumer sends it, with the reason); one that keeps failing (an application whose JD never
 * arrives) goes there after PRODUCT_EVENTS_QUEUE.maxReceiveCount deliveries. An alarm fires as soon as the dead-letter
 * queue holds a message.
 */
const { maxReceiveCount, consumerTimeoutSeconds, visibilityTimeoutSeconds } = PRODUCT_EVENTS_QUEUE;

export class ProductEventsIngest extends Construct {
  readonly bus: EventBus;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly consumer: ApiFunction;

  constructor(scope: Construct, id: string, props: { settings: StageSettings; table: ITableV2; alarmAction: IAlarmAction }) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', { description: `The product's change events for the Hiring API (${props.settings.stage})` });
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetterQueue', {
      id: 'DeadLettersAlarm',
      description: 'A product event could not be applied: read its rejectionReason in the dead-letter queue, then redrive',
      action: props.alarmAction,
    });
    this.queue = encryptedQueue(this, 'Queue', {
      visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount },
    });
    const rule = new Rule(this, 'ToQueue', {
      eventBus: this.bus,
      description: 'The product events the service applies',
      eventPattern: { source: [PRODUCT_EVENT_SOURCE], detailType: [...PRODUCT_EVENT_TYPES] },
      // An event EventBridge cannot put on the queue (throttled, the queue's key unusable) is retried for
      // a day, then kept in the dead-letter queue (redrive moves it to the queue like any other), never
      // dropped without a trace.
      targets: [new SqsQueue(this.queue, { deadLetterQueue: this.deadLetterQueue, retryAttempts: 185, maxEventAge: Duration.hours(24) })],
    });

    this.consumer = new ApiFunction(this, 'Consumer', {
      functionName: BACKGROUND_FUNCTIONS.eventConsumer,
      settings: props.settings,
      timeout: Duration.seconds(consumerTimeoutSeconds),
      environment: { DEAD_LETTER_QUEUE_URL: this.deadLetterQueue.queueUrl },
    });
    this.consumer.bindTable(props.table, EVENT_CONSUMER_ACCESS);
    nameCalledResource(this.deadLetterQueue, CALLED_RESOURCES.productEventsDeadLetters);
    this.deadLetterQueue.grantSendMessages(this.consumer);
    this.consumer.live.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 10, maxBatchingWindow: Duration.seconds(1), reportBatchItemFailures: true, maxConcurrency: 10 }),
    );
    acknowledgeQueueEventSource(this.consumer.live);

    const ruleMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/Events',
        metricName,
        // A rule on a custom bus reports with both dimensions.
        dimensionsMap: { EventBusName: this.bus.eventBusName, RuleName: rule.ruleName },
        statistic: 'Sum',
        period: Duration.minutes(5),
      });
    anyOccurrenceAlarm(
      this,
      'RuleFailedInvocationsAlarm',
      'EventBridge could not deliver a product event to the queue, nor to the dead-letter queue: the event is lost; see the rule’s metrics',
      new MathExpression({
        expression: 'failed + notDeadLettered',
        usingMetrics: { failed: ruleMetric('FailedInvocations'), notDeadLettered: ruleMetric('InvocationsFailedToBeSentToDlq') },
        period: Duration.minutes(5),
      }),
    ).addAlarmAction(props.alarmAction);
  }
}
