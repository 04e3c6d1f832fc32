/* eslint-disable @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON */
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../lib/keys/format.js';
import { revokeApiKey } from '../../lib/keys/api.js';
import { createKey } from '../../lib/composition/keys.js';
import { authenticate } from '../../lib/keys/authentication.js';
import { applyApplicationUpsert } from '../../lib/applications/sync.js';
import { createDb } from '../../lib/db/client.js';
import { applyJdUpsert } from '../../lib/jds/sync.js';
import { applyResumeUpsert } from '../../lib/resumes/sync.js';
import { getTenant, setTenantLimit } from '../../lib/db/tenants.js';
import { DEFAULT_MAX_ACTIVE_KEYS } from '../../lib/config.js';
import { ConflictError } from '../../lib/errors.js';
import { importProductData } from '../../scripts/local/import.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { productVersion, storedItems, useTestDb } from '../helpers/db.js';

const db = useTestDb();
const jdBody = { title: 'Engineer', description: 'Build things', createdById: 'u1' };

describe('a candidate with any number of applications', () => {
  it('renames the candidate on all 150 applications, and a re-run finishes a propagation cut short', async () => {
    const { tenantId } = await tenantWithKey(db(), ['read']);
    const ids = Array.from({ length: 150 }, (_, i) => `jd-${i}`);
    await importProductData(db(), tenantId, {
      jds: ids.map((id) => ({ id, title: id, description: 'd', createdById: 'u' })),
      resumes: [
        {
          id: 'res-1',
          fileName: 'cv.pdf',
          metadata: { name: 'Ada Byron', email: 'ada@old.example' },
        },
      ],
      applications: ids.map((jdId, i) => ({ id: `app-${i}`, jdId, resumeId: 'res-1' })),
    });
    // A propagation cut short: the process dies after 40 application updates.
    let updates = 0;
    const dying = createDb({ endpoint: process.env.DYNAMODB_ENDPOINT, tableName: db().tableName });
    dying.baseClient.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'UpdateItemCommand' && ++updates > 40)
          throw new Error('process killed');
        return next(args);
      },
      { step: 'initialize', name: 'dieMidway' },
    );
    const renamed = {
      id: 'res-1',
      fileName: 'cv.pdf',
      metadata: { name: 'Ada Lovelace', email: 'ada@new.example' },
    };

    await expect(applyResumeUpsert(dying, tenantId, renamed, productVersion())).rejects.toThrow(
      'process killed',
    );
    const halfway = (await storedItems(db(), tenantId)).filter(
      (item) => item.entity === 'APPLICATION' && item.candidate === 'Ada Lovelace',
    );
    await applyResumeUpsert(db(), tenantId, renamed, productVersion());

    const applications = (await storedItems(db(), tenantId)).filter(
      (item) => item.entity === 'APPLICATION',
    );
    expect(halfway.length).toBeLessThan(150);
    expect(applications).toHaveLength(150);
    expect(
      applications.filter(
        (item) => item.candidate !== 'Ada Lovelace' || item.email !== 'ada@new.example',
      ),
    ).toEqual([]);
  });
});

