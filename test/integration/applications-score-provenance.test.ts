import { stampChange } from '../../lib/db/log/changes.js';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
} from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { applicationItems } from '../../lib/applications/model.js';
import { LIMITS } from '../../lib/schemas/limits.js';
import { createTableInput, INDEXES } from '../../lib/db/table.js';
import { ensureTable, localClient } from '../../scripts/local/dynamodb-local.js';
import { deliverLocally } from '../../scripts/local/product-bus.js';
import { publishedEvent } from '../helpers/product.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { newTenantId, storedItems, useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { startReceiver, useWebhookRuntime, waitFor } from '../helpers/webhooks.js';

// Short retries for the test; http and loopback allowed, as on the local stack.
useEnv({
  WEBHOOK_RETRY_SCHEDULE: '0.3,0.3,0.3',
  WEBHOOK_ALLOW_LOCAL_URLS: 'true',
});

const db = useTestDb({ stream: true });
useWebhookRuntime(db);
const ROOT = join(import.meta.dirname, '..', '..');

const MODEL = { id: 'match-ranker-large', version: '2026.11.1' };
/** A score as a product reports it, with its whole provenance (its time in +01:00, stored in UTC). */
const EXPLAINED = {
  overallScore: 87.5,
  scoredAt: '2026-11-20T10:14:00+01:00',
  model: MODEL,
  criteria: [
    { name: 'Required skills: TypeScript, DynamoDB, event-driven design', score: 92, weight: 0.5 },
    { name: 'Seniority', score: 80, weight: 0.3 },
    { name: 'Payments domain', score: 86 },
  ],
  summary:
    'Covers 11 of 12 required skills; the resume says "led the Quintessa payments migration at Zelda Corp".',
};
const STORED_EXPLAINED = { ...EXPLAINED, scoredAt: '2026-11-20T09:14:00.000Z' };
const JD = {
  id: '01JDPROVENANCE0000000000001',
  title: 'Senior Backend Engineer, Payments Platform',
  description: 'Builds.',
  createdById: 'u-1',
  status: 'PUBLISHED',
};
const RESUME = {
  id: '01JRPROVENANCE0000000000001',
  fileName: 'zelda_quintessa_cv.pdf',
  metadata: { name: 'Zelda Quintessa', email: 'zelda@example.com' },
};
const APPLICATION = '01JAPROVENANCE0000000000001';

const event = publishedEvent;

/** `npm run admin -- publish` as an operator runs it, against the test table. */
async function publish(tenantId: string, events: object[]) {
  const file = join(mkdtempSync(join(tmpdir(), 'provenance-')), 'events.ndjson');
  writeFileSync(file, events.map((line) => JSON.stringify(line)).join('\n'));
  const { stdout } = await promisify(execFile)(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['scripts/admin.ts', 'publish', '--file', file, '--tenant', tenantId],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
        TABLE_NAME: db().tableName,
        LOG_LEVEL: 'WARN',
      },
    },
  );
  return JSON.parse(stdout) as { applied: number; rejected: unknown[] };
}

