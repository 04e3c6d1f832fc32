import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyApplicationDeletion, applyApplicationUpsert } from '../../lib/applications/sync.js';
import { tenantPk } from '../../lib/db/ids.js';
import type { SpaceId } from '../../lib/db/spaces.js';
import { signToken } from '../../lib/db/pagination.js';
import { applyJdUpsert } from '../../lib/jds/sync.js';
import { applyResumeErasure } from '../../lib/applications/cascades.js';
import { applyResumeUpsert } from '../../lib/resumes/sync.js';
import { listResumeChanges } from '../../lib/resumes/store.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { productVersion, useTestDb } from '../helpers/db.js';

/** Delta walks of the lists: updatedSince, syncToken, deletions. A change is in the walk from its commit on. */
const db = useTestDb();

const EPOCH = '1970-01-01T00:00:00.000Z';
const jd = (n: number) => ({
  title: `Senior Backend Engineer ${n}, Payments Platform`,
  description: 'Builds and runs the ledger that moves every payment of the platform.',
  createdById: 'ats-sync',
});

interface Walked {
  entries: { id: string; deleted?: true; deletedAt?: string; [field: string]: unknown }[];
  syncToken: string;
  answers: number;
}

/** A whole delta walk of `path` (from `start`: `updatedSince=…` or `syncToken=…`), page by page. */
async function walk(key: string, path: string, start: string, limit = 7): Promise<Walked> {
  const entries: Walked['entries'] = [];
  let cursor: string | undefined;
  for (let answers = 1; answers < 500; answers++) {
    const reply = await callApi(
      'GET',
      `${path}?${start}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    expect(reply.status, reply.text).toBe(200);
    entries.push(...reply.json.data);
    const { hasMore, nextCursor, syncToken } = reply.json.pagination;
    expect(hasMore).toBe(nextCursor !== undefined);
    if (!hasMore) {
      expect(syncToken).toEqual(expect.any(String));
      return { entries, syncToken, answers };
    }
    expect(syncToken).toBeUndefined();
    cursor = nextCursor;
  }
  throw new Error('the walk did not end');
}

const idsOf = (walked: Walked) => walked.entries.map((entry) => entry.id);
const token = (walked: Walked) => `syncToken=${encodeURIComponent(walked.syncToken)}`;

describe('delta walks', () => {
  it('hands over every JD once, then exactly what was created, changed or deleted since, each once', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const created: string[] = [];
    for (let n = 0; n < 20; n++)
      created.push((await callApi('POST', '/jds', { key, body: jd(n) })).json.data.id);

    const first = await walk(key, '/jds', `updatedSince=${EPOCH}`);
    expect(idsOf(first).sort()).toEqual([...created].sort());
    expect(first.answers).toBe(3);
    expect(first.entries[0]).toMatchObject({ title: jd(0).title, status: 'DRAFT' });

    const patched = created[3] as string;
    const deleted = created[5] as string;
    await callApi('PATCH', `/jds/${patched}`, { key, body: { location: 'Berlin' } });
    await callApi('PATCH', `/jds/${patched}`, { key, body: { location: 'Remote (EU)' } });
    expect((await callApi('DELETE', `/jds/${deleted}`, { key })).status).toBe(204);
    const added = (await callApi('POST', '/jds', { key, body: jd(20) })).json.data.id;

    const second = await walk(key, '/jds', token(first));
    expect(idsOf(second).sort()).toEqual([patched, deleted, added].sort());
    expect(second.entries.find((entry) => entry.id === patched)).toMatchObject({
      location: 'Remote (EU)',
    });
    const gone = second.entries.find((entry) => entry.id === deleted);
    expect(gone).toEqual({ id: deleted, deleted: true, deletedAt: expect.any(String) });
    expect(Date.parse(gone?.deletedAt as string)).toBeGreaterThan(Date.now() - 60_000);

    const third = await walk(key, '/jds', token(second));
    expect(third.entries).toEqual([]);
  });

  it('shows a change in the next walk as soon as it commits: the log, not a settle window, bounds a walk', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    await callApi('POST', '/jds', { key, body: jd(1) });
    const first = await walk(key, '/jds', `updatedSince=${EPOCH}`);
    expect(first.entries).toHaveLength(1);

    const fresh = (await callApi('POST', '/jds', { key, body: jd(2) })).json.data.id;
    const next = await walk(key, '/jds', token(first));
    expect(idsOf(next)).toEqual([fresh]);
    expect((await walk(key, '/jds', token(next))).entries).toEqual([]);
  });

  it('reads every JD a batch created a moment ago, however many changes wait for their place before them', async () => {
    // Nothing here sequences but the readers (no stream dispatcher): a batch of 100 leaves 100 entries
    // and more pending, more than a reader's first transactions place.
    const createAll = async (key: string, run: string) => {
      let unsent = Array.from({ length: 100 }, (_, n) => ({
        ...jd(n),
        externalId: `REQ-${run}-${n}`,
      }));
      const created: string[] = [];
      // What a busy machine's request had no time to start answers 503: sent again, as docs/sync.md says.
      for (let round = 0; unsent.length > 0 && round < 10; round++) {
        const reply = await callApi('POST', '/jds/batch', { key, body: { items: unsent } });
        expect(reply.status, reply.text).toBe(200);
        const results = reply.json.data as { id?: string; externalId: string }[];
        created.push(...results.flatMap((result) => (result.id ? [result.id] : [])));
        const done = new Set(results.filter((result) => result.id).map((r) => r.externalId));
        unsent = unsent.filter((item) => !done.has(item.externalId));
      }
      expect(created).toHaveLength(100);
      return new Set(created);
    };
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const first = await walk(key, '/jds', `updatedSince=${EPOCH}`);
    const created = await createAll(key, 'walk');
    const next = await walk(key, '/jds', token(first), 100);
    expect(new Set(idsOf(next))).toEqual(created);

    const other = await tenantWithKey(db(), ['read', 'write']);
    const written = await createAll(other.key, 'events');
    const events = await callApi('GET', '/events?type=jd.created&limit=100', { key: other.key });
    expect(events.status, events.text).toBe(200);
    expect(new Set((events.json.data as { data: { id: string } }[]).map((e) => e.data.id))).toEqual(
      written,
    );
  });

  it('ends a walk from an updatedSince ahead of its clock with a token at the log’s head, not past it', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const ahead = new Date(Date.now() + 5_000).toISOString();
    const empty = await walk(key, '/jds', `updatedSince=${encodeURIComponent(ahead)}`);
    expect(empty.entries).toEqual([]);

    const created = (await callApi('POST', '/jds', { key, body: jd(1) })).json.data.id;
    expect(idsOf(await walk(key, '/jds', token(empty)))).toEqual([created]);
  });

  it('answers from an updatedSince only what changed at or after it, within the log and across the index seam', async () => {
    const { key, tenantId } = await tenantWithKey(db(), ['read']);
    const spaceId = tenantId as SpaceId;
    const ids = Array.from({ length: 12 }, (_, i) => `res-since-${i}-01JDQ4M8X2V7N3K5R9T6W1Y0`);
    for (const [i, id] of ids.entries())
      await applyResumeUpsert(
        db(),
        spaceId,
        { id, fileName: `Candidate_${i}_CV.pdf`, parseStatus: 'COMPLETED' },
        productVersion(),
      );
    await sleep(1000);
    const since = Date.now();
    await sleep(1100);
    await applyResumeUpsert(
      db(),
      spaceId,
      { id: ids[3] as string, fileName: 'Candidate_3_CV_v2.pdf', parseStatus: 'COMPLETED' },
      productVersion(),
    );

    const walked = await walk(key, '/resumes', `updatedSince=${new Date(since).toISOString()}`, 5);
    // As a walk 5.5 minutes from now reads it: the index up to 5 minutes ago, the log after.
    const seam: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listResumeChanges(db(), spaceId, {
        limit: 5,
        updatedSince: since,
        cursor,
        now: Date.now() + 5.5 * 60_000,
      });
      seam.push(...page.items.map((item) => item.id));
      cursor = page.hasMore ? page.nextCursor : undefined;
    } while (cursor);

    expect(walked.entries.map((entry) => [entry.id, entry.fileName])).toEqual([
      [ids[3], 'Candidate_3_CV_v2.pdf'],
    ]);
    expect(seam).toEqual([ids[3]]);
  });

  it('follows resumes and applications, their changes and their deletions, as the product makes them', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    const jdId = '01JDDELTA0000000000000001';
    await applyJdUpsert(
      db(),
      tenantId,
      { id: jdId, ...jd(1), status: 'PUBLISHED' },
      productVersion(),
    );
    for (const i of [1, 2]) {
      await applyResumeUpsert(
        db(),
        tenantId,
        { id: `01JRDELTA000000000000000${i}`, fileName: `cv_${i}.pdf`, parseStatus: 'COMPLETED' },
        productVersion(),
      );
      await applyApplicationUpsert(
        db(),
        tenantId,
        { id: `01JADELTA000000000000000${i}`, jdId, resumeId: `01JRDELTA000000000000000${i}` },
        productVersion(),
      );
    }
    const resumes = await walk(key, '/resumes', `updatedSince=${EPOCH}`);
    const applications = await walk(key, '/applications', `updatedSince=${EPOCH}`);
    expect(idsOf(resumes).sort()).toEqual([
      '01JRDELTA0000000000000001',
      '01JRDELTA0000000000000002',
    ]);
    expect(idsOf(applications).sort()).toEqual([
      '01JADELTA0000000000000001',
      '01JADELTA0000000000000002',
    ]);

    await applyApplicationUpsert(
      db(),
      tenantId,
      {
        id: '01JADELTA0000000000000001',
        jdId,
        resumeId: '01JRDELTA0000000000000001',
        status: 'SHORTLISTED',
        aiScores: [{ overallScore: 88.5, scoredAt: new Date().toISOString() }],
      },
      productVersion(),
    );
    await applyApplicationDeletion(db(), tenantId, '01JADELTA0000000000000002', productVersion());
    await applyResumeErasure(db(), tenantId, '01JRDELTA0000000000000002', productVersion());

    const resumeChanges = await walk(key, '/resumes', token(resumes));
    expect(resumeChanges.entries).toEqual([
      { id: '01JRDELTA0000000000000002', deleted: true, deletedAt: expect.any(String) },
    ]);
    const applicationChanges = await walk(key, '/applications', token(applications));
    expect(applicationChanges.entries).toEqual([
      expect.objectContaining({
        id: '01JADELTA0000000000000001',
        status: 'SHORTLISTED',
        aiScore: 88.5,
      }),
      { id: '01JADELTA0000000000000002', deleted: true, deletedAt: expect.any(String) },
    ]);
  });

  it('reports a candidate when its resume, an application, or a JD title it shows changes, and its erasure', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    const jdId = '01JDCANDIDATES00000000001';
    const otherJd = '01JDCANDIDATES00000000002';
    const [ada, grace] = ['01JRCANDIDATES00000000001', '01JRCANDIDATES00000000002'];
    await applyJdUpsert(
      db(),
      tenantId,
      { id: jdId, ...jd(1), status: 'PUBLISHED' },
      productVersion(),
    );
    await applyJdUpsert(
      db(),
      tenantId,
      { id: otherJd, ...jd(2), status: 'PUBLISHED' },
      productVersion(),
    );
    for (const [resumeId, name] of [
      [ada, 'Ada Lovelace'],
      [grace, 'Grace Hopper'],
    ] as const) {
      await applyResumeUpsert(
        db(),
        tenantId,
        { id: resumeId, fileName: `${name}.pdf`, metadata: { name } },
        productVersion(),
      );
    }
    await applyApplicationUpsert(
      db(),
      tenantId,
      { id: '01JACANDIDATES00000000001', jdId, resumeId: ada },
      productVersion(),
    );
    const first = await walk(key, '/candidates', `updatedSince=${EPOCH}`);
    expect(idsOf(first).sort()).toEqual([ada, grace]);
    expect(first.entries.find((entry) => entry.id === ada)).toMatchObject({
      applications: [expect.objectContaining({ jobDescription: { id: jdId, title: jd(1).title } })],
    });

    // A score on Ada's application, and a new title of the JD she applied to: Ada, once.
    await applyApplicationUpsert(
      db(),
      tenantId,
      {
        id: '01JACANDIDATES00000000001',
        jdId,
        resumeId: ada,
        aiScores: [{ overallScore: 91 }],
      },
      productVersion(),
    );
    await applyJdUpsert(
      db(),
      tenantId,
      { id: jdId, ...jd(1), title: 'Staff Engineer, Payments', status: 'PUBLISHED' },
      productVersion(),
    );
    // A JD nobody applied to changes no candidate.
    await applyJdUpsert(
      db(),
      tenantId,
      { id: otherJd, ...jd(2), title: 'Renamed', status: 'PUBLISHED' },
      productVersion(),
    );
    const second = await walk(key, '/candidates', token(first));
    expect(second.entries).toEqual([
      expect.objectContaining({
        id: ada,
        applications: [
          expect.objectContaining({
            jobDescription: { id: jdId, title: 'Staff Engineer, Payments' },
            // The title is a scoring input: the undated score given before is stale now.
            aiScores: [{ overallScore: 91, stale: true }],
          }),
        ],
      }),
    ]);

    await applyResumeErasure(db(), tenantId, grace, productVersion());
    const third = await walk(key, '/candidates', token(second));
    expect(third.entries).toEqual([{ id: grace, deleted: true, deletedAt: expect.any(String) }]);
  });

  it('answers 410 to a token older than deletions are kept, and 400 to a token or cursor of another walk', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const old = await signToken(
      { tenantPk: tenantPk(tenantId), name: 'sync:jds' },
      { e: '', i: Date.now() - 31 * 24 * 60 * 60 * 1000 },
    );
    const expired = await callApi('GET', `/jds?syncToken=${encodeURIComponent(old)}`, { key });
    expect(expired.status).toBe(410);
    expect(expired.json.code).toBe('sync_token_expired');
    expect(expired.json.error).toMatch(/walk the list again from the start/);
    // A token that holds a time, as walks of a space from before the ordered log were handed: none is
    // still held, and a client that had one walks again.
    const timed = await signToken(
      { tenantPk: tenantPk(tenantId), name: 'sync:jds' },
      { t: Date.now() - 60_000, i: Date.now() - 60_000 },
    );
    const fromBefore = await callApi('GET', `/jds?syncToken=${encodeURIComponent(timed)}`, {
      key,
    });
    expect(fromBefore.status).toBe(410);
    expect(fromBefore.json.code).toBe('sync_token_expired');

    const resumes = await walk(key, '/resumes', `updatedSince=${EPOCH}`);
    const elsewhere = await callApi('GET', `/jds?${token(resumes)}`, { key });
    expect(elsewhere.status).toBe(400);
    const tampered = await callApi('GET', `/jds?syncToken=${resumes.syncToken.slice(0, -2)}xx`, {
      key,
    });
    expect(tampered.status).toBe(400);

    for (let n = 0; n < 3; n++) await callApi('POST', '/jds', { key, body: jd(n) });
    const page = await callApi('GET', `/jds?updatedSince=${EPOCH}&limit=1`, { key });
    const cursor = encodeURIComponent(page.json.pagination.nextCursor);
    const otherStart = await callApi(
      'GET',
      `/jds?updatedSince=2020-01-01T00:00:00Z&limit=1&cursor=${cursor}`,
      { key },
    );
    expect(otherStart.status).toBe(400);
    expect(otherStart.json.code).toBe('cursor_invalid');
    const plain = await callApi('GET', `/jds?limit=1&cursor=${cursor}`, { key });
    expect(plain.status).toBe(400);

    for (const query of [
      `updatedSince=${EPOCH}&page=2`,
      `updatedSince=${EPOCH}&status=DRAFT`,
      `updatedSince=${EPOCH}&${token(resumes)}`,
      'updatedSince=yesterday',
    ]) {
      const reply = await callApi('GET', `/jds?${query}`, { key });
      expect(reply.status, query).toBe(400);
    }
  });

  it('keeps a replica equal to the list when changes land while it walks (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('create' as const) }),
            fc.record({ op: fc.constant('patch' as const), pick: fc.nat() }),
            fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
            fc.record({ op: fc.constant('walkPage' as const) }),
          ),
          { minLength: 5, maxLength: 25 },
        ),
        async (steps) => {
          const { key } = await tenantWithKey(db(), ['read', 'write']);
          const replica = new Map<string, string>();
          const live: string[] = [];
          let start = `updatedSince=${EPOCH}`;
          let cursor: string | undefined;
          /** One page of the replica's walk: applied as it arrives, a new walk begun after the last. */
          const walkPage = async () => {
            const reply = await callApi(
              'GET',
              `/jds?${start}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
              { key },
            );
            expect(reply.status, reply.text).toBe(200);
            for (const entry of reply.json.data) {
              if (entry.deleted) replica.delete(entry.id);
              else replica.set(entry.id, entry.title);
            }
            cursor = reply.json.pagination.nextCursor;
            if (!cursor) start = `syncToken=${encodeURIComponent(reply.json.pagination.syncToken)}`;
          };
          for (const step of steps) {
            if (step.op === 'create') {
              const reply = await callApi('POST', '/jds', { key, body: jd(live.length) });
              live.push(reply.json.data.id);
            } else if (step.op === 'patch' && live.length) {
              const id = live[step.pick % live.length] as string;
              await callApi('PATCH', `/jds/${id}`, {
                key,
                body: { title: `Renamed ${step.pick}` },
              });
            } else if (step.op === 'delete' && live.length) {
              const [id] = live.splice(step.pick % live.length, 1);
              await callApi('DELETE', `/jds/${id}`, { key });
            } else if (step.op === 'walkPage') {
              await walkPage();
            }
          }
          // Finish the walk under way, let the last writes settle, then one more whole walk.
          while (cursor) await walkPage();
          do await walkPage();
          while (cursor);

          const truth = new Map<string, string>();
          const all = await callApi('GET', '/jds?limit=100', { key });
          for (const summary of all.json.data) truth.set(summary.id, summary.title);
          expect(replica).toEqual(truth);
        },
      ),
      { numRuns: 12 },
    );
  });
});
