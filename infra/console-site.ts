import {
  AssetHashType,
  type CfnResource,
  DockerImage,
  Duration,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib';
import {
  AccessLevel,
  AllowedMethods,
  CachePolicy,
  type Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import {
  CONSOLE_ASSETS_PATH,
  CONSOLE_CACHE,
  CONSOLE_CONTENT_SECURITY_POLICY,
  CONSOLE_PATH,
  CONSOLE_SOURCE,
  writeConsole,
} from './console.js';
import { DEPLOYMENT_FUNCTION_METADATA_KEY } from './api-function.js';

/** Where the page and its assets are in the bucket: the path they are served at, without its `/`. */
const KEY_PREFIX = CONSOLE_PATH.slice(1);

/**
 * What the console's viewer-request function does (CloudFront Functions' JavaScript 2.0): `/console`
 * moves to `/console/`, and the page's path is its object's (a bucket behind origin access control has
 * no index document).
 */
export const CONSOLE_REQUEST_CODE = `function handler(event) {
  var uri = event.request.uri;
  if (uri === '${CONSOLE_PATH.slice(0, -1)}') {
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: '${CONSOLE_PATH}' }, 'cache-control': { value: 'no-store' } },
    };
  }
  if (uri === '${CONSOLE_PATH}') event.request.uri = '${CONSOLE_PATH}index.html';
  return event.request;
}`;

export interface ConsoleSiteProps {
  /** the edge: the console is served at its origin, beside the API, so the session's cookie is the API's */
  distribution: Distribution;
  /** the deployment function's logs, kept as long as the functions' */
  logRetention: RetentionDays;
}

/**
 * The developer console on AWS: a private bucket (public access blocked, TLS only) that only the edge
 * reads, through origin access control; the page at /console/ and its content-hashed assets under
 * /console/assets/, deployed from the build the synth makes (infra/console.ts). The page is never
 * cached (it names the assets of the last deployment); an asset is cached for ever, at the edge and
 * in the browser, and stays in the bucket after a deployment (a page loaded before it still finds
 * the assets it names). Every answer carries the console's security headers, from a response
 * headers policy, over whatever the bucket's object says.
 */
export class ConsoleSite extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: ConsoleSiteProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Its objects are the build of a commit, made again by any deployment: nothing in it is data.
      // Retained, as a bucket with objects cannot be deleted by CloudFormation without a function
      // that empties it first (docs/operations.md says how to remove it with a stage).
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Read, and list: without s3:ListBucket, S3 answers a missing object 403, as if it were forbidden;
    // with it, 404, as the local gateway does. The edge sends the bucket only paths under /console/
    // and no query string, so no listing can be asked for through it.
    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
    });
    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      comment: 'The developer console: its CSP, no framing, no Referer, no sniffing, HSTS',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: CONSOLE_CONTENT_SECURITY_POLICY,
          override: true,
        },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        contentTypeOptions: { override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: false,
          override: true,
        },
      },
    });
    const served = {
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      responseHeadersPolicy: headers,
      compress: true,
    };
    props.distribution.addBehavior(`${CONSOLE_ASSETS_PATH}*`, origin, {
      ...served,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
    });
    const page = new CloudFrontFunction(this, 'PageRequest', {
      comment: 'The console page: /console to /console/, /console/ to its object',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(CONSOLE_REQUEST_CODE),
    });
    // `/console*`: the page at /console/ and the bare /console the function moves there.
    props.distribution.addBehavior(`${CONSOLE_PATH.slice(0, -1)}*`, origin, {
      ...served,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: page }],
    });
    this.deploy(props.logRetention);
  }

  /**
   * The build, as the synth makes it (skipped with the functions' bundling when a test synthesizes
   * the template only), into the bucket: the assets first, then the page that names them.
   */
  private deploy(logRetention: RetentionDays): void {
    const build = Source.asset(CONSOLE_SOURCE, {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never pulled: the build runs here, in esbuild, as the functions' bundling does.
        image: DockerImage.fromRegistry('node:24'),
        local: {
          tryBundle(outputDir: string) {
            writeConsole(outputDir);
            return true;
          },
        },
      },
    });
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // CDK's deployment function (one per stack, shared by both deployments) with a role of its own:
    // its logs to its own group, no managed policy; the construct grants it the buckets.
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: "CDK's deployment of the console's build into its bucket",
    });
    logGroup.grantWrite(role);
    const common = {
      sources: [build],
      role,
      destinationBucket: this.bucket,
      destinationKeyPrefix: KEY_PREFIX,
      // An asset of an earlier build stays: a page loaded before the deployment still finds its own.
      prune: false,
      logGroup,
      memoryLimit: 256,
    };
    const assets = new BucketDeployment(this, 'Assets', {
      ...common,
      include: ['assets/*'],
      exclude: ['*'],
      cacheControl: [CacheControl.fromString(CONSOLE_CACHE.asset)],
    });
    const page = new BucketDeployment(this, 'Page', {
      ...common,
      include: ['index.html'],
      exclude: ['*'],
      cacheControl: [CacheControl.fromString(CONSOLE_CACHE.page)],
    });
    page.node.addDependency(assets);
    // The function both deployments share, at the stack's root, marked as no function of the app's.
    const handler = Stack.of(this)
      .node.findAll()
      .find((construct) => construct.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error("CDK's bucket deployment function was not found in the stack");
    (handler.node.defaultChild as CfnResource).addMetadata(
      DEPLOYMENT_FUNCTION_METADATA_KEY,
      'console',
    );
    this.acknowledgeNagFindings(handler, role);
  }

  private acknowledgeNagFindings(handler: IConstruct, role: Role): void {
    const acknowledge = (construct: IConstruct, id: string, reason: string) =>
      Validations.of(construct).acknowledge({ id, reason });
    acknowledge(
      this.bucket,
      'AwsSolutions::AwsSolutions-S1',
      'The bucket holds the build of the console and is read by the edge alone; what the edge serves from it is a page and its assets, the same to everyone, and the requests the page makes are in the API access log.',
    );
    // CDK's deployment function runs at a deployment only, copying the build from CDK's assets bucket
    // into this one.
    const stack = Stack.of(this);
    // How cdk-nag names a value: as it is, or the pseudo parameter it stands for.
    const named = (value: string, pseudo: string) => (Token.isUnresolved(value) ? pseudo : value);
    const roleFindings: [string, string][] = [
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
        (action): [string, string] => [
          `AwsSolutions::AwsSolutions-IAM5[Action::${action}]`,
          `CDK's deployment function reads the build from CDK's assets bucket and writes it into the console's bucket; ${action} is on those two buckets only (CDK's grants, which the construct does not narrow).`,
        ],
      ),
      ...[
        `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${named(stack.account, '<AWS::AccountId>')}-${named(stack.region, '<AWS::Region>')}/*`,
        `Resource::<${stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>/*`,
      ].map((resource): [string, string] => [
        `AwsSolutions::AwsSolutions-IAM5[${resource}]`,
        "The build's objects: any key of CDK's assets bucket the build is staged under, any key of the console's bucket.",
      ]),
    ];
    for (const [id, reason] of roleFindings) acknowledge(role, id, reason);
    for (const [id, reason] of [
      [
        'AwsSolutions::AwsSolutions-L1',
        "CDK's deployment function's runtime is the one the construct ships with its AWS CLI layer.",
      ],
      [
        'Serverless::Serverless-LambdaLatestVersion',
        "CDK's deployment function's runtime is the one the construct ships with its AWS CLI layer.",
      ],
      [
        'Serverless::Serverless-LambdaDLQ',
        'Invoked synchronously by CloudFormation, which fails the deployment (and rolls it back) on its error: there is no event to keep.',
      ],
      [
        'Serverless::Serverless-LambdaTracing',
        'A copy made once per deployment: its log and the deployment events say what it did.',
      ],
    ] as const)
      acknowledge(handler, id, reason);
  }
}
