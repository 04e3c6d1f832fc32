import { describe, expect, it } from 'vitest';
import { createApp } from '../../infra/app.js';
import {
  type Env,
  LOCAL_ENV,
  type PolicyStatement,
  resolver,
  rolePolicies,
  statementApplies,
} from '../../scripts/local/iam.js';
import {
  edgeVerdict,
  resourceStatements,
  type ServiceEdge,
  serviceEdges,
} from '../../scripts/local/service-edges.js';
import { appTemplateOf, type CfnTemplate } from '../../scripts/local/stack-template.js';
import { simulatedVerdict } from '../helpers/iam-simulator.js';
import { PROD_CONTEXT, PROD_ENV } from '../helpers/stages.js';

const stages: [string, CfnTemplate, Env][] = [
  ['dev', appTemplateOf(createApp({ stage: 'dev', 'aws:cdk:bundling-stacks': [] })), LOCAL_ENV],
  ['prod', appTemplateOf(createApp(PROD_CONTEXT, PROD_ENV)), PROD_ENV],
];

type Document = { Statement: (PolicyStatement & { Principal?: unknown })[] };

/** `template` without the statements that allow `edge` (a Lambda permission is a statement of its own). */
function withoutWhatAllows(template: CfnTemplate, edge: ServiceEdge, env: Env): CfnTemplate {
  const copy = structuredClone(template);
  const resolve = resolver(copy, 'local', env);
  const allows = (statement: Document['Statement'][number]) =>
    statement.Effect === 'Allow' &&
    statementApplies(resolve(statement) as PolicyStatement, edge.request);
  const prune = (document: Document | undefined) => {
    if (document) document.Statement = document.Statement.filter((statement) => !allows(statement));
  };
  for (const [id, resource] of Object.entries(copy.Resources)) {
    const properties = resource.Properties ?? {};
    if ('role' in edge.caller) {
      if (
        resource.Type === 'AWS::IAM::Policy' &&
        (properties.Roles as { Ref: string }[]).some(
          (role) => role.Ref === (edge.caller as { role: string }).role,
        )
      )
        prune(properties.PolicyDocument as Document);
      if (id === edge.caller.role)
        for (const policy of (properties.Policies as { PolicyDocument: Document }[] | undefined) ??
          [])
          prune(policy.PolicyDocument);
      continue;
    }
    if (['AWS::SNS::TopicPolicy', 'AWS::SQS::QueuePolicy'].includes(resource.Type))
      prune(properties.PolicyDocument as Document);
    if (id === edge.resource && resource.Type === 'AWS::KMS::Key')
      prune(properties.KeyPolicy as Document);
    if (
      resource.Type === 'AWS::Lambda::Permission' &&
      JSON.stringify(properties.FunctionName) === JSON.stringify({ Ref: edge.resource })
    )
      delete copy.Resources[id];
  }
  return copy;
}

/** The simulator's verdict on one edge: the caller's role policies, or the resource's own policy for a service. */
function simulatedEdgeVerdict(template: CfnTemplate, edge: ServiceEdge, env: Env) {
  if ('role' in edge.caller) {
    return simulatedVerdict(
      `arn:aws:iam::${env.account}:role/${edge.caller.role}`,
      edge.request,
      env,
      { identity: rolePolicies(template, 'local', env).get(edge.caller.role) ?? [] },
    );
  }
  return simulatedVerdict(edge.caller.service, edge.request, env, {
    resource: resourceStatements(template, edge.resource as string, env),
  });
}

describe.each(stages)(
  'what AWS services do for the app (%s), evaluated from both sides',
  (_stage, template, env) => {
    const edges = serviceEdges(template, env);

    it('finds every kind of call: alarms to the topic and its key, the rule to its queues, API Gateway to each alias, the event source mappings, CodeDeploy', () => {
      const kinds = new Set(edges.map((edge) => edge.name.split(' ')[0]));

      expect([...kinds].sort()).toEqual(
        expect.arrayContaining(['alarm', 'authorizer', 'mapping', 'route', 'rule']),
      );
      expect(edges.filter((edge) => edge.name.startsWith('route')).length).toBeGreaterThan(20);
    });

    it('allows each call by the resource’s own policy (topic, key, queue, Lambda permission) or the caller’s role', () => {
      const refused = edges
        .map((edge) => [edge.name, edge.request.action, edgeVerdict(template, edge, env)] as const)
        .filter(([, , verdict]) => !verdict.allowed);

      expect(
        refused.map(([name, action, verdict]) => `${name} ${action}: ${verdict.reason}`),
      ).toEqual([]);
    });

    it('refuses each call once the statement that allows it is dropped', () => {
      const stillAllowed = edges.filter(
        (edge) => edgeVerdict(withoutWhatAllows(template, edge, env), edge, env).allowed,
      );

      expect(stillAllowed.map((edge) => `${edge.name} ${edge.request.action}`)).toEqual([]);
    });

    it('reaches the verdicts a simulator of IAM’s evaluation logic reaches, whole and with each call’s allowing statements dropped', async () => {
      const disagreements: string[] = [];
      for (const edge of edges) {
        for (const [variant, candidate] of [
          ['whole', template],
          ['dropped', withoutWhatAllows(template, edge, env)],
        ] as const) {
          const ours = edgeVerdict(candidate, edge, env).allowed ? 'allowed' : 'refused';
          const simulated = await simulatedEdgeVerdict(candidate, edge, env);
          if (simulated !== ours)
            disagreements.push(
              `${variant}: ${edge.name} ${edge.request.action} on ${edge.request.resource}: ours ${ours}, simulated ${simulated}`,
            );
        }
      }

      expect(disagreements).toEqual([]);
    });
  },
);
