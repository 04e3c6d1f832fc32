import { currentVersion } from '../../lib/versions/shape.js';
import { describe, expect, it } from 'vitest';
import { applyApplicationUpsert } from '../../lib/applications/sync.js';
import { applyJdUpsert } from '../../lib/jds/sync.js';
import { applyResumeUpsert } from '../../lib/resumes/sync.js';
import { responses } from '../../lib/composition/responses.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { productVersion, useTestDb } from '../helpers/db.js';

const db = useTestDb();

const jdBody = { title: 'Backend Engineer', description: 'Long text', createdById: 'user-1' };

async function seedTenant() {
  const tenant = await tenantWithKey(db(), ['read', 'write']);
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
  await applyJdUpsert(
    db(),
    tenant.tenantId,
    {
      ...jdBody,
      id: 'jd1',
      status: 'PUBLISHED',
      requirements: 'Go',
      createdAt: at(1),
    },
    productVersion(),
  );
  await applyResumeUpsert(
    db(),
    tenant.tenantId,
    {
      id: 'r1',
      fileName: 'Ada_Lovelace.pdf',
      parseStatus: 'COMPLETED',
      metadata: {
        name: 'Ada',
        email: 'ada@example.com',
        phone: '1',
        skills: ['math'],
        experience: '10y',
        education: 'x',
        certifications: [],
        summary: 's',
      },
      createdAt: at(2),
    },
    productVersion(),
  );
  await applyResumeUpsert(
    db(),
    tenant.tenantId,
    { id: 'r2', fileName: 'bob.docx', createdAt: at(3) },
    productVersion(),
  );
  await applyApplicationUpsert(
    db(),
    tenant.tenantId,
    {
      id: 'a1',
      jdId: 'jd1',
      resumeId: 'r1',
      aiScores: [{ overallScore: 60 }, { overallScore: 88 }],
    },
    productVersion(),
  );
  await applyApplicationUpsert(
    db(),
    tenant.tenantId,
    { id: 'a2', jdId: 'jd1', resumeId: 'r2' },
    productVersion(),
  );
  return tenant;
}

