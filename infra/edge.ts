import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { DEFAULT_PER_IP_LIMIT } from '../lib/config.js';
import { API_PREFIX } from '../lib/http/routes.js';

/**
 * The edge's firewall: a WAF web ACL for the CloudFront distribution in front of the API. CloudFront
 * only accepts web ACLs created in us-east-1, so this is a stack of its own there; the API's stack
 * reads its ARN with a weak cross-stack reference (Fn::GetStackOutput, no custom resource).
 *
 * - A rate-based rule: 500 requests per minute per client IP on /api/*, answered 429 in the API's
 *   envelope with Retry-After. It stops floods (forged keys included) before they cost a Lambda
 *   invocation or a DynamoDB write.
 * - AWS managed rules for known bad inputs and IP reputation, and the common rule set with the rules
 *   that misfire on a JSON API switched to count: bodies up to 256 KB (SizeRestrictions_BODY stops at
 *   8 KB), free-text job descriptions (CrossSiteScripting_BODY), and server-side HTTP clients that send
 *   no User-Agent (NoUserAgent_HEADER).
 */
export const RATE_LIMITED_BODY = JSON.stringify({
  success: false,
  error: 'Rate limit exceeded, retry in 1 minute',
  code: 'rate_limited',
  retryAfterMs: 60_000,
});

const EDGE_REGION = 'us-east-1';

export interface EdgeProtectionStackProps extends StackProps {
  /** requests per minute per client IP (the spec's shared gateway limit) */
  perIpLimit?: number;
}

export class EdgeProtectionStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeProtectionStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    const managed = (priority: number, name: string, countOnly: string[] = []): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(name),
    });

    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('HiringApiEdge'),
      customResponseBodies: { 'rate-limited': { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY } },
      rules: [
        {
          name: 'PerIpRateLimit',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'rate-limited',
                responseHeaders: [{ name: 'Retry-After', value: '60' }],
              },
            },
          },
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
        managed(1, 'AWSManagedRulesAmazonIpReputationList'),
        managed(2, 'AWSManagedRulesKnownBadInputsRuleSet'),
        managed(3, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY', 'NoUserAgent_HEADER']),
      ],
    });
    this.webAclArn = webAcl.attrArn;
    new CfnOutput(this, 'WebAclArn', { value: webAcl.attrArn, description: 'The WAF web ACL of the API distribution' });
  }
}
