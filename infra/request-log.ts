import { Aws, Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { CfnPermission } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, SubscriptionFilter } from 'aws-cdk-lib/aws-logs';
import { LambdaDestination } from 'aws-cdk-lib/aws-logs-destinations';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../lib/functions.js';
import { KEY_MODES } from '../lib/keys/format.js';
import { REQUEST_LOG_MESSAGE } from '../lib/request-log/line.js';
import { ApiFunction, type StageSettings } from './api-function.js';
import { inSpaces, REQUEST_LOG_WRITER_ACCESS } from './permissions.js';

/**
 * The request log's writer, and the subscription that hands it each function's request-log lines
 * (lib/request-log). CloudWatch Logs batches a log stream's lines (about a second's) into one
 * asynchronous invocation, which Lambda retries twice on failure. The request path pays one log line;
 * the writer packs a batch's entries by space and minute (docs/benchmarks.md, "The request log").
 */
export class RequestLog extends Construct {
  readonly writer: ApiFunction;
  private readonly destination: LambdaDestination;
  private readonly permission: CfnPermission;

  constructor(scope: Construct, id: string, props: { settings: StageSettings; table: ITableV2 }) {
    super(scope, id);
    this.writer = new ApiFunction(this, 'Writer', {
      functionName: BACKGROUND_FUNCTIONS.requestLogWriter,
      settings: props.settings,
      // A throttled table's unprocessed items are put again with back-off: a batch never runs short.
      timeout: Duration.seconds(60),
    });
    this.writer.bindTable(
      props.table,
      inSpaces(REQUEST_LOG_WRITER_ACCESS, KEY_MODES, props.settings.testMode),
    );
    // One permission for every subscription (one each would be 45 resources and as many cross-stack
    // outputs): CloudWatch Logs may invoke the writer for this account's log groups only, and only a
    // principal of the account can subscribe one.
    this.permission = new CfnPermission(this, 'InvokedByLogs', {
      action: 'lambda:InvokeFunction',
      functionName: this.writer.live.functionArn,
      principal: 'logs.amazonaws.com',
      sourceAccount: Aws.ACCOUNT_ID,
      sourceArn: `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:*`,
    });
    this.destination = new LambdaDestination(this.writer.live, { addPermissions: false });
  }

  /** `fn`'s request-log lines, and no other line of its log, go to the writer. */
  subscribe(fn: ApiFunction): void {
    const filter = new SubscriptionFilter(fn, 'RequestLogSubscription', {
      logGroup: fn.logGroup,
      destination: this.destination,
      filterPattern: FilterPattern.stringValue('$.message', '=', REQUEST_LOG_MESSAGE),
    });
    // CloudWatch Logs tries the destination when the filter is created: the permission comes first.
    filter.node.addDependency(this.permission);
  }
}
