import type { Env } from '../../scripts/local/iam.js';

/** The account and region the infra tests deploy prod to. */
export const PROD_ENV: Env = { account: '123456789012', region: 'eu-west-1' };

/**
 * A custom domain for prod, as an operator gives it (cdk.json or `-c`): the origins' in the stage's
 * region (the event stream's under the HTTP API's certificate, which names both), the edge's in us-east-1.
 */
export const PROD_DOMAINS = {
  originDomainName: 'origin.api.example.com',
  originCertificateArn:
    'arn:aws:acm:eu-west-1:123456789012:certificate/0b5c1a6e-1111-2222-3333-444455556666',
  streamOriginDomainName: 'stream-origin.api.example.com',
  domainName: 'api.example.com',
  certificateArn:
    'arn:aws:acm:us-east-1:123456789012:certificate/7d1e2f3a-1111-2222-3333-444455556666',
};

/** The CDK context of a prod synth with its domains (bundling skipped: the tests read templates). */
export const PROD_CONTEXT = { stage: 'prod', 'aws:cdk:bundling-stacks': [], ...PROD_DOMAINS };
