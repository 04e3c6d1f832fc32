import { flushLocalRequestLog } from '../../scripts/local/request-log.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../lib/http/scopes.js';
import { createKey } from '../../lib/composition/keys.js';
import { keyModesOf } from '../../lib/http/route-definition.js';
import { type RouteId, routeEntries } from '../../lib/composition/routes.js';
import { demoData } from '../../lib/composition/test-mode/sample-data.js';
import { importProductData } from '../../scripts/local/import.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { testSpaceOf } from '../../lib/db/spaces.js';
import { claimAttempt, recordAttempt } from '../../lib/webhooks/deliveries.js';
import { REQUEST_SCHEMAS } from '../../lib/composition/requests.js';
import type * as z from 'zod/mini';
import { callApi } from '../helpers/api.js';
import { newTenantId, useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';

// Events and delta walks read what was just written; webhook endpoints may be local addresses.
useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });

const db = useTestDb();

type Space = 'live' | 'test';

/** What one space holds that the other must never show: ids and texts of its own. */
interface SpaceFixture {
  key: string;
  /** the path parameters of this space's own objects */
  ids: Record<string, string>;
  /** strings only this space's answers may hold */
  markers: string[];
}

/**
 * The bodies the write routes take. The same body in both spaces: what each answer shows must still be
 * its own space's objects.
 */
const BODIES: Partial<Record<RouteId, unknown>> = {
  createJd: { title: 'Twin JD', description: 'd', createdById: 'u', externalId: 'twin-ext' },
  updateJd: { location: 'Twin city' },
  createKey: { name: 'another', scopes: ['read'] },
  createWebhook: { url: 'http://127.0.0.1:9/twin', events: ['*'] },
  replayWebhook: { since: new Date(Date.now() - 3_600_000).toISOString() },
  createReview: { outcome: 'confirmed', reviewer: 'twin-reviewer' },
  simulateProductEvents: { events: [{ type: 'jd.deleted', data: { id: 'jd-nowhere' } }] },
};

/**
 * Query strings every read is also made with, naming each parameter its route takes (a test below holds
 * this list to the routes' query schemas): pages, searches, filters and delta walks. `{name}` is the
 * space's own id. Every answer's `nextCursor` and `syncToken` are followed too.
 */
const SINCE = 'updatedSince=2020-01-01T00:00:00Z';
const QUERIES: Partial<Record<RouteId, string[]>> = {
  listJds: ['', 'page=2&limit=1', 'externalId=twin-ext', 'status=PUBLISHED', SINCE],
  getJd: ['', 'limit=1'],
  listMatches: ['', 'limit=1'],
  listResumes: ['', 'page=2&limit=1', SINCE],
  listCandidates: [
    '',
    'page=2&limit=1',
    'search=cv',
    'email=ada-lovelace%40example.com',
    'email=avery-testwood%40example.com',
    SINCE,
  ],
  exportCandidate: ['', 'limit=1'],
  listApplications: [
    '',
    'limit=1',
    'jdId=jd-backend',
    'resumeId={resumeId}',
    'status=SCREENING',
    'minScore=0&maxScore=100',
    'scoredSince=2020-01-01T00:00:00Z',
    SINCE,
  ],
  listKeys: ['', 'limit=1'],
  listEvents: ['limit=100', 'limit=1', 'type=jd.created', 'after={eventId}', 'wait=0'],
  listWebhooks: ['', 'limit=1'],
  listWebhookDeliveries: ['', 'limit=1'],
  listAuditLog: [
    '',
    'limit=1',
    'objectId=jd-backend',
    'actor=operator',
    'since=2020-01-01T00:00:00Z&until=2100-01-01T00:00:00Z',
  ],
  listRequests: [
    '',
    'limit=1',
    'status=2xx',
    'keyId=no-such-key',
    'route=POST%20%2Fwebhooks',
    'after=2020-01-01T00:00:00Z&before=2100-01-01T00:00:00Z',
  ],
};

/** The parameters a route's query schema takes (each schema is a zod object). */
function queryParameters(id: RouteId): string[] {
  const query = (REQUEST_SCHEMAS as Record<string, { query?: z.ZodMiniObject }>)[id]?.query;
  return query ? Object.keys(query._zod.def.shape) : [];
}

const pathOf = (template: string, ids: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? 'no-such-id');

/** Reads first, then writes, deletions last: a deletion early on would leave later routes nothing to show. */
const ORDER = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const;

