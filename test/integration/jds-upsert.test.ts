import { describe, expect, it } from 'vitest';
import { applyJdUpsert } from '../../lib/jds/sync.js';
import { upsertJds } from '../../lib/jds/upsert.js';
import { LIMITS } from '../../lib/schemas/limits.js';
import { TransientError } from '../../lib/errors.js';
import { type ApiReply, callApi, tenantWithKey } from '../helpers/api.js';
import { productVersion, useTestDb } from '../helpers/db.js';

/**
 * Writes by the integrator's own id: PUT /jds/by-external-id/:externalId and POST /jds/batch, as an
 * ATS's first push and nightly reconciliation use them.
 */
const db = useTestDb();
// Events and delta walks read what was just written.

/** An ATS's requisition id, as Workday writes them. */
const requisition = (n: number, run = 'a') =>
  `REQ-2026-${String(n).padStart(5, '0')}/workday:eu-central-${run}`;
/** A job id as it travels in a URL path (API Gateway decodes the path first: no `/`, `?` or `#`). */
const jobId = (n: number) => `JR-2026-${String(n).padStart(5, '0')}:workday.eu-central`;
const byExternalId = (externalId: string) =>
  `/jds/by-external-id/${encodeURIComponent(externalId)}`;
const jd = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Senior Backend Engineer ${n}, Payments Platform`,
  description: `Builds and runs the ledger that moves every payment of the platform (requisition ${n}).`,
  createdById: 'ats-sync',
  location: 'Berlin',
  requirements: 'Go or TypeScript; five years running payment systems in production.',
  ...extra,
});
const item = (n: number, run = 'a', extra: Record<string, unknown> = {}) => ({
  externalId: requisition(n, run),
  ...jd(n, extra),
});

/**
 * The events of `type` once `expected` are readable: a read places at most 98 pending events in the
 * log (lib/db/log/sequencer.ts; the stream's sequencer places the rest as they come), so a batch of 100 writes
 * is read whole by the second look.
 */
async function eventsOf(
  key: string,
  type: string,
  expected: number,
): Promise<{ data: { id: string } }[]> {
  for (let look = 1; ; look++) {
    const events = await readEvents(key, type);
    if (events.length >= expected || look === 5) return events;
  }
}

async function readEvents(key: string, type: string): Promise<{ data: { id: string } }[]> {
  const events: { type: string; data: { id: string } }[] = [];
  let cursor: string | undefined;
  for (;;) {
    const reply = await callApi(
      'GET',
      `/events?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    events.push(...reply.json.data);
    if (!reply.json.pagination.hasMore) break;
    cursor = reply.json.pagination.nextCursor;
  }
  return events.filter((event) => event.type === type);
}

const batch = (key: string, items: unknown[], headers: Record<string, string> = {}) =>
  callApi('POST', '/jds/batch', { key, body: { items }, headers });

type Result = { externalId?: string; id?: string; outcome?: string; error?: { code: string } };
const outcomes = (reply: ApiReply) => (reply.json.data as Result[]).map((r) => r.outcome);

