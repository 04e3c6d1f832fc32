import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { saveApplication } from '../../lib/db/applications.js';
import { readCount } from '../../lib/db/counters.js';
import { jdKeys } from '../../lib/db/entities/jd.js';
import { MissingParentError } from '../../lib/errors.js';
import { deliverLocally, type PublishedEvent } from '../../scripts/local/product-bus.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';

// A short settle window, so that the event log shows a write at once.
useEnv({ EVENT_SETTLE_MS: '100' });
const db = useTestDb();
const JD = { title: 'Senior Backend Engineer, Payments Platform', description: 'Builds the payments platform.', createdById: 'ats-sync' };

let sequence = 0;
const event = (type: string, tenantId: string, version: number, data: object): PublishedEvent =>
  ({ type, id: `e-${++sequence}-${Date.now()}`, tenantId, occurredAt: new Date().toISOString(), version, data }) as PublishedEvent;

/** The types of the tenant's event log, once settled. */
async function logTypes(key: string): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return (await callApi('GET', '/events?limit=100', { key })).json.data.map((logged: { type: string }) => logged.type);
}

describe('DELETE /jds/:jdId (#31 item 2)', () => {
  it('deletes a JD without applications: 204, gone from reads, lists and counts, jd.deleted recorded; then 404; an older product upsert stays deleted, a newer one brings it back', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const created = await callApi('POST', '/jds', { key, body: JD });
    const id = created.json.data.id as string;

    const deleted = await callApi('DELETE', `/jds/${id}`, { key });

    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.text).toBe('');
    expect(Object.keys(deleted.headers).map((name) => name.toLowerCase())).toContain('ratelimit-remaining');
    expect((await callApi('GET', `/jds/${id}`, { key })).status).toBe(404);
    expect((await callApi('GET', '/jds', { key })).json.data).toEqual([]);
    expect(await readCount(db(), tenantId, 'JD')).toBe(0);
    expect(await logTypes(key)).toEqual(['key.created', 'jd.created', 'jd.deleted']);
    expect((await callApi('DELETE', `/jds/${id}`, { key })).status).toBe(404);

    // The API-created JD has no product version: any product upsert of it is newer and brings it back.
    const [back] = await deliverLocally(db(), [event('jd.upserted', tenantId, 1, { id, ...JD, title: 'Back from the product' })]);
    expect(back?.outcome).toEqual({ outcome: 'applied', created: true });
  });

  it('keeps a product JD deleted against older product upserts: the tombstone holds its product version', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    await deliverLocally(db(), [event('jd.upserted', tenantId, 5, { id: 'jd-product', ...JD })]);

    expect((await callApi('DELETE', '/jds/jd-product', { key })).status).toBe(204);
    const late = await deliverLocally(db(), [event('jd.upserted', tenantId, 4, { id: 'jd-product', ...JD }), event('jd.upserted', tenantId, 5, { id: 'jd-product', ...JD })]);
    expect(late.map((delivery) => delivery.outcome)).toEqual([
      { outcome: 'ignored', reason: 'deleted' },
      { outcome: 'ignored', reason: 'deleted' },
    ]);
    expect((await callApi('GET', '/jds/jd-product', { key })).status).toBe(404);
  });

  it('refuses a JD with applications (409, nothing changes, applications go on), and a key without write (403)', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const { key: reader } = await tenantWithKey(db(), ['read'], tenantId);
    await deliverLocally(db(), [event('jd.upserted', tenantId, 1, { id: 'jd-1', ...JD, status: 'PUBLISHED' }), event('resume.upserted', tenantId, 1, { id: 'r-1', fileName: 'ada.pdf' })]);
    await deliverLocally(db(), [event('application.upserted', tenantId, 1, { id: 'a-1', jdId: 'jd-1', resumeId: 'r-1' })]);

    const refused = await callApi('DELETE', '/jds/jd-1', { key });
    const forbidden = await callApi('DELETE', '/jds/jd-1', { key: reader });

    expect([refused.status, refused.json.code]).toEqual([409, 'conflict']);
    expect(refused.json.error).toMatch(/has applications.*close or archive it instead/);
    expect([forbidden.status, forbidden.json.code]).toEqual([403, 'scope_missing']);
    expect((await callApi('GET', '/jds/jd-1', { key })).json.data).toMatchObject({ status: 'PUBLISHED', applications: [{ id: 'a-1', status: 'SCREENING' }] });
    expect(await logTypes(key)).not.toContain('jd.deleted');
    // The refusal took its mark back: a new application of the JD is written as before.
    await deliverLocally(db(), [event('resume.upserted', tenantId, 1, { id: 'r-2', fileName: 'grace.pdf' })]);
    const [next] = await deliverLocally(db(), [event('application.upserted', tenantId, 1, { id: 'a-2', jdId: 'jd-1', resumeId: 'r-2' })]);
    expect(next?.outcome).toEqual({ outcome: 'applied', created: true });
  });

  it('holds off an application written while a delete checks the JD, and lets go of a mark a crashed delete left', async () => {
    const { tenantId } = await tenantWithKey(db(), ['read', 'write']);
    await deliverLocally(db(), [event('jd.upserted', tenantId, 1, { id: 'jd-1', ...JD }), event('resume.upserted', tenantId, 1, { id: 'r-1', fileName: 'ada.pdf' })]);
    const mark = (at: Date) =>
      db().client.send(
        new UpdateCommand({ TableName: db().tableName, Key: jdKeys.head(tenantId, 'jd-1'), UpdateExpression: 'SET deleting = :at, version = version + :one', ExpressionAttributeValues: { ':at': at.toISOString(), ':one': 1 } }),
      );
    const apply = () => saveApplication(db(), tenantId, { id: 'a-1', jdId: 'jd-1', resumeId: 'r-1' }, { sourceVersion: 1 });

    await mark(new Date());
    await expect(apply()).rejects.toBeInstanceOf(MissingParentError);
    await mark(new Date(Date.now() - 120_000));
    await expect(apply()).resolves.toEqual({ outcome: 'applied', created: true, value: { id: 'a-1' } });
  });
});
