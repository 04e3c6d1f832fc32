import {
  DeleteFunctionCommand,
  type LambdaClient,
  paginateListAliases,
  paginateListFunctions,
  paginateListVersionsByFunction,
} from '@aws-sdk/client-lambda';

/** What a prune did to one function: the versions it kept and those it deleted (or would, dry). */
export interface PrunedFunction {
  functionName: string;
  kept: string[];
  deleted: string[];
}

/**
 * Deletes the old versions of a stage's functions: each production deployment publishes and keeps a
 * version of every function it changed (a rollback needs the previous one), about 8 MB each against
 * Lambda's 75 GB a region. Kept: the `keep` newest versions of each function, and every version an alias
 * names (its version, and the one a canary routes a share to). Functions are found by the name
 * CloudFormation gives them, `HiringApi-<stage>-<construct id>…`: the construct id begins with a
 * capital, a stage name does not (`prod` is not `prod-eu`).
 */
export async function pruneVersions(
  lambda: LambdaClient,
  options: { stage: string; keep: number; dryRun: boolean },
): Promise<PrunedFunction[]> {
  const pruned: PrunedFunction[] = [];
  const stage = options.stage.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const ofStage = new RegExp(`^HiringApi-${stage}-[A-Z]`);
  for await (const page of paginateListFunctions({ client: lambda }, {})) {
    for (const { FunctionName: functionName } of page.Functions ?? []) {
      if (!functionName || !ofStage.test(functionName)) continue;
      const versions: number[] = [];
      for await (const versionPage of paginateListVersionsByFunction(
        { client: lambda },
        { FunctionName: functionName },
      ))
        for (const { Version } of versionPage.Versions ?? [])
          if (Version && Version !== '$LATEST') versions.push(Number(Version));
      const named = new Set<number>();
      for await (const aliasPage of paginateListAliases(
        { client: lambda },
        { FunctionName: functionName },
      ))
        for (const alias of aliasPage.Aliases ?? []) {
          if (alias.FunctionVersion && alias.FunctionVersion !== '$LATEST')
            named.add(Number(alias.FunctionVersion));
          for (const version of Object.keys(alias.RoutingConfig?.AdditionalVersionWeights ?? {}))
            named.add(Number(version));
        }
      const newest = new Set([...versions].sort((a, b) => b - a).slice(0, options.keep));
      const deleted = versions.filter((version) => !newest.has(version) && !named.has(version));
      for (const version of deleted)
        if (!options.dryRun)
          await lambda.send(
            new DeleteFunctionCommand({ FunctionName: functionName, Qualifier: String(version) }),
          );
      pruned.push({
        functionName,
        kept: versions
          .filter((version) => !deleted.includes(version))
          .sort((a, b) => a - b)
          .map(String),
        deleted: deleted.sort((a, b) => a - b).map(String),
      });
    }
  }
  return pruned;
}
