/**
 * AWS's published quotas that the service shares across tenants in one account and region, with
 * where each is published. Defaults: most are raised through Service Quotas (`adjustable`).
 */
export interface Quota {
  value: number;
  unit: string;
  what: string;
  adjustable: boolean;
  source: string;
}

export const QUOTAS = {
  lambdaConcurrency: {
    value: 1_000,
    unit: 'executions at once',
    what: 'Lambda concurrent executions, per account and region (new accounts may start lower)',
    adjustable: true,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/limits.html',
  },
  lambdaUnreservedFloor: {
    value: 100,
    unit: 'executions at once',
    what: 'Lambda keeps at least this much of the account unreserved',
    adjustable: false,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html',
  },
  lambdaScaling: {
    value: 1_000,
    unit: 'new executions every 10 s, per function',
    what: "Lambda's scaling rate",
    adjustable: false,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/scaling-behavior.html',
  },
  apiGatewayAccountRps: {
    value: 10_000,
    unit: 'requests a second (5,000 burst)',
    what: 'API Gateway, per account and region, every API together',
    adjustable: true,
    source: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html',
  },
  webSocketConnectsPerSecond: {
    value: 500,
    unit: 'new connections a second',
    what: 'API Gateway WebSocket APIs, new connections per account and region',
    adjustable: true,
    source:
      'https://docs.aws.amazon.com/apigateway/latest/developerguide/apigateway-execution-service-websocket-limits-table.html',
  },
  dynamoPartitionWcu: {
    value: 1_000,
    unit: 'write units a second',
    what: 'DynamoDB, one partition (a hot item is held to it)',
    adjustable: false,
    source:
      'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html',
  },
  dynamoPartitionRcu: {
    value: 3_000,
    unit: 'read units a second',
    what: 'DynamoDB, one partition',
    adjustable: false,
    source:
      'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html',
  },
  dynamoTableWru: {
    value: 40_000,
    unit: 'write request units a second',
    what: 'DynamoDB on-demand, per table (default maximum)',
    adjustable: true,
    source:
      'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode-max-throughput.html',
  },
  dynamoTableRru: {
    value: 40_000,
    unit: 'read request units a second',
    what: 'DynamoDB on-demand, per table (default maximum)',
    adjustable: true,
    source:
      'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode-max-throughput.html',
  },
  eventBridgePutEvents: {
    value: 10_000,
    unit: 'events a second',
    what: 'EventBridge PutEvents, per account and region (us-east-1, us-west-2, eu-west-1)',
    adjustable: true,
    source: 'https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-quota.html',
  },
  cloudFrontRps: {
    value: 250_000,
    unit: 'requests a second',
    what: 'CloudFront, per distribution',
    adjustable: true,
    source:
      'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html',
  },
} as const satisfies Record<string, Quota>;

/**
 * The most the account's functions may reserve together: Lambda keeps QUOTAS.lambdaUnreservedFloor
 * unreserved, and refuses a reservation past it (the deploy fails). The release check and the capacity
 * model both hold the app to it.
 */
export function reservableConcurrency(): number {
  return QUOTAS.lambdaConcurrency.value - QUOTAS.lambdaUnreservedFloor.value;
}
