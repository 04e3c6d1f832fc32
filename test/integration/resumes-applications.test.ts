import { describe, expect, it } from 'vitest';
import { listMatches } from '../../lib/applications/store.js';
import { applyApplicationUpsert } from '../../lib/applications/sync.js';
import { readCount } from '../../lib/db/counters.js';
import { createJd } from '../../lib/jds/api.js';
import { applyJdUpsert } from '../../lib/jds/sync.js';
import { readJdDetail } from '../../lib/jds/store.js';
import { listCandidates } from '../../lib/applications/candidates.js';
import { readResume, listResumes } from '../../lib/resumes/store.js';
import { applyResumeUpsert } from '../../lib/resumes/sync.js';
import { MissingParentError } from '../../lib/errors.js';
import { newTenantId, productVersion, useTestDb } from '../helpers/db.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

const db = useTestDb();

const jdInput = { title: 'Engineer', description: 'Build things', createdById: 'u1' };

async function resume(tenantId: string, id: string, name?: string, second = 0) {
  const write = await applyResumeUpsert(
    db(),
    liveSpaceOf(tenantId),
    {
      id,
      fileName: `${id}.PDF`,
      parseStatus: 'COMPLETED',
      metadata: {
        name,
        email: name ? `${name.toLowerCase()}@example.com` : undefined,
        skills: ['ts'],
        experience: '5y',
        summary: 'long text',
        phone: '1',
      },
      createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, second)).toISOString(),
    },
    productVersion(),
  );
  if (write.outcome !== 'applied') throw new Error(`resume ${id} not applied`);
  return write.value;
}

describe('resumes on DynamoDB Local', () => {
  it('stores full metadata, lists the short form newest first, and counts exactly across re-imports', async () => {
    const tenantId = newTenantId();
    await resume(tenantId, 'r1', 'Ada', 1);
    await resume(tenantId, 'r2', 'Grace', 2);
    await resume(tenantId, 'r2', 'Grace Hopper', 2);

    const list = await listResumes(db(), tenantId, { page: 1, limit: 20 });
    const single = await readResume(db(), tenantId, 'r2');

    expect(list.items.map((item) => item.id)).toEqual(['r2', 'r1']);
    expect(list.items[0]?.metadata).toEqual({ skills: ['ts'], experience: '5y' });
    expect(list.total).toBe(2);
    expect(await readCount(db(), tenantId, 'RESUME')).toBe(2);
    expect(single?.metadata).toMatchObject({
      name: 'Grace Hopper',
      phone: '1',
      summary: 'long text',
    });
  });

  it('searches file names case-insensitively with exact totals and cursor walking', async () => {
    const tenantId = newTenantId();
    for (let i = 0; i < 12; i++) {
      await applyResumeUpsert(
        db(),
        tenantId,
        {
          id: `r${i}`,
          fileName: i % 3 === 0 ? `Jane_Doe_CV_${i}.pdf` : `other_${i}.docx`,
          createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, i)).toISOString(),
        },
        productVersion(),
      );
    }

    const first = await listCandidates(db(), tenantId, { page: 1, limit: 3, search: 'jane_DOE' });
    const second = await listCandidates(db(), tenantId, {
      page: 1,
      limit: 3,
      search: 'jane_DOE',
      cursor: first.nextCursor,
    });
    const byPage = await listCandidates(db(), tenantId, { page: 2, limit: 3, search: 'jane_doe' });

    expect(first.items.map((item) => item.id)).toEqual(['r9', 'r6', 'r3']);
    expect([first.total, first.pages]).toEqual([4, 2]);
    expect(second.items.map((item) => item.id)).toEqual(['r0']);
    expect(second.nextCursor).toBeUndefined();
    expect(byPage.items.map((item) => item.id)).toEqual(['r0']);
  });
});

