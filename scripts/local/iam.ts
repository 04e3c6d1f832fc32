import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { FUNCTION_METADATA_KEY } from '../../infra/api-function.js';
import type { Db } from '../../lib/db/client.js';
import { KEY_ATTRIBUTES } from '../../lib/db/table.js';
import type { CfnTemplate } from './stack-template.js';

/**
 * IAM, enforced locally for every service the functions call: each DynamoDB command a handler sends is
 * evaluated against the policies its role has in the synthesized template (action, resource ARN with
 * the index, and the condition keys DynamoDB sets), and refused with AccessDeniedException as AWS
 * would; so is each call to the local stand-ins of SQS, Secrets Manager and KMS (scripts/local/aws.ts),
 * against the ARN of the resource it stands in for. DynamoDB Local accepts any credentials for
 * anything, so without this a missing grant only shows once deployed. Calls outside a function
 * (operator scripts, test set-up) run unchecked, like an operator's own credentials.
 */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT = '123456789012';
/** Where a template's resources are: the local stack's, or the stage's own (a template synthesized for a known account and region). */
export interface Env {
  region: string;
  account: string;
}
export const LOCAL_ENV: Env = { region: LOCAL_REGION, account: LOCAL_ACCOUNT };

type Json = unknown;
type Values = string | string[];

export interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action?: Values;
  NotAction?: Values;
  Resource?: Values;
  NotResource?: Values;
  Condition?: Record<string, Record<string, Values | boolean>>;
}

/** One authorization IAM makes: an action on a resource with the request's condition keys. */
export interface AuthorizationRequest {
  action: string;
  resource: string;
  context: Record<string, string[]>;
}

export interface Verdict {
  allowed: boolean;
  reason: string;
}

// ---------------------------------------------------------------------------------------------
// Policy evaluation (identity-based policies of one account: explicit deny > allow > implicit deny)

const asList = (value: Values | undefined): string[] => (value === undefined ? [] : [value].flat());

function wildcard(pattern: string, caseInsensitive: boolean): RegExp {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, caseInsensitive ? 'i' : '');
}

const matchesAny = (patterns: string[], value: string, caseInsensitive = false) =>
  patterns.some((pattern) => wildcard(pattern, caseInsensitive).test(value));

const VALUE_OPERATORS: Record<string, (policyValues: string[], value: string) => boolean> = {
  StringEquals: (policyValues, value) => policyValues.includes(value),
  ArnEquals: (policyValues, value) => policyValues.includes(value),
  StringEqualsIgnoreCase: (policyValues, value) =>
    policyValues.some((c) => c.toLowerCase() === value.toLowerCase()),
  StringLike: (policyValues, value) => matchesAny(policyValues, value),
  ArnLike: (policyValues, value) => matchesAny(policyValues, value),
};

function conditionHolds(
  operatorKey: string,
  key: string,
  expected: Values | boolean,
  context: Record<string, string[]>,
): boolean {
  const [qualifier, rawOperator] = operatorKey.includes(':')
    ? operatorKey.split(':', 2)
    : [undefined, operatorKey];
  const ifExists = (rawOperator as string).endsWith('IfExists');
  const operator = (rawOperator as string).replace(/IfExists$/, '');
  const present = context[key];
  const policyValues = asList(expected as Values).map(String);
  const matches = VALUE_OPERATORS[operator];
  // Fail loudly: a policy the check cannot evaluate must not pass (or fail) by accident.
  if (!matches && operator !== 'Null' && operator !== 'Bool') {
    throw new Error(`The local IAM check does not support the condition operator ${operatorKey}`);
  }
  if (operator === 'Null') return (present === undefined) === (String(expected) === 'true');
  if (operator === 'Bool')
    return present !== undefined && present.every((value) => policyValues.includes(value));
  const holds = (value: string) => (matches as NonNullable<typeof matches>)(policyValues, value);
  if (qualifier === 'ForAllValues') return (present ?? []).every(holds);
  if (qualifier === 'ForAnyValue') return (present ?? []).some(holds);
  if (qualifier !== undefined) throw new Error(`Unknown condition qualifier ${qualifier}`);
  if (present === undefined || present.length === 0) return ifExists;
  return present.every(holds);
}

export function statementApplies(
  statement: PolicyStatement,
  request: AuthorizationRequest,
): boolean {
  const action = statement.Action
    ? matchesAny(asList(statement.Action), request.action, true)
    : !matchesAny(asList(statement.NotAction), request.action, true);
  if (!action) return false;
  const resource = statement.Resource
    ? matchesAny(asList(statement.Resource), request.resource)
    : !matchesAny(asList(statement.NotResource), request.resource);
  if (!resource) return false;
  return Object.entries(statement.Condition ?? {}).every(([operator, keys]) =>
    Object.entries(keys).every(([key, expected]) =>
      conditionHolds(operator, key, expected, request.context),
    ),
  );
}