describe('PUT /jds/by-external-id/:externalId', () => {
  it('creates the JD (201, Location, ETag), then answers 200 unchanged or updated, replacing the texts whole', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const externalId = jobId(1);

    const created = await callApi('PUT', byExternalId(externalId), { key, body: jd(1) });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({ status: 'DRAFT', externalId, location: 'Berlin' });
    const id = created.json.data.id;
    expect(created.headers.location).toBe(`/api/v1/jds/${id}`);
    expect(created.headers.etag).toBeTruthy();

    const again = await callApi('PUT', byExternalId(externalId), { key, body: jd(1) });
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe(created.headers.etag);
    expect(again.headers.location).toBeUndefined();

    // PUT replaces: a field left out goes; the creator stays the first one.
    const { location: _dropped, ...withoutLocation } = jd(1);
    const replaced = await callApi('PUT', byExternalId(externalId), {
      key,
      body: { ...withoutLocation, title: 'Staff Backend Engineer', createdById: 'someone-else' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json.data.id).toBe(id);
    expect(replaced.json.data.title).toBe('Staff Backend Engineer');
    expect(replaced.json.data).not.toHaveProperty('location');
    expect(replaced.headers.etag).not.toBe(created.headers.etag);

    expect(await eventsOf(key, 'jd.created', 1)).toHaveLength(1);
    const updates = await eventsOf(key, 'jd.updated', 1);
    expect(updates.map((event) => event.data.id)).toEqual([id]);
    const all = await callApi('GET', '/jds', { key });
    expect(all.json.pagination.total).toBe(1);
  });

  it('honours If-Match (412 over another version, or when no JD has the id) and replays an Idempotency-Key as first answered', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const externalId = jobId(2);
    const headers = { 'Idempotency-Key': 'first-push-2' };

    const created = await callApi('PUT', byExternalId(externalId), { key, body: jd(2), headers });
    const replayed = await callApi('PUT', byExternalId(externalId), { key, body: jd(2), headers });
    expect([created.status, replayed.status]).toEqual([201, 201]);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json.data).toEqual(created.json.data);
    expect(replayed.headers.location).toBe(created.headers.location);

    const stale = await callApi('PUT', byExternalId(externalId), {
      key,
      body: jd(2, { salary: '€90k' }),
      headers: { 'If-Match': '"999"' },
    });
    expect(stale.status).toBe(412);
    const current = await callApi('PUT', byExternalId(externalId), {
      key,
      body: jd(2, { salary: '€90k' }),
      headers: { 'If-Match': created.headers.etag as string },
    });
    expect(current.status).toBe(200);
    expect(current.json.data.salary).toBe('€90k');

    const nothing = await callApi('PUT', byExternalId(jobId(3)), {
      key,
      body: jd(3),
      headers: { 'If-Match': '*' },
    });
    expect(nothing.status).toBe(412);
    const none = await callApi('GET', `/jds?externalId=${encodeURIComponent(jobId(3))}`, {
      key,
    });
    expect(none.json.data).toEqual([]);
  });

  it('refuses an id it could not find again, an externalId in the body, and a JD past its size', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    for (const externalId of ['has space', 'é-accent', 'x'.repeat(129)]) {
      const reply = await callApi('PUT', byExternalId(externalId), { key, body: jd(4) });
      expect(reply.status, externalId).toBe(400);
      expect(reply.json.details[0].field).toBe('externalId');
    }
    const inBody = await callApi('PUT', byExternalId(jobId(4)), {
      key,
      body: { ...jd(4), externalId: jobId(4) },
    });
    expect(inBody.status).toBe(400);
    const readOnly = await tenantWithKey(db(), ['read']);
    const refused = await callApi('PUT', byExternalId(jobId(4)), {
      key: readOnly.key,
      body: jd(4),
    });
    expect(refused.status).toBe(403);
  });

  it('keeps the rule for product events: an integrator’s replacement is newer than a product change that happened before it', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const externalId = jobId(5);
    const created = await callApi('PUT', byExternalId(externalId), { key, body: jd(5) });
    const before = new Date(Date.now() - 60_000).toISOString();
    await callApi('PUT', byExternalId(externalId), { key, body: jd(5, { salary: '€100k' }) });

    const product = await applyJdUpsert(
      db(),
      tenantId,
      { ...jd(5, { salary: '€80k' }), id: created.json.data.id, status: 'PUBLISHED' },
      { ...productVersion(), occurredAt: before },
    );
    expect(product).toMatchObject({ outcome: 'ignored' });
    const stored = await callApi('GET', `/jds/${created.json.data.id}`, { key });
    expect(stored.json.data.salary).toBe('€100k');
  });
});

describe('PUT /jds/by-external-id/:externalId, as it meets other writes', () => {
  it('replaces a CLOSED JD’s texts and leaves its status; after a delete, creates a new JD; after a PATCH moved the id away, creates one for it', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const first = await callApi('PUT', byExternalId(jobId(10)), { key, body: jd(10) });
    await callApi('PATCH', `/jds/${first.json.data.id}`, { key, body: { status: 'CLOSED' } });

    const closed = await callApi('PUT', byExternalId(jobId(10)), {
      key,
      body: jd(10, { salary: '€99k' }),
    });
    expect(closed.status).toBe(200);
    expect(closed.json.data).toMatchObject({ status: 'CLOSED', salary: '€99k' });

    await callApi('DELETE', `/jds/${first.json.data.id}`, { key });
    const again = await callApi('PUT', byExternalId(jobId(10)), { key, body: jd(10) });
    expect(again.status).toBe(201);
    expect(again.json.data.id).not.toBe(first.json.data.id);

    await callApi('PATCH', `/jds/${again.json.data.id}`, { key, body: { externalId: jobId(11) } });
    const moved = await callApi('PUT', byExternalId(jobId(10)), { key, body: jd(10) });
    expect(moved.status).toBe(201);
    expect(moved.json.data.id).not.toBe(again.json.data.id);
    const kept = await callApi('GET', `/jds/${again.json.data.id}`, { key });
    expect(kept.json.data.externalId).toBe(jobId(11));
  });

  it('makes one JD when PUTs of a new id race: one 201, the others 200', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        callApi('PUT', byExternalId(jobId(20)), { key, body: jd(20) }),
      ),
    );

    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(replies.map((reply) => reply.json.data.id)).size).toBe(1);
    expect((await callApi('GET', '/jds', { key })).json.pagination.total).toBe(1);
  });

  it('is not routed for an id holding a `/`, as API Gateway decodes the path before routing it (the batch takes such ids)', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const slashed = await callApi('PUT', byExternalId(requisition(30)), { key, body: jd(30) });
    const batched = await batch(key, [item(30)]);

    expect(slashed.status).toBe(404);
    expect((batched.json.data as Result[])[0]?.outcome).toBe('created');
  });
});

