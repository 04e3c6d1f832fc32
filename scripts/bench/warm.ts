import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { generateApiKey } from '../../lib/keys/format.js';
import { setKeyService } from '../../lib/webhooks/secret-box.js';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { AUTHORIZER_FUNCTION, routeEntries } from '../../lib/composition/routes.js';
import { fixtureAsOf } from '../local/fixtures.js';
import { packEntries } from '../../lib/request-log/model.js';
import { lambdaContext, loadHandler } from '../local/handlers.js';
import { median } from './stats.js';

const EVENTS = join(import.meta.dirname, '..', '..', 'events');

/** One plausible item that satisfies every read path (list entry, JD head, resume, application copy, counter, key, event, webhook). */
function fakeItem(i: number) {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return {
    pk: 'TENANT#demo',
    sk: `RESUME#r${i}`,
    entity: 'JD',
    id: `id${i}`,
    title: 'Senior Backend Engineer',
    status: 'PUBLISHED',
    department: 'Engineering',
    location: 'Berlin',
    experience: '5+ years',
    type: 'full-time',
    salary: '€80k',
    createdAt,
    updatedAt: createdAt,
    fileName: `candidate_${i}.pdf`,
    parseStatus: 'COMPLETED',
    metadata: { name: 'Ada', email: 'ada@example.com', skills: ['ts'], experience: '5y' },
    metadataSummary: { skills: ['ts'], experience: '5y' },
    jdId: 'jd',
    jdTitle: 'T',
    aiScores: [80, 70],
    gsi1sk: `R#${i}#id${i}`,
    resumeId: `r${i}`,
    candidate: 'Ada',
    email: 'ada@example.com',
    aiScore: 80,
    total: 1000,
    keyHash: 'h',
    name: 'key',
    scopes: ['read'],
    createdBy: 'x',
    url: 'https://93.184.215.14/hiring',
    events: ['*'],
    secrets: [{ value: `whsec_${Buffer.alloc(32, i).toString('base64')}`, createdAt }],
    // A request log item's (GET /requests): one minute's entries, packed as the writer packs them.
    entries: packEntries([
      {
        requestId: `c6af9ac6-7b61-11e6-9a41-93e8deadbe${String(i).padStart(2, '0')}`,
        time: createdAt,
        method: 'GET',
        path: `/jds/id${i}`,
        route: 'GET /jds/{jdId}',
        status: 200,
        code: null,
        durationMs: 42,
        keyId: 'k',
        keyName: 'key',
        apiVersion: '2026-11-25',
        idempotencyKey: null,
        replayed: false,
        queryParameters: [],
        userAgent: 'hiring-client/1.0',
        clientIp: '203.0.113.7',
      },
    ]),
    count: 1,
    data: {
      id: `id${i}`,
      title: 'Senior Backend Engineer',
      status: 'PUBLISHED',
      updatedAt: createdAt,
    },
    ttl: 4_102_444_800,
  };
}

/**
 * Functions whose warm overhead is not measured, and why: their work is a sequence of writes whose
 * later reads must find the earlier writes, which a mock answering every read with the same items
 * cannot give.
 */
export const NOT_MEASURED_WARM: Record<string, string> = {
  'reset-test-space':
    'deletes a test space, then writes the sample data as 23 product events, each reading what the ones before wrote; its cost is that DynamoDB work (a used space reset and seeded in 0.9 s on DynamoDB Local, in its test)',
};

/**
 * CPU time per warm invocation of each handler, with every DynamoDB call answered in-process at zero
 * latency (aws-sdk-client-mock), median over `invocations`.
 */
export async function warmOverhead(invocations: number): Promise<Map<string, number>> {
  process.env.LOG_LEVEL = 'WARN';
  setSharedDb(createDb({ endpoint: 'http://127.0.0.1:1', tableName: 'bench' }));
  const items = Array.from({ length: 21 }, (_, i) => fakeItem(i));
  const mock = mockClient(DynamoDBDocumentClient);
  mock.on(GetCommand).resolves({ Item: items[0] });
  mock.on(QueryCommand).resolves({ Items: items, Count: items.length });
  mock.on(BatchGetCommand).resolves({ Responses: { bench: items } });
  mock.on(PutCommand).resolves({});
  mock.on(TransactWriteCommand).resolves({});
  mock.on(UpdateCommand).resolves({
    Attributes: {
      tenantId: 'demo',
      keyId: 'k',
      name: 'n',
      scopes: ['read'],
      cnt: 5,
      hourlyLimit: 1000,
    },
  });
  // KMS answered in-process too: a data key is "encrypted" as itself (create-webhook and
  // rotate-webhook-secret seal a new signing secret; without a key service they fail).
  setKeyService({
    generateDataKey: async () => {
      const plaintext = randomBytes(32);
      return { plaintext, encrypted: Uint8Array.from(plaintext) };
    },
    decrypt: async (encrypted) => Uint8Array.from(encrypted),
  });
  const validKey = generateApiKey();
  const results = new Map<string, number>();
  const functions = [AUTHORIZER_FUNCTION, ...routeEntries().map(([, route]) => route.functionName)];
  for (const name of functions) {
    if (Object.hasOwn(NOT_MEASURED_WARM, name)) continue;
    const event = fixtureAsOf(JSON.parse(readFileSync(join(EVENTS, `${name}.json`), 'utf8')));
    if (name === AUTHORIZER_FUNCTION) event.headers['x-api-key'] = validKey;
    // The fixture's host needs DNS, which this machine may not have: an address measures the create itself.
    if (name === 'create-webhook')
      event.body = JSON.stringify({
        ...JSON.parse(event.body),
        url: 'https://93.184.215.14/hiring',
      });
    const handler = await loadHandler(name);
    // A context per invocation, as Lambda gives: its remaining time counts from the invocation's start.
    const invoke = () => handler(structuredClone(event), lambdaContext(name, 'bench'));
    for (let i = 0; i < 100; i++) await invoke();
    const samples: number[] = [];
    for (let i = 0; i < invocations; i++) {
      const before = process.cpuUsage();
      const result = (await invoke()) as { statusCode?: number; isAuthorized?: boolean };
      const used = process.cpuUsage(before);
      samples.push((used.user + used.system) / 1000);
      if (result.statusCode !== undefined && result.statusCode >= 500)
        throw new Error(`${name} failed: ${JSON.stringify(result)}`);
    }
    results.set(name, median(samples));
  }
  mock.restore();
  setKeyService(undefined);
  setSharedDb(undefined);
  return results;
}