export function evaluate(statements: PolicyStatement[], request: AuthorizationRequest): Verdict {
  const applicable = statements.filter((statement) => statementApplies(statement, request));
  if (applicable.some((statement) => statement.Effect === 'Deny')) {
    return { allowed: false, reason: `an explicit deny in an identity-based policy` };
  }
  if (applicable.some((statement) => statement.Effect === 'Allow'))
    return { allowed: true, reason: 'allowed' };
  return { allowed: false, reason: `no identity-based policy allows the ${request.action} action` };
}

// ---------------------------------------------------------------------------------------------
// Policies of each function, read from the template

export interface FunctionPolicies {
  roleName: string;
  statements: PolicyStatement[];
}

/**
 * The local ARN of a resource of the template: the table under its local name, and a queue, secret,
 * key or anything else a policy names under its logical id (what the local stand-ins use,
 * scripts/local/aws.ts); an alias is its function's ARN with the alias name.
 */
export function localArnOf(
  template: CfnTemplate,
  tableName: string,
  logicalId: string,
  attribute: string,
  env: Env = LOCAL_ENV,
): string {
  const resource = template.Resources[logicalId];
  const type = resource?.Type;
  const arn = (service: string, resource: string) =>
    `arn:aws:${service}:${env.region}:${env.account}:${resource}`;
  if (type === 'AWS::DynamoDB::GlobalTable' || type === 'AWS::DynamoDB::Table') {
    const table = arn('dynamodb', `table/${tableName}`);
    if (attribute === 'Arn') return table;
    if (attribute === 'StreamArn') return `${table}/stream/local`;
  }
  if (type === 'AWS::SQS::Queue' && attribute === 'Arn') return arn('sqs', logicalId);
  if (type === 'AWS::SecretsManager::Secret' && attribute === 'Ref')
    return arn('secretsmanager', `secret:${logicalId}`);
  if (type === 'AWS::KMS::Key' && attribute === 'Arn') return arn('kms', `key/${logicalId}`);
  if (type === 'AWS::Lambda::Function')
    return attribute === 'Arn' ? arn('lambda', `function:${logicalId}`) : logicalId;
  if (type === 'AWS::Lambda::Alias' && attribute === 'Ref') {
    const target = resource?.Properties?.FunctionName as { Ref?: string } | undefined;
    return `${arn('lambda', `function:${target?.Ref ?? logicalId}`)}:${String(resource?.Properties?.Name)}`;
  }
  if (type === 'AWS::SNS::Topic' && attribute === 'Ref') return arn('sns', logicalId);
  if (type === 'AWS::Events::Rule' && attribute === 'Arn')
    return arn('events', `rule/${logicalId}`);
  if (type === 'AWS::CloudWatch::Alarm' && attribute === 'Arn')
    return arn('cloudwatch', `alarm:${String(resource?.Properties?.AlarmName ?? logicalId)}`);
  if (type === 'AWS::ApiGatewayV2::Api' && attribute === 'Ref') return logicalId;
  if (type === 'AWS::ApiGatewayV2::Authorizer' && attribute === 'Ref') return logicalId;
  if (type === 'AWS::IAM::Role' && attribute === 'Arn')
    return `arn:aws:iam::${env.account}:role/${logicalId}`;
  // Anything else is no resource a policy names; a distinct value keeps it from matching.
  return `unresolved:${logicalId}.${attribute}`;
}

export function resolver(template: CfnTemplate, tableName: string, env: Env = LOCAL_ENV) {
  const arnOf = (logicalId: string, attribute: string): string =>
    localArnOf(template, tableName, logicalId, attribute, env);
  const resolve = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    const [name, argument] = entries[0] ?? [];
    if (entries.length === 1 && name === 'Fn::GetAtt') {
      const [id, attribute] = argument as [string, string];
      return arnOf(id, attribute);
    }
    if (entries.length === 1 && name === 'Fn::Join') {
      const [separator, parts] = argument as [string, Json[]];
      return parts.map((part) => String(resolve(part))).join(separator);
    }
    if (entries.length === 1 && name === 'Ref') {
      const pseudo: Record<string, string> = {
        'AWS::Region': env.region,
        'AWS::AccountId': env.account,
        'AWS::Partition': 'aws',
        'AWS::URLSuffix': 'amazonaws.com',
      };
      return (
        pseudo[argument as string] ??
        (template.Resources[argument as string]
          ? arnOf(argument as string, 'Ref')
          : `unresolved:${String(argument)}`)
      );
    }
    return Object.fromEntries(entries.map(([key, inner]) => [key, resolve(inner)]));
  };
  return resolve;
}

