import { describe, expect, it } from 'vitest';
import { readCount } from '../../lib/db/counters.js';
import { listApiKeys } from '../../lib/keys/store.js';
import {
  IDEMPOTENCY_TTL_SECONDS,
  type IdempotencyClaim,
  idempotencyKeys,
  readIdempotencyRecord,
  recordedAnswer,
} from '../../lib/db/idempotency.js';
import { listEvents } from '../../lib/events/store.js';
import { createJd } from '../../lib/jds/api.js';
import type { NewJdAnswer } from '../../lib/jds/api.js';
import type { Caller } from '../../lib/composition/api-handler.js';
import { withIdempotency } from '../../lib/composition/idempotency.js';
import { transactWrite } from '../../lib/db/dynamo.js';
import { TransientError } from '../../lib/errors.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
const db = useTestDb();
const body = { title: 'Engineer', description: 'Build', createdById: 'u1' };
const callerOf = (tenantId: string, keyId: string): Caller => ({
  mode: 'live',
  blind: false,
  spaceId: liveSpaceOf(tenantId),
  keyId,
  keyName: 'k',
  clientIp: '203.0.113.7',
  scopes: ['write'],
  quota: { used: 1, limit: 10, resetAt: 0 },
  quotaCounted: true,
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, creating one JD', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'order-123' };

    const first = await callApi('POST', '/jds', { key, body, headers });
    const second = await callApi('POST', '/jds', { key, body, headers });

    expect(first.status).toBe(201);
    expect([second.status, second.json]).toEqual([201, first.json]);
    expect(await readCount(db(), tenantId, 'JD')).toBe(1);
  });

  it('replays the first body byte for byte, marked Idempotent-Replayed: true; the first answer is not marked', async () => {
    const { key } = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'order-bytes' };
    const jd = {
      title: 'Senior Platform Engineer',
      description: 'Builds the platform.',
      createdById: 'hiring-manager-7',
      department: 'Infrastructure',
      location: 'Remote',
    };

    const first = await callApi('POST', '/jds', { key, body: jd, headers });
    const replays = [
      await callApi('POST', '/jds', { key, body: jd, headers }),
      await callApi('POST', '/jds', { key, body: jd, headers }),
    ];

    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.headers.etag).toBe('"1"');
    for (const replay of replays) {
      expect([replay.status, replay.text, replay.headers['idempotent-replayed']]).toEqual([
        201,
        first.text,
        'true',
      ]);
      // Where the JD is, still; but no ETag: what a replay shows may no longer be the JD's state.
      expect([replay.headers.location, replay.headers.etag]).toEqual([
        first.headers.location,
        undefined,
      ]);
    }
  });

  it('answers 422 for the same key with another body', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'order-124' };

    await callApi('POST', '/jds', { key, body, headers });
    const other = await callApi('POST', '/jds', {
      key,
      body: { ...body, title: 'Other' },
      headers,
    });

    expect([other.status, other.json.success]).toEqual([422, false]);
    expect(other.json.error).toContain('different request body');
    expect(await readCount(db(), tenantId, 'JD')).toBe(1);
  });

  it('runs requests without the header every time, and keeps keys of different callers apart', async () => {
    const a = await tenantWithKey(db(), ['write']);
    const b = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'shared-value' };

    await callApi('POST', '/jds', { key: a.key, body });
    await callApi('POST', '/jds', { key: a.key, body });
    const fromA = await callApi('POST', '/jds', { key: a.key, body, headers });
    const fromB = await callApi('POST', '/jds', { key: b.key, body, headers });

    expect(await readCount(db(), a.tenantId, 'JD')).toBe(3);
    expect(await readCount(db(), b.tenantId, 'JD')).toBe(1);
    expect(fromA.json.data.id).not.toBe(fromB.json.data.id);
  });

  it('lets concurrent duplicates create one item, every one of them answered 201 with it', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['write']);
    const headers = { 'idempotency-key': 'burst-1' };

    const replies = await Promise.all(
      Array.from({ length: 5 }, () => callApi('POST', '/jds', { key, body, headers })),
    );

    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(replies.map((reply) => reply.json.data.id)).size).toBe(1);
    expect(await readCount(db(), tenantId, 'JD')).toBe(1);
  });

  it('answers a duplicate that committed between this request’s read and its write with the duplicate’s answer', async () => {
    const { tenantId, keyId } = await tenantWithKey(db(), ['write']);
    const request = {
      caller: callerOf(tenantId, keyId),
      target: 'POST /jds',
      body,
      headers: { 'idempotency-key': 'race-1' },
      responseHeaders: {},
    };
    const create = (claim: IdempotencyClaim<unknown> | undefined) =>
      createJd(db(), tenantId, body, { claim });
    const respond = ({ jd }: NewJdAnswer) => ({ data: { id: jd.id } });
    let firstAnswer: unknown;

    // The outer request reads no record, then the inner one runs to completion before the outer writes.
    const second = await withIdempotency(db(), request, {
      run: async (claim) => {
        firstAnswer = await withIdempotency(db(), request, { run: create, respond });
        return create(claim);
      },
      respond,
    });

    expect(second).toEqual(firstAnswer);
    expect(await readCount(db(), tenantId, 'JD')).toBe(1);
  });

  it('keeps each record in the tenant’s own partition, and forgets it after 24 hours', async () => {
    const { tenantId, keyId } = await tenantWithKey(db(), ['write']);
    const request = {
      caller: callerOf(tenantId, keyId),
      target: 'POST /jds',
      body,
      headers: { 'idempotency-key': 'old-1' },
      responseHeaders: {},
    };
    const respond = ({ jd }: NewJdAnswer) => ({ data: { id: jd.id } });
    const first = await withIdempotency(db(), request, {
      run: (claim) => createJd(db(), tenantId, body, { claim }),
      respond,
    });
    const recordKey = idempotencyKeys.record(tenantId, keyId, 'old-1');

    expect(recordKey.pk).toBe(`TENANT#${tenantId}`);
    expect(recordedAnswer((await readIdempotencyRecord(db(), recordKey))!)).toEqual(first);
    const tomorrow = new Date(Date.now() + IDEMPOTENCY_TTL_SECONDS * 1000 + 1000);
    expect(await readIdempotencyRecord(db(), recordKey, tomorrow)).toBeUndefined();
  });

  it('replays POST /keys with the same record but never the stored plaintext', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['admin']);
    const headers = { 'idempotency-key': 'new-key-1' };

    const first = await callApi('POST', '/keys', {
      key,
      body: { name: 'ci', scopes: ['read'] },
      headers,
    });
    const replay = await callApi('POST', '/keys', {
      key,
      body: { name: 'ci', scopes: ['read'] },
      headers,
    });

    expect(first.status, first.text).toBe(201);
    expect(first.json.data.key).toMatch(/^hk_live_/);
    expect(replay.status).toBe(201);
    // An explicit null, documented: the plaintext was shown once; revoke and create another.
    expect(replay.json.data).toStrictEqual({ ...first.json.data, key: null });
    expect(replay.text).not.toContain(first.json.data.key);
    expect([first.headers.location, replay.headers.location]).toEqual([
      `/api/v1/keys/${first.json.data.id}`,
      `/api/v1/keys/${first.json.data.id}`,
    ]);
    const read = await callApi('GET', `/keys/${first.json.data.id}`, { key });
    const { key: _plaintext, ...record } = first.json.data;
    expect([read.status, read.json.data]).toEqual([200, { ...record, lastUsedAt: null }]);
    expect([first.headers.etag, replay.headers.etag]).toEqual([read.headers.etag, undefined]);
    expect((await listApiKeys(db(), tenantId)).items.map((record) => record.name)).toEqual([
      'key admin',
      'ci',
    ]);
  });

  it('replays POST /webhooks with the endpoint and secret: null, never the stored secret', async () => {
    const { key } = await tenantWithKey(db(), ['admin']);
    const headers = { 'idempotency-key': 'new-hook-1' };
    const body = { url: 'http://127.0.0.1:9/hooks', events: ['*'] };

    const first = await callApi('POST', '/webhooks', { key, body, headers });
    const replay = await callApi('POST', '/webhooks', { key, body, headers });

    expect(first.status, first.text).toBe(201);
    expect(first.json.data.secret).toMatch(/^whsec_/);
    expect(replay.status).toBe(201);
    expect(replay.json.data).toStrictEqual({ ...first.json.data, secret: null });
    // Where it is, and the ETag GET gives it: a revalidation right after the create is a 304.
    const location = `/api/v1/webhooks/${first.json.data.id}`;
    expect([first.headers.location, replay.headers.location]).toEqual([location, location]);
    expect(replay.headers.etag).toBeUndefined();
    const read = await callApi('GET', `/webhooks/${first.json.data.id}`, { key });
    expect(first.headers.etag).toBe(read.headers.etag);
    const revalidated = await callApi('GET', `/webhooks/${first.json.data.id}`, {
      key,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(revalidated.status).toBe(304);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const { key } = await tenantWithKey(db(), ['write']);

    const reply = await callApi('POST', '/jds', {
      key,
      body,
      headers: { 'idempotency-key': 'has space' },
    });

    expect(reply.status).toBe(400);
  });
});