describe('an id in a path', () => {
  it('is refused 400 naming the batch route when it holds an encoded ? or #, where API Gateway would cut the path and reach another resource: nothing is written, replaced or revoked', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write', 'admin']);
    const created = await callApi('PUT', byExternalId(jobId(40)), { key, body: jd(40) });
    const { json: other } = await callApi('POST', '/keys', {
      key,
      body: { name: 'reporting', scopes: ['read'] },
    });

    const refused = await Promise.all([
      callApi('PUT', `${byExternalId(jobId(40))}%3Fevil`, { key, body: jd(41) }),
      callApi('PUT', `${byExternalId(jobId(40))}%23evil`, { key, body: jd(41) }),
      callApi('PATCH', `/jds/${created.json.data.id}%3fx`, {
        key,
        body: { title: 'Replaced' },
        headers: { 'If-Match': created.headers.etag as string },
      }),
      callApi('DELETE', `/keys/${other.data.id}%23x`, { key }),
      callApi('GET', `/jds/${created.json.data.id}%23`, { key }),
    ]);
    const after = await callApi('GET', `/jds/${created.json.data.id}`, { key });
    const keys = await callApi('GET', '/keys', { key });

    expect(created.status).toBe(201);
    expect(refused.map((reply) => [reply.status, reply.json.code])).toEqual(
      Array(5).fill([400, 'validation_failed']),
    );
    expect(refused[0]?.json.error).toContain('POST /jds/batch');
    expect(after.json.data.title).toBe(jd(40).title);
    expect(
      (keys.json.data as { id: string; revokedAt: string | null }[]).find(
        (listed) => listed.id === other.data.id,
      )?.revokedAt,
    ).toBeNull();
  });
});

