import { CfnOutput, ReferenceStrength, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { DEFAULT_PER_IP_LIMIT } from '../lib/config.js';
import { API_PREFIX } from '../lib/composition/routes.js';
import { EVENT_STREAM_PATH } from '../lib/events/stream.js';

/**
 * The edge's firewall: a WAF web ACL for the CloudFront distribution in front of the API. CloudFront
 * only accepts web ACLs created in us-east-1, so this is a stack of its own there; the API's stack
 * reads its ARN with a weak cross-stack reference (Fn::GetStackOutput, no custom resource).
 *
 * - A rate-based rule: 500 requests per minute per client IP on /api/*, answered 429 in the API's
 *   envelope with Retry-After. It stops floods (forged keys included) before they cost a Lambda
 *   invocation or a DynamoDB write.
 * - A rate-based rule of the event stream's upgrades: STREAM_UPGRADE_PER_IP_LIMIT a minute per client
 *   IP, answered as the first. An upgrade takes one of the account's 500 new WebSocket connections a
 *   second, which every tenant's listeners share, and a listener opens one every 2 hours or so.
 * - AWS managed rules for known bad inputs and IP reputation, and the common rule set with the rules
 *   that misfire on a JSON API switched to count: bodies up to 256 KB (SizeRestrictions_BODY stops at
 *   8 KB), free-text job descriptions (CrossSiteScripting_BODY), and server-side HTTP clients that send
 *   no User-Agent (NoUserAgent_HEADER). Every other rule of these groups blocks, as AWS sets it, but
 *   answers 403 in the API's envelope (code `request_blocked`) instead of WAF's own body.
 */
export const RATE_LIMITED_BODY = JSON.stringify({
  success: false,
  error: 'Rate limit exceeded, retry in 1 minute',
  code: 'rate_limited',
  retryAfterMs: 60_000,
});

export const REQUEST_BLOCKED_BODY = JSON.stringify({
  success: false,
  error:
    'The request was refused by the edge firewall: it matches a known attack pattern or comes from an address on a threat list',
  code: 'request_blocked',
});

/**
 * The rules of each AWS managed group that block (AWS WAF developer guide, as of this writing), each
 * overridden to block with the envelope. A managed rule group can only be given a custom response rule
 * by rule; a rule AWS adds later still blocks, with WAF's default 403 body, until it is named here.
 * AWSManagedIPDDoSList is not named: AWS sets it to count.
 */
export const MANAGED_RULES = {
  AWSManagedRulesAmazonIpReputationList: {
    block: ['AWSManagedIPReputationList', 'AWSManagedReconnaissanceList'],
    count: [],
  },
  AWSManagedRulesKnownBadInputsRuleSet: {
    block: [
      'JavaDeserializationRCE_HEADER',
      'JavaDeserializationRCE_BODY',
      'JavaDeserializationRCE_URIPATH',
      'JavaDeserializationRCE_QUERYSTRING',
      'Host_localhost_HEADER',
      'PROPFIND_METHOD',
      'ExploitablePaths_URIPATH',
      'Log4JRCE_HEADER',
      'Log4JRCE_QUERYSTRING',
      'Log4JRCE_BODY',
      'Log4JRCE_URIPATH',
      'ReactJSRCE_BODY',
    ],
    count: [],
  },
  AWSManagedRulesCommonRuleSet: {
    block: [
      'UserAgent_BadBots_HEADER',
      'SizeRestrictions_QUERYSTRING',
      'SizeRestrictions_Cookie_HEADER',
      'SizeRestrictions_URIPATH',
      'EC2MetaDataSSRF_BODY',
      'EC2MetaDataSSRF_COOKIE',
      'EC2MetaDataSSRF_URIPATH',
      'EC2MetaDataSSRF_QUERYARGUMENTS',
      'GenericLFI_QUERYARGUMENTS',
      'GenericLFI_URIPATH',
      'GenericLFI_BODY',
      'RestrictedExtensions_URIPATH',
      'RestrictedExtensions_QUERYARGUMENTS',
      'GenericRFI_QUERYARGUMENTS',
      'GenericRFI_BODY',
      'GenericRFI_URIPATH',
      'CrossSiteScripting_COOKIE',
      'CrossSiteScripting_QUERYARGUMENTS',
      'CrossSiteScripting_URIPATH',
    ],
    count: ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY', 'NoUserAgent_HEADER'],
  },
} as const satisfies Record<string, { block: readonly string[]; count: readonly string[] }>;

/**
 * The static version each managed group is pinned to: AWS moves a group's default version when it
 * chooses, and a changed rule could start blocking integrators' JSON bodies unannounced. A new version
 * is taken by changing it here, after reading AWS's changelog of the group (`aws wafv2
 * list-available-managed-rule-group-versions --scope CLOUDFRONT --region us-east-1 --vendor-name AWS
 * --name <group>` lists them). The IP reputation list has no versions (AWS keeps its addresses
 * current). The known-bad-inputs group keeps AWS's default version: its static version names could not
 * be checked offline, and a name AWS does not have would fail the deployment.
 */
export const MANAGED_RULE_VERSIONS: Partial<Record<keyof typeof MANAGED_RULES, string>> = {
  AWSManagedRulesCommonRuleSet: 'Version_1.19',
};

/**
 * Upgrades to the event stream a minute per client IP: a space's 100 connections at most
 * (MAX_CONNECTIONS_PER_SPACE), all reopened from one address within the clients' 30-s window, pass;
 * at 500 a minute (the API's limit, which the upgrades count against too) 60 addresses would take the
 * account's 500 new connections a second, at this 300. The rule costs $1 a month.
 */
export const STREAM_UPGRADE_PER_IP_LIMIT = 100;

const EDGE_REGION = 'us-east-1';

export interface EdgeProtectionStackProps extends StackProps {
  /** requests per minute per client IP (the spec's shared gateway limit) */
  perIpLimit?: number;
}

export class EdgeProtectionStack extends Stack {
  readonly webAclArn: string;
  /** named after the stack, so the API's dashboard can show its metrics (WAF's are keyed by the ACL's name) */
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: EdgeProtectionStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const rateLimited = {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: 'rate-limited',
          responseHeaders: [{ name: 'Retry-After', value: '60' }],
        },
      },
    };
    const blockInEnvelope = {
      block: { customResponse: { responseCode: 403, customResponseBodyKey: 'request-blocked' } },
    };
    const managed = (
      priority: number,
      name: keyof typeof MANAGED_RULES,
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(MANAGED_RULE_VERSIONS[name] ? { version: MANAGED_RULE_VERSIONS[name] } : {}),
          ruleActionOverrides: [
            ...MANAGED_RULES[name].block.map((rule) => ({
              name: rule,
              actionToUse: blockInEnvelope,
            })),
            ...MANAGED_RULES[name].count.map((rule) => ({
              name: rule,
              actionToUse: { count: {} },
            })),
          ],
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAclName = id;
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('HiringApiEdge'),
      customResponseBodies: {
        'rate-limited': { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY },
        'request-blocked': { contentType: 'APPLICATION_JSON', content: REQUEST_BLOCKED_BODY },
      },
      rules: [
        {
          name: 'PerIpRateLimit',
          priority: 0,
          action: rateLimited,
          statement: {
            rateBasedStatement: {
              limit: props.perIpLimit ?? DEFAULT_PER_IP_LIMIT,
              evaluationWindowSec: 60,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: `${API_PREFIX.split('/').slice(0, 2).join('/')}/`,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('PerIpRateLimit'),
        },
        {
          name: 'StreamUpgradeRateLimit',
          priority: 1,
          action: rateLimited,
          statement: {
            rateBasedStatement: {
              limit: STREAM_UPGRADE_PER_IP_LIMIT,
              evaluationWindowSec: 60,
              aggregateKeyType: 'IP',
              // The path CloudFront sends to the WebSocket API, decoded: spelt encoded it is the same.
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'EXACTLY',
                  searchString: `${API_PREFIX}${EVENT_STREAM_PATH}`,
                  textTransformations: [{ priority: 0, type: 'URL_DECODE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('StreamUpgradeRateLimit'),
        },
        managed(2, 'AWSManagedRulesAmazonIpReputationList'),
        managed(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
        managed(4, 'AWSManagedRulesCommonRuleSet'),
      ],
    });
    // The one weak reference of the app: the API's stack reads this ARN across regions with
    // Fn::GetStackOutput, which needs no custom-resource Lambdas (nor their deadly embrace).
    webAcl.applyCrossStackReferenceStrength(ReferenceStrength.WEAK);
    this.webAclArn = webAcl.attrArn;
    new CfnOutput(this, 'WebAclArn', {
      value: webAcl.attrArn,
      description: 'The WAF web ACL of the API distribution',
    });
  }
}
