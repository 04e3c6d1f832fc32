import { copyKeys } from '../../lib/matching/copies.js';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { resumeKeys } from '../../lib/resumes/model.js';
import { moveApplicationCopiesToItems } from '../../lib/resumes/migrations.js';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lib/schemas/limits.js';
import { INDEXES } from '../../lib/db/table.js';
import type { ImportFile } from '../../lib/product-events/data.js';
import { importProductData } from '../../scripts/local/import.js';
import { callApi, walkList, tenantWithKey } from '../helpers/api.js';
import { applicationItems } from '../../lib/applications/model.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { headItem } from '../../lib/jds/model.js';
import { batchWriteAll } from '../../scripts/bench/seed.js';
import { useTestDb } from '../helpers/db.js';

/**
 * Complete at any size: DynamoDB ends a page at 1 MB whatever its Limit (DynamoDB Local does too,
 * counting the table items behind the entries), so lists of large items must keep reading on
 * LastEvaluatedKey; and no item may outgrow 400 KB however many applications a candidate has.
 */
const db = useTestDb();

/** A realistic id: 26 characters, like the ULIDs the product uses. */
const ulidLike = (prefix: string, i: number) => `${prefix}${String(i).padStart(24, '0')}`;

describe('complete at any size', () => {
  it('a page walk and a cursor walk see every resume and candidate exactly once, however large the items (item 1)', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Metadata sizes up to the bound that keeps a resume under DynamoDB's 400 KB item limit, most of
        // them large, so that pages cross DynamoDB's 1 MB.
        fc.array(
          fc.oneof(
            {
              arbitrary: fc.integer({ min: 96 * 1024, max: LIMITS.metadataBytes - 1024 }),
              weight: 3,
            },
            { arbitrary: fc.integer({ min: 0, max: LIMITS.metadataBytes - 1024 }), weight: 1 },
          ),
          { minLength: 10, maxLength: 30 },
        ),
        fc.integer({ min: 1, max: 15 }),
        async (sizes, limit) => {
          const tenant = await tenantWithKey(db(), ['read']);
          const file: ImportFile = {
            resumes: sizes.map((size, i) => ({
              id: ulidLike('R', i),
              fileName: `candidate_${i}_curriculum_vitae_final_version.pdf`,
              createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
              // Skills are what the list shows, so the list index entry is as large as the item.
              metadata: {
                name: `Candidate ${i}`,
                skills: [String(i).padEnd(Math.floor(size / 2), 's')],
                experience: 'x'.repeat(Math.ceil(size / 2)),
              },
            })),
          };
          const counts = await importProductData(db(), tenant.tenantId, file);
          expect(counts.rejected).toBeUndefined();
          const expected = [...sizes.keys()].reverse().map((i) => ulidLike('R', i));
          for (const path of ['/resumes', '/candidates']) {
            for (const mode of ['page', 'cursor'] as const) {
              const { ids, totals } = await walkList(tenant.key, path, limit, mode, 200);
              expect(ids, `${path} by ${mode}, limit ${limit}`).toEqual(expected);
              expect(totals, `${path} by ${mode}`).toEqual([sizes.length]);
            }
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 4) },
    );
  });

  it('a candidate with more applications than one 400 KB item could hold keeps every one of them (item 4)', async () => {
    const tenant = await tenantWithKey(db(), ['read']);
    const jdTitle =
      'Senior Staff Software Engineer, Distributed Systems and Platform Reliability (Remote, EMEA) '.padEnd(
        LIMITS.title,
        '.',
      );
    // Each application: a 200-character JD title and 100 scores. 450 of them outgrew the old resume item.
    const scores = Array.from({ length: LIMITS.scoresPerApplication }, (_, i) => ({
      overallScore: 100 - i * 0.731,
    }));
    const applicationCount = 460;
    const file: ImportFile = {
      jds: [
        {
          id: 'jd-platform',
          title: jdTitle,
          description: 'd',
          createdById: 'u',
          status: 'PUBLISHED',
        },
      ],
      resumes: [
        {
          id: 'res-busy',
          fileName: 'busy_candidate.pdf',
          metadata: { name: 'Busy Candidate', email: 'busy@example.com' },
        },
      ],
      applications: Array.from({ length: applicationCount }, (_, i) => ({
        id: ulidLike('A', i),
        jdId: 'jd-platform',
        resumeId: 'res-busy',
        aiScores: scores,
      })),
    };
    const counts = await importProductData(db(), tenant.tenantId, file);
    expect(counts.rejected).toBeUndefined();
    expect(counts.applications.created).toBe(applicationCount);

    const reply = await callApi('GET', '/candidates?search=busy_candidate', { key: tenant.key });
    const matches = await callApi('GET', '/matches/jd-platform', { key: tenant.key });
    expect(reply.status).toBe(200);
    const [candidate] = reply.json.data;
    // The candidate shows its first applications (by id, highest first); every one is kept and readable.
    expect(candidate.applications.map((application: { id: string }) => application.id)).toEqual(
      Array.from({ length: LIMITS.candidateApplications }, (_, i) =>
        ulidLike('A', applicationCount - 1 - i),
      ),
    );
    expect(candidate.applicationsHasMore).toBe(true);
    expect(candidate.applications[0].aiScores).toHaveLength(LIMITS.scoresPerApplication);
    expect(candidate.applications[0].jobDescription).toEqual({ id: 'jd-platform', title: jdTitle });
    expect(matches.json.data).toHaveLength(applicationCount);
  });

  it('keeps every candidates page walkable and its default listing readable, whatever one candidate holds: at most 100 applications an entry, a page ending early past 4 MB', async () => {
    const tenant = await tenantWithKey(db(), ['read']);
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString();
    // Scores at every bound, with model names no compression shortens: ~28 KB of JSON per application.
    const random = (length: number) => randomBytes(length).toString('base64url').slice(0, length);
    const scores = () =>
      Array.from({ length: LIMITS.scoresPerApplication }, (_, i) => ({
        overallScore: 100 - i * 0.731,
        scoredAt: at(i),
        model: { id: random(LIMITS.modelField), version: random(LIMITS.modelField) },
      }));
    const busy = [
      ['res-busy', 60],
      ['res-busiest', 240],
    ] as const;
    const ordinary = ['res-a', 'res-b', 'res-c'];
    const file: ImportFile = {
      jds: [
        {
          id: 'jd-platform',
          title: 'Platform Engineer',
          description: 'd',
          createdById: 'u',
          status: 'PUBLISHED',
        },
      ],
      // Newest first: res-c, res-b, res-a, res-busiest, res-busy.
      resumes: [...busy, ...ordinary.map((id) => [id, 1] as const)].map(([id], i) => ({
        id,
        fileName: `${id}.pdf`,
        createdAt: at(i),
      })),
      applications: [
        ...busy.flatMap(([resumeId, count]) =>
          Array.from({ length: count }, (_, i) => ({
            id: ulidLike(`A${resumeId}`, i),
            jdId: 'jd-platform',
            resumeId,
            aiScores: scores(),
          })),
        ),
        ...ordinary.map((resumeId) => ({
          id: `app-${resumeId}`,
          jdId: 'jd-platform',
          resumeId,
          aiScores: [{ overallScore: 70 }],
        })),
      ],
    };
    expect((await importProductData(db(), tenant.tenantId, file)).rejected).toBeUndefined();
    type Candidates = {
      data: { id: string; applications: unknown[]; applicationsHasMore: boolean }[];
    };
    const json = (reply: { raw: Buffer; headers: Record<string, string> }): Candidates =>
      JSON.parse(
        (reply.headers['content-encoding'] === 'gzip' ? gunzipSync(reply.raw) : reply.raw).toString(
          'utf8',
        ),
      );
    const entries = (reply: { raw: Buffer; headers: Record<string, string> }) =>
      json(reply).data.map((candidate) => [
        candidate.id,
        candidate.applications.length,
        candidate.applicationsHasMore,
      ]);

    const plain = await callApi('GET', '/candidates', { key: tenant.key });
    const gzipped = await callApi('GET', '/candidates', {
      key: tenant.key,
      headers: { 'accept-encoding': 'gzip' },
    });
    const busiestAlone = await callApi('GET', '/candidates?limit=1&page=4', {
      key: tenant.key,
      headers: { 'accept-encoding': 'gzip' },
    });
    const next = await callApi('GET', `/candidates?cursor=${plain.json.pagination.nextCursor}`, {
      key: tenant.key,
    });
    const cursorWalk = await walkList(tenant.key, '/candidates', 20, 'cursor', 200);

    for (const reply of [plain, gzipped, busiestAlone, next])
      expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    // The page ends after the busiest candidate: with the next one it would pass 4 MB.
    expect(entries(plain)).toEqual([
      ['res-c', 1, false],
      ['res-b', 1, false],
      ['res-a', 1, false],
      ['res-busiest', 100, true],
    ]);
    expect(plain.json.pagination).toMatchObject({ page: 1, limit: 20, total: 5, hasMore: true });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(json(gzipped).data).toEqual(plain.json.data);
    expect(entries(busiestAlone)).toEqual([['res-busiest', 100, true]]);
    expect(entries(next)).toEqual([['res-busy', 60, false]]);
    expect(cursorWalk.ids).toEqual(['res-c', 'res-b', 'res-a', 'res-busiest', 'res-busy']);
    expect(Buffer.byteLength(plain.text)).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('ends a resumes page early rather than past one answer when its resumes hold metadata at the bound', async () => {
    const tenant = await tenantWithKey(db(), ['read']);
    // 60 resumes with ~120 KB of skills nothing compresses: one page of them would be ~7 MB of JSON.
    const skills = () => Array.from({ length: 40 }, () => randomBytes(2250).toString('base64'));
    const file: ImportFile = {
      resumes: Array.from({ length: 60 }, (_, i) => ({
        id: ulidLike('R', i),
        fileName: `cv_${i}.pdf`,
        metadata: { skills: skills() },
      })),
    };
    expect((await importProductData(db(), tenant.tenantId, file)).rejected).toBeUndefined();

    // What each page reads of the list (the entries each Query page of the index brought), and how many
    // other Queries (a candidate's applications) it made: a page that read on past what it can hand over
    // would spend a sequential call, and its read units, on each MB it then drops.
    let listPages: number[] = [];
    let otherQueries = 0;
    db().baseClient.middlewareStack.add(
      (next, context) => async (args) => {
        const answer = await next(args);
        if (context.commandName === 'QueryCommand') {
          const input = args.input as { IndexName?: string };
          const output = answer.output as { Items?: unknown[] };
          if (input.IndexName === INDEXES.list.name) listPages.push(output.Items?.length ?? 0);
          else otherQueries++;
        }
        return answer;
      },
      { step: 'initialize', name: 'countQueries' },
    );
    let first, candidates, resumesRead, candidatesRead;
    try {
      first = await callApi('GET', '/resumes?limit=100', { key: tenant.key });
      resumesRead = listPages;
      listPages = [];
      otherQueries = 0;
      candidates = await callApi('GET', '/candidates?limit=100', { key: tenant.key });
      candidatesRead = listPages;
    } finally {
      db().baseClient.middlewareStack.remove('countQueries');
    }
    const cursorWalk = await walkList(tenant.key, '/resumes', 100, 'cursor', 200);

    expect(first.status, first.text.slice(0, 300)).toBe(200);
    expect(first.json.data.length).toBeLessThan(60);
    expect(Buffer.byteLength(first.text)).toBeLessThanOrEqual(4 * 1024 * 1024 + 1024);
    expect(first.json.pagination).toMatchObject({
      limit: 100,
      total: 60,
      hasMore: true,
      nextCursor: expect.any(String),
    });
    expect(cursorWalk.ids.sort()).toEqual(
      Array.from({ length: 60 }, (_, i) => ulidLike('R', i)).sort(),
    );
    // No page of the list is read once those before it hold more than the answer can: every one but
    // the last was needed.
    const readBeforeLast = (pages: number[]) => pages.slice(0, -1).reduce((a, b) => a + b, 0);
    expect(readBeforeLast(resumesRead)).toBeLessThanOrEqual(first.json.data.length);
    expect(candidates.status, candidates.text.slice(0, 300)).toBe(200);
    expect(candidates.json.pagination).toMatchObject({
      hasMore: true,
      nextCursor: expect.any(String),
    });
    expect(readBeforeLast(candidatesRead)).toBeLessThanOrEqual(candidates.json.data.length);
    // And the applications are read only for the resumes read: one Query each, the key's lookup aside.
    expect(otherQueries).toBeLessThanOrEqual(candidatesRead.reduce((a, b) => a + b, 0) + 1);
  });

  it('rejects at once, with the reason, what would pass a bound: metadata over 128 KB, more than 100 scores (item 4)', async () => {
    const tenant = await tenantWithKey(db(), ['read']);
    const counts = await importProductData(db(), tenant.tenantId, {
      jds: [{ id: 'jd-1', title: 'T', description: 'd', createdById: 'u' }],
      resumes: [
        {
          id: 'res-big',
          fileName: 'big.pdf',
          metadata: { summary: 'x'.repeat(LIMITS.metadataBytes) },
        },
        { id: 'res-ok', fileName: 'ok.pdf' },
      ],
      applications: [
        {
          id: 'app-many',
          jdId: 'jd-1',
          resumeId: 'res-ok',
          aiScores: Array.from({ length: 101 }, () => ({ overallScore: 50 })),
        },
      ],
    });
    const reasons = (counts.rejected ?? []).map((rejection) => rejection.reason);
    expect(reasons).toEqual([
      expect.stringMatching(/metadata.*at most 131072 bytes/),
      expect.stringMatching(/aiScores.*100/),
    ]);
    expect(counts.resumes.created).toBe(1);
  });
});

