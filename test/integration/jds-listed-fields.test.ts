import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { JD_TEXT_FIELDS, LISTED_JD_FIELDS } from '../../lib/jds/fields.js';
import { jdKeys } from '../../lib/jds/model.js';
import { jdEventData } from '../../lib/jds/responses.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

/**
 * A field a JD declares listed (lib/jds/fields.ts) reaches every place a JD is listed: each way a page
 * of GET /jds is read, the delta walk, and the events whose data names it. This is what "a field is one
 * edit" rests on: lists and walks read JDs from their heads, so no index projection stands between a
 * new field and its answers.
 */
const db = useTestDb();

const EPOCH = '1970-01-01T00:00:00.000Z';

/** A JD with every listed field set, each to a value of its own. */
function fullJd(n: number) {
  return {
    title: `Staff Data Engineer ${n}, Warehouse Platform`,
    description: 'Owns the pipelines that feed every dashboard of the company.',
    createdById: 'ats-sync',
    type: 'contract',
    externalId: `greenhouse-job-4471${n}`,
    ...Object.fromEntries(
      LISTED_JD_FIELDS.map((field) => [field, `${field} of JD ${n}: Lisbon, hybrid (3 days)`]),
    ),
  } as Record<string, string>;
}

const listedOf = (sent: Record<string, string>) =>
  Object.fromEntries(LISTED_JD_FIELDS.map((field) => [field, sent[field]]));

describe('a listed JD field', () => {
  it('is in every page of GET /jds, the delta walk and the events whose data names it', async () => {
    expect(LISTED_JD_FIELDS.length).toBeGreaterThan(0);
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const sent = [0, 1, 2].map(fullJd);
    const ids: string[] = [];
    for (const body of sent) {
      const created = await callApi('POST', '/jds', { key, body });
      expect(created.status, created.text).toBe(201);
      ids.push(created.json.data.id);
    }
    const expected = new Map(ids.map((id, i) => [id, listedOf(sent[i] as Record<string, string>)]));

    // Page 1, a cursor page, a deep page by number (skipped on the slim index), and by status.
    const pageOne = await callApi('GET', '/jds?limit=1', { key });
    const byCursor = await callApi(
      'GET',
      `/jds?limit=1&cursor=${encodeURIComponent(pageOne.json.pagination.nextCursor)}`,
      { key },
    );
    const deep = await callApi('GET', '/jds?limit=1&page=3', { key });
    const byStatus = await callApi('GET', '/jds?status=DRAFT', { key });
    const walk = await callApi('GET', `/jds?updatedSince=${EPOCH}`, { key });
    const answers = { pageOne, byCursor, deep, byStatus, walk };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, `${name}: ${answer.text}`).toBe(200);
      expect(answer.json.data.length, name).toBeGreaterThan(0);
      for (const entry of answer.json.data)
        expect(entry, name).toMatchObject(expected.get(entry.id) ?? { missing: entry.id });
    }
    expect(byStatus.json.data).toHaveLength(3);
    expect(walk.json.data).toHaveLength(3);

    // Every JD text an event's data has a place for carries the JD's value.
    const named = JD_TEXT_FIELDS.filter((field) => Object.hasOwn(jdEventData.def.shape, field));
    expect(named).toContain('title');
    const events = await callApi('GET', '/events?type=jd.created', { key });
    expect(events.json.data).toHaveLength(3);
    for (const event of events.json.data) {
      const body = sent[ids.indexOf(event.data.id)] as Record<string, string>;
      for (const field of named) expect(event.data[field], field).toBe(body[field]);
    }
  });

  it('shows a status page only the heads that have that status, while the status index lags behind them', async () => {
    const { key, tenantId } = await tenantWithKey(db(), ['read', 'write']);
    const ids: string[] = [];
    for (const n of [0, 1]) {
      const created = await callApi('POST', '/jds', { key, body: fullJd(n) });
      ids.push(created.json.data.id);
    }
    // The head moved on, its status-keys entry not yet (DynamoDB updates an index after the table).
    await db().client.send(
      new UpdateCommand({
        TableName: db().tableName,
        Key: jdKeys.head(tenantId, ids[0] as string),
        UpdateExpression: 'SET #status = :closed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':closed': 'CLOSED' },
      }),
    );
    const drafts = await callApi('GET', '/jds?status=DRAFT', { key });
    expect(drafts.json.data.map((jd: { id: string }) => jd.id)).toEqual([ids[1]]);
  });
});
