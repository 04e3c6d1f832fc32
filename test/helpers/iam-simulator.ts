import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { AuthorizationRequest, Env, PolicyStatement } from '../../scripts/local/iam.js';

/**
 * A second opinion on the local IAM evaluator (scripts/local/iam.ts): a simulator of IAM's evaluation
 * logic built on the Service Authorization Reference, so it also knows which resources and condition
 * keys each action takes (ListStreams, for one, only "*"). 'unsimulable' is a request IAM never sees
 * (an action that takes no such resource), with the simulator's reason.
 */
export type SimulatedVerdict = 'allowed' | 'refused' | `unsimulable: ${string}`;

export async function simulatedVerdict(
  principal: string,
  request: AuthorizationRequest,
  env: Env,
  policies: { identity?: PolicyStatement[]; resource?: PolicyStatement[] },
): Promise<SimulatedVerdict> {
  const document = (statements: PolicyStatement[]) => ({
    Version: '2012-10-17',
    Statement: statements,
  });
  const result = await runSimulation(
    {
      request: {
        principal,
        action: request.action,
        resource: { resource: request.resource, accountId: env.account },
        contextVariables: request.context ?? {},
      },
      identityPolicies: policies.identity
        ? [{ name: 'inline', policy: document(policies.identity) }]
        : [],
      resourcePolicy: policies.resource ? document(policies.resource) : undefined,
      serviceControlPolicies: [],
      resourceControlPolicies: [],
    },
    {},
  );
  if (result.resultType !== 'single')
    return `unsimulable: ${JSON.stringify('errors' in result ? result.errors : result)}`;
  return result.overallResult === 'Allowed' ? 'allowed' : 'refused';
}
