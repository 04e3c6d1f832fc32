import 'aws-sdk-client-mock-vitest/extend';
import {
  DeleteFunctionCommand,
  LambdaClient,
  ListAliasesCommand,
  ListFunctionsCommand,
  ListVersionsByFunctionCommand,
} from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { pruneVersions } from '../../scripts/local/prune-versions.js';

const lambda = mockClient(LambdaClient);
beforeEach(() => lambda.reset());
afterAll(() => lambda.restore());

const PROD_FUNCTION = 'HiringApi-prod-JdsRoutesNestedStac-ListJds4F2A1B3C-Xk3c9hMbjoEE';
const version = (n: number | '$LATEST') => ({ Version: String(n) });

/** A prod function with versions 1–12 over two pages, its alias on 12 with a canary share on 11; a dev function beside it. */
function seedAccount() {
  lambda.on(ListFunctionsCommand).resolves({
    Functions: [
      { FunctionName: PROD_FUNCTION },
      { FunctionName: 'HiringApi-dev-JdsRoutesNestedStack-ListJds-AbCdEf' },
      { FunctionName: 'HiringApi-prod-eu-JdsRoutesNestedSt-ListJds-QwErTy' },
    ],
  });
  lambda
    .on(ListVersionsByFunctionCommand, { FunctionName: PROD_FUNCTION })
    .resolves({
      Versions: [version('$LATEST'), ...[1, 2, 3, 4, 5, 6].map(version)],
      NextMarker: 'p2',
    })
    .on(ListVersionsByFunctionCommand, { FunctionName: PROD_FUNCTION, Marker: 'p2' })
    .resolves({ Versions: [7, 8, 9, 10, 11, 12].map(version) });
  lambda.on(ListAliasesCommand, { FunctionName: PROD_FUNCTION }).resolves({
    Aliases: [
      {
        Name: 'live',
        FunctionVersion: '12',
        RoutingConfig: { AdditionalVersionWeights: { '11': 0.1 } },
      },
      // An alias someone moved back by hand, in an emergency.
      { Name: 'pinned', FunctionVersion: '3' },
    ],
  });
  lambda.on(DeleteFunctionCommand).resolves({});
}

describe('npm run admin -- prune-versions', () => {
  it('deletes the versions no alias names but the newest, following every page, and only the stage’s functions (not prod-eu’s for prod)', async () => {
    seedAccount();

    const pruned = await pruneVersions(new LambdaClient({ region: 'eu-west-1' }), {
      stage: 'prod',
      keep: 3,
      dryRun: false,
    });

    expect(pruned).toEqual([
      {
        functionName: PROD_FUNCTION,
        kept: ['3', '10', '11', '12'],
        deleted: ['1', '2', '4', '5', '6', '7', '8', '9'],
      },
    ]);
    expect(lambda).toHaveReceivedCommandTimes(DeleteFunctionCommand, 8);
    expect(lambda).toHaveReceivedCommandWith(DeleteFunctionCommand, {
      FunctionName: PROD_FUNCTION,
      Qualifier: '9',
    });
    expect(lambda).not.toHaveReceivedCommandWith(DeleteFunctionCommand, { Qualifier: '11' });
    for (const other of [
      'HiringApi-dev-JdsRoutesNestedStack-ListJds-AbCdEf',
      'HiringApi-prod-eu-JdsRoutesNestedSt-ListJds-QwErTy',
    ])
      expect(lambda).not.toHaveReceivedCommandWith(ListVersionsByFunctionCommand, {
        FunctionName: other,
      });
  });

  it('says what it would delete and deletes nothing with --dry-run', async () => {
    seedAccount();

    const pruned = await pruneVersions(new LambdaClient({ region: 'eu-west-1' }), {
      stage: 'prod',
      keep: 5,
      dryRun: true,
    });

    expect(pruned[0]?.deleted).toEqual(['1', '2', '4', '5', '6', '7']);
    expect(lambda).not.toHaveReceivedCommand(DeleteFunctionCommand);
  });
});