/** Each role (by its logical id) with the statements of every identity-based policy on it. */
export function rolePolicies(
  template: CfnTemplate,
  tableName: string,
  env: Env = LOCAL_ENV,
): Map<string, PolicyStatement[]> {
  const resolve = resolver(template, tableName, env);
  const documentsOfRole = new Map<string, PolicyStatement[]>();
  const add = (roleId: string, document: Json) => {
    const statements = (resolve(document) as { Statement: PolicyStatement[] }).Statement;
    documentsOfRole.set(roleId, [...(documentsOfRole.get(roleId) ?? []), ...statements]);
  };
  for (const [id, resource] of Object.entries(template.Resources)) {
    if (resource.Type === 'AWS::IAM::Role') {
      if (resource.Properties?.ManagedPolicyArns)
        throw new Error(`Role ${id} has managed policies, which the local IAM check cannot read`);
      for (const policy of (resource.Properties?.Policies as
        { PolicyDocument: Json }[] | undefined) ?? [])
        add(id, policy.PolicyDocument);
    }
    if (resource.Type === 'AWS::IAM::Policy') {
      for (const role of resource.Properties?.Roles as { Ref: string }[])
        add(role.Ref, resource.Properties?.PolicyDocument);
    }
  }
  return documentsOfRole;
}

