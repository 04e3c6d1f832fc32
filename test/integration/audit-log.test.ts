import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { applyProductEvent } from '../../lib/composition/product-events/apply.js';
import type { ProductEvent } from '../../lib/product-events/data.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { startReceiver } from '../helpers/webhooks.js';

/** The security history: GET /audit-log, each entry written in its change's transaction. */
const db = useTestDb();
useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });

const CLIENT = '203.0.113.9';
interface Entry {
  id: string;
  at: string;
  action: string;
  object: { type: string; id: string; version: number | null };
  actor: string;
  actorName: string | null;
  changedFields?: string[];
  requestId: string;
  clientIp: string | null;
  route: string;
}

/** Every entry of the tenant's history, newest first, walked by cursor. */
async function history(key: string, query = '') {
  const entries: Entry[] = [];
  let cursor: string | undefined;
  do {
    const separator = query ? '&' : '';
    const reply = await callApi(
      'GET',
      `/audit-log?${query}${separator}limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    expect(reply.status, reply.text).toBe(200);
    entries.push(...reply.json.data);
    cursor = reply.json.pagination.nextCursor;
  } while (cursor);
  return entries;
}

/** The TransactWriteItems calls the table receives while `run` runs. */
async function transactionsOf(run: () => Promise<unknown>) {
  const seen: TransactWriteCommandInput[] = [];
  const stack = db().client.middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      if (
        context.commandName === 'TransactWriteCommand' ||
        context.commandName === 'TransactWriteItemsCommand'
      )
        seen.push(args.input as TransactWriteCommandInput);
      return next(args);
    },
    { step: 'initialize', name: 'auditTransactions' },
  );
  try {
    await run();
  } finally {
    stack.remove('auditTransactions');
  }
  return seen;
}

/** An item's sort key, as the document client or the low-level client carries it. */
function skOf(item: Record<string, unknown> | undefined): string {
  const sk = item?.sk as string | { S?: string } | undefined;
  return (typeof sk === 'string' ? sk : sk?.S) ?? '';
}

const receivers: { close: () => Promise<void> }[] = [];
afterAll(() => Promise.all(receivers.map((receiver) => receiver.close())));

describe('GET /audit-log', () => {
  it('names the key that acted, as it was named then, and the fields a change changed (never their values)', async () => {
    const admin = await tenantWithKey(db(), ['admin']);
    const writer = await tenantWithKey(db(), ['read', 'write'], admin.tenantId);
    const created = await callApi('POST', '/jds', {
      key: writer.key,
      body: { title: 'Payments Engineer', description: 'Runs the ledger.', createdById: 'ats' },
    });
    const jdId = created.json.data.id as string;
    await callApi('PATCH', `/jds/${jdId}`, {
      key: writer.key,
      body: {
        title: 'Senior Payments Engineer',
        location: 'Lisbon',
        description: 'Runs the ledger.',
      },
    });
    await callApi('PATCH', `/jds/${jdId}`, { key: writer.key, body: { status: 'CLOSED' } });
    const made = await callApi('POST', '/keys', {
      key: admin.key,
      body: { name: 'Greenhouse sync', scopes: ['read'] },
    });
    await callApi('DELETE', `/keys/${made.json.data.id}`, { key: admin.key });

    const entries = await history(admin.key);
    const of = (action: string) => entries.find((entry) => entry.action === action);
    const updates = entries.filter((entry) => entry.action === 'jd.updated');

    expect(of('jd.created')).toMatchObject({ actor: writer.keyId, actorName: 'key read write' });
    expect(of('jd.created')?.changedFields).toBeUndefined();
    expect(updates.map((entry) => entry.changedFields)).toEqual([
      ['status'],
      ['title', 'location'],
    ]);
    expect(of('key.created')).toMatchObject({ actor: admin.keyId, actorName: 'key admin' });
    expect(of('key.revoked')).toMatchObject({
      actorName: 'key admin',
      changedFields: ['revokedAt'],
    });
    // Names, never values: nothing of what was written is in the history.
    expect(JSON.stringify(entries)).not.toMatch(/Lisbon|Senior Payments|Greenhouse/);
  });

  it('records every change to keys, webhooks, JDs and reviews made through the API, with who, from where, through which request and route, never a secret', async () => {
    const admin = await tenantWithKey(db(), ['admin']);
    const writer = await tenantWithKey(db(), ['read', 'write'], admin.tenantId);
    const as = (key: string) => ({ key, sourceIp: CLIENT });
    const receiver = await startReceiver();
    receivers.push(receiver);

    const replies: { action: string; requestId: string; objectId: string }[] = [];
    const done = (action: string, reply: { headers: Record<string, string> }, objectId: string) =>
      replies.push({ action, requestId: reply.headers['request-id'] as string, objectId });

    const key = await callApi('POST', '/keys', {
      ...as(admin.key),
      body: { name: 'ats', scopes: ['read'] },
    });
    done('key.created', key, key.json.data.id);
    done(
      'key.revoked',
      await callApi('DELETE', `/keys/${key.json.data.id}`, as(admin.key)),
      key.json.data.id,
    );
    const hook = await callApi('POST', '/webhooks', {
      ...as(admin.key),
      body: { url: receiver.url, events: ['*'] },
    });
    const hookId = hook.json.data.id as string;
    done('webhook.created', hook, hookId);
    const rotated = await callApi('POST', `/webhooks/${hookId}/rotate-secret`, as(admin.key));
    done('webhook.secret_rotated', rotated, hookId);
    done(
      'webhook.enabled',
      await callApi('POST', `/webhooks/${hookId}/enable`, as(admin.key)),
      hookId,
    );
    done(
      'webhook.test_requested',
      await callApi('POST', `/webhooks/${hookId}/test`, as(admin.key)),
      hookId,
    );

    const jd = await callApi('POST', '/jds', {
      ...as(writer.key),
      body: { title: 'Platform Engineer', description: 'Runs the platform.', createdById: 'ats' },
    });
    const jdId = jd.json.data.id as string;
    done('jd.created', jd, jdId);
    done(
      'jd.updated',
      await callApi('PATCH', `/jds/${jdId}`, { ...as(writer.key), body: { location: 'Berlin' } }),
      jdId,
    );
    const event = (await callApi('GET', '/events?limit=1', { key: writer.key })).json.data[0];
    done(
      'webhook.retry_requested',
      await callApi('POST', `/webhooks/${hookId}/deliveries/${event.id}/retry`, as(admin.key)),
      hookId,
    );
    done(
      'webhook.replay_requested',
      await callApi('POST', `/webhooks/${hookId}/replay`, {
        ...as(admin.key),
        body: { since: event.id },
      }),
      hookId,
    );
    done('jd.deleted', await callApi('DELETE', `/jds/${jdId}`, as(writer.key)), jdId);

    // A review of a score the product reported.
    const product = (type: ProductEvent['type'], version: number, data: object) =>
      applyProductEvent(db(), {
        type,
        id: `p-${version}`,
        tenantId: admin.tenantId,
        occurredAt: new Date().toISOString(),
        version,
        data,
      } as ProductEvent);
    await product('jd.upserted', 1, {
      id: 'jd-p',
      title: 'Data Engineer',
      description: 'd',
      createdById: 'u',
      status: 'PUBLISHED',
    });
    await product('resume.upserted', 1, {
      id: 'rs-p',
      fileName: 'cv.pdf',
      metadata: { name: 'Ada Example' },
    });
    await product('application.upserted', 1, {
      id: 'ap-p',
      jdId: 'jd-p',
      resumeId: 'rs-p',
      aiScores: [{ overallScore: 70, scoredAt: new Date(Date.now() - 1000).toISOString() }],
    });
    const review = await callApi('POST', '/applications/ap-p/reviews', {
      ...as(writer.key),
      body: {
        outcome: 'overridden',
        reviewer: 'recruiter-9',
        rationale: 'A private note about Ada.',
      },
    });
    done('review.created', review, review.json.data.id);
    done('webhook.deleted', await callApi('DELETE', `/webhooks/${hookId}`, as(admin.key)), hookId);

    const entries = await history(admin.key);
    expect(entries.map((entry) => entry.action)).toEqual(replies.map((r) => r.action).reverse());
    for (const [i, reply] of [...replies].reverse().entries()) {
      const entry = entries[i] as Entry;
      expect(entry, reply.action).toMatchObject({
        action: reply.action,
        requestId: reply.requestId,
        object: { id: reply.objectId },
        clientIp: CLIENT,
        actor:
          reply.action.startsWith('jd.') || reply.action === 'review.created'
            ? writer.keyId
            : admin.keyId,
      });
    }
    const byAction = new Map(entries.map((entry) => [entry.action, entry]));
    expect(byAction.get('jd.updated')).toMatchObject({
      object: { type: 'jd', version: 2 },
      route: 'PATCH /jds/{jdId}',
    });
    expect(byAction.get('jd.created')?.object.version).toBe(1);
    // A review's entry names the application it is of, and the application's id finds it.
    expect(byAction.get('review.created')?.object).toMatchObject({
      type: 'review',
      parent: { type: 'application', id: 'ap-p' },
    });
    const ofApplication = await callApi('GET', '/audit-log?objectId=ap-p', as(admin.key));
    expect(ofApplication.json.data.map((entry: Entry) => entry.action)).toEqual(['review.created']);
    expect(byAction.get('webhook.secret_rotated')).toMatchObject({
      object: { type: 'webhook', version: null },
      route: 'POST /webhooks/{webhookId}/rotate-secret',
    });
    // Newest first, by time.
    expect([...entries].sort((a, b) => b.at.localeCompare(a.at)).map((e) => e.id)).toEqual(
      entries.map((e) => e.id),
    );
    // Never a key, a secret or a review's words.
    const text = JSON.stringify(entries);
    for (const secret of [
      key.json.data.key,
      hook.json.data.secret,
      rotated.json.data.secret,
      'private note',
      'recruiter-9',
    ])
      expect(text).not.toContain(secret);

    // Filters: by object, by actor, by time; another tenant's admin sees none of it; other scopes are refused.
    expect((await history(admin.key, `objectId=${hookId}`)).map((e) => e.action)).toEqual(
      replies
        .filter((r) => r.objectId === hookId)
        .map((r) => r.action)
        .reverse(),
    );
    expect((await history(admin.key, `actor=${writer.keyId}`)).map((e) => e.action)).toEqual([
      'review.created',
      'jd.deleted',
      'jd.updated',
      'jd.created',
    ]);
    const middle = entries[Math.floor(entries.length / 2)] as Entry;
    const since = await history(admin.key, `since=${encodeURIComponent(middle.at)}`);
    expect(since.every((e) => e.at >= middle.at)).toBe(true);
    expect(since.map((e) => e.id)).toContain(middle.id);
    const until = await history(admin.key, `until=${encodeURIComponent(middle.at)}`);
    expect(until.every((e) => e.at <= middle.at)).toBe(true);
    expect(new Set([...since, ...until].map((e) => e.id)).size).toBe(entries.length);
    const stranger = await tenantWithKey(db(), ['admin']);
    expect(await history(stranger.key)).toEqual([]);
    const refused = await callApi('GET', '/audit-log', { key: writer.key });
    expect([refused.status, refused.json.code]).toEqual([403, 'scope_missing']);
    const bad = await callApi(
      'GET',
      `/audit-log?since=${encodeURIComponent(new Date().toISOString())}&until=2020-01-01T00:00:00Z`,
      { key: admin.key },
    );
    expect([bad.status, bad.json.code]).toEqual([400, 'validation_failed']);
  });

  it('writes each entry in its change’s own transaction: a refused change leaves none, a committed one always has one', async () => {
    const tenant = await tenantWithKey(db(), ['read', 'write']);
    const admin = await tenantWithKey(db(), ['admin'], tenant.tenantId);
    const jd = await callApi('POST', '/jds', {
      key: tenant.key,
      body: { title: 'Platform Engineer', description: 'Runs the platform.', createdById: 'ats' },
    });
    const read = await callApi('GET', `/jds/${jd.json.data.id}`, { key: tenant.key });
    const first = await history(admin.key);

    let patched: Awaited<ReturnType<typeof callApi>> | undefined;
    const transactions = await transactionsOf(async () => {
      patched = await callApi('PATCH', `/jds/${jd.json.data.id}`, {
        key: tenant.key,
        body: { title: 'Staff Platform Engineer' },
        headers: { 'if-match': read.headers.etag as string },
      });
    });
    expect(patched?.status).toBe(200);
    // The head's write and its entry travel in one TransactWriteItems.
    const withEntry = transactions.filter((t) =>
      (t.TransactItems ?? []).some((item) => skOf(item.Put?.Item).startsWith('AUDIT#')),
    );
    expect(withEntry).toHaveLength(1);
    expect(
      withEntry[0]?.TransactItems?.some((item) => skOf(item.Put?.Item) === `JD#${jd.json.data.id}`),
    ).toBe(true);
    expect((await history(admin.key)).length).toBe(first.length + 1);

    // Refused: a stale If-Match (412), a JD with applications (409), a key over the tenant's cap: nothing recorded.
    const stale = await callApi('PATCH', `/jds/${jd.json.data.id}`, {
      key: tenant.key,
      body: { title: 'Principal Platform Engineer' },
      headers: { 'if-match': read.headers.etag as string },
    });
    expect(stale.status).toBe(412);
    const missing = await callApi('POST', '/webhooks/wh_01ABCDEFGHJKMNPQRSTVWXYZ01/rotate-secret', {
      key: admin.key,
    });
    expect(missing.status).toBe(404);
    expect((await history(admin.key)).length).toBe(first.length + 1);
  });
});