describe('test mode isolation over the whole route table', () => {
  const spaces = {} as Record<Space, SpaceFixture>;

  beforeAll(async () => {
    const tenantId = newTenantId();
    await ensureTenant(db(), tenantId);
    const admin = await createKey(db(), tenantId, {
      name: 'live, every scope',
      scopes: [...SCOPES],
      createdBy: 'test',
    });
    const live = { tenantId, key: admin.key, keyId: admin.record.id };
    const spare = await createKey(db(), live.tenantId, {
      name: 'to revoke',
      scopes: ['read'],
      createdBy: 'test',
    });
    const test = await createKey(db(), live.tenantId, {
      name: 'sandbox',
      scopes: [...SCOPES],
      createdBy: 'test',
      mode: 'test',
    });
    // Live data: the demo's people (the test space holds the sample's), and the same JD and
    // application ids as the test space, so that every twin id must answer its own space's object.
    const liveData = demoData();
    for (const jd of liveData.jds ?? []) jd.title = `Live ${jd.title}`;
    // Resumes of their own ids (the demo's and the sample's are the same), so that one space's
    // resume id names nothing in the other.
    for (const resume of liveData.resumes ?? []) resume.id = `live-${resume.id}`;
    for (const application of liveData.applications ?? [])
      application.resumeId = `live-${application.resumeId}`;
    await importProductData(db(), live.tenantId, liveData);
    const fixtures: Record<Space, { key: string; ownIds: Record<string, string> }> = {
      // Resumes with two applications each, so that a candidate's export has a second page.
      live: { key: live.key, ownIds: { resumeId: 'live-res-1b9c', keyId: spare.record.id } },
      test: { key: test.key, ownIds: { resumeId: 'res-1b9c', keyId: spare.record.id } },
    };
    for (const space of ['live', 'test'] as const) {
      const { key, ownIds } = fixtures[space];
      // Two endpoints, the first with two delivery attempts: every list has a second page.
      const webhook = await callApi('POST', '/webhooks', {
        key,
        body: { url: `http://127.0.0.1:9/${space}`, events: ['*'] },
      });
      await callApi('POST', '/webhooks', {
        key,
        body: { url: `http://127.0.0.1:9/${space}-second`, events: ['*'] },
      });
      const review = await callApi('POST', '/applications/app-1/reviews', {
        key,
        body: { outcome: 'confirmed', reviewer: `${space}-reviewer`, rationale: `${space} only` },
      });
      expect([webhook.status, review.status]).toEqual([201, 201]);
      const events = await callApi('GET', '/events?limit=100', { key });
      const eventIds = events.json.data.map((event: { id: string }) => event.id);
      const spaceId = space === 'live' ? tenantId : testSpaceOf(tenantId);
      for (const eventId of eventIds.slice(0, 2)) {
        const target = { webhookId: webhook.json.data.id, eventId };
        const claimant = { identity: 'auto:1', token: eventId, automatic: true };
        const attempt = await claimAttempt(db(), spaceId, target, claimant);
        await recordAttempt(db(), spaceId, {
          ...target,
          attempt: attempt ?? 1,
          trigger: 'automatic',
          statusCode: 200,
          durationMs: 5,
          at: new Date().toISOString(),
          outcome: 'succeeded',
          claimant,
        });
      }
      spaces[space] = {
        key,
        ids: {
          ...ownIds,
          jdId: 'jd-backend',
          applicationId: 'app-1',
          reviewId: review.json.data.id,
          webhookId: webhook.json.data.id,
          eventId: eventIds[0],
          // The request log's entry of the endpoint's creation, by this space's key.
          requestId: webhook.headers['request-id']!,
        },
        markers: [
          webhook.json.data.id,
          webhook.headers['request-id']!,
          review.json.data.id,
          ...eventIds,
          `${space}-reviewer`,
          `${space} only`,
          `127.0.0.1:9/${space}`,
        ],
      };
    }
    // What the two spaces' keys asked so far, in their request logs.
    await flushLocalRequestLog();
    spaces.live.markers.push('Live ', 'Lovelace', 'live-res-', live.keyId, spare.record.id);
    spaces.test.markers.push('Sample ', 'Testwood', 'avery-testwood');
  });

  it('shows each key only its own space on every route: lists, searches, single reads, events, webhooks, the audit log and writes', async () => {
    const routes = routeEntries().sort(([, a], [, b]) => ORDER[a.method] - ORDER[b.method]);
    const walked: string[] = [];
    const parametersWalked = new Set<string>();
    const ownAnswers: Record<Space, string[]> = { live: [], test: [] };
    for (const [id, route] of routes) {
      for (const space of ['live', 'test'] as const) {
        const own = spaces[space];
        const other = spaces[space === 'live' ? 'test' : 'live'];
        // One read, then where its answer leads: the next page, the delta walk's sync token, and for a
        // single resource the revalidation of its ETag. Each under the grants its function deploys with.
        const read = async (path: string, headers: Record<string, string> = {}) => {
          const reply = await callApi(route.method, path, {
            key: own.key,
            headers,
            ...(BODIES[id] === undefined ? {} : { body: BODIES[id] }),
          });
          const what = `${space} ${route.method} ${path}${headers['if-none-match'] ? ' (revalidated)' : ''}`;
          walked.push(`${what} ${reply.status}`);
          for (const name of new URLSearchParams(path.split('?')[1] ?? '').keys())
            parametersWalked.add(`${space} ${id} ${name}`);
          ownAnswers[space].push(reply.text);
          expect(reply.status, what).toBeLessThan(500);
          // The request log shows the paths this space's own keys sent (a probe of the other space's
          // ids among them): its entries are held to the rule without their paths.
          const shown =
            id === 'listRequests' || id === 'getRequest'
              ? JSON.stringify(reply.json, (field, value: unknown) =>
                  field === 'path' ? undefined : value,
                )
              : reply.text;
          const leaked = other.markers.filter((marker) => shown.includes(marker));
          expect(leaked, `${what} shows the other space`).toEqual([]);
          return reply;
        };
        for (const query of QUERIES[id] ?? ['']) {
          const path = pathOf(route.path, own.ids) + (query ? `?${pathOf(query, own.ids)}` : '');
          const reply = await read(path);
          // Each key reads its own space: every read answers, but those of routes not serving its kind.
          const served = keyModesOf(route).includes(space);
          if (route.method !== 'GET') continue;
          expect(reply.status, `${space} GET ${path}`).toBe(served ? 200 : 403);
          if (!served) continue;
          // A cursor takes the place of `page` (and of the events' `after`), with the same filters.
          const [pathname, search = ''] = path.split('?');
          const filters = new URLSearchParams(search);
          filters.delete('page');
          filters.delete('after');
          let page = reply;
          for (let pages = 1; page.json.pagination?.nextCursor !== undefined; pages++) {
            filters.set('cursor', page.json.pagination.nextCursor);
            page = await read(`${pathname}?${filters}`);
            expect(page.status, page.text).toBe(200);
            if (pages === 3 && !query.includes('updatedSince')) break;
          }
          const { syncToken } = page.json.pagination ?? {};
          if (syncToken !== undefined) {
            const sync = `${pathname}?syncToken=${encodeURIComponent(syncToken)}`;
            expect((await read(sync)).status, `${space} GET ${sync}`).toBe(200);
          }
          const etag = reply.headers.etag;
          if ('conditional' in route && etag !== undefined)
            expect((await read(path, { 'if-none-match': etag })).status).toBe(304);
        }
        // The other space's own ids name nothing here.
        if (/\{(resumeId|webhookId|eventId|reviewId)\}/.test(route.path)) {
          const foreign = pathOf(route.path, { ...own.ids, ...pick(other.ids) });
          const reply = await callApi(route.method, foreign, {
            key: own.key,
            ...(BODIES[id] === undefined ? {} : { body: BODIES[id] }),
          });
          expect([403, 404], `${space} ${route.method} ${foreign}`).toContain(reply.status);
        }
      }
    }
    // Each space's own objects showed up in its own answers.
    for (const space of ['live', 'test'] as const)
      expect(
        spaces[space].markers.filter(
          (marker) => !ownAnswers[space].some((text) => text.includes(marker)),
        ),
        `${space} markers never shown to its own key`,
      ).toEqual([]);
    // Every parameter of every read was walked with each key its route serves.
    const unwalked = routes.flatMap(([id, route]) =>
      keyModesOf(route).flatMap((space) =>
        queryParameters(id)
          .map((name) => `${space} ${id} ${name}`)
          .filter((line) => !parametersWalked.has(line)),
      ),
    );
    expect(unwalked, 'query parameters no read here used (add them to QUERIES)').toEqual([]);
    // Every route was walked with both keys.
    for (const [, route] of routes)
      for (const space of ['live', 'test'])
        expect(
          walked.some((line) =>
            line.startsWith(`${space} ${route.method} /${route.path.split('/')[1]}`),
          ),
        ).toBe(true);
  });
});

/** The ids that differ between the spaces (JD and application ids are twins; reviews are each space's own). */
function pick(ids: Record<string, string>): Record<string, string> {
  const { resumeId, webhookId, eventId, reviewId, requestId } = ids;
  return {
    requestId: requestId as string,
    reviewId: reviewId as string,
    resumeId: resumeId as string,
    webhookId: webhookId as string,
    eventId: eventId as string,
  };
}
