import { mkdir } from 'node:fs/promises';
import { liveSpaceOf } from '../lib/db/spaces.js';
import { resolve } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createKey } from '../lib/composition/keys.js';
import { createDb, setSharedDb } from '../lib/db/client.js';
import { importProductData } from './local/import.js';
import { demoData } from '../lib/composition/test-mode/sample-data.js';
import { type DynamoDbLocal, ensureTable, startDynamoDbLocal } from './local/dynamodb-local.js';
import { startGateway } from './local/gateway.js';
import { withDeployedPermissions } from './local/aws.js';
import { localLogs } from './local/local-logs.js';
import { startWebhookRuntime, type WebhookRuntime } from './local/webhooks.js';

/**
 * `npm start`: DynamoDB Local (in memory, or in DATA_DIR) unless DYNAMODB_ENDPOINT points at one, the
 * table from the shared definition, a demo tenant on an empty table, the local gateway on PORT, and
 * webhooks out (the table's stream to the dispatcher, an in-process queue to the delivery worker), which
 * may deliver to http://localhost here (WEBHOOK_ALLOW_LOCAL_URLS=true unless set otherwise).
 */
const DEMO_TENANT = 'demo';

async function isEmpty(db: ReturnType<typeof createDb>): Promise<boolean> {
  // A one-item Scan is the cheapest "anything here?" check; this runs once, locally, at start-up.
  const { Count } = await db.client.send(
    new ScanCommand({ TableName: db.tableName, Limit: 1, Select: 'COUNT' }),
  );
  return (Count ?? 0) === 0;
}

async function main() {
  const started = Date.now();
  // The functions' log lines, one readable line each (LOG_FORMAT=json keeps Lambda's JSON).
  const logs = localLogs([process.stdout, process.stderr], {
    readable: process.env.LOG_FORMAT !== 'json',
  });
  process.env.TABLE_NAME ??= 'hiring-local';
  process.env.STAGE ??= 'local';
  process.env.WEBHOOK_ALLOW_LOCAL_URLS ??= 'true';
  const port = Number(process.env.PORT ?? 3000);
  let local: DynamoDbLocal | undefined;
  if (!process.env.DYNAMODB_ENDPOINT) {
    const dataDir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : undefined;
    if (dataDir) await mkdir(dataDir, { recursive: true });
    local = await startDynamoDbLocal({
      port: Number(process.env.DYNAMODB_PORT ?? 8000),
      ...(dataDir ? { dataDir } : {}),
    });
    process.env.DYNAMODB_ENDPOINT = local.endpoint;
    console.log(
      `DynamoDB Local ${dataDir ? `(data in ${dataDir})` : '(in memory)'} on ${local.endpoint}`,
    );
  }
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    await gateway?.close();
    await webhooks?.stop();
    await local?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('exit', () => local?.process.kill('SIGKILL'));
  // Without its database the API can only answer 503s: say so, and stop, rather than run on quietly.
  local?.process.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `\nDynamoDB Local (${local?.endpoint}) stopped unexpectedly (${signal ?? `exit code ${code}`}): the API cannot work without it. Stopping; run \`npm start\` again.\n`,
    );
    void stop(1);
  });

  const endpoint = process.env.DYNAMODB_ENDPOINT;
  // Each handler runs with the DynamoDB permissions its function has in the deployed stack.
  const [db] = await Promise.all([
    withDeployedPermissions(createDb({ endpoint, tableName: process.env.TABLE_NAME })),
    ensureTable(endpoint, process.env.TABLE_NAME),
  ]);
  setSharedDb(db);

  const keys: Record<string, string> = {};
  if (await isEmpty(db)) {
    const counts = await logs.quiet(() =>
      importProductData(db, liveSpaceOf(DEMO_TENANT), demoData()),
    );
    for (const [name, scopes, mode] of [
      ['admin', ['admin'], 'live'],
      ['read-write', ['read', 'write'], 'live'],
      // Its test space starts with the sample data, as a deployed tenant's first test key does.
      ['test', ['read', 'write', 'admin'], 'test'],
    ] as const) {
      keys[name] = (
        await logs.quiet(() =>
          createKey(db, DEMO_TENANT, {
            name: `demo ${name}`,
            scopes: [...scopes],
            createdBy: 'npm start',
            mode,
          }),
        )
      ).key;
    }
    console.log(
      `Seeded tenant "${DEMO_TENANT}": ${counts.jds.created} JDs, ${counts.resumes.created} resumes, ${counts.applications.created} applications`,
    );
  }

  // From the stream's latest record: what the demo seed wrote is in the event log, but goes to no endpoint.
  webhooks = await startWebhookRuntime(db, { endpoint });
  gateway = await startGateway(port, process.env.HOST ?? '127.0.0.1');
  const { url } = gateway;
  console.log(`\nHiring Integration API listening on ${url}`);
  console.log(`OpenAPI: ${url}/openapi.json   reference: ${url.replace('/api/v1', '')}/docs`);
  if (!keys.admin) {
    console.log('\nThe table already has data, so no demo keys were created. Make one with:');
    console.log('  npm run admin -- create-key --tenant demo --scopes read,write,admin');
    console.log(
      'Then the developer console: open the "url" this answers, within 10 minutes, once:',
    );
    console.log(
      `  curl -s -X POST -H "X-API-Key: <that key>" -H 'Content-Type: application/json' -d '{}' ${url}/console/links`,
    );
  } else {
    // Each key with what its scopes reach, so that a 403 is no surprise (docs/api.md, "Scopes").
    console.log(`\nDemo admin key (keys, webhooks, audit log, candidate export): ${keys.admin}`);
    console.log(
      `Demo read/write key (JDs, resumes, applications, reviews, events): ${keys['read-write']}`,
    );
    console.log(`Demo test key (read, write and admin, in its own test space): ${keys.test}`);
    console.log(`\nTry: curl -H "X-API-Key: ${keys.test}" ${url}/jds`);
    console.log(
      `Webhooks: POST ${url}/webhooks with the admin key (http://localhost receivers are allowed locally)`,
    );
    console.log(
      `\nDeveloper console, signed in as the demo admin key (open it within 10 minutes, once):\n  ${await consoleLink(url, keys.admin)}`,
    );
    console.log(
      `A new link, later: curl -s -X POST -H "X-API-Key: ${keys.admin}" -H 'Content-Type: application/json' -d '{}' ${url}/console/links`,
    );
  }
  console.log(`Ready in ${Date.now() - started} ms. Ctrl-C stops everything.`);
}

/** A console sign-in link for the key, made as any client makes one (POST /console/links). */
async function consoleLink(url: string, key: string): Promise<string> {
  const answer = await fetch(`${url}/console/links`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const { data } = (await answer.json()) as { data: { url: string } };
  return data.url;
}

let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
let webhooks: WebhookRuntime | undefined;
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
