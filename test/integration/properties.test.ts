import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JD_STATUSES } from '../../lib/jds/statuses.js';
import { importProductData } from '../../scripts/local/import.js';
import type { ImportFile } from '../../lib/product-events/data.js';
import { callApi, walkList, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 20);

const timestamp = fc
  .integer({ min: 0, max: 40 })
  .map((s) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString());
const dataSet = fc.record({
  jds: fc.array(fc.record({ status: fc.constantFrom(...JD_STATUSES), createdAt: timestamp }), {
    maxLength: 25,
  }),
  resumes: fc.array(
    fc.record({
      name: fc.constantFrom('alice', 'Bob', 'ALICE_b', 'carol', 'dave'),
      createdAt: timestamp,
    }),
    { maxLength: 25 },
  ),
});

async function seed(data: {
  jds: { status: (typeof JD_STATUSES)[number]; createdAt: string }[];
  resumes: { name: string; createdAt: string }[];
}) {
  const tenant = await tenantWithKey(db(), ['read']);
  const file: ImportFile = {
    jds: data.jds.map((jd, i) => ({
      id: `jd${i}`,
      title: `T${i}`,
      description: 'd',
      createdById: 'u',
      ...jd,
    })),
    resumes: data.resumes.map((resume, i) => ({
      id: `r${i}`,
      fileName: `${resume.name}_${i}.pdf`,
      createdAt: resume.createdAt,
    })),
  };
  await importProductData(db(), tenant.tenantId, file);
  return { tenant, file };
}

/** Expected order: newest first, ties by id descending (the sort key is `<createdAt>#<id>`). */
const newestFirst = <T extends { id?: string; createdAt?: string }>(items: T[]) =>
  [...items]
    .sort((a, b) => `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`))
    .map((item) => item.id);

describe('pagination properties (fast-check, real handlers, DynamoDB Local)', () => {
  it('every list, by page and by cursor, with status filter and search, yields each item once in order with exact totals', async () => {
    await fc.assert(
      fc.asyncProperty(
        dataSet,
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(...JD_STATUSES),
        fc.constantFrom('alice', 'b', 'zzz', '_'),
        async (data, limit, status, search) => {
          const { tenant, file } = await seed(data);
          const jds = file.jds ?? [];
          const resumes = file.resumes ?? [];
          const matching = resumes.filter((r) =>
            r.fileName.toLowerCase().includes(search.toLowerCase()),
          );
          const cases: [string, (string | undefined)[]][] = [
            ['/jds', newestFirst(jds)],
            [`/jds?status=${status}`, newestFirst(jds.filter((jd) => jd.status === status))],
            ['/resumes', newestFirst(resumes)],
            ['/candidates', newestFirst(resumes)],
            [`/candidates?search=${search}`, newestFirst(matching)],
          ];
          for (const [path, expected] of cases) {
            for (const mode of ['page', 'cursor'] as const) {
              const { ids, totals } = await walkList(tenant.key, path, limit, mode);
              expect(ids, `${path} by ${mode}`).toEqual(expected);
              expect(totals, `${path} by ${mode}`).toEqual([expected.length]);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('matches rank by best score descending, unscored last, ties by earliest application then id', async () => {
    const application = fc.record({
      scores: fc.array(fc.constantFrom(0, 12.5, 50, 50, 87.25, 100), { maxLength: 3 }),
      createdAt: timestamp,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(application, { maxLength: 15 }), async (applications) => {
        const tenant = await tenantWithKey(db(), ['read']);
        await importProductData(db(), tenant.tenantId, {
          jds: [{ id: 'jd', title: 'T', description: 'd', createdById: 'u' }],
          resumes: applications.map((_, i) => ({ id: `r${i}`, fileName: `r${i}.pdf` })),
          applications: applications.map((a, i) => ({
            id: `a${String(i).padStart(2, '0')}`,
            jdId: 'jd',
            resumeId: `r${i}`,
            aiScores: a.scores.map((overallScore) => ({ overallScore })),
            createdAt: a.createdAt,
          })),
        });
        const expected = applications
          .map((a, i) => ({
            id: `a${String(i).padStart(2, '0')}`,
            best: a.scores.length ? Math.max(...a.scores) : null,
            createdAt: a.createdAt,
          }))
          .sort((x, y) => {
            if (x.best !== y.best) {
              if (x.best === null) return 1;
              if (y.best === null) return -1;
              return y.best - x.best;
            }
            return x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id);
          });

        const reply = await callApi('GET', '/matches/jd', { key: tenant.key });

        expect(
          reply.json.data.map((m: { applicationId: string; aiScore: number | null }) => [
            m.applicationId,
            m.aiScore,
          ]),
        ).toEqual(expected.map((e) => [e.id, e.best]));
      }),
      { numRuns: RUNS },
    );
  });
});
