import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { BUNDLE_ALIASES } from '../../infra/api-function.js';
import { bundleLikeCdk } from '../../scripts/bench/bundles.js';
import { useTestDb } from '../helpers/db.js';

const ROOT = join(import.meta.dirname, '..', '..');
const db = useTestDb();

/** A function bundled as the stack bundles it (infra/api-function.ts), its aliases included. */
async function bundle(functionName: string): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'bundle-test-')), 'index.js');
  await bundleLikeCdk(
    join(ROOT, 'functions', functionName, 'handler.ts'),
    outfile,
    Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([name, by]) => [name, join(ROOT, by)])),
  );
  return outfile;
}

/**
 * Runs the bundle's handler on a fixture in a fresh Node process with only `env`, as Lambda would. The
 * result goes to a file: stdout is the function's log, as in Lambda (the canary's counts line included).
 */
async function invokeBundle(file: string, fixture: string, env: Record<string, string>) {
  const resultFile = join(mkdtempSync(join(tmpdir(), 'bundle-result-')), 'result.json');
  const script = `require(${JSON.stringify(file)}).handler(require(${JSON.stringify(join(ROOT, 'events', fixture))}), { functionName: 'list-jds', awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 })
    .then((result) => require('node:fs').writeFileSync(${JSON.stringify(resultFile)}, JSON.stringify(result)))`;
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return {
    result: JSON.parse(readFileSync(resultFile, 'utf8')) as { statusCode: number; body: string },
    logs: stderr + stdout,
  };
}

describe('a Lambda bundle', () => {
  it('takes its credentials from the environment, as Lambda gives them, and from nowhere else', async () => {
    const file = await bundle('list-jds');
    const lambdaEnv = {
      TABLE_NAME: db().tableName,
      AWS_REGION: 'eu-west-1',
      AWS_LAMBDA_FUNCTION_NAME: 'list-jds',
      // The SDK's own endpoint setting: the bundle's code path is the deployed one (no DYNAMODB_ENDPOINT).
      AWS_ENDPOINT_URL_DYNAMODB: inject('dynamodbEndpoint'),
      LOG_LEVEL: 'ERROR',
      HOME: mkdtempSync(join(tmpdir(), 'no-aws-profile-')),
    };

    const withRoleCredentials = await invokeBundle(file, 'list-jds.json', {
      ...lambdaEnv,
      AWS_ACCESS_KEY_ID: 'ASIALOCAL',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_SESSION_TOKEN: 'token',
    });
    const without = await invokeBundle(file, 'list-jds.json', lambdaEnv);

    expect(withRoleCredentials.result.statusCode, withRoleCredentials.result.body).toBe(200);
    expect(JSON.parse(withRoleCredentials.result.body)).toMatchObject({ success: true, data: [] });
    expect(without.result.statusCode).toBe(500);
    expect(without.logs).toContain('Unable to find environment variable credentials');
    // None of the default chain's other sources is in the bundle.
    expect(readFileSync(file, 'utf8')).not.toMatch(
      /sso_start_url|AWS_WEB_IDENTITY_TOKEN_FILE|AWS_CONTAINER_CREDENTIALS_FULL_URI/,
    );
  });

  it('serves MCP without Ajv, which the MCP SDK imports and the server never runs', async () => {
    const file = await bundle('mcp');
    const { result } = await invokeBundle(file, 'mcp.json', {
      TABLE_NAME: db().tableName,
      AWS_REGION: 'eu-west-1',
      AWS_LAMBDA_FUNCTION_NAME: 'mcp',
      LOG_LEVEL: 'ERROR',
    });

    expect(result.statusCode, result.body).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'hiring-integration-api' }, capabilities: { tools: {} } },
    });
    // Ajv's own error texts: none of its code is in the bundle.
    expect(readFileSync(file, 'utf8')).not.toMatch(/strictTuples|must have required property/);
  });
});
