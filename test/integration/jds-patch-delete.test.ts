import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { applyApplicationUpsert } from '../../lib/applications/sync.js';
import { readCount } from '../../lib/db/counters.js';
import { jdKeys } from '../../lib/jds/model.js';
import { MissingParentError } from '../../lib/errors.js';
import { deliverLocally } from '../../scripts/local/product-bus.js';
import { publishedEvent } from '../helpers/product.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();
const JD = {
  title: 'Senior Backend Engineer, Payments Platform',
  description: 'Builds the payments platform.',
  createdById: 'ats-sync',
};

const event = publishedEvent;

/** The types of the tenant's event log. */
async function logTypes(key: string): Promise<string[]> {
  return (await callApi('GET', '/events?limit=100', { key })).json.data.map(
    (logged: { type: string }) => logged.type,
  );
}

describe('DELETE /jds/:jdId', () => {
  it('deletes a JD without applications: 204, gone from reads, lists and counts, jd.deleted recorded; then 404; an older product upsert stays deleted, a newer one brings it back', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const created = await callApi('POST', '/jds', { key, body: JD });
    const id = created.json.data.id as string;

    const deleted = await callApi('DELETE', `/jds/${id}`, { key });

    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.text).toBe('');
    expect(Object.keys(deleted.headers).map((name) => name.toLowerCase())).toContain(
      'ratelimit-remaining',
    );
    expect((await callApi('GET', `/jds/${id}`, { key })).status).toBe(404);
    expect((await callApi('GET', '/jds', { key })).json.data).toEqual([]);
    expect(await readCount(db(), tenantId, 'JD')).toBe(0);
    expect(await logTypes(key)).toEqual(['key.created', 'jd.created', 'jd.deleted']);
    expect((await callApi('DELETE', `/jds/${id}`, { key })).status).toBe(404);

    // The API-created JD has no product version: any product upsert of it is newer and brings it back.
    const [back] = await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, { id, ...JD, title: 'Back from the product' }),
    ]);
    expect(back?.outcome).toEqual({ outcome: 'applied', created: true });
  });

  it('keeps a product JD deleted against older product upserts: the tombstone holds its product version', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    await deliverLocally(db(), [event('jd.upserted', tenantId, 5, { id: 'jd-product', ...JD })]);

    expect((await callApi('DELETE', '/jds/jd-product', { key })).status).toBe(204);
    const late = await deliverLocally(db(), [
      event('jd.upserted', tenantId, 4, { id: 'jd-product', ...JD }),
      event('jd.upserted', tenantId, 5, { id: 'jd-product', ...JD }),
    ]);
    expect(late.map((delivery) => delivery.outcome)).toEqual([
      { outcome: 'ignored', reason: 'deleted' },
      { outcome: 'ignored', reason: 'deleted' },
    ]);
    expect((await callApi('GET', '/jds/jd-product', { key })).status).toBe(404);
  });

  it('refuses a JD with applications (409, nothing changes, applications go on), and a key without write (403)', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const { key: reader } = await tenantWithKey(db(), ['read'], tenantId);
    await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, { id: 'jd-1', ...JD, status: 'PUBLISHED' }),
      event('resume.upserted', tenantId, 1, { id: 'r-1', fileName: 'ada.pdf' }),
    ]);
    await deliverLocally(db(), [
      event('application.upserted', tenantId, 1, { id: 'a-1', jdId: 'jd-1', resumeId: 'r-1' }),
    ]);

    const etag = (await callApi('GET', '/jds/jd-1', { key })).headers.etag as string;

    const refused = await callApi('DELETE', '/jds/jd-1', { key });
    const forbidden = await callApi('DELETE', '/jds/jd-1', { key: reader });

    expect([refused.status, refused.json.code]).toEqual([409, 'conflict']);
    expect(refused.json.error).toMatch(/has applications.*close or archive it instead/);
    expect([forbidden.status, forbidden.json.code]).toEqual([403, 'scope_missing']);
    expect((await callApi('GET', '/jds/jd-1', { key })).json.data).toMatchObject({
      status: 'PUBLISHED',
      applications: [{ id: 'a-1', status: 'SCREENING' }],
    });
    expect(await logTypes(key)).not.toContain('jd.deleted');
    // Nothing changed, so neither did the ETag: an edit made against it goes through.
    expect((await callApi('GET', '/jds/jd-1', { key })).headers.etag).toBe(etag);
    expect(
      (
        await callApi('PATCH', '/jds/jd-1', {
          key,
          body: { salary: '€95k' },
          headers: { 'if-match': etag },
        })
      ).status,
    ).toBe(200);
    // The refusal took its mark back: a new application of the JD is written as before.
    await deliverLocally(db(), [
      event('resume.upserted', tenantId, 1, { id: 'r-2', fileName: 'grace.pdf' }),
    ]);
    const [next] = await deliverLocally(db(), [
      event('application.upserted', tenantId, 1, { id: 'a-2', jdId: 'jd-1', resumeId: 'r-2' }),
    ]);
    expect(next?.outcome).toEqual({ outcome: 'applied', created: true });
  });

  it('evaluates If-Match: another version is 412 and deletes nothing; the current one, or *, deletes', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const create = async () =>
      (await callApi('POST', '/jds', { key, body: JD })).json.data.id as string;
    const [first, second] = [await create(), await create()];
    const etag = (await callApi('GET', `/jds/${first}`, { key })).headers.etag as string;
    await callApi('PATCH', `/jds/${first}`, { key, body: { location: 'Porto' } });

    const stale = await callApi('DELETE', `/jds/${first}`, { key, headers: { 'if-match': etag } });
    const current = await callApi('DELETE', `/jds/${first}`, {
      key,
      headers: {
        'if-match': (await callApi('GET', `/jds/${first}`, { key })).headers.etag as string,
      },
    });
    const any = await callApi('DELETE', `/jds/${second}`, { key, headers: { 'if-match': '*' } });

    expect([stale.status, stale.json.code]).toEqual([412, 'precondition_failed']);
    expect([current.status, any.status]).toEqual([204, 204]);
  });

  it('holds off an application written while a delete checks the JD, and lets go of a mark a crashed delete left', async () => {
    const { tenantId } = await tenantWithKey(db(), ['read', 'write']);
    await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, { id: 'jd-1', ...JD }),
      event('resume.upserted', tenantId, 1, { id: 'r-1', fileName: 'ada.pdf' }),
    ]);
    const mark = (at: Date) =>
      db().client.send(
        new UpdateCommand({
          TableName: db().tableName,
          Key: jdKeys.head(tenantId, 'jd-1'),
          UpdateExpression: 'SET deleting = :at',
          ExpressionAttributeValues: { ':at': at.toISOString() },
        }),
      );
    const apply = () =>
      applyApplicationUpsert(
        db(),
        tenantId,
        { id: 'a-1', jdId: 'jd-1', resumeId: 'r-1' },
        { sourceVersion: 1 },
      );

    await mark(new Date());
    await expect(apply()).rejects.toBeInstanceOf(MissingParentError);
    await mark(new Date(Date.now() - 120_000));
    await expect(apply()).resolves.toEqual({
      outcome: 'applied',
      created: true,
      value: { id: 'a-1' },
    });
  });
});