describe('AI score provenance', () => {
  it('shows a score’s provenance, published through npm run admin -- publish, in GET /matches, /candidates, /applications/:id, /events and a webhook', async () => {
    const admin = await tenantWithKey(db(), ['admin']);
    const { key } = await tenantWithKey(db(), ['read'], admin.tenantId);
    const receiver = await startReceiver();
    const hook = await callApi('POST', '/webhooks', {
      key: admin.key,
      body: { url: receiver.url, events: ['application.scored'] },
    });
    expect(hook.status, hook.text).toBe(201);

    const published = await publish(admin.tenantId, [
      { type: 'jd.upserted', id: 'p-1', occurredAt: '2026-11-20T09:00:00Z', version: 1, data: JD },
      {
        type: 'resume.upserted',
        id: 'p-2',
        occurredAt: '2026-11-20T09:00:00Z',
        version: 1,
        data: RESUME,
      },
      {
        type: 'application.upserted',
        id: 'p-3',
        occurredAt: '2026-11-20T09:15:00Z',
        version: 1,
        data: {
          id: APPLICATION,
          jdId: JD.id,
          resumeId: RESUME.id,
          aiScores: [{ overallScore: 70 }, EXPLAINED],
        },
      },
    ]);
    expect(published).toMatchObject({ applied: 3, rejected: [] });

    const matches = await callApi('GET', `/matches/${JD.id}`, { key });
    expect(matches.json.data).toEqual([
      expect.objectContaining({
        applicationId: APPLICATION,
        aiScore: 87.5,
        scoredAt: STORED_EXPLAINED.scoredAt,
        model: MODEL,
      }),
    ]);

    const candidates = await callApi('GET', '/candidates', { key });
    // The JD's inputs never changed: no score is stale.
    expect(candidates.json.data[0].applications[0].aiScores).toEqual([
      { overallScore: 87.5, scoredAt: STORED_EXPLAINED.scoredAt, model: MODEL, stale: false },
      { overallScore: 70, stale: false },
    ]);

    const application = await callApi('GET', `/applications/${APPLICATION}`, { key });
    expect(application.status, application.text).toBe(200);
    expect(application.json.data).toEqual({
      id: APPLICATION,
      jdId: JD.id,
      resumeId: RESUME.id,
      status: 'SCREENING',
      aiScore: 87.5,
      aiScores: [
        { ...STORED_EXPLAINED, stale: false },
        { overallScore: 70, stale: false },
      ],
      reviews: [],
      scoringInputsChangedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const scored = {
      id: APPLICATION,
      jdId: JD.id,
      resumeId: RESUME.id,
      aiScore: 87.5,
      model: MODEL,
      scoredAt: STORED_EXPLAINED.scoredAt,
      updatedAt: expect.any(String),
    };
    const logged = async () =>
      (await callApi('GET', '/events?type=application.scored', { key })).json.data.map(
        (entry: { data: unknown }) => entry.data,
      );
    await waitFor(
      async () => (await logged()).length > 0,
      5_000,
      'the application.scored event in the log',
    );
    expect(await logged()).toEqual([scored]);
    await waitFor(() => receiver.received.length === 1, 15_000, 'the application.scored delivery');
    expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({
      type: 'application.scored',
      data: scored,
    });
    await receiver.close();
  }, 60_000);

  it('announces only scores the application did not have, the newest of them, and shows scores stored without provenance as they were', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, JD),
      event('resume.upserted', tenantId, 1, RESUME),
    ]);
    // An application written before provenance was recorded: bare numbers.
    const old = applicationItems(
      tenantId,
      {
        id: APPLICATION,
        jdId: JD.id,
        resumeId: RESUME.id,
        status: 'SCREENING',
        scores: [{ overallScore: 80 }],
        createdAt: '2026-11-01T00:00:00.000Z',
      },
      { version: 1, updatedAt: '2026-11-01T00:00:00.000Z', sourceVersion: 1 },
      { candidate: 'Zelda Quintessa', email: 'zelda@example.com', identityVersion: 1 },
      { jdTitle: JD.title, jdTitleVersion: 1 },
    );
    for (const item of [
      { ...old.application, scores: [80] },
      { ...old.copy, aiScores: [80] },
      old.pointer,
    ]) {
      // Stamped as a write of the time stamped its changes-index entry.
      const stored = stampChange(
        item as Record<string, unknown>,
        new Date('2026-11-01T00:00:00.000Z'),
      );
      await db().client.send(new PutCommand({ TableName: db().tableName, Item: stored }));
    }
    const scoredEvents = async () =>
      (await callApi('GET', '/events?type=application.scored', { key })).json.data.map(
        (logged: { data: unknown }) => logged.data,
      );
    expect(
      (await callApi('GET', `/applications/${APPLICATION}`, { key })).json.data.aiScores,
    ).toEqual([{ overallScore: 80, stale: false }]);
    expect(
      (await callApi('GET', '/candidates', { key })).json.data[0].applications[0].aiScores,
    ).toEqual([{ overallScore: 80, stale: false }]);
    expect((await callApi('GET', `/matches/${JD.id}`, { key })).json.data[0]).toMatchObject({
      aiScore: 80,
      scoredAt: null,
      model: null,
    });

    // The same score again, with a new status: updated, not scored.
    await deliverLocally(db(), [
      event('application.upserted', tenantId, 2, {
        id: APPLICATION,
        jdId: JD.id,
        resumeId: RESUME.id,
        status: 'SHORTLISTED',
        aiScores: [{ overallScore: 80 }],
      }),
    ]);
    expect(await scoredEvents()).toEqual([]);

    // Two new scores at once: one event, for the newer.
    const older = {
      overallScore: 95,
      scoredAt: '2026-11-21T08:00:00.000Z',
      model: { id: 'match-ranker-large', version: '2026.10.2' },
    };
    const newer = { overallScore: 60, scoredAt: '2026-11-22T08:00:00.000Z', model: MODEL };
    await deliverLocally(db(), [
      event('application.upserted', tenantId, 3, {
        id: APPLICATION,
        jdId: JD.id,
        resumeId: RESUME.id,
        aiScores: [{ overallScore: 80 }, older, newer],
      }),
    ]);
    expect(await scoredEvents()).toEqual([
      expect.objectContaining({ aiScore: 60, scoredAt: newer.scoredAt, model: MODEL }),
    ]);
    expect((await callApi('GET', `/applications/${APPLICATION}`, { key })).json.data).toMatchObject(
      { status: 'SHORTLISTED', aiScore: 95, aiScores: [newer, older, { overallScore: 80 }] },
    );
    expect((await callApi('GET', `/matches/${JD.id}`, { key })).json.data[0]).toMatchObject({
      aiScore: 95,
      scoredAt: older.scoredAt,
      model: older.model,
    });
    const updates = (await callApi('GET', '/events?type=application.updated', { key })).json.data;
    expect(
      updates.map((logged: { data: { status: string; aiScore: number } }) => [
        logged.data.status,
        logged.data.aiScore,
      ]),
    ).toEqual([
      ['SHORTLISTED', 80],
      ['SHORTLISTED', 95],
    ]);
  }, 60_000);

  it('refuses oversized provenance with the reason: a long summary, too many criteria, too many bytes', async () => {
    const tenantId = newTenantId('provenance');
    await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, JD),
      event('resume.upserted', tenantId, 1, RESUME),
    ]);
    const withScores = (aiScores: object[]) =>
      event('application.upserted', tenantId, 1, {
        id: APPLICATION,
        jdId: JD.id,
        resumeId: RESUME.id,
        aiScores,
      });
    const criterion = (i: number) => ({ name: `Criterion ${i}`, score: 50 });
    // 100 scores of 990 characters each: within every per-field bound, past the 96 KB of the whole.
    const bulky = Array.from({ length: LIMITS.scoresPerApplication }, (_, i) => ({
      overallScore: i,
      summary: `${'x'.repeat(980)} ${i}`.slice(0, 990),
    }));

    const deliveries = await deliverLocally(db(), [
      withScores([{ ...EXPLAINED, summary: 's'.repeat(LIMITS.scoreSummary + 1) }]),
      withScores([
        {
          ...EXPLAINED,
          criteria: Array.from({ length: LIMITS.criteriaPerScore + 1 }, (_, i) => criterion(i)),
        },
      ]),
      withScores([
        { ...EXPLAINED, model: { id: 'm'.repeat(LIMITS.modelField + 1), version: '1' } },
      ]),
      withScores(bulky),
    ]);

    const reasons = deliveries.map(
      (delivery) => (delivery.outcome as { outcome: string; reason: string }).reason,
    );
    expect(deliveries.map((delivery) => delivery.outcome.outcome)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(reasons[0]).toMatch(/aiScores\.0\.summary.*1000/);
    expect(reasons[1]).toMatch(/aiScores\.0\.criteria.*20/);
    expect(reasons[2]).toMatch(/aiScores\.0\.model\.id.*100/);
    expect(reasons[3]).toMatch(/aiScores.*98304 bytes as JSON/);
    expect(await storedItems(db(), tenantId)).not.toContainEqual(
      expect.objectContaining({ entity: 'APPLICATION' }),
    );
  });

  it('erases every score summary and criterion with the resume: nothing of them is left in the tenant’s partition', async () => {
    const tenantId = newTenantId('provenance');
    await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, JD),
      event('jd.upserted', tenantId, 1, { ...JD, id: '01JDPROVENANCE0000000000002' }),
      event('resume.upserted', tenantId, 1, RESUME),
    ]);
    await deliverLocally(db(), [
      event('application.upserted', tenantId, 1, {
        id: APPLICATION,
        jdId: JD.id,
        resumeId: RESUME.id,
        aiScores: [EXPLAINED],
      }),
      event('application.upserted', tenantId, 1, {
        id: '01JAPROVENANCE0000000000002',
        jdId: '01JDPROVENANCE0000000000002',
        resumeId: RESUME.id,
        aiScores: [EXPLAINED],
      }),
    ]);
    const traces = [
      'led the quintessa payments migration',
      'required skills: typescript',
      'payments domain',
    ];
    const before = JSON.stringify(await storedItems(db(), tenantId)).toLowerCase();

    const [erased] = await deliverLocally(db(), [
      event('resume.deleted', tenantId, 2, { id: RESUME.id }),
    ]);

    const after = JSON.stringify(await storedItems(db(), tenantId)).toLowerCase();
    expect(erased?.outcome).toEqual({ outcome: 'applied', created: false });
    for (const trace of traces) {
      expect(before).toContain(trace);
      expect(after).not.toContain(trace);
    }
  });

  it('gives a local table kept from before (DATA_DIR) the new matches index when the local stack starts', async () => {
    const endpoint = inject('dynamodbEndpoint');
    const tableName = `kept-${process.pid}-${Date.now()}`;
    const client = localClient(endpoint);
    try {
      const input = createTableInput(tableName);
      const indexes = input.GlobalSecondaryIndexes.filter(
        (index) => index.IndexName !== INDEXES.matches.name,
      );
      const keys = new Set(
        [...input.KeySchema, ...indexes.flatMap((index) => index.KeySchema)].map(
          (key) => key.AttributeName,
        ),
      );
      await client.send(
        new CreateTableCommand({
          ...input,
          GlobalSecondaryIndexes: indexes,
          AttributeDefinitions: input.AttributeDefinitions.filter((attribute) =>
            keys.has(attribute.AttributeName),
          ),
        }),
      );

      await ensureTable(endpoint, tableName);

      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(
        input.GlobalSecondaryIndexes.map((index) => index.IndexName).sort(),
      );
      expect(
        Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === INDEXES.matches.name)
          ?.Projection?.NonKeyAttributes,
      ).toContain('aiModel');
    } finally {
      await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      client.destroy();
    }
  });
});
