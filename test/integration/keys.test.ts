import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../lib/keys/format.js';
import type { Scope } from '../../lib/http/scopes.js';
import { revokeApiKey } from '../../lib/keys/api.js';
import { createKey } from '../../lib/composition/keys.js';
import {
  type Authentication,
  authenticate,
  countIpRequest,
} from '../../lib/keys/authentication.js';
import { listApiKeys } from '../../lib/keys/store.js';
import { currentVersion } from '../../lib/versions/shape.js';
import { getItem } from '../../lib/db/dynamo.js';
import { type TenantItem, tenantKeys } from '../../lib/db/entities/tenant.js';
import { setTenantHourlyLimit } from '../../lib/keys/store.js';
import { ensureTenant, getTenant, setTenantLimit } from '../../lib/db/tenants.js';
import { newTenantId, useTestDb } from '../helpers/db.js';

const db = useTestDb();

async function newKey(scopes: Scope[] = ['read'], extra: { expiresAt?: string } = {}) {
  const tenantId = newTenantId();
  await ensureTenant(db(), tenantId);
  const created = await createKey(db(), tenantId, {
    name: 'ci',
    scopes,
    createdBy: 'test',
    ...extra,
  });
  return { tenantId, ...created };
}

describe('API keys and authentication on DynamoDB Local', () => {
  it('authenticates a new key and counts each request in the current hour', async () => {
    const { tenantId, key, record } = await newKey(['read', 'jd:write']);
    const now = new Date('2026-11-22T10:15:00.000Z');

    const first = (await authenticate(db(), hashApiKey(key), 1000, now)) as Authentication;
    const second = (await authenticate(db(), hashApiKey(key), 1000, now)) as Authentication;

    expect(first).toEqual({
      tenantId,
      keyId: record.id,
      name: 'ci',
      scopes: ['read', 'jd:write'],
      used: 1,
      limit: 1000,
      resetAt: Date.parse('2026-11-22T11:00:00.000Z'),
      apiVersion: currentVersion(),
      mode: 'live',
      blind: false,
      counted: true,
    });
    expect(second.used).toBe(2);
  });

  it('stops counting at the limit: a request past it is not counted, so the count never passes it', async () => {
    const { key } = await newKey();
    const now = new Date('2026-11-22T10:15:00.000Z');

    const results = (await Promise.all(
      Array.from({ length: 8 }, () => authenticate(db(), hashApiKey(key), 3, now)),
    )) as Authentication[];
    const later = (await authenticate(db(), hashApiKey(key), 4, now)) as Authentication;

    expect(
      results
        .filter((result) => result.counted)
        .map((result) => result.used)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(results.filter((result) => !result.counted).map((result) => result.used)).toEqual(
      Array(5).fill(3),
    );
    expect([later.counted, later.used]).toEqual([true, 4]);
  });

  it('counts exactly under concurrency and starts a new window at 0', async () => {
    const { key } = await newKey();
    const now = new Date('2026-11-22T10:59:59.000Z');

    const results = (await Promise.all(
      Array.from({ length: 40 }, () => authenticate(db(), hashApiKey(key), 1000, now)),
    )) as Authentication[];
    const nextHour = await Promise.all(
      Array.from({ length: 5 }, () =>
        authenticate(db(), hashApiKey(key), 1000, new Date('2026-11-22T11:00:00.000Z')),
      ),
    );

    expect(results.map((result) => result.used).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect((nextHour as Authentication[]).map((result) => result.used).sort()).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('refuses unknown, revoked and expired keys', async () => {
    const { tenantId, key, record } = await newKey();
    const expiring = await newKey(['read'], { expiresAt: '2026-11-22T10:00:00.000Z' });

    await revokeApiKey(db(), tenantId, record.id);

    expect(await authenticate(db(), hashApiKey('hk_live_unknown'), 1000)).toBe('unknown');
    expect(await authenticate(db(), hashApiKey(key), 1000)).toBe('revoked');
    expect(
      await authenticate(
        db(),
        hashApiKey(expiring.key),
        1000,
        new Date('2026-11-22T10:00:00.000Z'),
      ),
    ).toBe('expired');
    expect(
      await authenticate(
        db(),
        hashApiKey(expiring.key),
        1000,
        new Date('2026-11-22T09:59:59.999Z'),
      ),
    ).toMatchObject({ used: 1 });
  });

  it('counts live keys only against the cap: expired keys free their places, exactly once, also when revoked later', async () => {
    const tenantId = newTenantId();
    await ensureTenant(db(), tenantId);
    await setTenantLimit(db(), tenantId, 'maxActiveKeys', 3);
    const start = Date.parse('2026-11-22T10:00:00.000Z');
    const at = (ms: number) => ({ now: new Date(start + ms) });
    const shortLived = {
      name: 'ci run',
      scopes: ['read'] as Scope[],
      createdBy: 'test',
      expiresAt: new Date(start + 60_000).toISOString(),
    };
    const [first] = await Promise.all(
      [1, 2, 3].map(() => createKey(db(), tenantId, shortLived, at(0))),
    );

    // Before they expire: the cap holds.
    await expect(
      createKey(
        db(),
        tenantId,
        { name: 'too many', scopes: ['read'], createdBy: 'test' },
        at(30_000),
      ),
    ).rejects.toThrow(/already has 3 active API keys/);
    // After: a revocation of an expired key does not free its place twice; three concurrent creates find three places.
    await revokeApiKey(db(), tenantId, first!.record.id, { now: new Date(start + 120_000) });
    const later = await Promise.allSettled(
      [1, 2, 3, 4].map((i) =>
        createKey(
          db(),
          tenantId,
          { name: `k${i}`, scopes: ['read'], createdBy: 'test' },
          at(120_000),
        ),
      ),
    );

    expect(later.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(
      (await getItem<TenantItem>(db(), tenantKeys.item(tenantId), { consistent: true }))
        ?.activeKeys,
    ).toBe(3);
  });

  it('lists keys without hash or plaintext, with last use and revocation', async () => {
    const { tenantId, key, record } = await newKey();
    await authenticate(db(), hashApiKey(key), 1000, new Date('2026-11-22T10:00:00.000Z'));
    await revokeApiKey(db(), tenantId, record.id, { now: new Date('2026-11-22T10:05:00.000Z') });

    const [listed] = (await listApiKeys(db(), tenantId)).items;

    expect(listed).toEqual({
      ...record,
      lastUsedAt: '2026-11-22T10:00:00.000Z',
      revokedAt: '2026-11-22T10:05:00.000Z',
      // A revoked key has no hour left to show.
      quota: null,
    });
    expect(JSON.stringify(listed)).not.toContain(hashApiKey(key));
  });

  it('applies a tenant override to existing and new keys, and keeps keys of other tenants apart', async () => {
    const { tenantId, key, record } = await newKey();
    const other = await newKey();

    await setTenantHourlyLimit(db(), tenantId, 5000);
    expect(await getTenant(db(), tenantId)).toMatchObject({ tenantId, hourlyLimit: 5000 });
    expect((await getTenant(db(), other.tenantId))?.hourlyLimit).toBeUndefined();
    const later = await createKey(db(), tenantId, {
      name: 'later',
      scopes: ['read'],
      createdBy: 'test',
    });

    expect(await authenticate(db(), hashApiKey(key), 1000)).toMatchObject({ limit: 5000 });
    expect(await authenticate(db(), hashApiKey(later.key), 1000)).toMatchObject({ limit: 5000 });
    expect(await authenticate(db(), hashApiKey(other.key), 1000)).toMatchObject({ limit: 1000 });
    await expect(revokeApiKey(db(), other.tenantId, record.id)).rejects.toThrow('not found');
    expect((await listApiKeys(db(), other.tenantId)).items.map((k) => k.id)).toEqual([
      other.record.id,
    ]);
  });

  it('counts requests per client IP per minute', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const now = new Date('2026-11-22T10:00:30.000Z');

    const counts = await Promise.all([1, 2, 3].map(() => countIpRequest(db(), ip, now)));
    const nextMinute = await countIpRequest(db(), ip, new Date('2026-11-22T10:01:00.000Z'));

    expect(counts.sort()).toEqual([1, 2, 3]);
    expect(nextMinute).toBe(1);
  });
});

describe('quota windows at the hour boundary', () => {
  it('counts a request stamped in hour H that arrives after hour H+1 moved the window, instead of failing', async () => {
    const { key } = await newKey();

    const inNextHour = (await authenticate(
      db(),
      hashApiKey(key),
      1000,
      new Date('2026-11-22T11:00:00.000Z'),
    )) as Authentication;
    const late = await authenticate(
      db(),
      hashApiKey(key),
      1000,
      new Date('2026-11-22T10:59:59.999Z'),
    );

    expect(inNextHour.used).toBe(1);
    expect(late).toEqual({ ...inNextHour, used: 2 });
  });

  it('answers every one of 150 concurrent requests stamped either side of HH:00, counting each exactly once', async () => {
    const { key } = await newKey();
    const before = new Date('2026-11-22T10:59:59.999Z');
    const after = new Date('2026-11-22T11:00:00.000Z');
    const stamps = Array.from({ length: 150 }, (_, i) => (i % 3 === 0 ? after : before)).sort(
      () => Math.random() - 0.5,
    );

    const results = await Promise.all(
      stamps.map((now) => authenticate(db(), hashApiKey(key), 1000, now)),
    );

    const counted = results as Authentication[];
    expect(counted.every((result) => typeof result === 'object')).toBe(true);
    for (const windowEnd of new Set(counted.map((result) => result.resetAt))) {
      const used = counted
        .filter((result) => result.resetAt === windowEnd)
        .map((result) => result.used);
      expect(used.sort((a, b) => a - b)).toEqual(
        Array.from({ length: used.length }, (_, i) => i + 1),
      );
    }
    expect(
      counted.filter((result) => result.resetAt === Date.parse('2026-11-22T12:00:00.000Z')).length,
    ).toBeGreaterThanOrEqual(50);
  });
});