describe('resource endpoints through the real authorizer and handlers', () => {
  it('POST /jds creates a DRAFT JD (201) and answers it as GET /jds/:id does, with its ETag and Location', async () => {
    const { key } = await tenantWithKey(db(), ['write', 'jd:read']);

    const created = await callApi('POST', '/jds', { key, body: { ...jdBody, status: undefined } });
    const read = await callApi('GET', `/jds/${created.json.data.id}`, { key });

    expect(created.status).toBe(201);
    expect(responses.createJd.parse(created.json).data).toMatchObject({
      id: expect.any(String),
      status: 'DRAFT',
      title: 'Backend Engineer',
    });
    expect(created.json.data).toEqual(read.json.data);
    expect([created.headers.etag, read.headers.etag]).toEqual(['"1"', '"1"']);
    expect(created.headers.location).toBe(`/api/v1/jds/${created.json.data.id}`);
    // The conditional PATCH the README shows needs no GET first.
    const patched = await callApi('PATCH', `/jds/${created.json.data.id}`, {
      key,
      body: { location: 'Berlin' },
      headers: { 'if-match': created.headers.etag as string },
    });
    expect(patched.status).toBe(200);
    expect(read.status).toBe(200);
    expect(responses.getJd.parse(read.json).data).toMatchObject({
      type: 'full-time',
      description: 'Long text',
      applications: [],
    });
  });

  it('POST /jds refuses unknown fields, naming them, and missing fields, naming the rule', async () => {
    const { key } = await tenantWithKey(db(), ['jd:write']);

    const unknown = await callApi('POST', '/jds', {
      key,
      body: { ...jdBody, status: 'PUBLISHED' },
    });
    const missing = await callApi('POST', '/jds', {
      key,
      body: { description: 'x', createdById: 'u', title: '' },
    });
    const notJson = await callApi('POST', '/jds', {
      key,
      rawBody: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    const wrongType = await callApi('POST', '/jds', {
      key,
      rawBody: 'title=x',
      headers: { 'content-type': 'text/plain' },
    });
    const tooLarge = await callApi('POST', '/jds', {
      key,
      body: { ...jdBody, description: 'x'.repeat(300_000) },
    });

    expect([unknown.status, unknown.json]).toEqual([
      400,
      expect.objectContaining({ success: false, error: expect.stringContaining('"status"') }),
    ]);
    expect(missing.status).toBe(400);
    expect(missing.json.error).toContain('title: must be at least 1 character');
    expect([notJson.status, wrongType.status, tooLarge.status]).toEqual([400, 415, 413]);
  });

  it('GET /jds lists the short form with pagination, clamps limit, filters status and refuses bad input', async () => {
    const { key } = await seedTenant();

    const list = await callApi('GET', '/jds?limit=500', { key });
    const drafts = await callApi('GET', '/jds?status=DRAFT', { key });
    const badStatus = await callApi('GET', '/jds?status=LIVE', { key });
    const badPage = await callApi('GET', '/jds?page=0', { key });
    const badCursor = await callApi('GET', '/jds?cursor=nonsense', { key });

    expect(responses.listJds.parse(list.json).pagination).toEqual({
      page: 1,
      limit: 100,
      total: 1,
      pages: 1,
      hasMore: false,
    });
    expect(list.json.data[0]).not.toHaveProperty('description');
    expect(drafts.json.data).toEqual([]);
    expect([badStatus.status, badStatus.json.error]).toEqual([
      400,
      'status: must be one of DRAFT, PUBLISHED, CLOSED, ARCHIVED',
    ]);
    expect([badPage.status, badPage.json.error]).toEqual([400, 'page: must be a positive integer']);
    expect(badCursor.status).toBe(400);
  });

  it('GET /jds/:id includes applications; GET /matches/:id ranks them with exactly the match fields', async () => {
    const { key } = await seedTenant();

    const jd = await callApi('GET', '/jds/jd1', { key });
    const matches = await callApi('GET', '/matches/jd1', { key });

    expect(responses.getJd.parse(jd.json).data.applications).toEqual([
      { id: 'a1', status: 'SCREENING' },
      { id: 'a2', status: 'SCREENING' },
    ]);
    expect(responses.listMatches.parse(matches.json).data).toEqual([
      {
        applicationId: 'a1',
        resumeId: 'r1',
        candidate: 'Ada',
        email: 'ada@example.com',
        aiScore: 88,
        scoredAt: null,
        model: null,
        status: 'SCREENING',
        reviewed: false,
        reviewOutcome: null,
        stale: false,
        scoringInputsChangedAt: null,
      },
      {
        applicationId: 'a2',
        resumeId: 'r2',
        candidate: null,
        email: null,
        aiScore: null,
        scoredAt: null,
        model: null,
        status: 'SCREENING',
        reviewed: false,
        reviewOutcome: null,
        stale: false,
        scoringInputsChangedAt: null,
      },
    ]);
    expect(matches.json).not.toHaveProperty('pagination');
  });

  it('resumes: the list shows short metadata, the single resume the full metadata', async () => {
    const { key } = await seedTenant();

    const list = await callApi('GET', '/resumes', { key });
    const single = await callApi('GET', '/resumes/r1', { key });

    expect(responses.listResumes.parse(list.json).data.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(list.json.data[1].metadata).toEqual({ skills: ['math'], experience: '10y' });
    expect(responses.getResume.parse(single.json).data.metadata).toMatchObject({
      name: 'Ada',
      phone: '1',
      summary: 's',
    });
  });

  it('GET /candidates returns resumes with applications, scores highest first, and searches by file name', async () => {
    const { key } = await seedTenant();

    const all = await callApi('GET', '/candidates', { key });
    const search = await callApi('GET', '/candidates?search=LOVELACE', { key });

    expect(responses.listCandidates.parse(all.json).pagination).toMatchObject({ total: 2 });
    expect(search.json.data).toEqual([
      expect.objectContaining({
        id: 'r1',
        applications: [
          {
            id: 'a1',
            status: 'SCREENING',
            aiScores: [
              { overallScore: 88, stale: false },
              { overallScore: 60, stale: false },
            ],
            scoringInputsChangedAt: null,
            jobDescription: { id: 'jd1', title: 'Backend Engineer' },
          },
        ],
      }),
    ]);
    expect(search.json.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 1,
      pages: 1,
      hasMore: false,
    });
  });

  it('answers 404 in the envelope for missing ids and unknown routes', async () => {
    const { key } = await seedTenant();

    const replies = await Promise.all([
      callApi('GET', '/jds/nope', { key }),
      callApi('GET', '/resumes/nope', { key }),
      callApi('GET', '/matches/nope', { key }),
      callApi('GET', '/jds/%00%2F..', { key }),
      callApi('GET', '/nothing-here', { key }),
    ]);

    expect(replies.map((reply) => [reply.status, reply.json.success])).toEqual(
      Array(5).fill([404, false]),
    );
  });

  it('answers an unknown route like every route: 401 without a key, 403 with a bad one, 404 with a valid one, counted against its quota with the RateLimit headers', async () => {
    const { key } = await seedTenant();

    const anonymous = await callApi('DELETE', '/nothing-here');
    const badKey = await callApi('DELETE', '/nothing-here', {
      key: `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`,
    });
    const first = await callApi('DELETE', '/nothing-here', { key });
    const second = await callApi('GET', '/jds/jd-backend/nothing-here', { key });

    expect([anonymous.status, anonymous.json.code, badKey.status, badKey.json.code]).toEqual([
      401,
      'unauthenticated',
      403,
      'key_invalid',
    ]);
    expect([first.status, first.json.code, first.json.error]).toEqual([
      404,
      'not_found',
      'Route not found: DELETE /api/v1/nothing-here',
    ]);
    expect(first.headers['ratelimit-limit']).toBe('1000');
    // Every answer says which version served it, the refusals of an unknown route included.
    expect([anonymous, badKey, first].map((reply) => reply.headers['hiring-version'])).toEqual([
      currentVersion(),
      currentVersion(),
      currentVersion(),
    ]);
    expect(
      Number(first.headers['ratelimit-remaining']) - Number(second.headers['ratelimit-remaining']),
    ).toBe(1);
  });
});