describe('POST /jds/batch', () => {
  it('upserts 100 JDs in one request and one unit of the hour; resent, it writes nothing and says so', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const items = Array.from({ length: LIMITS.batchItems }, (_, n) => item(n));
    const before = Number(
      (await callApi('GET', '/whoami', { key })).headers['ratelimit-remaining'],
    );

    const first = await batch(key, items);
    expect(first.status, first.text).toBe(200);
    expect(outcomes(first)).toEqual(items.map(() => 'created'));
    expect((first.json.data as Result[]).map((r) => r.externalId)).toEqual(
      items.map((i) => i.externalId),
    );
    // The whoami read took one unit, the batch one more.
    expect(Number(first.headers['ratelimit-remaining'])).toBe(before - 1);

    const resent = await batch(key, items);
    expect(outcomes(resent)).toEqual(items.map(() => 'unchanged'));
    expect((resent.json.data as Result[]).map((r) => r.id)).toEqual(
      (first.json.data as Result[]).map((r) => r.id),
    );
    const total = await callApi('GET', '/jds?limit=1', { key });
    expect(total.json.pagination.total).toBe(LIMITS.batchItems);
    expect(await eventsOf(key, 'jd.created', LIMITS.batchItems)).toHaveLength(LIMITS.batchItems);
    expect(await readEvents(key, 'jd.updated')).toHaveLength(0);
  });

  it('fails a bad item alone, in the envelope’s terms, and writes the others; each change once in the events, the audit log and a delta walk', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write', 'admin']);
    await batch(key, [item(1), item(2)]);
    const walked = await callApi('GET', '/jds?updatedSince=1970-01-01T00:00:00Z', { key });
    const { syncToken } = walked.json.pagination;

    const reply = await batch(key, [
      item(1), // unchanged
      item(2, 'a', { title: 'Principal Backend Engineer' }), // updated
      item(3, 'a', { title: '' }), // invalid
      item(4), // created
      item(4, 'a', { title: 'Another title' }), // the same id twice
      { ...item(5), description: '𝄞'.repeat(LIMITS.jdBytes / 4 + 1) }, // past a JD's size
      { title: 'No id' },
      'not an object',
    ]);

    expect(reply.status, reply.text).toBe(200);
    const [unchanged, updated, invalid, created, twice, tooLarge, noId, notObject] = reply.json
      .data as Result[];
    expect([unchanged?.outcome, updated?.outcome, created?.outcome]).toEqual([
      'unchanged',
      'updated',
      'created',
    ]);
    expect(invalid).toMatchObject({
      externalId: requisition(3),
      error: {
        status: 400,
        code: 'validation_failed',
        details: expect.arrayContaining([expect.objectContaining({ field: 'items[2].title' })]),
      },
    });
    expect(twice).toMatchObject({ externalId: requisition(4), error: { status: 409 } });
    expect(tooLarge).toMatchObject({ error: { status: 422, code: 'jd_too_large' } });
    expect(noId).toMatchObject({ error: { code: 'validation_failed' } });
    expect(noId).not.toHaveProperty('externalId');
    expect(notObject).toMatchObject({ error: { status: 400 } });

    const changes = await callApi('GET', `/jds?syncToken=${encodeURIComponent(syncToken)}`, {
      key,
    });
    const changedIds = (changes.json.data as { id: string }[]).map((entry) => entry.id).sort();
    expect(changedIds).toEqual([updated?.id, created?.id].sort());
    expect((await eventsOf(key, 'jd.updated', 1)).map((event) => event.data.id)).toEqual([
      updated?.id,
    ]);
    const audit = await callApi('GET', '/audit-log?limit=100', { key });
    const actions = (audit.json.data as { action: string; object: { id: string } }[]).filter(
      (entry) => entry.action.startsWith('jd.'),
    );
    expect(actions.filter((entry) => entry.action === 'jd.created')).toHaveLength(3);
    expect(actions.filter((entry) => entry.action === 'jd.updated')).toEqual([
      expect.objectContaining({ object: expect.objectContaining({ id: updated?.id }) }),
    ]);
  });

  it('refuses whole a batch past 100 items or past its body limit, saying the limit', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const tooMany = await batch(
      key,
      Array.from({ length: LIMITS.batchItems + 1 }, (_, n) => item(n)),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toContain(String(LIMITS.batchItems));

    const large = 'x'.repeat(30_000);
    const tooBig = await batch(
      key,
      Array.from({ length: LIMITS.batchItems }, (_, n) => item(n, 'a', { requirements: large })),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error).toContain(String(LIMITS.batchBodyBytes));
    expect((await callApi('GET', '/jds', { key })).json.pagination.total).toBe(0);
  });

  it('makes one JD per id when batches race, each answer true to what it did; an Idempotency-Key replays the first answer', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const items = Array.from({ length: 20 }, (_, n) => item(n, 'race'));

    const replies = await Promise.all([batch(key, items), batch(key, items), batch(key, items)]);
    for (const reply of replies) expect(reply.status, reply.text).toBe(200);
    items.forEach((sent, index) => {
      const results = replies.map((reply) => (reply.json.data as Result[])[index]);
      expect(new Set(results.map((r) => r?.id)).size, sent.externalId).toBe(1);
      expect(results.filter((r) => r?.outcome === 'created')).toHaveLength(1);
      expect(results.filter((r) => r?.outcome === 'unchanged')).toHaveLength(2);
    });
    expect((await callApi('GET', '/jds?limit=1', { key })).json.pagination.total).toBe(20);

    const headers = { 'Idempotency-Key': 'nightly-2026' };
    const fresh = items.map((sent) => ({ ...sent, salary: '€95k' }));
    const first = await batch(key, fresh, headers);
    const replay = await batch(key, fresh, headers);
    expect(outcomes(first)).toEqual(fresh.map(() => 'updated'));
    expect(replay.json).toEqual(first.json);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('starts no item after its time is up: those answer 503 unavailable, to send again; a batch of nothing but those is a 503 itself', async () => {
    const { tenantId } = await tenantWithKey(db(), ['read', 'write']);
    const late = { requestId: 'test', deadline: Date.now() - 1 };

    const results = await upsertJds(db(), tenantId, [item(1), { title: '' }, item(2)], late);
    const none = upsertJds(db(), tenantId, [item(1), item(2)], late);

    expect(results).toEqual([
      expect.objectContaining({
        externalId: requisition(1),
        error: expect.objectContaining({ status: 503, code: 'unavailable' }),
      }),
      expect.objectContaining({ error: expect.objectContaining({ status: 400 }) }),
      expect.objectContaining({
        externalId: requisition(2),
        error: expect.objectContaining({ status: 503, code: 'unavailable' }),
      }),
    ]);
    await expect(none).rejects.toBeInstanceOf(TransientError);
  });
});
