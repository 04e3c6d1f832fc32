import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { STREAM_FUNCTION } from '../../lib/functions.js';
import { describe, expect, inject, it } from 'vitest';
import { readCount } from '../../lib/db/counters.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { demoData } from '../../lib/composition/test-mode/sample-data.js';
import { loadFixture } from '../../scripts/local/fixtures.js';
import { FUNCTION_NAMES } from '../../scripts/local/handlers.js';
import { importProductData } from '../../scripts/local/import.js';
import { invokeFunction } from '../../scripts/local/invoke.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
const db = useTestDb();
const ROOT = join(import.meta.dirname, '..', '..');
const EVENTS = join(ROOT, 'events');
// Loaded as the CLI loads them: moved to now, so the dispatcher's event is newer than the endpoint made here.
const fixture = (name: string) => loadFixture(join(EVENTS, `${name}.json`));
const BACKGROUND = ['event-consumer', 'webhook-dispatcher', 'webhook-worker'];

/** `npm run invoke -- …` as a developer runs it, against the test table. */
function invokeCli(...args: string[]) {
  return promisify(execFile)(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['scripts/invoke.ts', ...args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
        TABLE_NAME: db().tableName,
        LOG_LEVEL: 'WARN',
      },
    },
  ).then(
    (ok) => ({ ...ok, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => error,
  );
}

describe('npm run invoke: every function with its fixture (the sam local invoke workflow)', () => {
  it('has a fixture for every function, and each runs under its deployed IAM with the result its trigger expects', async () => {
    // The demo tenant the fixtures name, with its data and a webhook endpoint for the dispatcher to find.
    await ensureTenant(db(), liveSpaceOf('demo'));
    await importProductData(db(), liveSpaceOf('demo'), demoData());
    const admin = await tenantWithKey(db(), ['admin'], liveSpaceOf('demo'));
    await callApi('POST', '/webhooks', {
      key: admin.key,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['*'] },
    });

    const fixtures = readdirSync(EVENTS).map((name) => name.replace(/\.json$/, ''));
    expect(FUNCTION_NAMES.filter((name) => !fixtures.includes(name))).toEqual([]);

    const reports: string[] = [];
    for (const name of FUNCTION_NAMES) {
      const result = (await invokeFunction(db(), name, await fixture(name), (line) =>
        reports.push(`${name}: ${line}`),
      )) as Record<string, unknown>;
      if (name === 'request-log-writer') {
        // A CloudWatch Logs batch of one request-log line: its one entry written.
        expect(result, name).toEqual({ entries: 1 });
      } else if (BACKGROUND.includes(name)) {
        // A batch function answers which of its records failed: none of these.
        expect(result, name).toEqual({ batchItemFailures: [] });
      } else if (name === STREAM_FUNCTION) {
        // An upgrade with the authorizer's context of a valid key: the connection opens.
        expect(result, name).toEqual({ statusCode: 200 });
      } else if (name === 'authorizer') {
        // The fixture's key is a placeholder: the request goes on with the refusal, answered 403 by the function.
        expect(result, name).toEqual({ isAuthorized: true, context: { refused: 'key_invalid' } });
      } else {
        expect(result, name).toMatchObject({ statusCode: expect.any(Number) });
        // A fixture is a request the service can answer: a refusal or a not-found at most, never its own fault.
        expect(result.statusCode as number, `${name}: ${result.body}`).toBeLessThan(500);
        // The API's envelope, or MCP's JSON-RPC answer; a 204 (a sign-out) answers nothing.
        if (result.statusCode === 204) expect(result.body, name).toBeUndefined();
        else
          expect(JSON.parse(result.body as string), name).toHaveProperty(
            name === 'mcp' ? 'jsonrpc' : 'success',
          );
      }
    }

    // The consumer applied its product events; the dispatcher queued the event for the endpoint.
    // One JD from create-jd's fixture, one from the consumer's, REQ-2041 from upsert-jd's, and
    // REQ-2042 from upsert-jds' (its REQ-2041 is the one upsert-jd made).
    expect(await readCount(db(), liveSpaceOf('demo'), 'JD')).toBe(demoData().jds!.length + 4);
    expect(
      reports.some((line) => line.startsWith('webhook-dispatcher: would queue for delivery')),
    ).toBe(true);
  });

  it('prints the result alone on stdout, and names what exists when the function or fixture does not', async () => {
    const worker = await invokeCli('webhook-worker');
    const unknown = await invokeCli('list-jobs');
    const missing = await invokeCli('list-jds', 'events/none.json');

    expect([worker.code, JSON.parse(worker.stdout)]).toEqual([0, { batchItemFailures: [] }]);
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr.trim().split('\n')).toEqual([
      `Unknown function "list-jobs"; functions: ${FUNCTION_NAMES.join(', ')}`,
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^No fixture events\/none\.json; fixtures in events\/: authorizer\.json, .*webhook-worker\.json, whoami\.json\n$/,
    );
  });
});