/** Each function (by its folder under functions/) with the statements of every policy on its role. */
export function functionPolicies(
  template: CfnTemplate,
  tableName: string,
): Map<string, FunctionPolicies> {
  const documentsOfRole = rolePolicies(template, tableName);
  const result = new Map<string, FunctionPolicies>();
  for (const resource of Object.values(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const functionName = resource.Metadata?.[FUNCTION_METADATA_KEY];
    if (typeof functionName !== 'string') continue;
    const roleId = (resource.Properties?.Role as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
    result.set(functionName, { roleName: roleId, statements: documentsOfRole.get(roleId) ?? [] });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// What IAM authorizes for each DynamoDB command

type Input = Record<string, Json>;

/** An attribute value as the document client (native) or the low-level client (marshalled) holds it. */
function scalar(value: Json): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const typed = value as { S?: string; N?: string } | undefined;
  return typed?.S ?? typed?.N;
}

function partitionKeyOf(key: Json): string[] {
  const value = scalar((key as Record<string, Json> | undefined)?.[KEY_ATTRIBUTES.partitionKey]);
  return value === undefined ? [] : [value];
}

/** The partition key value a Query's key condition names (`pk = :v`, or through a #name). */
function queriedPartitionKey(input: Input): string[] {
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, Json>;
  for (const [, attribute, placeholder] of String(input.KeyConditionExpression ?? '').matchAll(
    /([#\w]+)\s*=\s*(:\w+)/g,
  )) {
    const name = attribute?.startsWith('#') ? names[attribute] : attribute;
    if (name === KEY_ATTRIBUTES.partitionKey) {
      const value = scalar(values[placeholder as string]);
      return value === undefined ? [] : [value];
    }
  }
  return [];
}

const tableArn = (tableName: string) =>
  `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${tableName}`;

export function authorizationsOf(commandName: string, input: Input): AuthorizationRequest[] {
  const operation = commandName.replace(/Command$/, '');
  const single = (
    action: string,
    table: string,
    leadingKeys: string[],
    extra: Record<string, string[]> = {},
  ) => ({
    action: `dynamodb:${action}`,
    resource: tableArn(table),
    context: { ...(leadingKeys.length ? { 'dynamodb:LeadingKeys': leadingKeys } : {}), ...extra },
  });
  switch (operation) {
    case 'GetItem':
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [
        single(operation, input.TableName as string, partitionKeyOf(input.Key ?? input.Item)),
      ];
    case 'Query':
    case 'Scan': {
      const request = single(
        operation,
        input.TableName as string,
        operation === 'Query' ? queriedPartitionKey(input) : [],
      );
      if (input.IndexName) request.resource += `/index/${String(input.IndexName)}`;
      return [request];
    }
    case 'BatchGetItem':
      return Object.entries(input.RequestItems as Record<string, { Keys: Json[] }>).map(
        ([table, request]) =>
          single('BatchGetItem', table, [...new Set(request.Keys.flatMap(partitionKeyOf))]),
      );
    case 'BatchWriteItem':
      return Object.entries(
        input.RequestItems as Record<
          string,
          { PutRequest?: { Item: Json }; DeleteRequest?: { Key: Json } }[]
        >,
      ).map(([table, requests]) =>
        single('BatchWriteItem', table, [
          ...new Set(
            requests.flatMap((r) => partitionKeyOf(r.PutRequest?.Item ?? r.DeleteRequest?.Key)),
          ),
        ]),
      );
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      // Each item is authorized as its underlying action (ConditionCheck as ConditionCheckItem).
      const actions: Record<string, string> = {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
        Get: 'GetItem',
      };
      return (input.TransactItems as Record<string, Input>[]).map((item) => {
        const [kind, request] = Object.entries(item)[0] as [string, Input];
        return single(
          actions[kind] as string,
          request.TableName as string,
          partitionKeyOf(request.Key ?? request.Item),
          {
            'dynamodb:EnclosingOperation': [operation],
          },
        );
      });
    }
    default:
      return [single(operation, (input.TableName as string | undefined) ?? '*', [])];
  }
}

// ---------------------------------------------------------------------------------------------
// Running handlers as their function, and the client middleware that enforces it

const currentFunction = new AsyncLocalStorage<string>();

/** Runs `work` with the permissions of `functionName` (what the Lambda runtime gives a handler). */
export function runAsFunction<T>(functionName: string, work: () => T): T {
  return currentFunction.run(functionName, work);
}

/** The function whose handler is running here, if any (its log lines are that function's). */
export function runningFunction(): string | undefined {
  return currentFunction.getStore();
}

export class LocalIam {
  private readonly policies: Map<string, FunctionPolicies>;
  /** Every refusal, for reports (the issue note's verdict on old code is read from here). */
  readonly refusals: { functionName: string; request: AuthorizationRequest; reason: string }[] = [];

  constructor(template: CfnTemplate, tableName: string) {
    this.policies = functionPolicies(template, tableName);
  }

  authorize(functionName: string, request: AuthorizationRequest): Verdict {
    const policies = this.policies.get(functionName);
    if (!policies)
      return { allowed: false, reason: `the template has no function named ${functionName}` };
    return evaluate(policies.statements, request);
  }

  /** Throws what DynamoDB throws when the caller's role does not allow a command. */
  check(functionName: string, commandName: string, input: Input): void {
    this.require(
      functionName,
      authorizationsOf(commandName, input),
      (message) => new DynamoDBServiceException({ ...ACCESS_DENIED, message }),
    );
  }

  /** Throws what the service throws (`refuse` makes it from IAM's message) unless every request is allowed. */
  require(
    functionName: string,
    requests: AuthorizationRequest[],
    refuse: (message: string) => Error,
  ): void {
    for (const request of requests) {
      const verdict = this.authorize(functionName, request);
      if (verdict.allowed) continue;
      this.refusals.push({ functionName, request, reason: verdict.reason });
      const role = this.policies.get(functionName)?.roleName ?? 'unknown';
      throw refuse(
        `User: arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${role}/${functionName} is not authorized to perform: ${request.action} on resource: ${request.resource} because ${verdict.reason}`,
      );
    }
  }
}

const ACCESS_DENIED = {
  name: 'AccessDeniedException',
  $fault: 'client',
  $metadata: { httpStatusCode: 400 },
} as const;

let servicesIam: LocalIam | undefined;

/** Holds calls to the local stand-ins of SQS, Secrets Manager and KMS to `iam` (undefined: unchecked). */
export function holdServicesTo(iam: LocalIam | undefined): void {
  servicesIam = iam;
}

/**
 * The IAM check of one call to a local stand-in, made as the function running now (none: an operator,
 * unchecked): throws AccessDeniedException, as the service would, when its role does not allow it.
 */
export function checkServiceCall(
  action: string,
  resource: string,
  context: Record<string, string[]> = {},
): void {
  const functionName = currentFunction.getStore();
  if (!functionName || !servicesIam) return;
  servicesIam.require(functionName, [{ action, resource, context }], (message) =>
    Object.assign(new Error(message), { ...ACCESS_DENIED }),
  );
}

/** Makes every command sent through `db` inside a function's scope pass that function's IAM check. */
export function enforceIam(db: Db, iam: LocalIam): Db {
  db.baseClient.middlewareStack.add(
    (next, context) => async (args) => {
      const functionName = currentFunction.getStore();
      if (functionName) iam.check(functionName, context.commandName as string, args.input as Input);
      return next(args);
    },
    { step: 'initialize', name: 'localIamCheck', priority: 'high', override: true },
  );
  return db;
}
