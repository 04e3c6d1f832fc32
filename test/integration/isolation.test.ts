import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { importProductData } from '../../scripts/local/import.js';
import { logger } from '../../lib/observability/logger.js';
import { demoData } from '../../lib/composition/test-mode/sample-data.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { newTenantId, useTestDb } from '../helpers/db.js';

const db = useTestDb();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 20);
const INTERNAL_FIELDS = [
  'pk',
  'sk',
  'gsi1sk',
  'gsi2sk',
  'gsi3sk',
  'keyHash',
  'entity',
  'version',
  'fileNameLower',
  'metadataSummary',
  'win',
  'cnt',
  'ttl',
];

/** Every field name in a value; a score model's own fields as `model.<name>` (its `version` is the product's, not the item's). */
function fieldNames(value: unknown, names = new Set<string>(), prefix = ''): Set<string> {
  if (Array.isArray(value)) for (const item of value) fieldNames(item, names, prefix);
  else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      names.add(`${prefix}${name}`);
      fieldNames(inner, names, name === 'model' ? 'model.' : '');
    }
  }
  return names;
}

describe('tenant isolation', () => {
  let a: Awaited<ReturnType<typeof tenantWithKey>>;
  let b: Awaited<ReturnType<typeof tenantWithKey>>;
  const idsOfA = new Set<string>();

  beforeAll(async () => {
    a = await tenantWithKey(db(), ['read', 'write', 'admin']);
    b = await tenantWithKey(db(), ['read', 'write', 'admin']);
    const data = demoData();
    await importProductData(db(), a.tenantId, data);
    await importProductData(db(), b.tenantId, {
      jds: [{ id: 'b-jd', title: 'B job', description: 'd', createdById: 'u' }],
      resumes: [{ id: 'b-resume', fileName: 'b_cv.pdf' }],
      applications: [{ id: 'b-app', jdId: 'b-jd', resumeId: 'b-resume' }],
    });
    for (const item of [...(data.jds ?? []), ...(data.resumes ?? []), ...(data.applications ?? [])])
      idsOfA.add(item.id as string);
    idsOfA.add(a.keyId);
  });

  it("answers 404 to every endpoint given another tenant's ids in the path", async () => {
    const replies = await Promise.all([
      callApi('GET', '/jds/jd-backend', { key: b.key }),
      callApi('GET', '/resumes/res-7d3f', { key: b.key }),
      callApi('GET', '/matches/jd-backend', { key: b.key }),
      callApi('GET', '/applications/app-1', { key: b.key }),
      callApi('DELETE', `/keys/${a.keyId}`, { key: b.key }),
    ]);

    expect(replies.map((reply) => reply.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await callApi('GET', '/whoami', { key: a.key })).status).toBe(200);
  });

  it('ignores a tenantId smuggled in the query or headers, and refuses it in a body', async () => {
    const smuggle = {
      'x-tenant-id': a.tenantId,
      tenantid: a.tenantId,
      'x-amzn-tenant': a.tenantId,
    };
    const replies = await Promise.all(
      [
        '/jds',
        '/resumes',
        '/candidates',
        '/candidates?search=a',
        '/keys',
        '/whoami',
        '/matches/jd-backend',
        '/jds/jd-backend',
      ].map((path) =>
        callApi('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${a.tenantId}`, {
          key: b.key,
          headers: smuggle,
        }),
      ),
    );
    const bodies = await Promise.all([
      callApi('POST', '/jds', {
        key: b.key,
        body: { title: 't', description: 'd', createdById: 'u', tenantId: a.tenantId },
      }),
      callApi('POST', '/keys', {
        key: b.key,
        body: { name: 'n', scopes: ['read'], tenantId: a.tenantId },
      }),
    ]);

    const leaked = replies.filter((reply) =>
      [...idsOfA].some((id) => reply.text.includes(`"${id}"`)),
    );
    expect(leaked.map((reply) => reply.text)).toEqual([]);
    expect((await callApi('GET', '/whoami', { key: b.key })).json.data.tenantId).toBe(b.tenantId);
    expect(bodies.map((reply) => [reply.status, reply.json.error])).toEqual([
      [400, 'Unknown field "tenantId": not accepted by this endpoint'],
      [400, 'Unknown field "tenantId": not accepted by this endpoint'],
    ]);
  });

  it('never returns internal attributes across every endpoint (logging at DEBUG, which the log-leak guard reads)', async () => {
    logger.setLogLevel('DEBUG');
    let replies;
    try {
      await callApi('POST', '/keys', { key: a.key, body: { name: 'sweep', scopes: ['read'] } });
      replies = await Promise.all(
        [
          '/jds',
          '/jds?status=PUBLISHED',
          '/jds/jd-backend',
          '/resumes',
          '/resumes/res-7d3f',
          '/matches/jd-backend',
          '/applications/app-1',
          '/candidates',
          '/candidates?search=ada',
          '/keys',
          '/whoami',
        ].map((path) => callApi('GET', path, { key: a.key })),
      );
      replies.push(
        await callApi('POST', '/jds', {
          key: a.key,
          body: { title: 't', description: 'd', createdById: 'u' },
        }),
      );
      replies.push(await callApi('GET', '/jds/missing', { key: a.key }));
      replies.push(
        await callApi('GET', '/jds', { key: 'hk_live_0000000000000000000000000000000000' }),
      );
    } finally {
      logger.setLogLevel('WARN');
    }

    const names = new Set(replies.flatMap((reply) => [...fieldNames(reply.json)]));
    expect(INTERNAL_FIELDS.filter((name) => names.has(name))).toEqual([]);
    expect(
      replies.filter((reply) => /TENANT#|KEYHASH#|APPID#/.test(reply.text)).map((r) => r.text),
    ).toEqual([]);
  });
});