describe('Idempotency-Key names one request: its method, route and path as well as its body', () => {
  const newJd = async (key: string) =>
    (await callApi('POST', '/jds', { key, body })).json.data.id as string;

  it('refuses the key on another JD with 422 idempotency_key_other_target, and changes neither', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const [a, c] = [await newJd(key), await newJd(key)];
    const headers = { 'idempotency-key': 'patch-title-1' };
    const patch = { title: 'Staff Engineer' };

    const first = await callApi('PATCH', `/jds/${a}`, { key, body: patch, headers });
    const other = await callApi('PATCH', `/jds/${c}`, { key, body: patch, headers });

    expect(first.status).toBe(200);
    expect([other.status, other.json.code, other.headers['idempotent-replayed']]).toEqual([
      422,
      'idempotency_key_other_target',
      undefined,
    ]);
    expect(other.json.error).toContain(`PATCH /jds/${a}`);
    expect((await callApi('GET', `/jds/${c}`, { key })).json.data.title).toBe(body.title);
  });

  it('refuses the key of one endpoint’s replay on another endpoint’s', async () => {
    const { key } = await tenantWithKey(db(), ['admin']);
    const endpoint = async () =>
      (
        await callApi('POST', '/webhooks', {
          key,
          body: { url: 'http://127.0.0.1:9/hooks', events: ['*'] },
        })
      ).json.data.id as string;
    const [a, b] = [await endpoint(), await endpoint()];
    const headers = { 'idempotency-key': 'replay-since-monday' };
    const since = { since: new Date(Date.now() - 3_600_000).toISOString() };

    const first = await callApi('POST', `/webhooks/${a}/replay`, { key, body: since, headers });
    const other = await callApi('POST', `/webhooks/${b}/replay`, { key, body: since, headers });
    const again = await callApi('POST', `/webhooks/${a}/replay`, { key, body: since, headers });

    expect(first.status).toBe(202);
    expect([other.status, other.json.code]).toEqual([422, 'idempotency_key_other_target']);
    expect([again.status, again.text, again.headers['idempotent-replayed']]).toEqual([
      202,
      first.text,
      'true',
    ]);
  });
});

