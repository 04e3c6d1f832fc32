import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../lib/db/client.js';
import { createJd } from '../../lib/jds/api.js';
import { getItem } from '../../lib/db/dynamo.js';
import { tenantKeys, type TenantItem } from '../../lib/db/entities/tenant.js';
import { applyProductEvent } from '../../lib/composition/product-events/apply.js';
import type { ProductEvent } from '../../lib/product-events/data.js';
import { resetTestSpace } from '../../lib/composition/test-mode/space.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { testSpaceOf } from '../../lib/db/spaces.js';

/** POST /test/reset: what a mirror, an auditor and a list's totals see of it. */
useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
const db = useTestDb();

async function testSpace() {
  const live = await tenantWithKey(db(), ['read', 'write', 'admin']);
  const created = await callApi('POST', '/keys', {
    key: live.key,
    body: { name: 'sandbox', scopes: ['read', 'write', 'admin'], mode: 'test' },
  });
  expect(created.status).toBe(201);
  return {
    tenantId: live.tenantId,
    spaceId: testSpaceOf(live.tenantId),
    key: created.json.data.key,
  };
}

const jdBody = (title: string) => ({ title, description: 'd', createdById: 'u-1' });

afterEach(() => vi.restoreAllMocks());

describe('a test space reset', () => {
  it('tells a mirror to clear with one test.reset event, after the events before it and before the sample’s', async () => {
    const { key } = await testSpace();
    await callApi('POST', '/jds', { key, body: jdBody('Made before the reset') });
    const before = (await callApi('GET', '/events?limit=100', { key })).json.data;
    const last = before.at(-1) as { id: string };

    const reset = await callApi('POST', '/test/reset', { key });
    const after = await callApi('GET', `/events?after=${last.id}&limit=100`, { key });

    expect(reset.status).toBe(200);
    const [first, ...rest] = after.json.data as { type: string; data: { resetAt: string } }[];
    expect(first?.type).toBe('test.reset');
    expect(first?.data.resetAt).toEqual(expect.any(String));
    expect(rest.map((event) => event.type).every((type) => /\.(created|scored)$/.test(type))).toBe(
      true,
    );
    // The log before it stays: a mirror that missed the reset still reads what came before.
    expect((await callApi('GET', `/events/${last.id}`, { key })).status).toBe(200);
  });

  it('keeps the test space’s audit log, which is append-only', async () => {
    const { key } = await testSpace();
    const created = await callApi('POST', '/jds', { key, body: jdBody('Audited') });
    const entries = async () =>
      (await callApi('GET', '/audit-log?limit=100', { key })).json.data as {
        id: string;
        object: { id: string };
      }[];
    const audited = (await entries()).find((entry) => entry.object.id === created.json.data.id);
    expect(audited).toBeDefined();

    await callApi('POST', '/test/reset', { key });

    expect((await entries()).map((entry) => entry.id)).toContain(audited?.id);
  });

  it('leaves list totals exact when a write races it', async () => {
    const { spaceId, key } = await testSpace();
    // Every count lands on one shard, which the reset reads before the racing create adds to it.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await callApi('POST', '/jds', { key, body: jdBody('Counted on shard 00') });
    const racing = createDb({ endpoint: process.env.DYNAMODB_ENDPOINT, tableName: db().tableName });
    let raced = false;
    racing.baseClient.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (!raced && context.commandName === 'QueryCommand') {
          raced = true;
          await createJd(db(), spaceId, jdBody('Made while the reset ran'));
        }
        return result;
      },
      { step: 'initialize' },
    );

    const outcome = await resetTestSpace(racing, spaceId);

    expect([raced, outcome.complete]).toEqual([true, true]);
    for (const status of ['', 'DRAFT', 'PUBLISHED']) {
      const page = await callApi('GET', `/jds?limit=100${status ? `&status=${status}` : ''}`, {
        key,
      });
      expect(page.json.pagination.total, status || 'all').toBe(page.json.data.length);
    }
  });

  it('leaves list totals exact when a deleted JD comes back to life while the reset runs', async () => {
    const { spaceId, key } = await testSpace();
    const event = (type: 'jd.upserted' | 'jd.deleted', version: number) => ({
      type,
      id: `evt-${type}-${version}`,
      tenantId: spaceId,
      occurredAt: new Date().toISOString(),
      version,
      data: { id: 'jd-revived', title: 'Revived', description: 'd', createdById: 'u' },
    });
    await applyProductEvent(db(), event('jd.upserted', 1) as ProductEvent);
    await applyProductEvent(db(), event('jd.deleted', 2) as ProductEvent);
    // Once the reset has read the JD's tombstone, a newer upsert brings the JD back.
    const racing = createDb({ endpoint: process.env.DYNAMODB_ENDPOINT, tableName: db().tableName });
    let revived = false;
    racing.baseClient.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        // The document client's items (unmarshalled) or the base client's, whichever this is.
        const items = (result.output as { Items?: { sk?: string | { S?: string } }[] }).Items ?? [];
        const sortKeys = items.map((item) => (typeof item.sk === 'string' ? item.sk : item.sk?.S));
        if (
          !revived &&
          context.commandName === 'QueryCommand' &&
          sortKeys.includes('JD#jd-revived')
        ) {
          revived = true;
          await applyProductEvent(db(), event('jd.upserted', 3) as ProductEvent);
        }
        return result;
      },
      { step: 'initialize' },
    );

    await resetTestSpace(racing, spaceId);

    expect(revived).toBe(true);
    const page = await callApi('GET', '/jds?limit=100', { key });
    expect(page.json.pagination.total).toBe(page.json.data.length);
  });

  it('goes on with a reset a call left unfinished, announcing it once, and answers a retry of its key with what it did', async () => {
    const { spaceId, key } = await testSpace();
    for (const title of ['Staff Engineer', 'Data Engineer', 'Engineering Manager'])
      await callApi('POST', '/jds', { key, body: jdBody(title) });
    const last = (await callApi('GET', '/events?limit=100', { key })).json.data.at(-1) as {
      id: string;
    };
    // The first call fails while it seeds the sample, as one that runs out of time does (a 503).
    const failing = createDb({
      endpoint: process.env.DYNAMODB_ENDPOINT,
      tableName: db().tableName,
    });
    let seeding = 0;
    failing.baseClient.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand') {
          if (seeding > 0 && ++seeding > 4) throw new Error('The function ran out of time');
          if (JSON.stringify(args.input).includes('test.reset')) seeding = 1;
        }
        return next(args);
      },
      { step: 'initialize' },
    );
    await expect(resetTestSpace(failing, spaceId)).rejects.toThrow('ran out of time');
    const left = await getItem<TenantItem>(db(), tenantKeys.item(spaceId), { consistent: true });

    const retry = () =>
      callApi('POST', '/test/reset', { key, headers: { 'Idempotency-Key': 'reset-after-503' } });
    const finished = await retry();
    const again = await retry();
    const events = (await callApi('GET', `/events?after=${last.id}&limit=100`, { key })).json.data;
    const jds = await callApi('GET', '/jds?limit=100', { key });

    expect(finished.status, finished.text).toBe(200);
    expect(finished.json.data).toMatchObject({ complete: true, sampleData: { jds: 6 } });
    // What the failed call seeded was not deleted again: the retry went on with the same reset.
    expect(left?.reset).toMatchObject({ phase: 'seeding' });
    expect(finished.json.data.deletedItems).toBe(left?.reset?.deletedItems);
    expect(events.filter((event: { type: string }) => event.type === 'test.reset')).toHaveLength(1);
    expect(jds.json.data).toHaveLength(6);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(finished.json);
  });

  it('makes a simulated event without a version newer than any before, even after the largest version', async () => {
    const { key } = await testSpace();
    const simulate = (data: object, version?: number) =>
      callApi('POST', '/test/product-events', {
        key,
        body: {
          events: [
            {
              type: 'jd.upserted',
              ...(version === undefined ? {} : { version }),
              data: { id: 'jd-versioned', description: 'd', createdById: 'u', ...data },
            },
          ],
        },
      });
    const outcome = (reply: Awaited<ReturnType<typeof simulate>>) =>
      reply.json.data.results[0] as { outcome: string; reason?: string };

    expect(
      outcome(await simulate({ title: 'Near the top' }, Number.MAX_SAFE_INTEGER - 1)),
    ).toMatchObject({ outcome: 'applied' });
    expect(outcome(await simulate({ title: 'Without a version' }))).toMatchObject({
      outcome: 'applied',
    });
    expect((await callApi('GET', '/jds/jd-versioned', { key })).json.data.title).toBe(
      'Without a version',
    );
    // Now at the largest version there is: no default can be newer, and the answer says so.
    const refused = outcome(await simulate({ title: 'Past the top' }));
    expect(refused.outcome).toBe('rejected');
    expect(refused.reason).toMatch(/9007199254740991/);
    expect((await callApi('GET', '/jds/jd-versioned', { key })).json.data.title).toBe(
      'Without a version',
    );
  });
});
