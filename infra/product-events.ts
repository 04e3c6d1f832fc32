import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PRODUCT_EVENTS_QUEUE } from '../lib/config.js';
import { BACKGROUND_FUNCTIONS } from '../lib/functions.js';
import { ApiFunction, type StageSettings } from './api-function.js';
import { EVENT_CONSUMER_ACCESS } from './permissions.js';
import { acknowledgeQueueEventSource } from './queues.js';

/**
 * The product's feed into the service, the part that runs: the consumer that applies what the bus's
 * rule puts on the queue (bus, rule and queues are the data stack's: infra/data.ts). A message that
 * can never be applied goes to the dead-letter queue at once (the consumer sends it, with the
 * reason); one that keeps failing (an application whose JD never arrives) goes there after
 * PRODUCT_EVENTS_QUEUE.maxReceiveCount deliveries. The alarms on the queues and the rule are the
 * data stack's, next to what they watch.
 */
export interface ProductEventsResources {
  queue: Queue;
  deadLetterQueue: Queue;
}

export class ProductEventsIngest extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly consumer: ApiFunction;

  constructor(
    scope: Construct,
    id: string,
    props: {
      settings: StageSettings;
      table: ITableV2;
      resources: ProductEventsResources;
    },
  ) {
    super(scope, id);
    const { queue, deadLetterQueue } = props.resources;
    this.queue = queue;
    this.deadLetterQueue = deadLetterQueue;
    this.consumer = new ApiFunction(this, 'Consumer', {
      functionName: BACKGROUND_FUNCTIONS.eventConsumer,
      settings: props.settings,
      timeout: Duration.seconds(PRODUCT_EVENTS_QUEUE.consumerTimeoutSeconds),
      environment: { DEAD_LETTER_QUEUE_URL: deadLetterQueue.queueUrl },
    });
    this.consumer.bindTable(props.table, EVENT_CONSUMER_ACCESS);
    deadLetterQueue.grantSendMessages(this.consumer);
    this.consumer.live.addEventSource(
      new SqsEventSource(queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(1),
        reportBatchItemFailures: true,
        maxConcurrency: 10,
      }),
    );
    acknowledgeQueueEventSource(this.consumer.live);
  }
}