describe('concurrent duplicates with one Idempotency-Key all get the first answer', () => {
  const burst = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: 6 }, make));
  const outcomes = (replies: { status: number; headers: Record<string, string> }[]) =>
    replies
      .map((reply) => `${reply.status}${reply.headers['idempotent-replayed'] ? ':R' : ''}`)
      .sort();

  it('PATCH with If-Match: one change, six 200s with its answer, one jd.updated', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    const jd = (await callApi('POST', '/jds', { key, body })).json.data.id as string;
    const etag = (await callApi('GET', `/jds/${jd}`, { key })).headers.etag as string;
    const headers = { 'idempotency-key': 'burst-if-match', 'if-match': etag };

    const replies = await burst(() =>
      callApi('PATCH', `/jds/${jd}`, { key, body: { location: 'Lisbon' }, headers }),
    );

    expect(outcomes(replies)).toEqual(['200', '200:R', '200:R', '200:R', '200:R', '200:R']);
    expect(new Set(replies.map((reply) => reply.text)).size).toBe(1);
    // Only the change's own answer carries the JD's new ETag: a replay names no version.
    expect(replies.filter((reply) => reply.headers.etag !== undefined)).toHaveLength(1);
    expect(
      replies.filter((reply) => reply.headers.etag && reply.headers['idempotent-replayed']),
    ).toEqual([]);
    const { events } = await listEvents(db(), tenantId, { limit: 100 });
    expect(events.filter((event) => event.type === 'jd.updated')).toHaveLength(1);
  });

  it('PATCH without If-Match, and a PATCH that changes nothing: six 200s each', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    const jd = (await callApi('POST', '/jds', { key, body })).json.data.id as string;

    const changing = await burst(() =>
      callApi('PATCH', `/jds/${jd}`, {
        key,
        body: { salary: '€90k' },
        headers: { 'idempotency-key': 'burst-change' },
      }),
    );
    const unchanged = await burst(() =>
      callApi('PATCH', `/jds/${jd}`, {
        key,
        body: { title: body.title },
        headers: { 'idempotency-key': 'burst-no-op' },
      }),
    );

    expect(outcomes(changing)).toEqual(['200', '200:R', '200:R', '200:R', '200:R', '200:R']);
    expect(outcomes(unchanged)).toEqual(['200', '200:R', '200:R', '200:R', '200:R', '200:R']);
  });

  it('a replay: six 202s naming one request', async () => {
    const { key } = await tenantWithKey(db(), ['admin']);
    const webhook = (
      await callApi('POST', '/webhooks', {
        key,
        body: { url: 'http://127.0.0.1:9/hooks', events: ['*'] },
      })
    ).json.data.id as string;
    const since = { since: new Date(Date.now() - 3_600_000).toISOString() };

    const replies = await burst(() =>
      callApi('POST', `/webhooks/${webhook}/replay`, {
        key,
        body: since,
        headers: { 'idempotency-key': 'burst-replay' },
      }),
    );

    expect(outcomes(replies)).toEqual(['202', '202:R', '202:R', '202:R', '202:R', '202:R']);
    expect(new Set(replies.map((reply) => reply.json.data.requestId)).size).toBe(1);
  });
});

