import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lib/schemas/limits.js';
import { tenantPk } from '../../lib/db/ids.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { productEvents } from '../helpers/product.js';

/** Human review of AI scores: POST /applications/:id/reviews, bound to one score. */
const db = useTestDb();

const ulidLike = (prefix: string, i: number) => `${prefix}${String(i).padStart(24, '0')}`;
const MODEL = { id: 'match-ranker-large', version: '2026.11.1' };
const OTHER_MODEL = { id: 'match-ranker-small', version: '2026.10.4' };
const HOUR = 60 * 60 * 1000;

const product = productEvents(db);

/** A tenant with a JD, a resume and an application scored twice (an hour apart, two models), and keys. */
async function scoredApplication(n: number, scores?: object[]) {
  const tenant = await tenantWithKey(db(), ['read', 'write']);
  const reviewer = await tenantWithKey(db(), ['review:write'], tenant.tenantId);
  const jdId = ulidLike('JD', n);
  const resumeId = ulidLike('RS', n);
  const applicationId = ulidLike('AP', n);
  const now = Date.now();
  const older = new Date(now - 2 * HOUR).toISOString();
  const newer = new Date(now - HOUR).toISOString();
  await product(tenant.tenantId, 'jd.upserted', {
    id: jdId,
    title: 'Senior Backend Engineer, Payments Platform',
    description: 'Builds the ledger.',
    createdById: 'u-1',
    status: 'PUBLISHED',
  });
  await product(tenant.tenantId, 'resume.upserted', {
    id: resumeId,
    fileName: 'candidate_cv.pdf',
    metadata: { name: 'Ada Example', email: 'ada@example.com' },
  });
  await product(tenant.tenantId, 'application.upserted', {
    id: applicationId,
    jdId,
    resumeId,
    status: 'SCREENING',
    aiScores: scores ?? [
      { overallScore: 91.5, scoredAt: older, model: MODEL, summary: 'Strong ledger experience.' },
      { overallScore: 64, scoredAt: newer, model: OTHER_MODEL },
    ],
  });
  return { ...tenant, reviewerKey: reviewer.key, jdId, resumeId, applicationId, older, newer };
}

const review = (key: string, applicationId: string, body: object, headers = {}) =>
  callApi('POST', `/applications/${applicationId}/reviews`, { key, body, headers });