describe('DELETE /jds/:jdId refused', () => {
  it('takes its mark off even when an application of the JD was removed while it checked (the version moved)', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, { id: 'jd-1', ...JD }),
      event('resume.upserted', tenantId, 1, { id: 'r-1', fileName: 'ada.pdf' }),
      event('resume.upserted', tenantId, 1, { id: 'r-2', fileName: 'grace.pdf' }),
    ]);
    await deliverLocally(db(), [
      event('application.upserted', tenantId, 1, { id: 'a-1', jdId: 'jd-1', resumeId: 'r-1' }),
      event('application.upserted', tenantId, 1, { id: 'a-2', jdId: 'jd-1', resumeId: 'r-2' }),
    ]);
    // The delete's check for applications: just before it, the product erases r-1 (removing a-1).
    let erased = false;
    const stack = db().client.middlewareStack;
    stack.add(
      (next) => async (args) => {
        const input = args.input as { ProjectionExpression?: string };
        if (!erased && input.ProjectionExpression === 'id') {
          erased = true;
          await deliverLocally(db(), [event('resume.deleted', tenantId, 2, { id: 'r-1' })]);
        }
        return next(args);
      },
      { step: 'initialize', name: 'eraseDuringCheck' },
    );
    let refused: Awaited<ReturnType<typeof callApi>>;
    try {
      refused = await callApi('DELETE', '/jds/jd-1', { key });
    } finally {
      stack.remove('eraseDuringCheck');
    }
    expect(erased).toBe(true);
    expect(refused.status).toBe(409);
    // No mark left behind: the product's next application is written at once.
    await expect(
      applyApplicationUpsert(
        db(),
        tenantId,
        { id: 'a-3', jdId: 'jd-1', resumeId: 'r-2' },
        { sourceVersion: 1 },
      ),
    ).resolves.toMatchObject({ outcome: 'applied', created: true });
  });
});

