import { join } from 'node:path';
import { type CfnResource, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Alias,
  Architecture,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_MS } from '../lib/config.js';
import { BACKGROUND_FUNCTIONS } from '../lib/functions.js';
import { INDEXES, PARTITION_PREFIXES } from '../lib/db/table.js';
import { SERVICE_NAME } from '../lib/observability/logger.js';
import { SECRET_PURPOSE } from '../lib/webhooks/secret-box.js';
import type { TableAccess } from './permissions.js';
import { codeRelease } from './release-id.js';

const ROOT = join(import.meta.dirname, '..');

/** The SDK's default credential chain, replaced in the bundles by environment credentials alone. */
export const LAMBDA_CREDENTIALS = {
  replaced: '@aws-sdk/credential-provider-node',
  by: './lib/aws/lambda-credentials.ts',
} as const;

/**
 * What every bundle takes from another module than the one imported (esbuild aliases, paths from the
 * project root): the credentials above, and Ajv, which the MCP SDK imports and this project never runs
 * (lib/mcp/ajv-left-out.ts).
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  [LAMBDA_CREDENTIALS.replaced]: LAMBDA_CREDENTIALS.by,
  ajv: './lib/mcp/ajv-left-out.ts',
  'ajv-formats': './lib/mcp/ajv-left-out.ts',
};

/** Template metadata key holding the folder name under functions/ of each Lambda function. */
export const FUNCTION_METADATA_KEY = 'hiring:function';

/**
 * Template metadata key marking the one Lambda function that is not the app's: CDK's, which copies
 * the console's build into its bucket during a deployment (infra/console-site.ts). It serves no
 * request and no event, so it has no route, alarm, canary or place in the capacity model.
 */
export const DEPLOYMENT_FUNCTION_METADATA_KEY = 'hiring:deployment';

/**
 * Names the resources, other than the table, that functions call at run time, so the local stack
 * (scripts/local/) stands in for each and the local IAM check resolves their ARNs in the template.
 */
export const RESOURCE_METADATA_KEY = 'hiring:resource';
export const CALLED_RESOURCES = {
  deliveryQueue: 'webhook-delivery-queue',
  productEventsDeadLetters: 'product-events-dead-letter-queue',
  cursorSecret: 'cursor-secret',
  originVerifySecret: 'origin-verify-secret',
  webhookSecretsKey: 'webhook-secrets-key',
  eventStreamApi: 'event-stream-api',
} as const;
export type CalledResource = (typeof CALLED_RESOURCES)[keyof typeof CALLED_RESOURCES];

export function nameCalledResource(construct: Construct, name: CalledResource): void {
  (construct.node.defaultChild as CfnResource).addMetadata(RESOURCE_METADATA_KEY, name);
}

/** The Lambda runtime; tests run on the same Node major (package.json devDependency `node`). */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

export interface StageSettings {
  stage: string;
  isProduction: boolean;
  logLevel: string;
  logRetention: RetentionDays;
  environment: Record<string, string>;
  /** test keys and the test routes are served (`-c testMode=false` turns them off) */
  testMode: boolean;
}

export interface ApiFunctionProps {
  /** folder under functions/ */
  functionName: string;
  /**
   * Active X-Ray tracing: the function starts a trace for the invocations X-Ray samples. Disabled (every
   * function's default): no tracing setting, so Lambda's own pass-through, which joins a sampled trace
   * it is given and starts none (neither an HTTP API, a WebSocket API, a queue's event source nor a
   * table's stream gives one), and no X-Ray grant in the role, which CDK adds for any setting but
   * Disabled.
   */
  tracing?: Tracing;
  settings: StageSettings;
  environment?: Record<string, string>;
  /** the API functions' 10 s unless a background function needs longer */
  timeout?: Duration;
  /** concurrency kept for this function alone (and the most it may use) */
  reservedConcurrentExecutions?: number;
}

const background = (functionName: string) =>
  (Object.values(BACKGROUND_FUNCTIONS) as string[]).includes(functionName);

/** Whether Lambda logs its own START and REPORT lines for the function (SystemLogLevel INFO). */
export const systemLines = (functionName: string) =>
  functionName === BACKGROUND_FUNCTIONS.eventConsumer ||
  functionName === BACKGROUND_FUNCTIONS.webhookWorker;