describe('reviews of AI scores', () => {
  it('records a review of the score every list shows (aiScore) by default, shows it in GET /applications/:id, the matches and the event log', async () => {
    const t = await scoredApplication(1);
    const first = await review(t.reviewerKey, t.applicationId, {
      outcome: 'overridden',
      reviewer: 'recruiter-17',
      rationale: 'The candidate led the ledger migration; the model missed it.',
    });
    expect(first.status, first.text).toBe(201);
    // Where it is: GET there answers it as POST did.
    expect(first.headers.location).toBe(
      `/api/v1/applications/${t.applicationId}/reviews/${first.json.data.id}`,
    );
    const read = await callApi('GET', (first.headers.location as string).replace('/api/v1', ''), {
      key: t.key,
    });
    expect([read.status, read.json.data, read.headers.etag]).toEqual([
      200,
      first.json.data,
      first.headers.etag,
    ]);
    const elsewhere = await callApi(
      'GET',
      `/applications/${t.applicationId}/reviews/01JNOREVIEW0000000000000000`,
      { key: t.key },
    );
    expect(elsewhere.status).toBe(404);
    // The score the reviewer was shown: the matches' aiScore (the highest), not the newest.
    const shown = await callApi('GET', `/matches/${t.jdId}`, { key: t.key });
    const { aiScore, scoredAt, model } = shown.json.data[0];
    expect(first.json.data.score).toEqual({ overallScore: aiScore, scoredAt, model });
    expect(first.json.data).toEqual({
      id: expect.any(String),
      applicationId: t.applicationId,
      score: { overallScore: 91.5, scoredAt: t.older, model: MODEL },
      outcome: 'overridden',
      reviewer: 'recruiter-17',
      rationale: 'The candidate led the ledger migration; the model missed it.',
      reviewedAt: expect.any(String),
      blind: false,
    });
    // The other score, named by its time in another offset and its model.
    // The same instant as t.newer, written in +02:00.
    const inBerlin = new Date(Date.parse(t.newer) + 2 * HOUR).toISOString().replace('Z', '+02:00');
    const second = await review(t.key, t.applicationId, {
      score: { scoredAt: inBerlin, model: OTHER_MODEL },
      outcome: 'confirmed',
      reviewer: 'hiring-manager-3',
    });
    expect(second.status, second.text).toBe(201);
    expect(second.json.data.score).toEqual({
      overallScore: 64,
      scoredAt: t.newer,
      model: OTHER_MODEL,
    });
    expect(second.json.data.rationale).toBeNull();

    const application = await callApi('GET', `/applications/${t.applicationId}`, { key: t.key });
    expect(application.json.data.reviews.map((r: { id: string }) => r.id)).toEqual([
      second.json.data.id,
      first.json.data.id,
    ]);
    const matches = await callApi('GET', `/matches/${t.jdId}`, { key: t.key });
    expect(matches.json.data[0]).toMatchObject({ reviewed: true, reviewOutcome: 'confirmed' });

    const events = await callApi('GET', '/events?type=application.reviewed', { key: t.key });
    expect(events.json.data.map((e: { data: object }) => e.data)).toEqual([
      {
        id: t.applicationId,
        jdId: t.jdId,
        resumeId: t.resumeId,
        reviewId: first.json.data.id,
        outcome: 'overridden',
        scoredAt: t.older,
        model: MODEL,
        reviewedAt: first.json.data.reviewedAt,
        blind: false,
      },
      expect.objectContaining({ reviewId: second.json.data.id, outcome: 'confirmed' }),
    ]);
    // Who reviewed and why stay out of the log.
    expect(events.text).not.toContain('recruiter-17');
    expect(events.text).not.toContain('ledger migration');
  });

  it('answers 409 for a score the application does not have, two it cannot tell apart, or no score at all', async () => {
    const t = await scoredApplication(2);
    const missing = await review(t.key, t.applicationId, {
      score: { scoredAt: new Date(Date.parse(t.older) - 1000).toISOString() },
      outcome: 'confirmed',
      reviewer: 'r-1',
    });
    expect([missing.status, missing.json.code]).toEqual([409, 'conflict']);
    const wrongModel = await review(t.key, t.applicationId, {
      score: { scoredAt: t.older, model: OTHER_MODEL },
      outcome: 'confirmed',
      reviewer: 'r-1',
    });
    expect(wrongModel.status).toBe(409);

    const twins = await scoredApplication(3, [
      { overallScore: 80, scoredAt: t.older, model: MODEL },
      { overallScore: 70, scoredAt: t.older, model: OTHER_MODEL },
    ]);
    const ambiguous = await review(twins.key, twins.applicationId, {
      score: { scoredAt: t.older },
      outcome: 'confirmed',
      reviewer: 'r-1',
    });
    expect([ambiguous.status, ambiguous.json.error]).toEqual([409, expect.stringMatching(/model/)]);
    // Without `score`, the one the lists show: the highest, even among scores given at once.
    const unnamed = await review(twins.key, twins.applicationId, {
      outcome: 'confirmed',
      reviewer: 'r-1',
    });
    expect([unnamed.status, unnamed.json.data?.score]).toEqual([
      201,
      { overallScore: 80, scoredAt: t.older, model: MODEL },
    ]);
    const named = await review(twins.key, twins.applicationId, {
      score: { scoredAt: t.older, model: OTHER_MODEL },
      outcome: 'rejected',
      reviewer: 'r-1',
    });
    expect(named.json.data.score.overallScore).toBe(70);

    const unscored = await scoredApplication(4, []);
    const none = await review(unscored.key, unscored.applicationId, {
      outcome: 'confirmed',
      reviewer: 'r-1',
    });
    expect([none.status, none.json.error]).toEqual([409, expect.stringMatching(/no AI score/)]);
    const nowhere = await review(t.key, ulidLike('AP', 999), {
      outcome: 'confirmed',
      reviewer: 'r',
    });
    expect(nowhere.status).toBe(404);
    // Another tenant's application is not there.
    expect(
      (await review(twins.key, t.applicationId, { outcome: 'confirmed', reviewer: 'r' })).status,
    ).toBe(404);
  });

  it('takes review:write or write, and review:write alone reads nothing; validates the body', async () => {
    const t = await scoredApplication(5);
    const reader = await tenantWithKey(db(), ['read', 'match:read'], t.tenantId);
    const refused = await review(reader.key, t.applicationId, {
      outcome: 'confirmed',
      reviewer: 'r',
    });
    expect([refused.status, refused.json.code]).toEqual([403, 'scope_missing']);
    expect(refused.json.error).toContain('review:write');
    expect(
      (await callApi('GET', `/applications/${t.applicationId}`, { key: t.reviewerKey })).status,
    ).toBe(403);
    for (const body of [
      { outcome: 'approved', reviewer: 'r' },
      { outcome: 'confirmed', reviewer: 'has a space' },
      { outcome: 'confirmed', reviewer: 'r', rationale: 'x'.repeat(LIMITS.reviewRationale + 1) },
      { outcome: 'confirmed', reviewer: 'r', score: { scoredAt: 'yesterday' } },
      { outcome: 'confirmed', reviewer: 'r', reviewedAt: '2026-01-01T00:00:00Z' },
    ]) {
      const bad = await review(t.key, t.applicationId, body);
      expect([bad.status, bad.json.code], JSON.stringify(body)).toEqual([400, 'validation_failed']);
    }
  });

  it('replays a review retried with its Idempotency-Key, and keeps at most the documented number per application', async () => {
    const t = await scoredApplication(6);
    const body = { outcome: 'confirmed', reviewer: 'r-1' };
    const headers = { 'idempotency-key': 'review-retry-1' };
    const once = await review(t.key, t.applicationId, body, headers);
    const again = await review(t.key, t.applicationId, body, headers);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json.data.id).toBe(once.json.data.id);
    for (let i = 1; i < LIMITS.reviewsPerApplication; i++)
      expect((await review(t.key, t.applicationId, { ...body, reviewer: `r-${i}` })).status).toBe(
        201,
      );
    const over = await review(t.key, t.applicationId, body);
    expect([over.status, over.json.error]).toEqual([409, expect.stringMatching(/50 reviews/)]);
    const application = await callApi('GET', `/applications/${t.applicationId}`, { key: t.key });
    expect(application.json.data.reviews).toHaveLength(LIMITS.reviewsPerApplication);
  });

  it('keeps reviews through the product’s later writes of the application, and erasure takes them', async () => {
    const t = await scoredApplication(7);
    const rationale = 'Spoke with Ada: strong on reconciliation.';
    // With an Idempotency-Key: the answer kept for its replays must not keep the text either.
    const body = { outcome: 'overridden', reviewer: 'r-1', rationale };
    const headers = { 'idempotency-key': 'erasure-review-1' };
    expect((await review(t.key, t.applicationId, body, headers)).json.data.rationale).toBe(
      rationale,
    );
    const replayed = await review(t.key, t.applicationId, body, headers);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json.data.rationale).toBeNull();
    await product(t.tenantId, 'application.upserted', {
      id: t.applicationId,
      jdId: t.jdId,
      resumeId: t.resumeId,
      status: 'SHORTLISTED',
      aiScores: [{ overallScore: 88, scoredAt: new Date().toISOString(), model: MODEL }],
    });
    const matches = await callApi('GET', `/matches/${t.jdId}`, { key: t.key });
    expect(matches.json.data[0]).toMatchObject({
      status: 'SHORTLISTED',
      reviewed: true,
      reviewOutcome: 'overridden',
    });
    expect(
      (await callApi('GET', `/applications/${t.applicationId}`, { key: t.key })).json.data.reviews,
    ).toHaveLength(1);

    await product(t.tenantId, 'resume.deleted', { id: t.resumeId });
    const left = await db().client.send(
      new QueryCommand({
        TableName: db().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': tenantPk(t.tenantId) },
      }),
    );
    const stored = JSON.stringify(left.Items);
    expect(stored).not.toContain('REVIEW#');
    expect(stored).not.toContain('reconciliation');
  });
});