describe('a JD with 30,000 applications', () => {
  it('answers GET /matches/:jdId whole (or, short of time, the 422 that asks for slices), ranked, and slice by slice, each application once, reading no log', async () => {
    const count = 30_000;
    const tenant = await tenantWithKey(db(), ['read']);
    const spaceId = liveSpaceOf(tenant.tenantId);
    const now = new Date().toISOString();
    // Written in bulk through the product's own item builders (the matches index is the applications'
    // own items): an import through the feed takes minutes at this size.
    const items: object[] = [
      headItem(spaceId, {
        id: 'jd-crowded',
        title: 'Senior Backend Engineer, Payments Platform',
        status: 'PUBLISHED',
        type: 'full-time',
        createdAt: now,
        updatedAt: now,
        createdById: 'ats',
      }),
    ];
    for (let i = 0; i < count; i++)
      items.push(
        applicationItems(
          spaceId,
          {
            id: ulidLike('A', i),
            jdId: 'jd-crowded',
            resumeId: ulidLike('R', i),
            status: 'SCREENING',
            scores: i % 7 === 0 ? [] : [{ overallScore: ((i * 37) % 1001) / 10 }],
            createdAt: now,
          },
          { version: 1, updatedAt: now },
          { candidate: `Candidate ${i}`, email: `candidate${i}@example.com`, identityVersion: 1 },
          { jdTitle: 'Senior Backend Engineer, Payments Platform', jdTitleVersion: 1 },
        ).application,
      );
    await batchWriteAll(db(), items);
    const logReads: string[] = [];
    db().baseClient.middlewareStack.add(
      (next, context) => async (args) => {
        if (JSON.stringify(args.input).includes('LOG#')) logReads.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'logReads' },
    );
    type Match = { applicationId: string; aiScore: number | null };
    const rank = (match: Match) => match.aiScore ?? -1;

    try {
      const whole = await callApi('GET', '/matches/jd-crowded', {
        key: tenant.key,
        headers: { 'accept-encoding': 'gzip' },
      });
      const slices: Match[] = [];
      let cursor: string | undefined;
      do {
        const slice = await callApi(
          'GET',
          `/matches/jd-crowded?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { key: tenant.key },
        );
        expect(slice.status, slice.text).toBe(200);
        slices.push(...slice.json.data);
        cursor = slice.json.pagination.nextCursor;
      } while (cursor);

      // Whole, within the function's time (on a quiet machine: about 3 s on DynamoDB Local, well
      // under a second on DynamoDB); on a machine too busy to read its 11 pages in time, the 422 that
      // sends a client to slices, never a 503 every retry would meet again.
      expect([200, 422], whole.text).toContain(whole.status);
      const ranked =
        whole.status === 200
          ? (JSON.parse(gunzipSync(whole.raw).toString('utf8')).data as Match[])
          : slices;
      if (whole.status === 422) expect(whole.json.code).toBe('response_too_large');
      for (const list of [ranked, slices]) {
        expect(new Set(list.map((match) => match.applicationId)).size).toBe(count);
        expect(list.every((match, i) => i === 0 || rank(list[i - 1] as Match) >= rank(match))).toBe(
          true,
        );
      }
      expect(logReads).toEqual([]);
    } finally {
      db().baseClient.middlewareStack.remove('logReads');
    }
  });
});

describe('every answer fits a Lambda response', () => {
  /** A JD whose every application carries a candidate name of `nameBytes` made by `name`. */
  async function bigJd(count: number, name: (i: number) => string) {
    const tenant = await tenantWithKey(db(), ['read']);
    const file: ImportFile = {
      jds: [
        {
          id: 'jd-crowded',
          title: 'Backend Engineer',
          description: 'd',
          createdById: 'u',
          status: 'PUBLISHED',
        },
      ],
      resumes: Array.from({ length: count }, (_, i) => ({
        id: ulidLike('R', i),
        fileName: `cv_${i}.pdf`,
        metadata: { name: name(i), email: `c${i}@example.com` },
      })),
      applications: Array.from({ length: count }, (_, i) => ({
        id: ulidLike('A', i),
        jdId: 'jd-crowded',
        resumeId: ulidLike('R', i),
        aiScores: [{ overallScore: i % 101 }],
      })),
    };
    const counts = await importProductData(db(), tenant.tenantId, file);
    expect(counts.rejected).toBeUndefined();
    return tenant;
  }
  const NAME_BYTES = 120 * 1024;
  const COUNT = 55; // 55 × 120 KB: about 6.6 MB of match entries

  it('answers a clear 422 saying how to page, never a 500, when even compressed the answer cannot fit; a cursor walk hands over every application', async () => {
    // Random base64 barely compresses: gzip cannot bring this under the limit.
    const tenant = await bigJd(
      COUNT,
      (i) => `${i} ${randomBytes((NAME_BYTES * 3) / 4).toString('base64')}`,
    );

    const whole = await callApi('GET', '/matches/jd-crowded', { key: tenant.key });
    const gzipped = await callApi('GET', '/matches/jd-crowded', {
      key: tenant.key,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });

    expect(whole.status).toBe(422);
    expect(whole.json.error).toMatch(
      /more than the 6 MB one answer can carry: send `Accept-Encoding: gzip`, or ask for fewer items at a time with `limit`/,
    );
    expect(whole.headers['cache-control']).toBe('no-store');
    expect(gzipped.status).toBe(422);
    expect(gzipped.json.error).toMatch(
      /ask for fewer items at a time with `limit`, and follow `pagination.nextCursor`/,
    );

    const seen: { applicationId: string; aiScore: number | null }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await callApi(
        'GET',
        `/matches/jd-crowded?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
        { key: tenant.key },
      );
      expect(page.status, page.text.slice(0, 200)).toBe(200);
      expect(page.json.pagination).toMatchObject({
        limit: 20,
        hasMore: page.json.pagination.nextCursor !== undefined,
      });
      seen.push(...page.json.data);
      cursor = page.json.pagination.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen.map((match) => match.applicationId).sort()).toEqual(
      Array.from({ length: COUNT }, (_, i) => ulidLike('A', i)),
    );
    const scores = seen.map((match) => match.aiScore ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(pages).toBe(3);
  });

  it('compresses when the client accepts gzip, so the whole list fits where plain JSON would not', async () => {
    const tenant = await bigJd(COUNT, (i) => `${i} ${'Ada Lovelace '.repeat(NAME_BYTES / 13)}`);

    const plain = await callApi('GET', '/matches/jd-crowded', { key: tenant.key });
    const gzipped = await callApi('GET', '/matches/jd-crowded', {
      key: tenant.key,
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(plain.status).toBe(422);
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(gzipped.raw).toString('utf8'));
    expect(body.data).toHaveLength(COUNT);
    expect(body.pagination).toBeUndefined();
  });

  it('slices a JD’s applications and the keys when asked (limit, cursor), and refuses a cursor of another list', async () => {
    const tenant = await bigJd(7, (i) => `Candidate ${i}`);
    const admin = await tenantWithKey(db(), ['admin'], tenant.tenantId);

    const walk = async (
      path: string,
      key: string,
      pick: (body: { data: unknown }) => unknown[],
    ) => {
      const items: unknown[] = [];
      let cursor: string | undefined;
      do {
        const reply = await callApi(
          'GET',
          `${path}${path.includes('?') ? '&' : '?'}limit=3${cursor ? `&cursor=${cursor}` : ''}`,
          { key },
        );
        expect(reply.status, reply.text).toBe(200);
        items.push(...pick(reply.json));
        cursor = reply.json.pagination.nextCursor;
      } while (cursor);
      return items;
    };
    const whole = await callApi('GET', '/jds/jd-crowded', { key: tenant.key });
    const sliced = await walk(
      '/jds/jd-crowded',
      tenant.key,
      (body) => (body.data as { applications: unknown[] }).applications,
    );
    expect(whole.json.pagination).toBeUndefined();
    expect(sliced).toEqual(whole.json.data.applications);
    // No answer of the API, success or error, may be kept by a cache.
    const missing = await callApi('GET', '/jds/jd-missing', { key: tenant.key });
    expect([
      whole.headers['cache-control'],
      missing.status,
      missing.headers['cache-control'],
    ]).toEqual(['no-store', 404, 'no-store']);
    expect(sliced).toHaveLength(7);

    for (let i = 0; i < 4; i++)
      await callApi('POST', '/keys', { key: admin.key, body: { name: `k${i}`, scopes: ['read'] } });
    const ids = (records: unknown[]) => records.map((record) => (record as { id: string }).id);
    const keys = await walk('/keys', admin.key, (body) => ids(body.data as unknown[]));
    expect(keys).toEqual(ids((await callApi('GET', '/keys', { key: admin.key })).json.data));
    expect(keys).toHaveLength(6);

    const matchesCursor = (await callApi('GET', '/matches/jd-crowded?limit=3', { key: tenant.key }))
      .json.pagination.nextCursor;
    const foreign = await callApi('GET', `/jds/jd-crowded?cursor=${matchesCursor}`, {
      key: tenant.key,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toMatch(/cursor/);
  });
});

describe('upgrading a table written before application copies were items', () => {
  it('moves each copy out of the resume item, skips the copies of applications that are gone, and changes nothing when run again', async () => {
    const tenant = await tenantWithKey(db(), ['read']);
    await importProductData(db(), tenant.tenantId, {
      jds: [{ id: 'jd-old', title: 'Platform Engineer', description: 'd', createdById: 'u' }],
      resumes: [{ id: 'res-old', fileName: 'old_format.pdf' }],
      applications: [
        { id: 'app-kept', jdId: 'jd-old', resumeId: 'res-old', aiScores: [{ overallScore: 71 }] },
      ],
    });
    // As the earlier version stored it: the copies in a map on the resume, one of them of an application since removed.
    const copy = (id: string) => ({
      id,
      jdId: 'jd-old',
      jdTitle: 'Platform Engineer',
      jdTitleVersion: 1,
      status: 'SCREENING',
      aiScores: [71],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await db().client.send(
      new DeleteCommand({
        TableName: db().tableName,
        Key: copyKeys.copy(tenant.tenantId, 'res-old', 'app-kept'),
      }),
    );
    await db().client.send(
      new UpdateCommand({
        TableName: db().tableName,
        Key: resumeKeys.item(tenant.tenantId, 'res-old'),
        UpdateExpression: 'SET applications = :map',
        ExpressionAttributeValues: {
          ':map': { 'app-kept': copy('app-kept'), 'app-gone': copy('app-gone') },
        },
      }),
    );
    const before = await callApi('GET', '/candidates?search=old_format', { key: tenant.key });

    const first = await moveApplicationCopiesToItems(db(), tenant.tenantId);
    const second = await moveApplicationCopiesToItems(db(), tenant.tenantId);
    const after = await callApi('GET', '/candidates?search=old_format', { key: tenant.key });

    expect(before.json.data[0].applications).toEqual([]);
    expect(first).toEqual({ resumes: 1, copies: 1, skipped: 1 });
    expect(second).toEqual({ resumes: 0, copies: 0, skipped: 0 });
    expect(
      after.json.data[0].applications.map((application: { id: string }) => application.id),
    ).toEqual(['app-kept']);
  });
});
