import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { hashApiKey } from '../../lib/keys/format.js';
import { currentVersion } from '../../lib/versions/shape.js';
import { authenticate } from '../../lib/keys/authentication.js';
import { readCount } from '../../lib/db/counters.js';
import { getTenant } from '../../lib/db/tenants.js';
import { demoData } from '../../lib/composition/test-mode/sample-data.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { newTenantId, useTestDb } from '../helpers/db.js';

const db = useTestDb();
const ROOT = join(import.meta.dirname, '..', '..');

/** Runs `npm run admin -- …` the way an operator does (tsx scripts/admin.ts), against the test table. */
async function admin(...args: string[]) {
  return adminWith({ LOG_LEVEL: 'WARN' }, ...args);
}

async function adminWith(env: Record<string, string>, ...args: string[]) {
  const result = await promisify(execFile)(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['scripts/admin.ts', ...args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
        TABLE_NAME: db().tableName,
        ...env,
      },
    },
  ).then(
    (ok) => ({ ...ok, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => error,
  );
  return { ...result, json: result.stdout ? JSON.parse(result.stdout) : undefined };
}

describe('admin CLI (npm run admin)', () => {
  it('prints exactly one JSON document on stdout for every command, its logs (at INFO) on stderr', async () => {
    const tenant = newTenantId('cli');
    const dir = mkdtempSync(join(tmpdir(), 'stdout-'));
    writeFileSync(join(dir, 'data.json'), JSON.stringify(demoData()));
    const event = {
      type: 'resume.deleted',
      id: 'e-1',
      tenantId: tenant,
      occurredAt: new Date().toISOString(),
      version: 1,
      data: { id: 'res-7d3f' },
    };
    writeFileSync(join(dir, 'events.ndjson'), `${JSON.stringify(event)}\n`);
    const info = { LOG_LEVEL: 'INFO' };

    const created = await adminWith(info, 'create-key', '--tenant', tenant, '--scopes', 'read');
    const runs = [
      created,
      await adminWith(info, 'set-quota', '--tenant', tenant, '--per-hour', '500'),
      await adminWith(info, 'set-key-limit', '--tenant', tenant, '--max-keys', '5'),
      await adminWith(info, 'import', '--tenant', tenant, '--file', join(dir, 'data.json')),
      await adminWith(info, 'publish', '--file', join(dir, 'events.ndjson')),
      await adminWith(info, 'migrate-application-copies', '--tenant', tenant),
      await adminWith(info, 'seal-webhook-secrets', '--tenant', tenant),
      await adminWith(info, 'revoke-key', '--tenant', tenant, '--key-id', created.json.id),
    ];

    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(() => JSON.parse(run.stdout)).not.toThrow();
    }
    // The import's functions logged at INFO, and none of it reached stdout.
    expect(runs[3]?.stderr).toContain('"level":"INFO"');
    expect(runs.map((run) => run.stdout).join('')).not.toContain('"level"');
  });

  it('names the endpoint when DynamoDB refuses the connection', async () => {
    const refused = await adminWith(
      { LOG_LEVEL: 'WARN', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' },
      'set-quota',
      '--tenant',
      newTenantId('cli'),
      '--per-hour',
      '5',
    );

    expect([refused.code, refused.stdout, refused.stderr.trim()]).toEqual([
      1,
      '',
      "DynamoDB at http://127.0.0.1:9 refused the connection: is `npm start` running? (Or set DYNAMODB_ENDPOINT to the table's endpoint.)",
    ]);
  });

  it('create-key creates the tenant on first use and prints one JSON object with id and the plaintext key', async () => {
    const tenant = newTenantId('cli');

    const { json } = await admin(
      'create-key',
      '--tenant',
      tenant,
      '--scopes',
      'admin,read',
      '--name',
      'first-admin',
    );
    const reply = await callApi('GET', '/whoami', { key: json.key });

    expect(json).toMatchObject({
      tenantId: tenant,
      id: expect.any(String),
      name: 'first-admin',
      scopes: ['admin', 'read'],
      apiVersion: currentVersion(),
    });
    expect(reply.json.data).toMatchObject({
      tenantId: tenant,
      keyId: json.id,
      apiVersion: currentVersion(),
      blind: false,
    });
    const { json: blind } = await admin(
      'create-key',
      '--tenant',
      tenant,
      '--scopes',
      'read',
      '--blind',
    );
    expect(blind.blind).toBe(true);
    expect((await callApi('GET', '/whoami', { key: blind.key })).json.data.blind).toBe(true);
  });

  it('import loads product data and a re-import updates instead of duplicating, keeping counts exact', async () => {
    const tenant = newTenantId('cli');
    const file = join(mkdtempSync(join(tmpdir(), 'import-')), 'data.json');
    const data = demoData();
    writeFileSync(file, JSON.stringify(data));

    const first = await admin('import', '--tenant', tenant, '--file', file);
    data.jds![0]!.title = 'Renamed';
    writeFileSync(file, JSON.stringify(data));
    const second = await admin('import', '--tenant', tenant, '--file', file);

    expect(first.json).toMatchObject({
      jds: { created: 6, updated: 0 },
      resumes: { created: 8 },
      applications: { created: 9 },
    });
    expect(second.json).toMatchObject({
      jds: { created: 0, updated: 6 },
      resumes: { created: 0, updated: 8 },
      applications: { created: 0, updated: 9 },
    });
    expect(await readCount(db(), tenant, 'JD')).toBe(6);
    expect(await readCount(db(), tenant, 'RESUME')).toBe(8);
  });

  it('refuses an invalid import file with a message naming the field', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'import-')), 'bad.json');
    writeFileSync(file, JSON.stringify({ jds: [{ title: '' }] }));

    const result = await admin('import', '--tenant', newTenantId('cli'), '--file', file);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('jds.0.title');
  });

  it('set-quota gives a tenant its own hourly limit; revoke-key refuses the key at once', async () => {
    const tenant = newTenantId('cli');
    const { json: created } = await admin('create-key', '--tenant', tenant, '--scopes', 'read');

    await admin('set-quota', '--tenant', tenant, '--per-hour', '5000');
    const allowed = await authenticate(db(), hashApiKey(created.key), 1000);
    await admin('revoke-key', '--tenant', tenant, '--key-id', created.id);

    expect(allowed).toMatchObject({ limit: 5000 });
    expect(await authenticate(db(), hashApiKey(created.key), 1000)).toBe('revoked');
  });

  it('records its key changes in the audit log as the operator’s, with the command as the route', async () => {
    const tenant = newTenantId('cli');
    const { json: created } = await admin('create-key', '--tenant', tenant, '--scopes', 'admin');
    await admin('revoke-key', '--tenant', tenant, '--key-id', created.id);
    const { key } = await tenantWithKey(db(), ['admin'], tenant);

    const log = await callApi('GET', '/audit-log', { key });

    expect(log.json.data).toEqual([
      expect.objectContaining({
        action: 'key.revoked',
        object: { type: 'key', id: created.id, version: null },
        actor: 'operator',
        clientIp: null,
        route: 'admin revoke-key',
      }),
      expect.objectContaining({
        action: 'key.created',
        actor: 'operator',
        route: 'admin create-key',
      }),
    ]);
    expect(log.json.data[0].requestId).toMatch(/^admin-/);
  });

  it('refuses an expiry in the past and limits for a tenant that does not exist, instead of succeeding silently', async () => {
    const unknown = newTenantId('nobody');

    const past = await admin(
      'create-key',
      '--tenant',
      newTenantId('cli'),
      '--scopes',
      'read',
      '--expires-at',
      '2020-01-01T00:00:00Z',
    );
    const quota = await admin('set-quota', '--tenant', unknown, '--per-hour', '5000');
    const keys = await admin('set-key-limit', '--tenant', unknown, '--max-keys', '80');

    expect([past.code, past.stderr]).toEqual([
      2,
      expect.stringContaining('--expires-at must be in the future'),
    ]);
    expect([quota.code, quota.stderr]).toEqual([1, `Tenant ${unknown} not found\n`]);
    expect([keys.code, keys.stderr]).toEqual([1, `Tenant ${unknown} not found\n`]);
    expect(await getTenant(db(), unknown)).toBeUndefined();
  });

  it('set-key-limit raises the number of active keys a tenant may hold', async () => {
    const tenant = newTenantId('cli');
    await admin('create-key', '--tenant', tenant, '--scopes', 'admin');

    const result = await admin('set-key-limit', '--tenant', tenant, '--max-keys', '80');

    expect(result.json).toEqual({ tenantId: tenant, maxActiveKeys: 80 });
    expect((await getTenant(db(), tenant))?.maxActiveKeys).toBe(80);
  });

  it('publish applies an NDJSON stream of product events and counts applied, ignored and rejected, exiting 1 on a reject', async () => {
    const tenant = newTenantId('cli');
    const file = join(mkdtempSync(join(tmpdir(), 'publish-')), 'events.ndjson');
    const jd = {
      id: 'jd-1',
      title: 'Engineer',
      description: 'Builds.',
      status: 'PUBLISHED',
      createdById: 'u-1',
    };
    const lines = [
      { type: 'jd.upserted', id: 'e-1', occurredAt: '2026-11-01T00:00:00Z', version: 2, data: jd },
      { type: 'jd.upserted', id: 'e-1', occurredAt: '2026-11-01T00:00:00Z', version: 2, data: jd },
      {
        type: 'jd.archived',
        id: 'e-2',
        occurredAt: '2026-11-01T00:00:00Z',
        version: 3,
        data: { id: 'jd-1' },
      },
    ];
    writeFileSync(file, [...lines.map((line) => JSON.stringify(line)), '', '{not json'].join('\n'));

    const result = await admin('publish', '--file', file, '--tenant', tenant);
    const stale = {
      type: 'jd.upserted',
      tenantId: tenant,
      id: 'e-0',
      occurredAt: '2026-10-01T00:00:00Z',
      version: 1,
      data: { ...jd, title: 'Older' },
    };
    writeFileSync(file, JSON.stringify(stale));
    const late = await admin('publish', '--file', file);
    const reply = await callApi('GET', '/jds/jd-1', {
      key: (await admin('create-key', '--tenant', tenant, '--scopes', 'read')).json.key,
    });

    expect(result.code).toBe(1);
    expect(result.json).toEqual({
      applied: 1,
      ignored: { duplicate: 1 },
      rejected: [
        { event: 'line 5', reason: 'the line is not JSON' },
        {
          event: 'e-2',
          reason: expect.stringContaining('"jd.archived" is not a product event type'),
        },
      ],
    });
    expect(late).toMatchObject({
      code: 0,
      json: { applied: 0, ignored: { stale: 1 }, rejected: [] },
    });
    expect(reply.json.data.title).toBe('Engineer');
  });

  it('publish rejects each unreadable line on its own (null, an array, 5,000 levels deep) and applies the rest', async () => {
    const tenant = newTenantId('cli');
    const file = join(mkdtempSync(join(tmpdir(), 'publish-')), 'events.ndjson');
    const jd = {
      type: 'jd.upserted',
      id: 'e-1',
      occurredAt: '2026-11-01T00:00:00Z',
      version: 1,
      data: { id: 'jd-1', title: 'Engineer', description: 'Builds.', createdById: 'u-1' },
    };
    writeFileSync(
      file,
      [
        'null',
        '[1, 2]',
        `{"type":"jd.upserted","data":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        JSON.stringify(jd),
      ].join('\n'),
    );

    const result = await admin('publish', '--file', file, '--tenant', tenant);

    expect(result.code).toBe(1);
    expect(result.json).toEqual({
      applied: 1,
      ignored: {},
      rejected: [
        { event: 'line 1', reason: 'the line is not a JSON object' },
        { event: 'line 2', reason: 'the line is not a JSON object' },
        { event: 'line 3', reason: 'the line nests 5001 levels deep: at most 32 are accepted' },
      ],
    });
  });

  it('explains usage errors with exit code 2', async () => {
    const result = await admin('create-key', '--tenant', 'x');

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--scopes is required');
    expect(result.stderr).toContain('Usage: npm run admin');
    const unserved = await admin(
      'create-key',
      '--tenant',
      'x',
      '--scopes',
      'read',
      '--api-version',
      '1999-01-01',
    );
    expect(unserved.code).toBe(2);
    expect(unserved.stderr).toContain(`not a version this API serves: ${currentVersion()}`);
  });
});