describe('JD titles and their copies', () => {
  it('converge under concurrent JD writes and application writes (20 runs)', async () => {
    const { tenantId } = await tenantWithKey(db(), ['read']);
    const disagreements: string[] = [];
    for (let run = 0; run < 20; run++) {
      const jdId = `jd-race-${run}`;
      await importProductData(db(), tenantId, {
        jds: [{ id: jdId, title: 'T0', description: 'd', createdById: 'u' }],
        resumes: [1, 2, 3].map((r) => ({ id: `r-${run}-${r}`, fileName: 'cv.pdf' })),
        applications: [1, 2].map((r) => ({ id: `a-${run}-${r}`, jdId, resumeId: `r-${run}-${r}` })),
      });
      await Promise.all([
        ...['T1', 'T2', 'T3'].map((title) =>
          applyJdUpsert(
            db(),
            tenantId,
            { id: jdId, title, description: 'd', createdById: 'u' },
            productVersion(),
          ),
        ),
        applyApplicationUpsert(
          db(),
          tenantId,
          { id: `a-${run}-3`, jdId, resumeId: `r-${run}-3` },
          productVersion(),
        ),
      ]);
      const items = await storedItems(db(), tenantId);
      const title = items.find((item) => item.sk === `JD#${jdId}`)?.title;
      const copies = items.filter(
        (item) =>
          item.entity === 'APPLICATION_COPY' && String(item.sk).startsWith(`RESUME#r-${run}-`),
      );
      expect(copies).toHaveLength(3);
      for (const copy of copies) {
        if (copy.jdTitle !== title)
          disagreements.push(`run ${run}: head ${title}, copy ${copy.jdTitle}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('bodies that are not valid UTF-8, or not UTF-8 at all', () => {
  it('refuses invalid UTF-8 (400), another charset (415) and lone surrogates (400); stores nothing corrupted', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['write', 'read']);
    const latin1 = Buffer.concat([
      Buffer.from('{"title":"Caf'),
      Buffer.from([0xe9]),
      Buffer.from('","description":"d","createdById":"u"}'),
    ]);

    const invalid = await callApi('POST', '/jds', {
      key,
      rawBody: latin1.toString('base64'),
      isBase64Encoded: true,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    const declaredLatin1 = await callApi('POST', '/jds', {
      key,
      body: jdBody,
      headers: { 'content-type': 'application/json; charset=latin1' },
    });
    const surrogate = await callApi('POST', '/jds', {
      key,
      rawBody: '{"title":"x\\ud800","description":"d","createdById":"u"}',
      headers: { 'content-type': 'application/json' },
    });
    const surrogateKey = await callApi('POST', '/jds', {
      key,
      rawBody: '{"title":"x","description":"d","createdById":"u","dep\\udc00t":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    const replaced = await callApi('POST', '/jds', {
      key,
      body: { ...jdBody, title: 'Caf\uFFFD' },
    });
    const accented = await callApi('POST', '/jds', { key, body: { ...jdBody, title: 'Café 🙂' } });

    expect([invalid.status, invalid.json.error]).toEqual([400, 'Request body is not valid UTF-8']);
    expect([declaredLatin1.status, declaredLatin1.json.error]).toEqual([
      415,
      'Content-Type charset must be utf-8',
    ]);
    expect([surrogate.status, surrogate.json.error]).toEqual([
      400,
      'title: contains a lone surrogate (not valid Unicode text)',
    ]);
    // The refusal names the key without echoing its lone surrogate: the answer itself stays well-formed.
    expect([surrogateKey.status, surrogateKey.json.error]).toEqual([
      400,
      'dep\uFFFDt: contains a lone surrogate (not valid Unicode text)',
    ]);
    expect(surrogateKey.text.isWellFormed() && !/\\ud[89a-f]/i.test(surrogateKey.text)).toBe(true);
    expect([replaced.status, replaced.json.error]).toEqual([
      400,
      'title: is not valid UTF-8 (it contains U+FFFD)',
    ]);
    expect(accented.status).toBe(201);
    expect(
      (await storedItems(db(), tenantId))
        .filter((item) => item.entity === 'JD')
        .map((item) => item.title),
    ).toEqual(['Café 🙂']);
  });
});

describe('blank text', () => {
  it('refuses whitespace-only title, description, createdById and key name', async () => {
    const writer = await tenantWithKey(db(), ['write']);
    const admin = await tenantWithKey(db(), ['admin']);

    const replies = await Promise.all([
      callApi('POST', '/jds', { key: writer.key, body: { ...jdBody, title: '   ' } }),
      callApi('POST', '/jds', { key: writer.key, body: { ...jdBody, description: '\n\t' } }),
      callApi('POST', '/jds', { key: writer.key, body: { ...jdBody, createdById: ' ' } }),
      callApi('POST', '/keys', { key: admin.key, body: { name: '  ', scopes: ['read'] } }),
    ]);

    expect(replies.map((reply) => [reply.status, reply.json.error])).toEqual([
      [400, 'title: must not be blank'],
      [400, 'description: must not be blank'],
      [400, 'createdById: must not be blank'],
      [400, 'name: must not be blank'],
    ]);
  });
});

describe('key expiry', () => {
  it('compares instants, so an expiry late on 31 December 2999 west of UTC works, and refuses years past 9999', async () => {
    const admin = await tenantWithKey(db(), ['admin']);

    const farFuture = await callApi('POST', '/keys', {
      key: admin.key,
      body: { name: 'long', scopes: ['read'], expiresAt: '2999-12-31T23:59:59-14:00' },
    });
    const tooFar = await callApi('POST', '/keys', {
      key: admin.key,
      body: { name: 'x', scopes: ['read'], expiresAt: '9999-12-31T23:59:59-14:00' },
    });
    const use = await callApi('GET', '/whoami', { key: farFuture.json.data.key });

    expect([farFuture.status, farFuture.json.data.expiresAt]).toEqual([
      201,
      '3000-01-01T13:59:59.000Z',
    ]);
    expect(use.status).toBe(200);
    expect([tooFar.status, tooFar.json.error]).toEqual([
      400,
      'expiresAt: must be in a year up to 9999 (UTC)',
    ]);
  });

  it('refuses a key once its expiry instant has passed, and not before', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const { key } = await createKey(db(), tenantId, {
      name: 'soon',
      scopes: ['read'],
      expiresAt: '2030-06-01T12:00:00+02:00',
      createdBy: 'test',
    });

    expect(
      await authenticate(db(), hashApiKey(key), 1000, new Date('2030-06-01T09:59:59.999Z')),
    ).toMatchObject({ used: 1 });
    expect(
      await authenticate(db(), hashApiKey(key), 1000, new Date('2030-06-01T10:00:00.000Z')),
    ).toBe('expired');
  });
});

describe('page and limit: any positive integer', () => {
  it('clamps a huge limit to 100 and answers a huge page with no items and the true totals; refuses what is not a positive integer', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await importProductData(db(), tenantId, {
      jds: [1, 2, 3].map((i) => ({
        id: `jd-${i}`,
        title: `T${i}`,
        description: 'd',
        createdById: 'u',
      })),
    });

    const bigLimit = await callApi('GET', '/jds?limit=1000000000', { key });
    const bigPage = await callApi('GET', '/jds?page=99999999999', { key });
    const hugePage = await callApi('GET', '/resumes?page=123456789012345678901234567890', { key });
    const invalid = await Promise.all(
      ['page=0', 'page=-1', 'limit=1.5', 'limit=abc', 'page='].map((query) =>
        callApi('GET', `/jds?${query}`, { key }),
      ),
    );

    expect([bigLimit.status, bigLimit.json.pagination]).toEqual([
      200,
      { page: 1, limit: 100, total: 3, pages: 1, hasMore: false },
    ]);
    expect([bigPage.status, bigPage.json.data, bigPage.json.pagination]).toEqual([
      200,
      [],
      { page: 99999999999, limit: 20, total: 3, pages: 1, hasMore: false },
    ]);
    expect([hugePage.status, hugePage.json.pagination.page]).toEqual([
      200,
      Number.MAX_SAFE_INTEGER,
    ]);
    expect(invalid.map((reply) => reply.status)).toEqual([400, 400, 400, 400, 400]);
  });
});

describe('cursors', () => {
  it('refuses a cursor the service did not issue, or issued for another list or search; accepts its own', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await importProductData(db(), tenantId, {
      jds: [1, 2, 3].map((i) => ({
        id: `jd-${i}`,
        title: `T${i}`,
        description: 'd',
        createdById: 'u',
      })),
      resumes: [1, 2, 3].map((i) => ({ id: `r-${i}`, fileName: `ada_${i}.pdf` })),
    });
    const jdPage = await callApi('GET', '/jds?limit=1', { key });
    const searchPage = await callApi('GET', '/candidates?search=ada&limit=1', { key });
    const jdCursor = jdPage.json.pagination.nextCursor as string;
    const forged = Buffer.from(
      JSON.stringify({ s: 'J#0#jd-1', i: 'jd-1', p: 9007199254740991 }),
    ).toString('base64url');
    const tampered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(jdCursor.split('.')[0] as string, 'base64url').toString()), p: 9007199254740991 })).toString('base64url')}.${jdCursor.split('.')[1]}`;

    const replies = await Promise.all([
      callApi('GET', `/jds?limit=1&cursor=${forged}`, { key }),
      callApi('GET', `/jds?limit=1&cursor=${tampered}`, { key }),
      callApi('GET', `/jds?status=DRAFT&limit=1&cursor=${jdCursor}`, { key }),
      callApi('GET', `/resumes?limit=1&cursor=${jdCursor}`, { key }),
      callApi(
        'GET',
        `/candidates?search=ad&limit=1&cursor=${searchPage.json.pagination.nextCursor}`,
        { key },
      ),
    ]);
    const own = await callApi('GET', `/jds?limit=1&cursor=${jdCursor}`, { key });
    const ownSearch = await callApi(
      'GET',
      `/candidates?search=ada&limit=1&cursor=${searchPage.json.pagination.nextCursor}`,
      { key },
    );

    expect(replies.map((reply) => [reply.status, reply.json.error])).toEqual(
      replies.map(() => [400, 'cursor: must be a pagination.nextCursor this list returned']),
    );
    expect([own.status, own.json.pagination.page]).toEqual([200, 2]);
    expect([ownSearch.status, ownSearch.json.pagination.page]).toEqual([200, 2]);
  });
});

describe('content types', () => {
  it('accepts application/json in any case with a utf-8 charset, and nothing else that merely ends in +json', async () => {
    const { key } = await tenantWithKey(db(), ['write']);
    const post = (contentType: string) =>
      callApi('POST', '/jds', {
        key,
        rawBody: JSON.stringify(jdBody),
        headers: { 'content-type': contentType },
      });

    const replies = await Promise.all(
      [
        'APPLICATION/JSON; Charset="UTF-8"',
        'application/json',
        'application/merge-patch+json',
        'application/vnd.evil+json',
        'text/plain',
      ].map(post),
    );

    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 415, 415, 415]);
  });
});

describe('active keys per tenant', () => {
  it(`refuses key ${DEFAULT_MAX_ACTIVE_KEYS + 1} with 409 until one is revoked or an operator raises the limit`, async () => {
    const admin = await tenantWithKey(db(), ['admin']);
    for (let i = 1; i < DEFAULT_MAX_ACTIVE_KEYS; i++)
      await createKey(db(), admin.tenantId, {
        name: `k${i}`,
        scopes: ['read'],
        createdBy: 'test',
      });

    const over = await callApi('POST', '/keys', {
      key: admin.key,
      body: { name: 'one too many', scopes: ['read'] },
    });
    const spare = await createKey(db(), admin.tenantId, {
      name: 'x',
      scopes: ['read'],
      createdBy: 'test',
    }).catch((error: unknown) => error);
    const list = await callApi('GET', '/keys', { key: admin.key });
    await revokeApiKey(db(), admin.tenantId, list.json.data[1].id);
    await revokeApiKey(db(), admin.tenantId, list.json.data[1].id);
    const afterRevoke = await callApi('POST', '/keys', {
      key: admin.key,
      body: { name: 'replacement', scopes: ['read'] },
    });
    await setTenantLimit(db(), admin.tenantId, 'maxActiveKeys', 60);
    const afterRaise = await callApi('POST', '/keys', {
      key: admin.key,
      body: { name: 'raised', scopes: ['read'] },
    });

    expect([over.status, over.json.error]).toEqual([
      409,
      `This tenant already has ${DEFAULT_MAX_ACTIVE_KEYS} active API keys, the most it may have: revoke one first (an operator can raise the limit)`,
    ]);
    expect(spare).toBeInstanceOf(ConflictError);
    expect([afterRevoke.status, afterRaise.status]).toEqual([201, 201]);
    expect((await getTenant(db(), admin.tenantId))?.maxActiveKeys).toBe(60);
  });

  it('holds the limit exactly under concurrent creates', async () => {
    const admin = await tenantWithKey(db(), ['admin']);
    await setTenantLimit(db(), admin.tenantId, 'maxActiveKeys', 4);

    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        callApi('POST', '/keys', { key: admin.key, body: { name: `c${i}`, scopes: ['read'] } }),
      ),
    );
    const active = (await callApi('GET', '/keys', { key: admin.key })).json.data.filter(
      (record: any) => record.revokedAt === null,
    );

    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3);
    expect(replies.every((reply) => reply.status === 201 || reply.status === 409)).toBe(true);
    expect(active).toHaveLength(4);
  });
});

describe('a 429 describes the limit that refused it', () => {
  it('answers a per-IP 429 with the per-IP RateLimit headers, not the per-key ones', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const receivedAt = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    const previous = process.env.API_RATE_LIMIT_MAX;
    process.env.API_RATE_LIMIT_MAX = '2';
    try {
      const replies = [];
      for (let i = 0; i < 3; i++)
        replies.push(await callApi('GET', '/whoami', { key, sourceIp: ip, receivedAt }));
      const limited = replies[2];

      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 429]);
      expect(limited?.headers['ratelimit-limit']).toBe('2');
      expect(limited?.headers['ratelimit-remaining']).toBe('0');
      expect(Number(limited?.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      expect(limited?.headers['retry-after']).toBe(limited?.headers['ratelimit-reset']);
    } finally {
      process.env.API_RATE_LIMIT_MAX = previous;
    }
  });
});