describe('PATCH /jds/:jdId', () => {
  /** A tenant whose product published jd-1, with one application (so that candidates show the JD's title). */
  async function seeded(occurredAt = new Date().toISOString()) {
    const tenant = await tenantWithKey(db(), ['read', 'write']);
    const at = (type: string, version: number, data: object) => ({
      ...event(type, tenant.tenantId, version, data),
      occurredAt,
    });
    await deliverLocally(db(), [
      at('jd.upserted', 3, { id: 'jd-1', ...JD, status: 'PUBLISHED' }),
      at('resume.upserted', 1, { id: 'r-1', fileName: 'ada.pdf' }),
    ]);
    await deliverLocally(db(), [
      at('application.upserted', 1, { id: 'a-1', jdId: 'jd-1', resumeId: 'r-1' }),
    ]);
    return tenant;
  }
  const patch = (key: string, body: unknown, headers: Record<string, string> = {}) =>
    callApi('PATCH', '/jds/jd-1', { key, body, headers });

  it('changes the fields sent and answers the JD as GET shows it, with its new ETag; the new title reaches the candidates; jd.updated is recorded; a stale If-Match answers 412', async () => {
    const { key } = await seeded();
    const before = await callApi('GET', '/jds/jd-1', { key });
    const etag = before.headers.etag as string;

    const changed = await patch(
      key,
      { title: 'Staff Backend Engineer, Payments', location: 'Remote (EU)' },
      { 'if-match': etag },
    );
    const stale = await patch(key, { location: 'Berlin' }, { 'if-match': etag });
    const after = await callApi('GET', '/jds/jd-1', { key });

    expect(etag).toMatch(/^"\d+"$/);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data).toEqual({
      ...before.json.data,
      title: 'Staff Backend Engineer, Payments',
      location: 'Remote (EU)',
      updatedAt: expect.any(String),
      // The title is a scoring input: its change is when scores given before went stale.
      scoringInputsChangedAt: changed.json.data.updatedAt,
    });
    expect(changed.headers.etag).not.toBe(etag);
    expect(after.headers.etag).toBe(changed.headers.etag);
    expect(after.json.data).toEqual(changed.json.data);
    expect([stale.status, stale.json.code]).toEqual([412, 'precondition_failed']);
    expect((await patch(key, { location: 'Berlin' }, { 'if-match': '*' })).status).toBe(200);
    expect(
      (await callApi('GET', '/candidates', { key })).json.data[0].applications[0].jobDescription
        .title,
    ).toBe('Staff Backend Engineer, Payments');
    const updates = (await callApi('GET', '/events?type=jd.updated', { key })).json.data;
    expect(updates.map((logged: { data: { title: string } }) => logged.data.title)).toEqual([
      'Staff Backend Engineer, Payments',
      'Staff Backend Engineer, Payments',
    ]);
  });

  it('moves a JD only to CLOSED or ARCHIVED (409 naming the allowed ones otherwise), counting it by status, and refuses an empty or unknown body (400)', async () => {
    const { key } = await seeded();

    const closed = await patch(key, { status: 'CLOSED' });
    const reopened = await patch(key, { status: 'PUBLISHED' });
    const archived = await patch(key, { status: 'ARCHIVED' });
    const revived = await patch(key, { status: 'CLOSED' });

    expect([closed.status, closed.json.data.status]).toEqual([200, 'CLOSED']);
    expect([reopened.status, reopened.json.code]).toEqual([409, 'conflict']);
    expect(reopened.json.error).toBe(
      'A JD that is CLOSED can move to ARCHIVED through the API, not to PUBLISHED: publishing is done in the product',
    );
    expect([archived.status, archived.json.data.status]).toEqual([200, 'ARCHIVED']);
    expect(revived.json.error).toMatch(/A JD that is ARCHIVED can move to no other status/);
    expect((await callApi('GET', '/jds?status=ARCHIVED', { key })).json.pagination.total).toBe(1);
    expect((await callApi('GET', '/jds?status=PUBLISHED', { key })).json.pagination.total).toBe(0);
    const events = (await callApi('GET', '/events?type=jd.updated', { key })).json.data.map(
      (logged: { data: { status: string; previousStatus?: string } }) => [
        logged.data.previousStatus,
        logged.data.status,
      ],
    );
    expect(events).toEqual([
      ['PUBLISHED', 'CLOSED'],
      ['CLOSED', 'ARCHIVED'],
    ]);
    expect((await patch(key, {})).status).toBe(400);
    expect((await patch(key, { title: 'x', createdById: 'someone' })).json.error).toMatch(
      /Unknown field "createdById"/,
    );
    expect((await patch(key, { title: ' ' })).status).toBe(400);
  });

  it('allows exactly the integrator transitions, from every status to every status', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const statuses = ['DRAFT', 'PUBLISHED', 'CLOSED', 'ARCHIVED'] as const;
    const outcomes: string[] = [];
    for (const from of statuses) {
      for (const to of statuses) {
        const id = `jd-${from}-${to}`.toLowerCase();
        await deliverLocally(db(), [
          event('jd.upserted', tenantId, 1, { id, ...JD, status: from }),
        ]);
        const reply = await callApi('PATCH', `/jds/${id}`, { key, body: { status: to } });
        outcomes.push(
          `${from}→${to} ${reply.status}${reply.status === 200 ? ` ${reply.json.data.status}` : ''}`,
        );
      }
    }
    expect(outcomes).toEqual([
      'DRAFT→DRAFT 200 DRAFT',
      'DRAFT→PUBLISHED 409',
      'DRAFT→CLOSED 200 CLOSED',
      'DRAFT→ARCHIVED 200 ARCHIVED',
      'PUBLISHED→DRAFT 409',
      'PUBLISHED→PUBLISHED 200 PUBLISHED',
      'PUBLISHED→CLOSED 200 CLOSED',
      'PUBLISHED→ARCHIVED 200 ARCHIVED',
      'CLOSED→DRAFT 409',
      'CLOSED→PUBLISHED 409',
      'CLOSED→CLOSED 200 CLOSED',
      'CLOSED→ARCHIVED 200 ARCHIVED',
      'ARCHIVED→DRAFT 409',
      'ARCHIVED→PUBLISHED 409',
      'ARCHIVED→CLOSED 409',
      'ARCHIVED→ARCHIVED 200 ARCHIVED',
    ]);
  });

  it('honours an Idempotency-Key (the same answer, one change, one event) and writes nothing for a patch that changes nothing', async () => {
    const { key } = await seeded();
    const headers = { 'idempotency-key': 'sync-2026-11-24-jd-1' };

    const first = await patch(key, { salary: '€90,000–€110,000' }, headers);
    const again = await patch(key, { salary: '€90,000–€110,000' }, headers);
    const same = await patch(key, { salary: '€90,000–€110,000' });

    expect(again.json).toEqual(first.json);
    expect(again.headers['Idempotent-Replayed'] ?? again.headers['idempotent-replayed']).toBe(
      'true',
    );
    expect(same.status).toBe(200);
    expect(same.headers.etag).toBe(first.headers.etag);
    expect((await callApi('GET', '/events?type=jd.updated', { key })).json.data).toHaveLength(1);
  });

  it('keeps an integrator’s edit against a product change that happened before it, and takes a product change that happened after: each visible in the log', async () => {
    const { tenantId, key } = await seeded(new Date(Date.now() - 60_000).toISOString());
    const productChange = (version: number, occurredAt: Date, title: string) => ({
      ...event('jd.upserted', tenantId, version, { id: 'jd-1', ...JD, title, status: 'PUBLISHED' }),
      occurredAt: occurredAt.toISOString(),
    });
    const beforeEdit = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));

    await patch(key, { title: 'Edited in the ATS' });
    const [stale] = await deliverLocally(db(), [
      productChange(4, beforeEdit, 'Changed in the product before the edit'),
    ]);
    const keptTitle = (await callApi('GET', '/jds/jd-1', { key })).json.data.title;
    const [newer] = await deliverLocally(db(), [
      productChange(5, new Date(), 'Changed in the product after the edit'),
    ]);

    expect(stale?.outcome).toEqual({ outcome: 'ignored', reason: 'edited' });
    expect(keptTitle).toBe('Edited in the ATS');
    expect(newer?.outcome).toEqual({ outcome: 'applied', created: false });
    expect((await callApi('GET', '/jds/jd-1', { key })).json.data.title).toBe(
      'Changed in the product after the edit',
    );
    const titles = (
      await callApi('GET', '/events?type=jd.created,jd.updated', { key })
    ).json.data.map((logged: { type: string; data: { title: string } }) => [
      logged.type,
      logged.data.title,
    ]);
    expect(titles).toEqual([
      ['jd.created', JD.title],
      ['jd.updated', 'Edited in the ATS'],
      ['jd.updated', 'Changed in the product after the edit'],
    ]);
  });
});

