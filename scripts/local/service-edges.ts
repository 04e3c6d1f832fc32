import {
  type AuthorizationRequest,
  type Env,
  evaluate,
  LOCAL_ENV,
  localArnOf,
  type PolicyStatement,
  resolver,
  rolePolicies,
  type Verdict,
} from './iam.js';
import type { CfnTemplate } from './stack-template.js';

/**
 * The calls AWS services make to the app's resources on its behalf, read from the template, and whether
 * the policies allow each: CloudWatch alarms publishing to the alarm topic (and using its key),
 * EventBridge's rule sending to the product-events queue and its dead-letter queue, API Gateway invoking
 * each function's alias (routes, `$default`, the authorizer), Lambda reading the table's stream and the
 * queues for the event source mappings, and CodeDeploy moving the aliases. A service principal needs
 * the resource's own policy (topic, key, queue policy, Lambda permission) to allow it; a mapping or
 * CodeDeploy acts with a role, whose identity-based policies must allow it. In every case an explicit
 * deny wins. Nothing here is known to DynamoDB Local or the local stand-ins, so without this check a
 * missing statement shows only once deployed (an alarm that notifies nobody).
 */
export interface ServiceEdge {
  /** who calls, for people: `alarm ServerErrorRateAlarm → topic AlarmTopic` */
  name: string;
  /** a service principal (the resource's policy decides), or a role (its identity-based policies decide) */
  caller: { service: string } | { role: string };
  request: AuthorizationRequest;
  /** the logical id of the resource whose policy decides, for a service principal */
  resource?: string;
}

/** A resource-based policy as IAM reads it: statements with a Principal. */
interface ResourceStatement extends PolicyStatement {
  Principal?: { Service?: string | string[]; AWS?: string | string[] } | '*';
}

