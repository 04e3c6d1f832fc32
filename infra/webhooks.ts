import { Duration, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { STREAM_CALLBACK_URL_ENV } from '../lib/composition/event-stream.js';
import type { EventStream } from './event-stream.js';
import { BACKGROUND_FUNCTIONS } from '../lib/functions.js';
import {
  DELIVERY_EVENT_SOURCE,
  DISPATCHER_EVENT_SOURCE,
  STREAM_FILTER,
} from '../lib/composition/dispatcher.js';
import { ApiFunction, type StageSettings } from './api-function.js';
import { KEY_MODES } from '../lib/keys/format.js';
import {
  CONSOLE_SESSION_READ_ACCESS,
  inSpaces,
  WEBHOOK_DISPATCHER_ACCESS,
  WEBHOOK_WORKER_ACCESS,
} from './permissions.js';
import { acknowledgeQueueEventSource, WORKER_TIMEOUT_SECONDS } from './queues.js';

/**
 * Webhooks out: the table's stream, filtered to new events and webhook requests, feeds a dispatcher
 * that puts one delivery message per endpoint on the delivery queue; a worker sends each delivery and
 * queues the next attempt (with a delay, chained past SQS's 15 minutes) when one fails. Stream batches
 * that keep failing, and messages the worker keeps failing on, land in dead-letter queues (the queues
 * are the data stack's: infra/data.ts, with the alarms that fire when either holds one).
 */
const DISPATCHER_TIMEOUT = Duration.seconds(60);

export interface WebhookQueues {
  queue: Queue;
  deadLetterQueue: Queue;
  streamFailures: Queue;
}

export class WebhookDelivery extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly streamFailures: Queue;
  readonly dispatcher: ApiFunction;
  readonly worker: ApiFunction;

  constructor(
    scope: Construct,
    id: string,
    props: {
      settings: StageSettings;
      table: ITableV2;
      secretsKey: IKey;
      queues: WebhookQueues;
      /** the event stream, whose connections the dispatcher delivers new events to */
      stream: EventStream;
    },
  ) {
    super(scope, id);
    ({
      queue: this.queue,
      deadLetterQueue: this.deadLetterQueue,
      streamFailures: this.streamFailures,
    } = props.queues);
    this.dispatcher = new ApiFunction(this, 'Dispatcher', {
      functionName: BACKGROUND_FUNCTIONS.webhookDispatcher,
      settings: props.settings,
      timeout: DISPATCHER_TIMEOUT,
      environment: {
        DELIVERY_QUEUE_URL: this.queue.queueUrl,
        [STREAM_CALLBACK_URL_ENV]: props.stream.callbackUrl,
      },
    });
    props.stream.grantConnections(this.dispatcher);
    // Test spaces have webhooks too: their events reach their endpoints as live ones do.
    this.dispatcher.bindTable(
      props.table,
      inSpaces(WEBHOOK_DISPATCHER_ACCESS, KEY_MODES, props.settings.testMode),
    );
    // Its fan-out closes the connections of console sessions that have ended.
    this.dispatcher.bindTable(props.table, CONSOLE_SESSION_READ_ACCESS);
    this.queue.grantSendMessages(this.dispatcher);
    this.dispatcher.live.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: DISPATCHER_EVENT_SOURCE.batchSize,
        maxBatchingWindow: Duration.seconds(DISPATCHER_EVENT_SOURCE.maxBatchingWindowSeconds),
        parallelizationFactor: DISPATCHER_EVENT_SOURCE.parallelizationFactor,
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.streamFailures),
        filters: [FilterCriteria.filter(STREAM_FILTER as unknown as Record<string, unknown>)],
      }),
    );
    // TableV2's stream grant names the stream for ListStreams, which IAM authorizes on "*" only, so
    // that statement allows nothing (aws/aws-cdk#34575); Lambda's event source mapping needs it.
    this.dispatcher.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:ListStreams'], resources: ['*'] }),
    );
    Validations.of(this.dispatcher.role?.node.findChild('DefaultPolicy') as Construct).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        'Resource * only for an action that supports no resource-level permissions: dynamodb:ListStreams (Lambda lists the table’s streams for the event source mapping; it reveals stream ARNs, no data).',
    });

    this.worker = new ApiFunction(this, 'Worker', {
      functionName: BACKGROUND_FUNCTIONS.webhookWorker,
      settings: props.settings,
      timeout: Duration.seconds(WORKER_TIMEOUT_SECONDS),
      environment: { DELIVERY_QUEUE_URL: this.queue.queueUrl },
    });
    this.worker.bindTable(
      props.table,
      inSpaces(WEBHOOK_WORKER_ACCESS, KEY_MODES, props.settings.testMode),
    );
    this.worker.useWebhookSecretsKey(props.secretsKey, 'kms:Decrypt');
    this.queue.grantSendMessages(this.worker);
    this.worker.live.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: DELIVERY_EVENT_SOURCE.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: DELIVERY_EVENT_SOURCE.maxConcurrency,
      }),
    );
    acknowledgeQueueEventSource(this.worker.live);
  }
}
