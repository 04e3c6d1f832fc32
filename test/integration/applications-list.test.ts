import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile } from '../../lib/product-events/data.js';
import { FILTERED_READ_BUDGET } from '../../lib/db/pagination.js';
import { importProductData } from '../../scripts/local/import.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

/** GET /applications: every application of the tenant, filtered, walked by cursor. */
const db = useTestDb();

/** A realistic id: 26 characters, like the ULIDs the product uses. */
const ulidLike = (prefix: string, i: number) => `${prefix}${String(i).padStart(24, '0')}`;
const MODEL = { id: 'match-ranker-large', version: '2026.11.1' };
const STATUSES = ['SCREENING', 'SHORTLISTED', 'REJECTED', 'HIRED'] as const;
const DAY = 24 * 60 * 60 * 1000;

interface Entry {
  id: string;
  jdId: string;
  resumeId: string;
  status: string;
  aiScore: number | null;
  scoredAt: string | null;
  model: { id: string; version: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** Every entry a cursor walk of `path` hands over, and how many answers it took. */
async function walk(key: string, path: string, limit = 7) {
  const entries: Entry[] = [];
  let cursor: string | undefined;
  let answers = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const reply = await callApi(
      'GET',
      `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.data.length).toBeLessThanOrEqual(limit);
    expect(reply.json.pagination.hasMore).toBe(reply.json.pagination.nextCursor !== undefined);
    entries.push(...reply.json.data);
    cursor = reply.json.pagination.nextCursor;
    answers += 1;
  } while (cursor && answers < 500);
  return { entries, answers };
}

/**
 * 3 JDs, 12 resumes, 30 applications: statuses in turn, scores spread over 0–100 (every fifth
 * unscored, some scored twice: the best one is shown, the newest one is what scoredSince tests), score
 * times spread over the last 30 days.
 */
function tenantData(now: number) {
  const jds = [0, 1, 2].map((j) => ulidLike('JD', j));
  const resumes = Array.from({ length: 12 }, (_, r) => ulidLike('RS', r));
  const applications = Array.from({ length: 30 }, (_, i) => {
    const scoredAt = (days: number) => new Date(now - days * DAY).toISOString();
    const scores =
      i % 5 === 4
        ? []
        : [
            { overallScore: (i * 37) % 101, scoredAt: scoredAt(i), model: MODEL },
            ...(i % 3 === 0 ? [{ overallScore: (i * 11) % 50, scoredAt: scoredAt(i / 3) }] : []),
          ];
    return {
      id: ulidLike('AP', i),
      jdId: jds[i % 3] as string,
      resumeId: resumes[i % 12] as string,
      status: STATUSES[i % 4],
      aiScores: scores,
      /** what the filters are tested against */
      best: scores.length ? Math.max(...scores.map((score) => score.overallScore)) : undefined,
      newestScoredAt: scores.length
        ? Math.max(...scores.map((score) => Date.parse(score.scoredAt)))
        : undefined,
    };
  });
  const file: ImportFile = {
    jds: jds.map((id, j) => ({
      id,
      title: `Senior Backend Engineer ${j}, Payments Platform`,
      description: 'Builds the ledger.',
      createdById: 'u-1',
      status: 'PUBLISHED' as const,
    })),
    resumes: resumes.map((id, r) => ({
      id,
      fileName: `candidate_${r}_cv.pdf`,
      metadata: { name: `Candidate ${r}`, email: `candidate${r}@example.com` },
    })),
    applications: applications.map(({ best: _b, newestScoredAt: _n, ...application }) => ({
      ...application,
    })),
  };
  return { jds, resumes, applications, file };
}

describe('GET /applications', () => {
  const now = Date.now();
  const data = tenantData(now);
  let tenant: Awaited<ReturnType<typeof tenantWithKey>>;
  let other: Awaited<ReturnType<typeof tenantWithKey>>;

  beforeAll(async () => {
    tenant = await tenantWithKey(db(), ['match:read']);
    other = await tenantWithKey(db(), ['read']);
    expect((await importProductData(db(), tenant.tenantId, data.file)).rejected).toBeUndefined();
    // Another tenant with the same ids: none of its applications may show.
    expect((await importProductData(db(), other.tenantId, data.file)).rejected).toBeUndefined();
  });

  it('walks every application of the tenant once, by JD then id, each with its best score and what identifies it', async () => {
    const { entries, answers } = await walk(tenant.key, '/applications');

    const expected = [...data.applications].sort(
      (a, b) => a.jdId.localeCompare(b.jdId) || a.id.localeCompare(b.id),
    );
    expect(entries.map((entry) => entry.id)).toEqual(expected.map((a) => a.id));
    expect(answers).toBe(Math.ceil(30 / 7));
    const twiceScored = entries.find((entry) => entry.id === ulidLike('AP', 3));
    // Scored 10 by the model three days ago, then 33 (no model named) a day ago: the best is shown.
    expect(twiceScored).toMatchObject({
      jdId: ulidLike('JD', 0),
      resumeId: ulidLike('RS', 3),
      status: 'HIRED',
      aiScore: 33,
      scoredAt: new Date(now - DAY).toISOString(),
      model: null,
    });
    expect(entries.find((entry) => entry.id === ulidLike('AP', 1))).toMatchObject({
      aiScore: 37,
      scoredAt: new Date(now - DAY).toISOString(),
      model: MODEL,
    });
    expect(entries.find((entry) => entry.id === ulidLike('AP', 4))).toMatchObject({
      aiScore: null,
      scoredAt: null,
      model: null,
    });
    for (const entry of entries) expect(Date.parse(entry.updatedAt)).toBeGreaterThan(0);
  });

  it('keeps exactly the applications every filter asks for, alone and combined', async () => {
    const since = now - 10 * DAY;
    const cases: [string, (a: (typeof data.applications)[number]) => boolean][] = [
      [`jdId=${ulidLike('JD', 1)}`, (a) => a.jdId === ulidLike('JD', 1)],
      [`resumeId=${ulidLike('RS', 5)}`, (a) => a.resumeId === ulidLike('RS', 5)],
      ['status=SHORTLISTED', (a) => a.status === 'SHORTLISTED'],
      ['minScore=50', (a) => a.best !== undefined && a.best >= 50],
      ['maxScore=40.5', (a) => a.best !== undefined && a.best <= 40.5],
      ['minScore=20&maxScore=80', (a) => a.best !== undefined && a.best >= 20 && a.best <= 80],
      [
        `scoredSince=${encodeURIComponent(new Date(since).toISOString())}`,
        (a) => a.newestScoredAt !== undefined && a.newestScoredAt >= since,
      ],
      [
        `jdId=${ulidLike('JD', 2)}&status=REJECTED&minScore=10`,
        (a) =>
          a.jdId === ulidLike('JD', 2) &&
          a.status === 'REJECTED' &&
          a.best !== undefined &&
          a.best >= 10,
      ],
      [
        `resumeId=${ulidLike('RS', 1)}&maxScore=100`,
        (a) => a.resumeId === ulidLike('RS', 1) && a.best !== undefined,
      ],
      [`jdId=${ulidLike('JD', 9)}`, () => false],
    ];
    for (const [query, keep] of cases) {
      const { entries } = await walk(tenant.key, `/applications?${query}`, 3);
      expect(entries.map((entry) => entry.id).sort(), query).toEqual(
        data.applications
          .filter(keep)
          .map((a) => a.id)
          .sort(),
      );
    }
  });

  it('refuses what it cannot serve with a 400 naming the parameter, and a cursor of another filter', async () => {
    for (const query of [
      'status=ARCHIVED',
      'minScore=101',
      'minScore=abc',
      'minScore=60&maxScore=50',
      'scoredSince=yesterday',
      'jdId=not%20an%20id',
      'sort=score',
    ]) {
      const reply = await callApi('GET', `/applications?${query}`, { key: tenant.key });
      expect(reply.status, query).toBe(400);
      expect(reply.json.error, query).toMatch(new RegExp(query.split('=')[0] as string));
    }
    const first = await callApi('GET', '/applications?status=HIRED&limit=2', { key: tenant.key });
    const cursor = encodeURIComponent(first.json.pagination.nextCursor);
    const elsewhere = await callApi('GET', `/applications?status=SCREENING&cursor=${cursor}`, {
      key: tenant.key,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.code).toBe('cursor_invalid');
  });

  it('answers match:read and read keys, and no other scope', async () => {
    const jdsOnly = await tenantWithKey(db(), ['jd:read'], tenant.tenantId);
    const refused = await callApi('GET', '/applications', { key: jdsOnly.key });
    expect(refused.status).toBe(403);
    const generic = await callApi('GET', '/applications?limit=100', { key: other.key });
    expect(generic.status).toBe(200);
    expect(generic.json.data).toHaveLength(30);
  });

  it(`reads at most ${FILTERED_READ_BUDGET} applications an answer for a sparse filter, and the walk still finds each match once`, async () => {
    const crowded = await tenantWithKey(db(), ['read']);
    const count = FILTERED_READ_BUDGET + 150;
    const file: ImportFile = {
      jds: [
        {
          id: ulidLike('JD', 0),
          title: 'Backend Engineer',
          description: 'd',
          createdById: 'u',
          status: 'PUBLISHED',
        },
      ],
      resumes: [{ id: ulidLike('RS', 0), fileName: 'cv.pdf', metadata: {} }],
      applications: Array.from({ length: count }, (_, i) => ({
        id: ulidLike('AP', i),
        jdId: ulidLike('JD', 0),
        resumeId: ulidLike('RS', 0),
        // Three HIRED: one early, two past the first answer's budget.
        status: [5, FILTERED_READ_BUDGET + 10, count - 1].includes(i) ? 'HIRED' : 'SCREENING',
      })),
    };
    expect((await importProductData(db(), crowded.tenantId, file)).rejected).toBeUndefined();

    const first = await callApi('GET', '/applications?status=HIRED&limit=100', {
      key: crowded.key,
    });
    expect(first.json.data.map((entry: Entry) => entry.id)).toEqual([ulidLike('AP', 5)]);
    expect(first.json.pagination.hasMore).toBe(true);

    const { entries, answers } = await walk(crowded.key, '/applications?status=HIRED', 100);
    expect(entries.map((entry) => entry.id)).toEqual(
      [5, FILTERED_READ_BUDGET + 10, count - 1].map((i) => ulidLike('AP', i)),
    );
    expect(answers).toBe(2);
  });
});
