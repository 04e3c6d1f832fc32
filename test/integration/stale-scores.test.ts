import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tenantPk } from '../../lib/db/ids.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { productEvents } from '../helpers/product.js';

/** Stale scores: a score given before its JD's scoring inputs last changed says so. */
const db = useTestDb();

const ulidLike = (prefix: string, i: number) => `${prefix}${String(i).padStart(24, '0')}`;
const HOUR = 60 * 60 * 1000;
const JD = {
  title: 'Senior Backend Engineer, Payments Platform',
  description: 'Builds the ledger.',
  createdById: 'u-1',
  status: 'PUBLISHED',
  experience: '5+ years',
  location: 'Remote (EU)',
};

const product = productEvents(db);

async function scored(n: number) {
  const tenant = await tenantWithKey(db(), ['read', 'write']);
  const ids = {
    jdId: ulidLike('JD', n),
    resumeId: ulidLike('RS', n),
    applicationId: ulidLike('AP', n),
  };
  const scoredAt = new Date(Date.now() - HOUR).toISOString();
  await product(tenant.tenantId, 'jd.upserted', { id: ids.jdId, ...JD });
  await product(tenant.tenantId, 'resume.upserted', {
    id: ids.resumeId,
    fileName: 'cv.pdf',
    metadata: { name: 'Ada Example', email: 'ada@example.com' },
  });
  await product(tenant.tenantId, 'application.upserted', {
    id: ids.applicationId,
    jdId: ids.jdId,
    resumeId: ids.resumeId,
    aiScores: [{ overallScore: 77, scoredAt }, { overallScore: 50 }],
  });
  return { ...tenant, ...ids, scoredAt };
}

/** Every place a score of the application shows, with what it says of staleness. */
async function shown(t: Awaited<ReturnType<typeof scored>>) {
  const [matches, application, applications, candidates] = await Promise.all([
    callApi('GET', `/matches/${t.jdId}`, { key: t.key }),
    callApi('GET', `/applications/${t.applicationId}`, { key: t.key }),
    callApi('GET', `/applications?jdId=${t.jdId}`, { key: t.key }),
    callApi('GET', '/candidates', { key: t.key }),
  ]);
  const candidate = candidates.json.data[0].applications[0];
  return {
    match: [matches.json.data[0].stale, matches.json.data[0].scoringInputsChangedAt],
    application: [
      application.json.data.aiScores.map((s: { overallScore: number; stale: boolean }) => [
        s.overallScore,
        s.stale,
      ]),
      application.json.data.scoringInputsChangedAt,
    ],
    entry: [applications.json.data[0].stale, applications.json.data[0].scoringInputsChangedAt],
    candidate: [
      candidate.aiScores.map((s: { overallScore: number; stale: boolean }) => [
        s.overallScore,
        s.stale,
      ]),
      candidate.scoringInputsChangedAt,
    ],
  };
}

describe('stale scores', () => {
  it('marks every score given before a PATCH of the JD’s description stale, everywhere it shows, and says so in jd.updated', async () => {
    const t = await scored(1);
    expect(await shown(t)).toEqual({
      match: [false, null],
      application: [
        [
          [77, false],
          [50, false],
        ],
        null,
      ],
      entry: [false, null],
      candidate: [
        [
          [77, false],
          [50, false],
        ],
        null,
      ],
    });

    // Not a scoring input: nothing goes stale.
    const located = await callApi('PATCH', `/jds/${t.jdId}`, {
      key: t.key,
      body: { location: 'Berlin' },
    });
    expect(located.status, located.text).toBe(200);
    expect((await shown(t)).match).toEqual([false, null]);

    const patched = await callApi('PATCH', `/jds/${t.jdId}`, {
      key: t.key,
      body: { description: 'Builds the ledger and the payouts engine.' },
    });
    expect(patched.status).toBe(200);
    const changedAt = patched.json.data.updatedAt;
    expect(await shown(t)).toEqual({
      match: [true, changedAt],
      application: [
        [
          [77, true],
          [50, true],
        ],
        changedAt,
      ],
      entry: [true, changedAt],
      candidate: [
        [
          [77, true],
          [50, true],
        ],
        changedAt,
      ],
    });
    const events = await callApi('GET', '/events?type=jd.updated', { key: t.key });
    expect(events.json.data.map((e: { data: object }) => e.data)).toEqual([
      expect.not.objectContaining({ scoringInputsChanged: expect.anything() }),
      expect.objectContaining({ scoringInputsChanged: true }),
    ]);

    // A new score clears it for that score.
    await product(t.tenantId, 'application.upserted', {
      id: t.applicationId,
      jdId: t.jdId,
      resumeId: t.resumeId,
      aiScores: [
        { overallScore: 82, scoredAt: new Date(Date.now() + 1000).toISOString() },
        { overallScore: 77, scoredAt: t.scoredAt },
      ],
    });
    expect((await shown(t)).application[0]).toEqual([
      [82, false],
      [77, true],
    ]);
    expect((await shown(t)).match).toEqual([false, changedAt]);
  });

  it('marks scores stale when the product changes the JD’s requirements or experience, not its status or salary', async () => {
    const t = await scored(2);
    await product(t.tenantId, 'jd.upserted', {
      id: t.jdId,
      ...JD,
      status: 'CLOSED',
      salary: '90k',
    });
    expect((await shown(t)).match).toEqual([false, null]);
    await product(t.tenantId, 'jd.upserted', { id: t.jdId, ...JD, requirements: 'Go, Postgres' });
    const [stale, changedAt] = (await shown(t)).match;
    expect(stale).toBe(true);
    expect(Date.parse(changedAt)).toBeGreaterThan(Date.parse(t.scoredAt));
    const events = await callApi('GET', '/events?type=jd.updated', { key: t.key });
    expect(events.json.data.at(-1).data.scoringInputsChanged).toBe(true);
    expect(events.json.data.at(-2).data).not.toHaveProperty('scoringInputsChanged');
  });

  it('dates a product change by when it happened, not when its event arrived, and tells a first change of a JD written before digests were kept', async () => {
    const t = await scored(3);
    const happened = new Date(Date.now() - 2 * 60_000).toISOString();
    // A score given after the change happened, before its (late) event arrived.
    await product(t.tenantId, 'application.upserted', {
      id: t.applicationId,
      jdId: t.jdId,
      resumeId: t.resumeId,
      aiScores: [
        { overallScore: 90, scoredAt: new Date(Date.now() - 60_000).toISOString() },
        { overallScore: 77, scoredAt: t.scoredAt },
      ],
    });
    await product(
      t.tenantId,
      'jd.upserted',
      { id: t.jdId, ...JD, description: 'Now payouts too.' },
      happened,
    );
    expect((await shown(t)).application).toEqual([
      [
        [90, false],
        [77, true],
      ],
      happened,
    ]);

    const legacy = await scored(4);
    // As a head written before this version kept the digest.
    await db().client.send(
      new UpdateCommand({
        TableName: db().tableName,
        Key: { pk: tenantPk(legacy.tenantId), sk: `JD#${legacy.jdId}` },
        UpdateExpression: 'REMOVE scoringInputs',
      }),
    );
    const patched = await callApi('PATCH', `/jds/${legacy.jdId}`, {
      key: legacy.key,
      body: { description: 'Builds the ledger and the payouts engine.' },
    });
    expect(patched.json.data.scoringInputsChangedAt).toBe(patched.json.data.updatedAt);
    expect((await shown(legacy)).match).toEqual([true, patched.json.data.updatedAt]);
  });
});
