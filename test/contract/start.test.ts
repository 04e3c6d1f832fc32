import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { connect } from 'node:net';
import { join } from 'node:path';
/* eslint-disable @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local/dynamodb-local.js';
import { startReceiver, waitFor } from '../helpers/webhooks.js';

const ROOT = join(import.meta.dirname, '..', '..');

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start entry point', () => {
  it('starts DynamoDB Local and the API with a seeded demo tenant that passes npm run smoke, delivers webhooks to localhost, and stops cleanly on SIGTERM', async () => {
    const [port, dynamodbPort] = [await freePort(), await freePort()];
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DYNAMODB_PORT: String(dynamodbPort),
        DYNAMODB_ENDPOINT: '',
        TABLE_NAME: 'hiring-local',
        LOG_LEVEL: 'INFO',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const started = Date.now();
    while (
      !output.includes('Ready in') &&
      Date.now() - started < 60_000 &&
      child.exitCode === null
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const readKey = /read\/write key[^:]*:\s+(hk_live_\w+)/.exec(output)?.[1];
    const adminKey = /admin key[^:]*:\s+(hk_live_\w+)/.exec(output)?.[1];
    const testKey = /test key[^:]*:\s+(hk_test_\w+)/.exec(output)?.[1];
    const base = `http://127.0.0.1:${port}/api/v1`;

    const jds = await fetch(`${base}/jds?status=PUBLISHED`, {
      headers: { 'X-API-Key': readKey ?? '' },
    });
    const matches = await fetch(`${base}/matches/jd-backend`, {
      headers: { 'X-API-Key': readKey ?? '' },
    });
    const keys = await fetch(`${base}/keys`, { headers: { 'X-API-Key': adminKey ?? '' } });
    const sample = await fetch(`${base}/jds`, { headers: { 'X-API-Key': testKey ?? '' } });
    // What each key's line in the banner says it reaches, it reaches.
    const claims = await Promise.all(
      [
        [adminKey, '/keys'],
        [adminKey, '/webhooks'],
        [adminKey, '/audit-log'],
        [adminKey, '/candidates/res-7d3f/export'],
        [readKey, '/jds'],
        [readKey, '/resumes'],
        [readKey, '/applications'],
        [readKey, '/events'],
        [testKey, '/jds'],
        [testKey, '/audit-log'],
      ].map(([key, path]) =>
        fetch(`${base}${path}`, { headers: { 'X-API-Key': key ?? '' } }).then(
          (reply) => `${path} ${reply.status}`,
        ),
      ),
    );
    const smoke = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'smoke', '--', '--url', base, '--admin-key', adminKey ?? ''],
      { cwd: ROOT },
    );
    const smokeWithWrongKey = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'smoke', '--', '--url', base, '--admin-key', readKey ?? ''],
      {
        cwd: ROOT,
      },
    ).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    const receiver = await startReceiver();
    const webhook = await fetch(`${base}/webhooks`, {
      method: 'POST',
      headers: { 'X-API-Key': adminKey ?? '', 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['jd.created'] }),
    }).then((reply) => reply.json() as Promise<any>);
    const created = await fetch(`${base}/jds`, {
      method: 'POST',
      headers: { 'X-API-Key': readKey ?? '', 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Webhook role', description: 'd', createdById: 'u' }),
    }).then((reply) => reply.json() as Promise<any>);
    await waitFor(() => receiver.received.length > 0, 10_000, 'the webhook delivery').catch(
      () => undefined,
    );
    await receiver.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));

    expect(output).toContain(`listening on ${base}`);
    // The banner stands out: within the first 15 lines, the seed's log lines held back.
    const lines = output.split('\n');
    expect(lines.findIndex((line) => line.includes('listening on'))).toBeLessThan(15);
    expect(lines.slice(0, 15).some((line) => line.startsWith('{"level":"INFO"'))).toBe(false);
    // The functions' lines afterwards are one readable line each, naming the function that wrote them.
    expect(output).toMatch(/^\d\d:\d\d:\d\d INFO {2}create-jd +\S/m);
    expect(jds.status).toBe(200);
    expect(claims.filter((claim) => !claim.endsWith(' 200'))).toEqual([]);
    expect(output).not.toContain('all resources');
    expect(((await jds.json()) as any).pagination.total).toBe(3);
    expect(((await matches.json()) as any).data[0].aiScore).toBe(91.5);
    expect(((await keys.json()) as any).data.map((key: any) => key.mode)).toEqual([
      'live',
      'live',
      'test',
    ]);
    // The test key's space holds the sample data, apart from the demo tenant's.
    expect(((await sample.json()) as any).pagination.total).toBe(6);
    // npm run smoke: every step passes against npm start, and a wrong admin key fails it (exit 1).
    expect(smoke.stdout.match(/^PASS /gm)).toHaveLength(14);
    expect(smoke.stdout).toContain('14 passed, 0 failed');
    expect(smokeWithWrongKey.code).toBe(1);
    expect(smokeWithWrongKey.stdout).toMatch(
      /^FAIL {2}admin key works \(GET \/whoami\): the key has scopes read,write, not admin$/m,
    );
    // Webhooks out run with npm start: a localhost receiver gets the new JD's event, signed.
    const [delivery] = receiver.received;
    expect(webhook.data?.secret, JSON.stringify(webhook)).toMatch(/^whsec_/);
    expect(
      new Webhook(webhook.data.secret).verify(
        delivery?.body ?? '',
        delivery?.headers as Record<string, string>,
      ),
    ).toMatchObject({
      type: 'jd.created',
      data: { id: created.data.id, title: 'Webhook role' },
    });
    expect(receiver.received).toHaveLength(1);
    expect(await portIsOpen(port)).toBe(false);
    expect(await portIsOpen(dynamodbPort)).toBe(false);
  }, 90_000);

  it('says so and exits non-zero when DynamoDB Local dies under it, instead of answering 503s on', async () => {
    const [port, dynamodbPort] = [await freePort(), await freePort()];
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DYNAMODB_PORT: String(dynamodbPort),
        DYNAMODB_ENDPOINT: '',
        TABLE_NAME: 'hiring-local',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await waitFor(
      () => output.includes('Ready in') || child.exitCode !== null,
      60_000,
      'npm start',
    );
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );

    await promisify(execFile)('pkill', ['-KILL', '-f', `DynamoDBLocal.jar -port ${dynamodbPort} `]);
    const code = await exited;

    expect(code).toBe(1);
    expect(output).toContain(
      `DynamoDB Local (http://127.0.0.1:${dynamodbPort}) stopped unexpectedly (SIGKILL): the API cannot work without it.`,
    );
    expect(await portIsOpen(port)).toBe(false);
  }, 90_000);
});