describe('PATCH /jds/:jdId removes an optional field sent as null (JSON Merge Patch)', () => {
  it('removes department, location, experience, salary and requirements, puts type back to its default, and refuses null for what a JD must have', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const full = {
      ...JD,
      department: 'Payments',
      location: 'Berlin',
      experience: '5+ years',
      type: 'contract',
      salary: '€90k',
      requirements: 'TypeScript, DynamoDB',
    };
    const id = (await callApi('POST', '/jds', { key, body: full })).json.data.id as string;

    const cleared = await callApi('PATCH', `/jds/${id}`, {
      key,
      body: {
        department: null,
        location: null,
        experience: null,
        type: null,
        salary: null,
        requirements: null,
      },
    });
    const refused = await callApi('PATCH', `/jds/${id}`, {
      key,
      body: { title: null, description: null, status: null },
    });
    const read = await callApi('GET', `/jds/${id}`, { key });

    expect(cleared.status, cleared.text).toBe(200);
    expect(
      Object.keys(cleared.json.data).filter((field) =>
        ['department', 'location', 'experience', 'salary', 'requirements'].includes(field),
      ),
    ).toEqual([]);
    expect(cleared.json.data.type).toBe('full-time');
    expect(read.json.data).toEqual(cleared.json.data);
    expect([
      refused.status,
      refused.json.details.map((detail: { field: string }) => detail.field).sort(),
    ]).toEqual([400, ['description', 'status', 'title']]);
  });
});