describe('concurrent duplicates of a batch with one Idempotency-Key', () => {
  it('eight POST /jds/batch of 30 new JDs: 30 jd.created, and every answer is the first one’s "30 created" or a 503 to send again', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['write']);
    const items = Array.from({ length: 30 }, (_, index) => ({
      ...body,
      externalId: `ats-${index}`,
    }));
    const headers = { 'idempotency-key': 'burst-batch' };

    // Time enough for every item on a busy machine: what is held here is what duplicates do, not the
    // batch's deadline (items not started in its last 4 s answer 503 each).
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        callApi('POST', '/jds/batch', {
          key,
          body: { items },
          headers,
          functionTimeoutMs: 30_000,
        }),
      ),
    );

    const { events } = await listEvents(db(), tenantId, { limit: 100, now: Date.now() + 60_000 });
    expect(events.filter((event) => event.type === 'jd.created')).toHaveLength(30);
    const answered = replies.filter((reply) => reply.status === 200);
    // A duplicate that could not wait for the first within its own time is told to send it again.
    for (const refused of replies.filter((reply) => reply.status !== 200))
      expect([refused.status, refused.json.code]).toEqual([503, 'unavailable']);
    expect(answered.length).toBeGreaterThan(0);
    // One answer, true to what was done: each of the 30 created, by the one request that ran them.
    expect(new Set(answered.map((reply) => reply.text)).size).toBe(1);
    const outcomes = (answered[0]?.json.data as { outcome?: string }[]).map((item) => item.outcome);
    expect(outcomes).toEqual(items.map(() => 'created'));
    expect(answered.filter((reply) => !reply.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await readCount(db(), tenantId, 'JD')).toBe(30);
  });
});

describe('a request whose work is several transactions takes its key before the work', () => {
  const held = (tenantId: string, keyId: string, remainingMs: number, sent = body) => ({
    caller: callerOf(tenantId, keyId),
    target: 'POST /jds/batch',
    body: sent,
    headers: { 'idempotency-key': 'held-1' },
    responseHeaders: {} as Record<string, string>,
    remainingMs: () => remainingMs,
  });
  /** Work that records `answer` once `gate` opens, as upsertJds does after its items. */
  const work = (answer: string, gate: Promise<unknown> = Promise.resolve()) => ({
    manyTransactions: true as const,
    run: async (claim: IdempotencyClaim<unknown> | undefined) => {
      await gate;
      if (claim) await transactWrite(db(), [claim.item(answer)]);
      return answer;
    },
    respond: (result: string) => ({ data: result }),
  });

  it('while it runs, a duplicate with another body is refused at once, and one out of time answers 503; a failed run gives the key back', async () => {
    const { tenantId, keyId } = await tenantWithKey(db(), ['write']);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = withIdempotency(db(), held(tenantId, keyId, 9_000), work('first', gate));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const other = { ...body, title: 'Other' };
    await expect(
      withIdempotency(db(), held(tenantId, keyId, 9_000, other), work('other')),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await expect(
      withIdempotency(db(), held(tenantId, keyId, 1_300), work('short')),
    ).rejects.toBeInstanceOf(TransientError);
    const waiting = withIdempotency(db(), held(tenantId, keyId, 9_000), work('waiting'));
    open();
    expect(await first).toEqual({ data: 'first' });
    expect(await waiting).toEqual({ data: 'first' });

    const failing = held(tenantId, keyId, 9_000);
    failing.headers['idempotency-key'] = 'held-2';
    await expect(
      withIdempotency(db(), failing, {
        ...work('x'),
        run: () => Promise.reject(new TransientError('nothing written')),
      }),
    ).rejects.toBeInstanceOf(TransientError);
    expect(await withIdempotency(db(), failing, work('retried'))).toEqual({ data: 'retried' });
  });

  it('a key held past its request’s time is taken by the next duplicate, whose answer is then the key’s', async () => {
    const { tenantId, keyId } = await tenantWithKey(db(), ['write']);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    // A first request whose function "ends" within a second, still at work after that.
    const stalled = withIdempotency(db(), held(tenantId, keyId, 500), work('stalled', gate));
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(await withIdempotency(db(), held(tenantId, keyId, 9_000), work('next'))).toEqual({
      data: 'next',
    });
    open();
    // Its late record finds the key another's: it answers that one's record, not its own.
    expect(await stalled).toEqual({ data: 'next' });
  });
});
