import { queryAll } from '../../lib/db/dynamo.js';
import { tenantPk } from '../../lib/db/ids.js';
import { randomUUID } from 'node:crypto';
import { liveSpaceOf, type SpaceId } from '../../lib/db/spaces.js';
import { readFileSync } from 'node:fs';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDb, type Db, setSharedDb } from '../../lib/db/client.js';
import { ensureTable, localClient } from '../../scripts/local/dynamodb-local.js';
import { useLocalAws } from '../../scripts/local/aws.js';
import { enforceIam, LocalIam } from '../../scripts/local/iam.js';
import type { CfnTemplate } from '../../scripts/local/stack-template.js';

/** The synthesized stack's template (global setup), read once per test file. */
let template: CfnTemplate | undefined;
export function stackTemplateForTests(): CfnTemplate {
  template ??= JSON.parse(readFileSync(inject('stackTemplatePath'), 'utf8')) as CfnTemplate;
  return template;
}

/**
 * DynamoDB Local shares the machine's cores with the suite: under the load tests' bursts it can take
 * longer than DynamoDB's 1 s to accept a connection or 2 s to answer, which is not what those tests are
 * about. The deployed limits are held by the outage tests (test/integration/outages.test.ts).
 */
export const LOCAL_TEST_TIMEOUTS = {
  connectionTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
} as const;

/**
 * A fresh table in the suite's DynamoDB Local for one test file, deleted afterwards. Handlers see it
 * too (it becomes the shared Db), held to their IAM policies from the synthesized stack. Use the
 * returned getter inside tests.
 *
 * `stream: true` for a file that reads the table's stream (the local webhook runtime); the others go
 * without one. DynamoDB Local keeps the stream records of every table it ever had, deleted ones
 * included, and every write to a table with a stream searches them: measured, 4,000 writes took
 * 2.8 s on a table without a stream and 51 s on one with, after 30,000 earlier records. A table
 * without a stream is slowed by none of that, and nothing else about it differs.
 */
export function useTestDb(options: { stream?: boolean } = {}): () => Db {
  let db: Db | undefined;
  const endpoint = inject('dynamodbEndpoint');
  const tableName = `test-${randomUUID()}`;
  beforeAll(async () => {
    await ensureTable(endpoint, tableName, { stream: options.stream ?? false });
    process.env.TABLE_NAME = tableName;
    process.env.DYNAMODB_ENDPOINT = endpoint;
    const iam = new LocalIam(stackTemplateForTests(), tableName);
    useLocalAws(stackTemplateForTests(), tableName, iam);
    db = enforceIam(createDb({ endpoint, tableName, timeouts: LOCAL_TEST_TIMEOUTS }), iam);
    setSharedDb(db);
  });
  afterAll(async () => {
    setSharedDb(undefined);
    db?.client.destroy();
    const client = localClient(endpoint);
    await client.send(new DeleteTableCommand({ TableName: tableName }));
    client.destroy();
  });
  return () => {
    if (!db)
      throw new Error(
        'useTestDb(): the table is created in beforeAll; call the getter inside a test',
      );
    return db;
  };
}

let tenantSequence = 0;
/** A tenant id unique within the run. */
export function newTenantId(label = 'tenant'): SpaceId {
  tenantSequence += 1;
  return liveSpaceOf(`${label}-${process.pid}-${tenantSequence}`);
}

/**
 * The next product version, for writes a test makes as the product would (applyJdUpsert, applyResumeUpsert…):
 * increasing through the run, and above the versions `importProductData` gives (epoch milliseconds).
 */
let lastVersion = Date.now() * 10;
export function productVersion(): { sourceVersion: number } {
  lastVersion += 1;
  return { sourceVersion: lastVersion };
}

/** Every item of a tenant's live partition, as stored (a test that looks at what is written, not at what the API shows). */
export async function storedItems(db: Db, tenantId: string): Promise<Record<string, unknown>[]> {
  return queryAll<Record<string, unknown>>(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': tenantPk(liveSpaceOf(tenantId)) },
  });
}