describe('what a JD may hold in all', () => {
  /** 87,000 three-byte characters: 255 KiB of JSON, a valid PATCH body by itself. */
  const euros = '€'.repeat(87_000);
  /** As long, but with nothing gzip can find to shorten (its pattern repeats further apart than gzip's 32 KB window). */
  const incompressible = Array.from({ length: 87_000 }, (_, i) =>
    String.fromCharCode(0x4e00 + ((i * 7919) % 20_000)),
  ).join('');

  it('refuses a PATCH that would take its fields past 256 KB as JSON (422 jd_too_large), each PATCH being valid; an answer at the bound fits its idempotency record', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const id = (await callApi('POST', '/jds', { key, body: JD })).json.data.id as string;
    // 100 applications with realistic ids, so the answer carries its full first slice.
    const resumes = Array.from({ length: 100 }, (_, i) =>
      event('resume.upserted', tenantId, 1, {
        id: `res_01KB${String(i).padStart(22, '0')}`,
        fileName: `candidate-${i}.pdf`,
      }),
    );
    await deliverLocally(db(), resumes);
    await deliverLocally(
      db(),
      resumes.map((resume, i) =>
        event('application.upserted', tenantId, 1, {
          id: `app_01KB${String(i).padStart(22, '0')}`,
          jdId: id,
          resumeId: (resume.data as { id: string }).id,
        }),
      ),
    );

    const requirements = await callApi('PATCH', `/jds/${id}`, {
      key,
      body: { requirements: incompressible },
      headers: { 'idempotency-key': 'long-requirements' },
    });
    const replay = await callApi('PATCH', `/jds/${id}`, {
      key,
      body: { requirements: incompressible },
      headers: { 'idempotency-key': 'long-requirements' },
    });
    const description = await callApi('PATCH', `/jds/${id}`, {
      key,
      body: { description: euros },
      headers: { 'idempotency-key': 'long-description' },
    });

    expect(requirements.status, requirements.text.slice(0, 200)).toBe(200);
    expect(requirements.json.data.applications).toHaveLength(100);
    expect([
      replay.status,
      replay.headers['idempotent-replayed'],
      replay.text === requirements.text,
    ]).toEqual([200, 'true', true]);
    expect([description.status, description.json.code]).toEqual([422, 'jd_too_large']);
    expect(description.json.error).toMatch(
      /at most 262144 bytes as JSON.*would hold 52\d{4} bytes/,
    );
    expect((await callApi('GET', `/jds/${id}`, { key })).json.data.description).toBe(
      JD.description,
    );
  });

  it('rejects a product event whose JD would hold more, naming the bound', async () => {
    const { tenantId } = await tenantWithKey(db(), ['read']);

    const [delivery] = await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, {
        id: 'jd-long',
        ...JD,
        description: euros,
        requirements: euros,
      }),
    ]);

    expect(delivery?.outcome).toEqual({
      outcome: 'rejected',
      reason: expect.stringMatching(/^data: a JD holds at most 262144 bytes as JSON/),
    });
  });
});
