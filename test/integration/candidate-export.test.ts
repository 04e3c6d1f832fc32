import { describe, expect, it } from 'vitest';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { productEvents } from '../helpers/product.js';

/** A candidate's data on request: GET /candidates/:resumeId/export, paged by application. */
const db = useTestDb();

const ulidLike = (prefix: string, i: number) => `${prefix}${String(i).padStart(24, '0')}`;
const MODEL = { id: 'match-ranker-large', version: '2026.11.1' };
const RESUME = ulidLike('RS', 1);

const product = productEvents(db);

async function candidateWithThreeApplications() {
  const tenant = await tenantWithKey(db(), ['read', 'write']);
  const privacy = await tenantWithKey(db(), ['privacy:read'], tenant.tenantId);
  const admin = await tenantWithKey(db(), ['admin'], tenant.tenantId);
  await product(tenant.tenantId, 'resume.upserted', {
    id: RESUME,
    fileName: 'ada_lovelace_cv.pdf',
    metadata: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
  });
  for (let j = 1; j <= 3; j++) {
    await product(tenant.tenantId, 'jd.upserted', {
      id: ulidLike('JD', j),
      title: `Engineer ${j}`,
      description: 'Builds the ledger.',
      createdById: 'u-1',
      status: 'PUBLISHED',
    });
    await product(tenant.tenantId, 'application.upserted', {
      id: ulidLike('AP', j),
      jdId: ulidLike('JD', j),
      resumeId: RESUME,
      aiScores: [
        {
          overallScore: 70 + j,
          scoredAt: new Date(Date.now() - j * 60_000).toISOString(),
          model: MODEL,
          criteria: [{ name: 'Required skills', score: 80, weight: 50 }],
          summary: 'Strong on ledgers.',
        },
      ],
    });
  }
  const review = await callApi('POST', `/applications/${ulidLike('AP', 2)}/reviews`, {
    key: tenant.key,
    body: { outcome: 'overridden', reviewer: 'recruiter-17', rationale: 'Met her: excellent.' },
    sourceIp: '198.51.100.4',
  });
  expect(review.status, review.text).toBe(201);
  return { ...tenant, privacyKey: privacy.key, adminKey: admin.key, review: review.json.data };
}

describe('GET /candidates/:resumeId/export', () => {
  it('hands over the resume and every application with its scores’ provenance, reviews and their audit entries, a page at a time', async () => {
    const t = await candidateWithThreeApplications();
    const first = await callApi('GET', `/candidates/${RESUME}/export?limit=2`, {
      key: t.privacyKey,
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.resume).toMatchObject({
      id: RESUME,
      fileName: 'ada_lovelace_cv.pdf',
      metadata: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
    });
    expect(first.json.data.applications).toHaveLength(2);
    expect(first.json.pagination).toMatchObject({ limit: 2, hasMore: true });
    const second = await callApi(
      'GET',
      `/candidates/${RESUME}/export?limit=2&cursor=${encodeURIComponent(first.json.pagination.nextCursor)}`,
      { key: t.adminKey },
    );
    expect(second.json.pagination.hasMore).toBe(false);
    expect(second.json.data.resume.id).toBe(RESUME);
    const applications = [...first.json.data.applications, ...second.json.data.applications];
    expect(applications.map((a: { id: string }) => a.id).sort()).toEqual(
      [1, 2, 3].map((j) => ulidLike('AP', j)),
    );
    const reviewed = applications.find((a: { id: string }) => a.id === ulidLike('AP', 2));
    expect(reviewed).toMatchObject({
      jdId: ulidLike('JD', 2),
      jobDescription: { id: ulidLike('JD', 2), title: 'Engineer 2' },
      aiScores: [
        {
          overallScore: 72,
          model: MODEL,
          criteria: [{ name: 'Required skills', score: 80, weight: 50 }],
          summary: 'Strong on ledgers.',
          stale: false,
        },
      ],
      reviews: [
        {
          ...t.review,
          auditEntry: {
            action: 'review.created',
            object: { type: 'review', id: t.review.id, version: null },
            actor: t.keyId,
            clientIp: '198.51.100.4',
            route: 'POST /applications/{applicationId}/reviews',
          },
        },
      ],
    });
  });

  it('takes privacy:read or admin and nothing else, and finds no erased candidate', async () => {
    const t = await candidateWithThreeApplications();
    const refused = await callApi('GET', `/candidates/${RESUME}/export`, { key: t.key });
    expect([refused.status, refused.json.error]).toEqual([
      403,
      'API key does not have the required scope: privacy:read',
    ]);
    const stranger = await tenantWithKey(db(), ['admin']);
    expect(
      (await callApi('GET', `/candidates/${RESUME}/export`, { key: stranger.key })).status,
    ).toBe(404);
    await product(t.tenantId, 'resume.deleted', { id: RESUME });
    const erased = await callApi('GET', `/candidates/${RESUME}/export`, { key: t.privacyKey });
    expect([erased.status, erased.json.code]).toEqual([404, 'not_found']);
    const limit = await callApi('GET', `/candidates/${RESUME}/export?limit=0`, { key: t.adminKey });
    expect(limit.status).toBe(400);
  });
});
