import type { CfnTemplate } from '../../scripts/local/stack-template.js';
import { FUNCTION_METADATA_KEY } from '../../infra/api-function.js';

/**
 * True for a function of the app (one of functions/), false for CDK's, which copies the console's
 * build into its bucket at a deployment (the stack test holds it to that).
 */
export const isAppFunction = (resource: {
  Type?: string;
  Metadata?: Record<string, unknown> | undefined;
}) =>
  resource.Type === 'AWS::Lambda::Function' &&
  resource.Metadata?.[FUNCTION_METADATA_KEY] !== undefined;

interface Statement {
  Action: unknown;
  Resource: unknown;
}

/** A copy of a synthesized template without the statements of one function's role that `drop` picks. */
export function withoutStatements(
  template: CfnTemplate,
  functionName: string,
  drop: (statement: Statement) => boolean,
): CfnTemplate {
  const copy = structuredClone(template);
  const fn = Object.values(copy.Resources).find(
    (r) => r.Metadata?.['hiring:function'] === functionName,
  );
  const roleId = (fn?.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  for (const resource of Object.values(copy.Resources)) {
    if (
      resource.Type !== 'AWS::IAM::Policy' ||
      !JSON.stringify(resource.Properties?.Roles).includes(roleId)
    )
      continue;
    const document = resource.Properties?.PolicyDocument as { Statement: Statement[] };
    document.Statement = document.Statement.filter((statement) => !drop(statement));
  }
  return copy;
}

/** Without every grant of `action` to the function. */
export const withoutGrant = (template: CfnTemplate, functionName: string, action: string) =>
  withoutStatements(template, functionName, (statement) =>
    [statement.Action].flat().includes(action),
  );

/** Without every grant on one index of the table to the function. */
export const withoutIndexGrant = (template: CfnTemplate, functionName: string, indexName: string) =>
  withoutStatements(template, functionName, (statement) =>
    JSON.stringify(statement.Resource).includes(`/index/${indexName}`),
  );
