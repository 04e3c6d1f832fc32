import { describe, expect, it } from 'vitest';
import { applyJdDeletion } from '../../lib/applications/cascades.js';
import { applyJdUpsert } from '../../lib/jds/sync.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { productVersion, useTestDb } from '../helpers/db.js';

/** A JD's `externalId`: the integrator's own id, unique in the tenant, findable. */
const db = useTestDb();
// Events and delta walks read what was just written.

/** An ATS's job id, as Greenhouse or Workday write them. */
const atsJobId = (n: number) => `REQ-2026-${String(n).padStart(5, '0')}/workday:eu-central`;
const jd = (externalId?: string) => ({
  title: 'Senior Backend Engineer, Payments Platform',
  description: 'Builds and runs the ledger that moves every payment of the platform.',
  createdById: 'ats-sync',
  ...(externalId === undefined ? {} : { externalId }),
});

async function findByExternalId(key: string, externalId: string) {
  const reply = await callApi('GET', `/jds?externalId=${encodeURIComponent(externalId)}`, { key });
  expect(reply.status, reply.text).toBe(200);
  return reply.json;
}

describe('a JD’s externalId', () => {
  it('is set on POST, shown with the JD, and finds it with GET /jds?externalId=', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const created = await callApi('POST', '/jds', { key, body: jd(atsJobId(1)) });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ status: 'DRAFT', externalId: atsJobId(1) });

    const found = await findByExternalId(key, atsJobId(1));
    expect(found.data).toEqual([
      expect.objectContaining({ id: created.json.data.id, externalId: atsJobId(1) }),
    ]);
    expect(found.pagination).toMatchObject({ page: 1, total: 1, pages: 1, hasMore: false });
    const single = await callApi('GET', `/jds/${created.json.data.id}`, { key });
    expect(single.json.data.externalId).toBe(atsJobId(1));

    // Exact and case-sensitive: never a prefix or another case.
    for (const other of [atsJobId(1).toLowerCase(), atsJobId(1).slice(0, -1), 'REQ-2026']) {
      expect((await findByExternalId(key, other)).data, other).toEqual([]);
    }
    const drafts = await findByExternalId(key, atsJobId(1));
    expect(drafts.data).toHaveLength(1);
    const published = await callApi(
      'GET',
      `/jds?status=PUBLISHED&externalId=${encodeURIComponent(atsJobId(1))}`,
      { key },
    );
    expect(published.json.data).toEqual([]);
  });

  it('answers 409 naming the JD that holds it to a second create, however many race, and creates nothing more', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => callApi('POST', '/jds', { key, body: jd(atsJobId(2)) })),
    );

    const created = replies.filter((reply) => reply.status === 201);
    expect(created).toHaveLength(1);
    const winner = created[0]?.json.data.id;
    for (const reply of replies.filter((r) => r.status !== 201)) {
      expect(reply.status).toBe(409);
      expect(reply.json).toMatchObject({ code: 'conflict', existingId: winner });
      expect(reply.json.error).toContain(`JD ${winner}`);
    }
    const all = await callApi('GET', '/jds', { key });
    expect(all.json.pagination.total).toBe(1);
  });

  it('moves with PATCH, frees the old value, refuses another JD’s, and goes with null or a delete', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const first = (await callApi('POST', '/jds', { key, body: jd(atsJobId(3)) })).json.data.id;
    const second = (await callApi('POST', '/jds', { key, body: jd(atsJobId(4)) })).json.data.id;

    const moved = await callApi('PATCH', `/jds/${first}`, {
      key,
      body: { externalId: atsJobId(5) },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.data.externalId).toBe(atsJobId(5));
    expect(moved.headers.etag).toBe('"2"');
    expect((await findByExternalId(key, atsJobId(3))).data).toEqual([]);
    expect((await findByExternalId(key, atsJobId(5))).data[0].id).toBe(first);

    const taken = await callApi('PATCH', `/jds/${first}`, {
      key,
      body: { externalId: atsJobId(4), location: 'Berlin' },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.existingId).toBe(second);
    // Nothing of the refused patch was written.
    const unchanged = await callApi('GET', `/jds/${first}`, { key });
    expect(unchanged.json.data).toMatchObject({ externalId: atsJobId(5) });
    expect(unchanged.json.data.location).toBeUndefined();

    const removed = await callApi('PATCH', `/jds/${first}`, { key, body: { externalId: null } });
    expect(removed.status).toBe(200);
    expect(removed.json.data.externalId).toBeUndefined();
    expect((await findByExternalId(key, atsJobId(5))).data).toEqual([]);

    expect((await callApi('DELETE', `/jds/${second}`, { key })).status).toBe(204);
    const reused = await callApi('POST', '/jds', { key, body: jd(atsJobId(4)) });
    expect(reused.status).toBe(201);
    expect((await findByExternalId(key, atsJobId(4))).data[0].id).toBe(reused.json.data.id);
  });

  it('is kept by the product’s changes to the JD and freed by its deletion', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const id = (await callApi('POST', '/jds', { key, body: jd(atsJobId(6)) })).json.data.id;

    await applyJdUpsert(
      db(),
      tenantId,
      { ...jd(), id, title: 'Staff Backend Engineer', status: 'PUBLISHED' },
      productVersion(),
    );
    const found = await findByExternalId(key, atsJobId(6));
    expect(found.data[0]).toMatchObject({ id, title: 'Staff Backend Engineer' });

    await applyJdDeletion(db(), tenantId, id, productVersion());
    expect((await findByExternalId(key, atsJobId(6))).data).toEqual([]);
    expect((await callApi('POST', '/jds', { key, body: jd(atsJobId(6)) })).status).toBe(201);
  });

  it('is unique within a tenant only, and never found from another tenant', async () => {
    const one = await tenantWithKey(db(), ['read', 'write']);
    const two = await tenantWithKey(db(), ['read', 'write']);
    expect((await callApi('POST', '/jds', { key: one.key, body: jd(atsJobId(7)) })).status).toBe(
      201,
    );
    expect((await findByExternalId(two.key, atsJobId(7))).data).toEqual([]);
    expect((await callApi('POST', '/jds', { key: two.key, body: jd(atsJobId(7)) })).status).toBe(
      201,
    );
  });

  it('refuses an externalId it could not find again exactly, and a cursor with it', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    for (const externalId of ['', 'has space', 'é-accent', 'x'.repeat(129)]) {
      const reply = await callApi('POST', '/jds', { key, body: jd(externalId) });
      expect(reply.status, externalId).toBe(400);
      expect(reply.json.details[0].field).toBe('externalId');
    }
    const withCursor = await callApi('GET', '/jds?externalId=REQ-1&cursor=abc', { key });
    expect(withCursor.status).toBe(400);
    expect(withCursor.json.error).toMatch(/cursor/);
  });

  it('names the JD wherever a JD is named: list pages, cursor pages, delta-walk deletions and the jd.* events', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const since = new Date(Date.now() - 1000).toISOString();
    const ids: string[] = [];
    for (const n of [8, 9]) {
      const created = await callApi('POST', '/jds', { key, body: jd(atsJobId(n)) });
      ids.push(created.json.data.id);
    }
    const [byApi, byProduct] = ids as [string, string];
    await callApi('PATCH', `/jds/${byApi}`, { key, body: { location: 'Berlin' } });

    const page = await callApi('GET', '/jds', { key });
    const cursorPage = await callApi('GET', '/jds?limit=1', { key });
    const next = await callApi(
      'GET',
      `/jds?limit=1&cursor=${encodeURIComponent(cursorPage.json.pagination.nextCursor)}`,
      { key },
    );
    expect(page.json.data.map((entry: { externalId?: string }) => entry.externalId)).toEqual([
      atsJobId(9),
      atsJobId(8),
    ]);
    expect([cursorPage.json.data[0].externalId, next.json.data[0].externalId]).toEqual([
      atsJobId(9),
      atsJobId(8),
    ]);
    const drafts = await callApi('GET', '/jds?status=DRAFT', { key });
    const deepDraftPage = await callApi('GET', '/jds?status=DRAFT&page=2&limit=1', { key });
    expect(drafts.json.data.map((entry: { externalId?: string }) => entry.externalId)).toEqual([
      atsJobId(9),
      atsJobId(8),
    ]);
    expect(deepDraftPage.json.data[0].externalId).toBe(atsJobId(8));

    // Deleted by the integrator and by the product: each deletion still names its external id.
    await callApi('DELETE', `/jds/${byApi}`, { key });
    await applyJdDeletion(db(), tenantId, byProduct, productVersion());
    const walk = await callApi('GET', `/jds?updatedSince=${since}`, { key });
    expect(walk.json.data).toEqual(
      expect.arrayContaining([
        { id: byApi, deleted: true, deletedAt: expect.any(String), externalId: atsJobId(8) },
        { id: byProduct, deleted: true, deletedAt: expect.any(String), externalId: atsJobId(9) },
      ]),
    );

    const events = await callApi('GET', '/events?limit=100', { key });
    const named = events.json.data
      .filter((event: { type: string }) => event.type.startsWith('jd.'))
      .map((event: { type: string; data: { id: string; externalId?: string } }) => [
        event.type,
        event.data.id,
        event.data.externalId,
      ]);
    expect(named).toEqual([
      ['jd.created', byApi, atsJobId(8)],
      ['jd.created', byProduct, atsJobId(9)],
      ['jd.updated', byApi, atsJobId(8)],
      ['jd.deleted', byApi, atsJobId(8)],
      ['jd.deleted', byProduct, atsJobId(9)],
    ]);
  });
});
