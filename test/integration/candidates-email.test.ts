import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tenantPk } from '../../lib/db/ids.js';
import { indexCandidateEmails } from '../../lib/resumes/migrations.js';
import { emailHash, resumeKeys } from '../../lib/resumes/model.js';
import { applyResumeErasure } from '../../lib/applications/cascades.js';
import { applyResumeUpsert } from '../../lib/resumes/sync.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { productVersion, useTestDb } from '../helpers/db.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

/** GET /candidates?email=: a candidate found by exact e-mail, from a hashed index. */
const db = useTestDb();

const ulidLike = (prefix: string, i: number) => `${prefix}${String(i).padStart(24, '0')}`;
const DAY = 24 * 60 * 60 * 1000;

async function resume(tenantId: string, i: number, email: string | undefined, fileName?: string) {
  await applyResumeUpsert(
    db(),
    liveSpaceOf(tenantId),
    {
      id: ulidLike('RS', i),
      fileName: fileName ?? `candidate_${i}_curriculum_vitae.pdf`,
      parseStatus: 'COMPLETED',
      metadata: { name: `Candidate ${i}`, ...(email === undefined ? {} : { email }) },
      createdAt: new Date(Date.now() - (10 - i) * DAY).toISOString(),
    },
    productVersion(),
  );
}

async function byEmail(key: string, email: string) {
  const reply = await callApi('GET', `/candidates?email=${encodeURIComponent(email)}`, { key });
  expect(reply.status, reply.text).toBe(200);
  return reply.json;
}

async function partition(tenantId: string) {
  const { Items = [] } = await db().client.send(
    new QueryCommand({
      TableName: db().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': tenantPk(liveSpaceOf(tenantId)) },
    }),
  );
  return Items;
}

describe('GET /candidates?email=', () => {
  it('finds every resume of the address, whatever its case, and nothing that merely contains it', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await resume(tenantId, 1, 'Ada.Lovelace@Example.com');
    await resume(tenantId, 2, 'ada.lovelace@example.com');
    await resume(tenantId, 3, 'grace.hopper@example.com');
    await resume(tenantId, 4, 'xada.lovelace@example.com');
    await resume(tenantId, 5, undefined, 'ada.lovelace@example.com.pdf');

    const found = await byEmail(key, 'ADA.LOVELACE@example.COM');

    expect(found.data.map((candidate: { id: string }) => candidate.id)).toEqual([
      ulidLike('RS', 2),
      ulidLike('RS', 1),
    ]);
    expect(found.data[0]).toHaveProperty('applications');
    expect(found.pagination).toMatchObject({ page: 1, total: 2, pages: 1, hasMore: false });
    expect((await byEmail(key, 'lovelace@example.com')).data).toEqual([]);
    expect((await byEmail(key, 'ada.lovelace@example')).data).toEqual([]);
  });

  it('follows a change of address and an erasure, and no key of the table holds an address', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await resume(tenantId, 1, 'ada@example.com');
    await resume(tenantId, 1, 'ada@lovelace.example');

    expect((await byEmail(key, 'ada@example.com')).data).toEqual([]);
    expect((await byEmail(key, 'ada@lovelace.example')).data).toHaveLength(1);
    const keys = (await partition(tenantId)).map((item) => `${item.pk} ${item.sk}`);
    expect(keys.filter((k) => k.includes('EMAIL#'))).toHaveLength(1);
    for (const k of keys) expect(k).not.toMatch(/@|lovelace|example/i);

    await applyResumeErasure(db(), tenantId, ulidLike('RS', 1), productVersion());
    expect((await byEmail(key, 'ada@lovelace.example')).data).toEqual([]);
    expect((await partition(tenantId)).filter((item) => item.sk.startsWith('EMAIL#'))).toEqual([]);
  });

  it('is per tenant: the same address in another tenant is neither found nor sharing a key', async () => {
    const one = await tenantWithKey(db(), ['read']);
    const two = await tenantWithKey(db(), ['read']);
    await resume(one.tenantId, 1, 'ada@example.com');

    expect((await byEmail(two.key, 'ada@example.com')).data).toEqual([]);
    expect(emailHash(one.tenantId, 'ada@example.com')).not.toBe(
      emailHash(two.tenantId, 'ada@example.com'),
    );
  });

  it('indexes resumes written before the index with index-candidate-emails, once, skipping what changed', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await resume(tenantId, 1, 'ada@example.com');
    await resume(tenantId, 2, 'grace@example.com');
    await resume(tenantId, 3, undefined);
    // As a table written before this version: no index entry.
    for (const [i, email] of [
      [1, 'ada@example.com'],
      [2, 'grace@example.com'],
    ] as const) {
      await db().client.send(
        new DeleteCommand({
          TableName: db().tableName,
          Key: resumeKeys.email(tenantId, emailHash(tenantId, email), ulidLike('RS', i)),
        }),
      );
    }
    await applyResumeErasure(db(), tenantId, ulidLike('RS', 2), productVersion());
    expect((await byEmail(key, 'ada@example.com')).data).toEqual([]);

    expect(await indexCandidateEmails(db(), tenantId)).toEqual({ indexed: 1, skipped: 1 });
    expect((await byEmail(key, 'ada@example.com')).data).toHaveLength(1);
    expect((await byEmail(key, 'grace@example.com')).data).toEqual([]);
    expect(await indexCandidateEmails(db(), tenantId)).toEqual({ indexed: 1, skipped: 1 });
    expect((await byEmail(key, 'ada@example.com')).data).toHaveLength(1);
  });

  it('refuses what is not one address, and a search with it', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    for (const query of ['email=ada', 'email=a%20b%40example.com', 'email=a%40b&search=cv']) {
      const reply = await callApi('GET', `/candidates?${query}`, { key });
      expect(reply.status, query).toBe(400);
    }
  });
});
