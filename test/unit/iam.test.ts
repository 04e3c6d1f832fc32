import { describe, expect, it } from 'vitest';
import {
  type AuthorizationRequest,
  authorizationsOf,
  evaluate,
  functionPolicies,
  type PolicyStatement,
} from '../../scripts/local/iam.js';
import type { CfnTemplate } from '../../scripts/local/stack-template.js';

const TABLE = 'arn:aws:dynamodb:us-east-1:123456789012:table/t';
const tenantOnly = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['TENANT#*'] } };
const request = (
  action: string,
  resource = TABLE,
  leadingKeys?: string[],
): AuthorizationRequest => ({
  action,
  resource,
  context: leadingKeys ? { 'dynamodb:LeadingKeys': leadingKeys } : {},
});

describe('local IAM evaluation', () => {
  it('allows only what a statement grants: action, resource and index', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: TABLE },
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: `${TABLE}/index/list` },
    ];

    expect(evaluate(statements, request('dynamodb:GetItem')).allowed).toBe(true);
    expect(evaluate(statements, request('dynamodb:getitem')).allowed).toBe(true);
    expect(evaluate(statements, request('dynamodb:Query', `${TABLE}/index/list`)).allowed).toBe(
      true,
    );
    expect(evaluate(statements, request('dynamodb:Query', `${TABLE}/index/matches`))).toEqual({
      allowed: false,
      reason: 'no identity-based policy allows the dynamodb:Query action',
    });
    expect(evaluate(statements, request('dynamodb:Query', TABLE)).allowed).toBe(false);
    expect(evaluate(statements, request('dynamodb:PutItem')).allowed).toBe(false);
  });

  it('lets an explicit deny win over any allow, and matches wildcards', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', Action: 'dynamodb:*', Resource: `${TABLE}*` },
      { Effect: 'Deny', Action: 'dynamodb:Delete*', Resource: '*' },
    ];

    expect(evaluate(statements, request('dynamodb:Query', `${TABLE}/index/x`)).allowed).toBe(true);
    expect(evaluate(statements, request('dynamodb:DeleteItem'))).toEqual({
      allowed: false,
      reason: 'an explicit deny in an identity-based policy',
    });
  });

  it('holds every partition key a request names to the LeadingKeys condition', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', Action: 'dynamodb:BatchGetItem', Resource: TABLE, Condition: tenantOnly },
    ];

    expect(
      evaluate(statements, request('dynamodb:BatchGetItem', TABLE, ['TENANT#a', 'TENANT#b']))
        .allowed,
    ).toBe(true);
    expect(
      evaluate(statements, request('dynamodb:BatchGetItem', TABLE, ['TENANT#a', 'KEYHASH#x']))
        .allowed,
    ).toBe(false);
  });

  it('refuses a condition operator it does not implement rather than guessing', () => {
    const statements: PolicyStatement[] = [
      {
        Effect: 'Allow',
        Action: 'dynamodb:GetItem',
        Resource: TABLE,
        Condition: { NumericLessThan: { 'aws:x': '3' } },
      },
    ];

    expect(() => evaluate(statements, request('dynamodb:GetItem', TABLE, ['TENANT#a']))).toThrow(
      'NumericLessThan',
    );
  });
});

describe('what IAM authorizes for each DynamoDB command', () => {
  it('names the queried partition and index, also through an attribute name placeholder', () => {
    const [query] = authorizationsOf('QueryCommand', {
      TableName: 't',
      IndexName: 'matches',
      KeyConditionExpression: '#p = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeNames: { '#p': 'pk' },
      ExpressionAttributeValues: { ':pk': { S: 'TENANT#a' }, ':prefix': { S: 'x' } },
    });

    expect(query).toEqual(request('dynamodb:Query', `${TABLE}/index/matches`, ['TENANT#a']));
  });

  it('authorizes each item of a transaction as its own action, with the enclosing operation', () => {
    const requests = authorizationsOf('TransactWriteItemsCommand', {
      TransactItems: [
        { Put: { TableName: 't', Item: { pk: 'TENANT#a', sk: '1' } } },
        { Update: { TableName: 't', Key: { pk: 'KEYHASH#h', sk: 'KEYHASH' } } },
        { ConditionCheck: { TableName: 't', Key: { pk: 'TENANT#a', sk: '2' } } },
      ],
    });

    expect(
      requests.map((r) => [
        r.action,
        r.context['dynamodb:LeadingKeys'],
        r.context['dynamodb:EnclosingOperation'],
      ]),
    ).toEqual([
      ['dynamodb:PutItem', ['TENANT#a'], ['TransactWriteItems']],
      ['dynamodb:UpdateItem', ['KEYHASH#h'], ['TransactWriteItems']],
      ['dynamodb:ConditionCheckItem', ['TENANT#a'], ['TransactWriteItems']],
    ]);
  });
});

describe('policies read from a template', () => {
  it('finds each function by its metadata and resolves the table ARN in its role policies', () => {
    const template: CfnTemplate = {
      Resources: {
        Table: { Type: 'AWS::DynamoDB::GlobalTable' },
        FnRole: { Type: 'AWS::IAM::Role', Properties: {} },
        FnPolicy: {
          Type: 'AWS::IAM::Policy',
          Properties: {
            Roles: [{ Ref: 'FnRole' }],
            PolicyDocument: {
              Statement: [
                {
                  Effect: 'Allow',
                  Action: 'dynamodb:Query',
                  Resource: {
                    'Fn::Join': ['', [{ 'Fn::GetAtt': ['Table', 'Arn'] }, '/index/matches']],
                  },
                },
              ],
            },
          },
        },
        Fn: {
          Type: 'AWS::Lambda::Function',
          Metadata: { 'hiring:function': 'get-jd' },
          Properties: { Role: { 'Fn::GetAtt': ['FnRole', 'Arn'] } },
        },
      },
    };

    const policies = functionPolicies(template, 't');

    expect(policies.get('get-jd')?.statements).toEqual([
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: `${TABLE}/index/matches` },
    ]);
  });
});