describe('applications on DynamoDB Local', () => {
  it('ranks matches by best score, unscored last, ties by earliest application', async () => {
    const tenantId = newTenantId();
    const { jd: jd } = await createJd(db(), tenantId, jdInput);
    for (const [i, name] of ['Ada', 'Bob', 'Cy', 'Dee'].entries())
      await resume(tenantId, `r${i}`, name, i);
    const at = (s: number) => new Date(Date.UTC(2026, 2, 1, 0, 0, s)).toISOString();
    await applyApplicationUpsert(
      db(),
      tenantId,
      { id: 'a0', jdId: jd.id, resumeId: 'r0', createdAt: at(0) },
      productVersion(),
    );
    await applyApplicationUpsert(
      db(),
      tenantId,
      {
        id: 'a1',
        jdId: jd.id,
        resumeId: 'r1',
        aiScores: [{ overallScore: 70 }],
        createdAt: at(1),
      },
      productVersion(),
    );
    await applyApplicationUpsert(
      db(),
      tenantId,
      {
        id: 'a2',
        jdId: jd.id,
        resumeId: 'r2',
        aiScores: [{ overallScore: 55 }, { overallScore: 90.5 }],
        createdAt: at(2),
      },
      productVersion(),
    );
    await applyApplicationUpsert(
      db(),
      tenantId,
      {
        id: 'a3',
        jdId: jd.id,
        resumeId: 'r3',
        aiScores: [{ overallScore: 70 }],
        createdAt: at(3),
      },
      productVersion(),
    );

    const matches = (await listMatches(db(), tenantId, jd.id))?.items;

    expect(matches?.map((match) => [match.applicationId, match.aiScore])).toEqual([
      ['a2', 90.5],
      ['a1', 70],
      ['a3', 70],
      ['a0', null],
    ]);
    expect(matches?.[0]).toEqual({
      applicationId: 'a2',
      resumeId: 'r2',
      candidate: 'Cy',
      email: 'cy@example.com',
      aiScore: 90.5,
      // Scored without provenance: the product did not say when, nor by which model.
      scoredAt: null,
      model: null,
      status: 'SCREENING',
      reviewed: false,
      reviewOutcome: null,
      stale: false,
      scoringInputsChangedAt: null,
    });
  });

  it('keeps the JD, candidate and match views consistent through score, status and metadata changes', async () => {
    const tenantId = newTenantId();
    const { jd: jd } = await createJd(db(), tenantId, jdInput);
    await resume(tenantId, 'r1', undefined);
    const id = 'app-1';
    await applyApplicationUpsert(
      db(),
      tenantId,
      { id, jdId: jd.id, resumeId: 'r1' },
      productVersion(),
    );

    // The product scores the application twice, moves it, and finishes parsing the resume.
    await applyApplicationUpsert(
      db(),
      tenantId,
      { id, jdId: jd.id, resumeId: 'r1', aiScores: [{ overallScore: 40 }] },
      productVersion(),
    );
    await applyApplicationUpsert(
      db(),
      tenantId,
      { id, jdId: jd.id, resumeId: 'r1', aiScores: [{ overallScore: 40 }, { overallScore: 80 }] },
      productVersion(),
    );
    await applyApplicationUpsert(
      db(),
      tenantId,
      { id, jdId: jd.id, resumeId: 'r1', status: 'SHORTLISTED' },
      productVersion(),
    );
    await applyResumeUpsert(
      db(),
      tenantId,
      {
        id: 'r1',
        fileName: 'r1.PDF',
        parseStatus: 'COMPLETED',
        metadata: { name: 'Late Name', email: 'late@example.com' },
      },
      productVersion(),
    );
    await applyJdUpsert(
      db(),
      tenantId,
      { ...jdInput, id: jd.id, title: 'Senior Engineer' },
      productVersion(),
    );

    const [match] = (await listMatches(db(), tenantId, jd.id))?.items ?? [];
    const candidates = await listCandidates(db(), tenantId, { page: 1, limit: 20 });
    const detail = (await readJdDetail(db(), tenantId, jd.id))?.jd;

    expect(match).toMatchObject({
      aiScore: 80,
      status: 'SHORTLISTED',
      candidate: 'Late Name',
      email: 'late@example.com',
    });
    // The new title is a scoring input: the scores (reported without a time) are stale.
    expect(candidates.items[0]?.applications).toEqual([
      {
        id,
        status: 'SHORTLISTED',
        aiScores: [
          { overallScore: 80, stale: true },
          { overallScore: 40, stale: true },
        ],
        scoringInputsChangedAt: expect.any(String),
        jobDescription: { id: jd.id, title: 'Senior Engineer' },
      },
    ]);
    expect(detail?.applications).toEqual([{ id, status: 'SHORTLISTED' }]);
  });

  it('holds back applications to a JD or resume that has not arrived, and refuses moving an application', async () => {
    const tenantId = newTenantId();
    const { jd: jd } = await createJd(db(), tenantId, jdInput);
    const { jd: other } = await createJd(db(), tenantId, jdInput);
    await resume(tenantId, 'r1', 'Ada');
    await applyApplicationUpsert(
      db(),
      tenantId,
      { id: 'a1', jdId: jd.id, resumeId: 'r1' },
      productVersion(),
    );

    await expect(
      applyApplicationUpsert(
        db(),
        tenantId,
        { id: 'a2', jdId: 'missing', resumeId: 'r1' },
        productVersion(),
      ),
    ).rejects.toThrow(MissingParentError);
    await expect(
      applyApplicationUpsert(
        db(),
        tenantId,
        { id: 'a3', jdId: jd.id, resumeId: 'missing' },
        productVersion(),
      ),
    ).rejects.toThrow(MissingParentError);
    await expect(
      applyApplicationUpsert(
        db(),
        tenantId,
        { id: 'a1', jdId: other.id, resumeId: 'r1' },
        productVersion(),
      ),
    ).rejects.toThrow('belongs to');
  });

  it('keeps tenants apart: matches of a foreign JD are absent', async () => {
    const tenantA = newTenantId('a');
    const { jd: jd } = await createJd(db(), tenantA, jdInput);

    expect(await listMatches(db(), newTenantId('b'), jd.id)).toBeUndefined();
    expect(await listMatches(db(), tenantA, jd.id)).toEqual({ items: [] });
  });
});
