import { describe, expect, it } from 'vitest';
import { createApp } from '../../infra/app.js';
import {
  type AuthorizationRequest,
  evaluate,
  LOCAL_ENV,
  rolePolicies,
} from '../../scripts/local/iam.js';
import { appTemplateOf } from '../../scripts/local/stack-template.js';
import { simulatedVerdict } from '../helpers/iam-simulator.js';
import { PROD_CONTEXT, PROD_ENV } from '../helpers/stages.js';

const stages = [
  [
    'dev',
    () => appTemplateOf(createApp({ stage: 'dev', 'aws:cdk:bundling-stacks': [] })),
    LOCAL_ENV,
  ],
  ['prod', () => appTemplateOf(createApp(PROD_CONTEXT, PROD_ENV)), PROD_ENV],
] as const;

/**
 * The requests a role's own statements speak of: each action they name with each resource of its
 * service they name, and for DynamoDB each partition prefix their LeadingKeys conditions allow plus one
 * no condition allows. The local evaluator decides every DynamoDB call of the local stack with these
 * statements (enforceIam), so where it and the simulator part, local tests prove nothing.
 */
function requestsOf(
  statements: ReturnType<typeof rolePolicies> extends Map<string, infer S> ? S : never,
): AuthorizationRequest[] {
  const actions = new Set<string>();
  const resources = new Set<string>(['*']);
  const partitions = new Set<string>(['NOBODY#t1']);
  for (const statement of statements) {
    for (const action of [statement.Action].flat())
      if (typeof action === 'string' && !action.includes('*')) actions.add(action);
    for (const resource of [statement.Resource].flat())
      if (typeof resource === 'string' && !resource.includes('*')) resources.add(resource);
    for (const [, prefix] of JSON.stringify(statement.Condition ?? {}).matchAll(/"([A-Z]+#)\*"/g))
      partitions.add(`${prefix}t1`);
  }
  return [...actions].flatMap((action) =>
    [...resources]
      .filter((resource) => resource === '*' || resource.split(':')[2] === action.split(':')[0])
      .flatMap((resource) =>
        action.startsWith('dynamodb:')
          ? [...partitions].map((partition) => ({
              action,
              resource,
              context: { 'dynamodb:LeadingKeys': [partition] },
            }))
          : [{ action, resource, context: {} }],
      ),
  );
}

describe.each(stages)(
  'every role of the app (%s), evaluated locally and by a simulator of IAM',
  (_stage, synth, env) => {
    it('reaches the same verdict on every request its statements speak of', async () => {
      const verdicts = { allowed: 0, refused: 0 };
      const disagreements: string[] = [];
      for (const [role, statements] of rolePolicies(synth(), 'local', env)) {
        for (const request of requestsOf(statements)) {
          const simulated = await simulatedVerdict(
            `arn:aws:iam::${env.account}:role/${role}`,
            request,
            env,
            { identity: statements },
          );
          // A request IAM never sees (an action that takes no such resource): nothing to compare.
          if (simulated.startsWith('unsimulable')) continue;
          const ours = evaluate(statements, request).allowed ? 'allowed' : 'refused';
          verdicts[ours]++;
          if (simulated !== ours)
            disagreements.push(
              `${role} ${request.action} on ${request.resource} ${JSON.stringify(request.context)}: ours ${ours}, simulated ${simulated}`,
            );
        }
      }

      expect(disagreements).toEqual([]);
      // Both verdicts occur in number: the comparison is not of requests nobody allows (or everybody).
      expect(verdicts.allowed).toBeGreaterThan(100);
      expect(verdicts.refused).toBeGreaterThan(50);
    });
  },
);

describe.each(stages)('the X-Ray grants of the app (%s)', (_stage, synth, env) => {
  it('are given to the functions Lambda traces actively, and to no other role: none, since no function traces', () => {
    const template = synth();
    const tracedRoles = new Map<string, boolean>();
    for (const resource of Object.values(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const role = (resource.Properties?.Role as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
      const tracing = resource.Properties?.TracingConfig as { Mode?: string } | undefined;
      if (role) tracedRoles.set(role[0], tracing?.Mode === 'Active');
    }
    const grants = [...rolePolicies(template, 'local', env)].map(([role, statements]) => ({
      role,
      putsTraces: statements.some((statement) =>
        JSON.stringify(statement.Action).includes('xray:'),
      ),
    }));

    // A function without active tracing writes no segment of its own (PassThrough writes one only for
    // a caller's sampled trace, and neither API Gateway nor a stream nor a queue sends one here).
    expect(grants.filter(({ role }) => tracedRoles.has(role))).toEqual(
      grants
        .filter(({ role }) => tracedRoles.has(role))
        .map(({ role }) => ({ role, putsTraces: tracedRoles.get(role) })),
    );
    // No function traces actively (infra/api-function.ts says why), so no role may put traces.
    expect([...tracedRoles.values()].filter(Boolean)).toEqual([]);
    expect(grants.filter(({ putsTraces }) => putsTraces)).toEqual([]);
  });
});