/** The alias every caller invokes (API Gateway, the authorizer, the event sources): what a rollout moves. */
export const LIVE_ALIAS = 'live';

/**
 * The project's Lambda function: fixes runtime, architecture, memory, timeout, bundling, tracing and
 * logging once. `bindTable` sets TABLE_NAME and the matching least-privilege grant together. Callers
 * invoke `live`, an alias of the version published from this deployment's code and configuration, so
 * that a rollout (infra/rollout.ts) can shift traffic between two versions and back.
 */
export class ApiFunction extends NodejsFunction {
  readonly live: Alias;
  /** fed by a queue or the stream, not by API Gateway */
  readonly background: boolean;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const tracing = props.tracing ?? Tracing.DISABLED;
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.settings.logRetention,
      // Kept when the function goes (its logs are evidence), but not when the first create fails.
      removalPolicy: props.settings.isProduction
        ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
        : RemovalPolicy.DESTROY,
    });
    // Its own role instead of the AWSLambdaBasicExecutionRole managed policy, which may write to any
    // log group: this one may write only to its own.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      inlinePolicies: {
        logs: new PolicyDocument({
          statements: [
            new PolicyStatement({
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              resources: [logGroup.logGroupArn],
            }),
          ],
        }),
      },
    });
    super(scope, id, {
      role,
      entry: join(ROOT, 'functions', props.functionName, 'handler.ts'),
      handler: 'handler',
      projectRoot: ROOT,
      depsLockFilePath: join(ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      // Graviton: about 20% cheaper per GB-second than x86 for the same work.
      architecture: Architecture.ARM_64,
      // Every function is I/O-bound on one or two DynamoDB calls; 512 MB gives enough CPU for a fast
      // cold start (module load is CPU-bound) without paying for idle memory. Measured: docs/benchmarks.md.
      memorySize: 512,
      timeout: props.timeout ?? Duration.millis(FUNCTION_TIMEOUT_MS),
      ...(props.reservedConcurrentExecutions
        ? { reservedConcurrentExecutions: props.reservedConcurrentExecutions }
        : {}),
      // Lambda samples the first invocation each second and 5% of the rest, and no sampling rule
      // changes that: below an invocation a second per function nearly every one would be traced, at
      // $5 a million traces, as much again as the rest of a request costs, and a third of a product
      // event's or a webhook delivery's cost (docs/benchmarks.md). A function is traced by its log
      // instead: an API answer that is a 5xx or slow (lib/composition/api-handler.ts), and a queue
      // message or stream record that fails or is slow (lib/composition/batch-handler.ts), is logged with its calls
      // and their times, the ones worth a trace and no others.
      tracing,
      // In production each deployment's version is kept, so that a rollback has something to roll back
      // to (`npm run admin -- prune-versions` deletes the old ones no alias names); elsewhere the
      // deployment after deletes it.
      currentVersionOptions: {
        removalPolicy: props.settings.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      // Lambda's own START and REPORT lines (~0.67 KB an invocation, two invocations a request: ~$0.67
      // per million requests of log ingestion) say nothing Lambda's metrics do not (duration, errors):
      // an API function logs only its platform warnings, and so do the request log's writer (a batch of
      // lines a second per busy function, bounded work) and the webhook dispatcher, which every
      // write invokes twice (its pending entries, then its events: ~$0.64 a million writes) for a batch
      // of bounded work (100 stream records at most), watched by its iterator age and errors. The
      // consumer and the worker keep them, one a batch: a REPORT line's peak memory, which no metric
      // of Lambda's holds, is the record of a batch whose work grows with what it meets (a
      // candidate's erasure, a receiver's answer).
      systemLogLevelV2: systemLines(props.functionName) ? SystemLogLevel.INFO : SystemLogLevel.WARN,
      environment: {
        ...props.settings.environment,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: 'HiringApi',
        LOG_LEVEL: props.settings.logLevel,
        STAGE: props.settings.stage,
        // Every log line names the code release it came from: the API's canary counts the new one's.
        RELEASE_ID: codeRelease(),
        ...props.environment,
      },
      bundling: {
        minify: true,
        // Maps ship with the code for debugging (set NODE_OPTIONS=--enable-source-maps to use them);
        // the flag is off by default because it makes Node parse the map on every cold start.
        sourceMap: true,
        sourcesContent: false,
        target: 'node24',
        format: OutputFormat.CJS,
        // ESM entry points let esbuild tree-shake the SDK, zod and Powertools.
        mainFields: ['module', 'main'],
        // Bundle our pinned SDK instead of the runtime's: a known version, and faster to load. Measured
        // 2026-11-22 (list-jds, Node 24, median of 21 fresh processes): 62 ms to require the bundle
        // with the SDK inside, 94 ms with @aws-sdk/* external and loaded from node_modules.
        bundleAwsSDK: true,
        externalModules: [],
        // Credentials from the environment only, as Lambda provides them (lib/aws/lambda-credentials.ts):
        // 88 KB less in every bundle; no Ajv in the MCP function. Resolved from the project root, where
        // CDK runs esbuild.
        esbuildArgs: Object.fromEntries(
          Object.entries(BUNDLE_ALIASES).map(([name, by]) => [`--alias:${name}`, by]),
        ),
      },
    });
    // Names the function in the template, so the local IAM check (scripts/local/iam.ts) finds the
    // policies each handler runs with.
    (this.node.defaultChild as CfnResource).addMetadata(FUNCTION_METADATA_KEY, props.functionName);
    this.background = background(props.functionName);
    this.live = new Alias(this, 'Live', { aliasName: LIVE_ALIAS, version: this.currentVersion });
    this.acknowledgeNagFindings(tracing === Tracing.ACTIVE);
    if (tracing !== Tracing.ACTIVE) {
      Validations.of(this).acknowledge({
        id: 'Serverless::Serverless-LambdaTracing',
        reason: this.background
          ? 'A background function is not traced on purpose: below an invocation a second Lambda would trace nearly every one (the dispatcher twice a write), at $5 a million, and no sampling rule changes that; a failed or slow record is logged with its calls instead, and retried (lib/composition/batch-handler.ts).'
          : 'An API function is not traced on purpose: Lambda would trace nearly every request below one a second, at $5 a million, and no sampling rule changes that; a 5xx or slow answer is logged with its calls instead (the tracing setting above says why).',
      });
    }
  }

  /** Acknowledges, with reasons, the cdk-nag findings every function has by design. */
  private acknowledgeNagFindings(traced: boolean): void {
    const defaultPolicy = this.role?.node.tryFindChild('DefaultPolicy');
    if (traced && defaultPolicy) {
      Validations.of(defaultPolicy).acknowledge({
        id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
        reason:
          'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions (Resource must be *).',
      });
    }
    Validations.of(this).acknowledge({
      id: 'Serverless::Serverless-LambdaDLQ',
      reason:
        "A function's dead-letter queue holds only failed asynchronous invocations, and none is invoked asynchronously: API Gateway calls synchronously (the caller gets the error), and the queues and the stream have their own dead-letter queues.",
    });
  }

  /** Reads `secret` at run time (lib/aws/secrets.ts): its ARN in `variable`, and the grant to read it. */
  readSecret(secret: ISecret, variable: string): void {
    this.addEnvironment(variable, secret.secretArn);
    secret.grantRead(this);
  }

  /**
   * Uses the webhook secrets key (lib/webhooks/secret-box.ts) for `action` only, and only with the
   * encryption context of webhook signing secrets.
   */
  useWebhookSecretsKey(key: IKey, action: 'kms:GenerateDataKey' | 'kms:Decrypt'): void {
    this.addEnvironment('WEBHOOK_SECRETS_KEY_ARN', key.keyArn);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: [action],
        resources: [key.keyArn],
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': SECRET_PURPOSE } },
      }),
    );
  }

  /**
   * Sets TABLE_NAME and grants exactly `access`: its actions on the table, Query on its indexes, each
   * limited by `dynamodb:LeadingKeys` to the partitions it names.
   */
  bindTable(table: ITableV2, access: TableAccess): void {
    this.addEnvironment('TABLE_NAME', table.tableName);
    const conditions = {
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': access.partitions.map((kind) => `${PARTITION_PREFIXES[kind]}*`),
      },
    };
    if (access.table.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: access.table.map((action) => `dynamodb:${action}`),
          resources: [table.tableArn],
          conditions,
        }),
      );
    }
    if (access.indexes.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: access.indexes.map(
            (index) => `${table.tableArn}/index/${INDEXES[index].name}`,
          ),
          conditions,
        }),
      );
    }
  }
}
