import { describe, expect, it } from 'vitest';
import { importProductData } from '../../scripts/local/import.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';

// Events readable at once; webhook endpoints on this machine.
useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });

const db = useTestDb();

type Item = { id?: string; applicationId?: string };

/** Walks a list by `limit` and `cursor` to its end, checking the one paging contract on every page. */
async function walk(key: string, path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const separator = path.includes('?') ? '&' : '?';
    const reply = await callApi(
      'GET',
      `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    const { pagination, data } = reply.json as {
      pagination: { limit: number; hasMore: boolean; nextCursor?: string };
      data: Item[] | { applications: Item[] };
    };
    const items = Array.isArray(data) ? data : data.applications;
    expect(pagination.limit, path).toBe(limit);
    // nextCursor is there exactly when hasMore is true.
    expect('nextCursor' in pagination, path).toBe(pagination.hasMore);
    expect(items.length, path).toBeLessThanOrEqual(limit);
    ids.push(...items.map((item) => item.id ?? item.applicationId ?? ''));
    if (!pagination.hasMore) return ids;
    cursor = pagination.nextCursor;
  }
  throw new Error(`${path}: no end after 100 pages`);
}

describe('one way to page, on every list', () => {
  it('walks every list by limit and cursor to its end, each item once, hasMore and nextCursor agreeing on every page', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'admin']);
    const resumes = Array.from({ length: 7 }, (_, i) => ({
      id: `r-${i}`,
      fileName: `candidate_${i}.pdf`,
      parseStatus: 'COMPLETED' as const,
      metadata: { name: `Candidate ${i}` },
    }));
    await importProductData(db(), tenantId, {
      jds: [
        {
          id: 'jd-1',
          title: 'Data Engineer',
          description: 'd',
          createdById: 'u',
          status: 'PUBLISHED',
        },
        ...['jd-2', 'jd-3', 'jd-4'].map((id) => ({
          id,
          title: id,
          description: 'd',
          createdById: 'u',
        })),
      ],
      resumes,
      applications: resumes.map((resume, i) => ({
        id: `a-${i}`,
        jdId: 'jd-1',
        resumeId: resume.id,
        status: 'SCREENING' as const,
        aiScores: [{ overallScore: i * 10 }],
      })),
    });
    for (let i = 0; i < 4; i++)
      await callApi('POST', '/keys', { key, body: { name: `reporting ${i}`, scopes: ['read'] } });
    for (let i = 0; i < 5; i++)
      await callApi('POST', '/webhooks', {
        key,
        body: { url: `http://127.0.0.1:9/hooks/${i}`, events: ['*'] },
      });

    const lists: [string, number][] = [
      ['/jds', 4],
      ['/resumes', 7],
      ['/candidates', 7],
      ['/matches/jd-1', 7],
      ['/jds/jd-1', 7],
      ['/keys', 5],
      ['/webhooks', 5],
      // 4 JDs, 7 resumes and 7 applications created (each scored: 7 application.scored), 5 keys (the test's own and 4 more)
      ['/events', 4 + 7 + 7 + 7 + 5],
    ];
    for (const [path, count] of lists) {
      const ids = await walk(key, path, 3);
      expect(ids.length, path).toBe(count);
      expect(new Set(ids).size, path).toBe(count);
    }
  });

  it('refuses a parameter a list does not take (400), never ignoring it', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'admin']);

    for (const path of [
      '/matches/jd-1?limit=1&page=2',
      '/jds?limit=2&sort=title',
      '/webhooks?page=2',
      '/events?after_id=evt_1',
    ]) {
      const reply = await callApi('GET', path, { key });
      expect([reply.status, reply.json.code], path).toEqual([400, 'validation_failed']);
      expect(reply.json.error, path).toMatch(
        /^Unknown query parameter "\w+": not accepted by this endpoint$/,
      );
    }
  });

  it('refuses a query parameter a route does not take on every route, writes and single reads too (400), never ignoring it', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write', 'admin']);
    const created = await callApi('POST', '/jds', {
      key,
      body: { title: 'Data Engineer', description: 'd', createdById: 'u' },
    });
    expect(created.status).toBe(201);
    const jdId = created.json.data.id as string;

    const replies = [
      await callApi('POST', '/jds?dryRun=true', {
        key,
        body: { title: 'Not created', description: 'd', createdById: 'u' },
      }),
      await callApi('PATCH', `/jds/${jdId}?force=1`, { key, body: { title: 'Not renamed' } }),
      await callApi('DELETE', `/jds/${jdId}?cascade=true`, { key }),
      await callApi('GET', '/whoami?verbose=1', { key }),
    ];
    const after = await callApi('GET', `/jds/${jdId}`, { key });

    for (const reply of replies) {
      expect([reply.status, reply.json.code]).toEqual([400, 'validation_failed']);
      expect(reply.json.error).toMatch(
        /^Unknown query parameter "\w+": not accepted by this endpoint$/,
      );
    }
    expect([after.status, after.json.data.title]).toEqual([200, 'Data Engineer']);
    expect((await callApi('GET', '/jds?limit=100', { key })).json.data).toHaveLength(1);
  });

  it('takes cursor on the event log as on every list, after as its alias, and refuses two different positions', async () => {
    const { key } = await tenantWithKey(db(), ['read', 'write']);
    for (const title of ['Data Engineer', 'Platform Engineer', 'Security Engineer'])
      await callApi('POST', '/jds', { key, body: { title, description: 'd', createdById: 'u' } });
    const first = await callApi('GET', '/events?limit=1', { key });
    const position = first.json.pagination.nextCursor as string;

    const byCursor = await callApi('GET', `/events?limit=1&cursor=${position}`, { key });
    const byAfter = await callApi('GET', `/events?limit=1&after=${position}`, { key });
    const both = await callApi(
      'GET',
      `/events?limit=1&after=${position}&cursor=${first.json.data[0].id === position ? 'evt_00000000000000000000000000' : position.replace(/.$/, '0')}`,
      { key },
    );

    expect(byCursor.json.data).toEqual(byAfter.json.data);
    expect([both.status, both.json.code]).toEqual([400, 'validation_failed']);
  });
});