const refOf = (value: unknown) => (value as { Ref?: string } | undefined)?.Ref;
const getAttOf = (value: unknown) =>
  (value as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt']?.[0];
/** The resource of a type that an expression refers to (`{"Ref": …}` anywhere in it). */
const referred = (template: CfnTemplate, value: unknown, type: string) =>
  [...JSON.stringify(value ?? null).matchAll(/"Ref":"([^"]+)"/g)]
    .map((match) => match[1] as string)
    .find((id) => template.Resources[id]?.Type === type);

/** Every service-to-resource call the template sets up (`env`: where its resources are). */
export function serviceEdges(template: CfnTemplate, env: Env = LOCAL_ENV): ServiceEdge[] {
  const resolve = resolver(template, 'local', env);
  const arn = (logicalId: string, attribute: string) =>
    localArnOf(template, 'local', logicalId, attribute, env);
  const SECURE = { 'aws:SecureTransport': ['true'], 'aws:SourceAccount': [env.account] };
  const edges: ServiceEdge[] = [];
  const resources = Object.entries(template.Resources);

  for (const [id, alarm] of resources.filter(
    ([, resource]) => resource.Type === 'AWS::CloudWatch::Alarm',
  )) {
    for (const action of (alarm.Properties?.AlarmActions as unknown[] | undefined) ?? []) {
      const topic = refOf(action);
      if (!topic) continue;
      const context = { ...SECURE, 'aws:SourceArn': [arn(id, 'Arn')] };
      edges.push({
        name: `alarm ${id} → topic ${topic}`,
        caller: { service: 'cloudwatch.amazonaws.com' },
        resource: topic,
        request: { action: 'sns:Publish', resource: arn(topic, 'Ref'), context },
      });
      const key = getAttOf(template.Resources[topic]?.Properties?.KmsMasterKeyId);
      for (const keyAction of key ? ['kms:GenerateDataKey', 'kms:Decrypt'] : []) {
        edges.push({
          name: `alarm ${id} → key ${key} of topic ${topic}`,
          caller: { service: 'cloudwatch.amazonaws.com' },
          resource: key,
          request: { action: keyAction, resource: arn(key as string, 'Arn'), context },
        });
      }
    }
  }
  for (const [id, rule] of resources.filter(
    ([, resource]) => resource.Type === 'AWS::Events::Rule',
  )) {
    for (const target of (rule.Properties?.Targets as
      { Arn: unknown; DeadLetterConfig?: { Arn: unknown } }[] | undefined) ?? []) {
      for (const queue of [getAttOf(target.Arn), getAttOf(target.DeadLetterConfig?.Arn)]) {
        if (!queue || template.Resources[queue]?.Type !== 'AWS::SQS::Queue') continue;
        edges.push({
          name: `rule ${id} → queue ${queue}`,
          caller: { service: 'events.amazonaws.com' },
          resource: queue,
          request: {
            action: 'sqs:SendMessage',
            resource: arn(queue, 'Arn'),
            context: { ...SECURE, 'aws:SourceArn': [arn(id, 'Arn')] },
          },
        });
      }
    }
  }
  const apiArn = (api: string, path: string) =>
    `arn:aws:execute-api:${env.region}:${env.account}:${arn(api, 'Ref')}/${path}`;
  for (const [, route] of resources.filter(
    ([, resource]) => resource.Type === 'AWS::ApiGatewayV2::Route',
  )) {
    const integrationId = String(resolve(route.Properties?.Target))
      .replace(/^integrations\/unresolved:/, '')
      .replace(/\.Ref$/, '');
    const alias = refOf(template.Resources[integrationId]?.Properties?.IntegrationUri);
    const api = refOf(route.Properties?.ApiId) as string;
    if (!alias) continue;
    const key = String(route.Properties?.RouteKey);
    const path = key === '$default' ? '$default/$default' : `$default/${key.replace(' ', '')}`;
    edges.push({
      name: `route ${key} → alias ${alias}`,
      caller: { service: 'apigateway.amazonaws.com' },
      resource: alias,
      request: {
        action: 'lambda:InvokeFunction',
        resource: arn(alias, 'Ref'),
        context: { ...SECURE, 'aws:SourceArn': [apiArn(api, path)] },
      },
    });
  }
  for (const [id, authorizer] of resources.filter(
    ([, resource]) => resource.Type === 'AWS::ApiGatewayV2::Authorizer',
  )) {
    const alias = referred(template, authorizer.Properties?.AuthorizerUri, 'AWS::Lambda::Alias');
    if (!alias) continue;
    const api = refOf(authorizer.Properties?.ApiId) as string;
    edges.push({
      name: `authorizer ${id} → alias ${alias}`,
      caller: { service: 'apigateway.amazonaws.com' },
      resource: alias,
      request: {
        action: 'lambda:InvokeFunction',
        resource: arn(alias, 'Ref'),
        context: { ...SECURE, 'aws:SourceArn': [apiArn(api, `authorizers/${arn(id, 'Ref')}`)] },
      },
    });
  }
  for (const [id, mapping] of resources.filter(
    ([, resource]) => resource.Type === 'AWS::Lambda::EventSourceMapping',
  )) {
    const alias = referred(template, mapping.Properties?.FunctionName, 'AWS::Lambda::Alias');
    const fn = refOf(template.Resources[alias ?? '']?.Properties?.FunctionName);
    const role = getAttOf(template.Resources[fn ?? '']?.Properties?.Role);
    const source = String(resolve(mapping.Properties?.EventSourceArn));
    const actions = source.includes(':sqs:')
      ? [
          'sqs:ReceiveMessage',
          'sqs:DeleteMessage',
          'sqs:GetQueueAttributes',
          'sqs:ChangeMessageVisibility',
        ]
      : [
          'dynamodb:DescribeStream',
          'dynamodb:GetRecords',
          'dynamodb:GetShardIterator',
          'dynamodb:ListStreams',
        ];
    // ListStreams names no stream: IAM authorizes it on "*" only.
    const resourceOf = (action: string) => (action === 'dynamodb:ListStreams' ? '*' : source);
    for (const action of actions)
      edges.push({
        name: `mapping ${id} (${fn}) → ${source}`,
        caller: { role: role as string },
        request: { action, resource: resourceOf(action), context: SECURE },
      });
  }
  for (const [id, alias] of resources.filter(
    ([, resource]) => resource.Type === 'AWS::Lambda::Alias',
  )) {
    const group = refOf(
      (
        alias as {
          UpdatePolicy?: { CodeDeployLambdaAliasUpdate?: { DeploymentGroupName: unknown } };
        }
      ).UpdatePolicy?.CodeDeployLambdaAliasUpdate?.DeploymentGroupName,
    );
    const role = getAttOf(template.Resources[group ?? '']?.Properties?.ServiceRoleArn);
    if (!role) continue;
    for (const action of ['lambda:GetAlias', 'lambda:UpdateAlias']) {
      edges.push({
        name: `deployment ${group} → alias ${id}`,
        caller: { role },
        request: { action, resource: arn(id, 'Ref'), context: SECURE },
      });
    }
  }
  return edges;
}

/** The resource-based policy statements that decide for `resource` (its topic policy, key policy, queue policy or Lambda permissions). */
export function resourceStatements(
  template: CfnTemplate,
  resource: string,
  env: Env = LOCAL_ENV,
): ResourceStatement[] {
  const resolve = resolver(template, 'local', env);
  const statements: ResourceStatement[] = [];
  const own = template.Resources[resource];
  if (own?.Type === 'AWS::KMS::Key')
    statements.push(
      ...((resolve(own.Properties?.KeyPolicy) as { Statement: ResourceStatement[] }).Statement ??
        []),
    );
  for (const [, policy] of Object.entries(template.Resources)) {
    const targets =
      policy.Type === 'AWS::SNS::TopicPolicy'
        ? (policy.Properties?.Topics as unknown[])
        : policy.Type === 'AWS::SQS::QueuePolicy'
          ? (policy.Properties?.Queues as unknown[])
          : [];
    if ((targets ?? []).some((target) => refOf(target) === resource)) {
      statements.push(
        ...(resolve(policy.Properties?.PolicyDocument) as { Statement: ResourceStatement[] })
          .Statement,
      );
    }
    // A Lambda permission is one statement of the function's (here the alias's) resource-based policy.
    if (
      policy.Type === 'AWS::Lambda::Permission' &&
      refOf(policy.Properties?.FunctionName) === resource
    ) {
      const sourceArn = policy.Properties?.SourceArn;
      statements.push({
        Effect: 'Allow',
        Principal: { Service: String(policy.Properties?.Principal) },
        Action: String(policy.Properties?.Action),
        Resource: localArnOf(template, 'local', resource, 'Ref', env),
        ...(sourceArn
          ? { Condition: { ArnLike: { 'aws:SourceArn': String(resolve(sourceArn)) } } }
          : {}),
      });
    }
  }
  return statements;
}

const principalIs = (statement: ResourceStatement, service: string) =>
  statement.Principal === '*' ||
  [statement.Principal?.Service ?? []].flat().includes(service) ||
  [statement.Principal?.AWS ?? []].flat().includes('*');

/** Whether the policies allow one edge (explicit deny first, then an allow; none: denied). */
export function edgeVerdict(
  template: CfnTemplate,
  edge: ServiceEdge,
  env: Env = LOCAL_ENV,
): Verdict {
  if ('role' in edge.caller)
    return evaluate(rolePolicies(template, 'local', env).get(edge.caller.role) ?? [], edge.request);
  const service = edge.caller.service;
  const statements = resourceStatements(template, edge.resource as string, env).filter(
    (statement) => principalIs(statement, service),
  );
  const verdict = evaluate(statements, edge.request);
  return verdict.allowed
    ? verdict
    : {
        allowed: false,
        reason: verdict.reason.replace('identity-based', `resource-based (for ${service})`),
      };
}