describe('cursors are bound to their tenant', () => {
  it('refuses a cursor another tenant’s list issued (400 cursor_invalid), even when both tenants hold the same ids', async () => {
    const [a, b] = [
      await tenantWithKey(db(), ['read', 'admin']),
      await tenantWithKey(db(), ['read', 'admin']),
    ];
    for (const tenant of [a, b]) {
      await importProductData(db(), tenant.tenantId, demoData());
      await tenantWithKey(db(), ['read'], tenant.tenantId);
    }
    const lists = [
      '/jds?limit=1',
      '/resumes?limit=1',
      '/candidates?limit=1',
      '/candidates?search=.pdf&limit=1',
      '/keys?limit=1',
      '/matches/jd-backend?limit=1',
      '/jds/jd-backend?limit=1',
    ];

    for (const list of lists) {
      const first = await callApi('GET', list, { key: a.key });
      const cursor = first.json.pagination.nextCursor as string;
      expect(cursor, list).toEqual(expect.any(String));
      const own = await callApi('GET', `${list}&cursor=${encodeURIComponent(cursor)}`, {
        key: a.key,
      });
      const foreign = await callApi('GET', `${list}&cursor=${encodeURIComponent(cursor)}`, {
        key: b.key,
      });

      expect(own.status, list).toBe(200);
      expect([foreign.status, foreign.json.code], list).toEqual([400, 'cursor_invalid']);
    }
  });
});

describe('tenant isolation property (fast-check)', () => {
  it('no list or search ever returns another tenant’s item, even when ids collide across tenants', async () => {
    const tenantData = fc.array(fc.constantFrom('x1', 'x2', 'x3', 'shared', 'cv'), {
      minLength: 0,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(tenantData, { minLength: 2, maxLength: 3 }), async (perTenant) => {
        const tenants = await Promise.all(
          perTenant.map(() => tenantWithKey(db(), ['read'], newTenantId('iso'))),
        );
        for (const [i, ids] of perTenant.entries()) {
          const unique = [...new Set(ids)];
          await importProductData(db(), tenants[i]!.tenantId, {
            jds: unique.map((id) => ({
              id,
              title: `owner-${i}`,
              description: 'd',
              createdById: 'u',
            })),
            resumes: unique.map((id) => ({ id, fileName: `owner-${i}-${id}.pdf` })),
          });
        }
        for (const [i, tenant] of tenants.entries()) {
          const owned = new Set<string>(perTenant[i]);
          for (const path of [
            '/jds?limit=100',
            '/resumes?limit=100',
            '/candidates?limit=100',
            '/candidates?search=cv&limit=100',
          ]) {
            const reply = await callApi('GET', path, { key: tenant.key });
            for (const item of reply.json.data as {
              id: string;
              title?: string;
              fileName?: string;
            }[]) {
              expect(owned.has(item.id), path).toBe(true);
              expect(item.title ?? item.fileName, path).toContain(`owner-${i}`);
            }
            expect(reply.json.pagination.total).toBe(
              path.includes('search')
                ? [...owned].filter((id) => `owner-${i}-${id}.pdf`.includes('cv')).length
                : owned.size,
            );
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
