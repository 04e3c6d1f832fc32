import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateItem } from '../../lib/db/dynamo.js';
import { apiKeyKeys } from '../../lib/keys/model.js';
import type { ApiVersion } from '../../lib/versions/table.js';
import { FIRST_VERSION } from '../../lib/versions/first.js';
import { currentVersion, setApiVersions } from '../../lib/versions/shape.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { startReceiver, useWebhookRuntime, waitFor } from '../helpers/webhooks.js';
import { hashApiKey } from '../../lib/keys/format.js';

useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
const db = useTestDb({ stream: true });
useWebhookRuntime(db);

const CURRENT = currentVersion();

describe('dated versions', () => {
  it('pins a new key to the current version, shows it in whoami and GET /keys, and names the serving version on every answer', async () => {
    const { key, keyId } = await tenantWithKey(db(), ['admin', 'read']);
    const whoami = await callApi('GET', '/whoami', { key });
    expect(whoami.status, whoami.text).toBe(200);
    expect(whoami.json.data.apiVersion).toBe(CURRENT);
    expect(whoami.headers['hiring-version']).toBe(CURRENT);
    expect(whoami.headers.deprecation).toBeUndefined();

    const keys = await callApi('GET', '/keys', { key });
    expect(keys.json.data.find((entry: { id: string }) => entry.id === keyId).apiVersion).toBe(
      CURRENT,
    );
    const created = await callApi('POST', '/keys', {
      key,
      body: { name: 'ATS sync, production', scopes: ['read'] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.apiVersion).toBe(CURRENT);

    const missing = await callApi('GET', '/jds/jd-that-is-not-there', { key });
    expect(missing.status).toBe(404);
    expect(missing.headers['hiring-version']).toBe(CURRENT);
  });

  it('refuses a Hiring-Version that names no version served (400, the served ones named), whatever the route', async () => {
    const { key } = await tenantWithKey(db(), ['admin', 'read']);
    for (const [path, version] of [
      ['/whoami', '1999-01-01'],
      ['/jds', 'latest'],
      ['/keys', `${CURRENT}T00:00:00Z`],
    ] as const) {
      const reply = await callApi('GET', path, { key, headers: { 'hiring-version': version } });
      expect(reply.status, `${path} ${version}`).toBe(400);
      expect(reply.json.code).toBe('version_unsupported');
      expect(reply.json.error).toContain(CURRENT);
      expect(reply.headers['hiring-version']).toBe(CURRENT);
    }
    const pinnedToNothing = await callApi('POST', '/keys', {
      key,
      body: { name: 'legacy', scopes: ['read'], apiVersion: '1999-01-01' },
    });
    expect(pinnedToNothing.status).toBe(400);
    expect(pinnedToNothing.json.details[0]).toMatchObject({ field: 'apiVersion' });
  });

  describe('once a next version is released', () => {
    /** Today's version, as it will be once the next one is released. */
    const OLDER = FIRST_VERSION;
    const NEWER = '2027-06-01';
    const deprecatedAt = '2027-06-01T00:00:00Z';
    const sunsetAt = '2028-06-01T00:00:00Z';
    /** A next version renames two fields: the older one says `keyName` in whoami and `name` for a JD event's title. */
    const versions: ApiVersion[] = [
      {
        version: OLDER,
        summary: 'The version whose whoami said `keyName` and whose JD events said `name`.',
        deprecation: {
          at: deprecatedAt,
          sunset: sunsetAt,
          notes: 'https://hiring.example.com/docs/changelog#2027-06-01',
        },
        changes: {
          answers: {
            whoami: ({ data, ...answer }) => {
              const { name, ...rest } = data as Record<string, unknown>;
              return { ...answer, data: { ...rest, keyName: name } };
            },
          },
          events: {
            'jd.created': ({ data, ...event }) => {
              const { title, ...rest } = data as Record<string, unknown>;
              return { ...event, data: { ...rest, name: title } };
            },
          },
        },
      },
      { version: NEWER, summary: 'The next version.' },
    ];
    beforeEach(() => setApiVersions(versions));
    afterEach(() => setApiVersions(undefined));

    it('serves a key pinned to it in its shapes, marked deprecated; Hiring-Version picks either version per request', async () => {
      const { key: admin } = await tenantWithKey(db(), ['admin']);
      const created = await callApi('POST', '/keys', {
        key: admin,
        body: { name: 'ATS sync, staging', scopes: ['read'], apiVersion: OLDER },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.json.data.apiVersion).toBe(OLDER);
      const pinned = created.json.data.key as string;

      const old = await callApi('GET', '/whoami', { key: pinned, olderVersion: true });
      expect(old.status, old.text).toBe(200);
      expect(old.json.data).toMatchObject({ keyName: 'ATS sync, staging', apiVersion: OLDER });
      expect(old.json.data.name).toBeUndefined();
      expect(old.headers).toMatchObject({
        'hiring-version': OLDER,
        deprecation: `@${Date.parse(deprecatedAt) / 1000}`,
        sunset: 'Thu, 01 Jun 2028 00:00:00 GMT',
        link: '<https://hiring.example.com/docs/changelog#2027-06-01>; rel="deprecation"; type="text/html"',
      });

      const upgraded = await callApi('GET', '/whoami', {
        key: pinned,
        headers: { 'hiring-version': NEWER },
      });
      expect(upgraded.json.data).toMatchObject({ name: 'ATS sync, staging', apiVersion: OLDER });
      expect(upgraded.headers['hiring-version']).toBe(NEWER);
      expect(upgraded.headers.deprecation).toBeUndefined();

      // A key made while NEWER is current is pinned to it, and may ask for OLDER.
      expect((await callApi('GET', '/whoami', { key: admin })).json.data.apiVersion).toBe(NEWER);
      const downgraded = await callApi('GET', '/whoami', {
        key: admin,
        headers: { 'hiring-version': OLDER },
        olderVersion: true,
      });
      expect(downgraded.json.data.keyName).toBe(`key admin`);
      // Errors name the version too, and a refused request is not reshaped.
      const refused = await callApi('GET', '/keys', { key: pinned, olderVersion: true });
      expect(refused.status).toBe(403);
      expect(refused.headers['hiring-version']).toBe(OLDER);
    });

    it('serves a key made before versions were with the oldest version served', async () => {
      const { tenantId, key, keyId } = await tenantWithKey(db(), ['admin']);
      for (const item of [apiKeyKeys.record(tenantId, keyId), apiKeyKeys.lookup(hashApiKey(key))])
        await updateItem(db(), { Key: item, UpdateExpression: 'REMOVE apiVersion' });
      const whoami = await callApi('GET', '/whoami', { key, olderVersion: true });
      expect(whoami.json.data).toMatchObject({ apiVersion: OLDER, keyName: 'key admin' });
      expect(whoami.headers['hiring-version']).toBe(OLDER);
      const keys = await callApi('GET', '/keys', { key, olderVersion: true });
      expect(keys.json.data[0].apiVersion).toBe(OLDER);
    });

    it('shapes the event log and webhook deliveries for the version of their reader', async () => {
      const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
      const { key: data } = await tenantWithKey(db(), ['read', 'write'], tenantId);
      const receiver = await startReceiver(() => 200, { olderVersion: true });
      try {
        const endpoint = await callApi('POST', '/webhooks', {
          key: admin,
          body: { url: receiver.url, events: ['jd.created'], apiVersion: OLDER },
          olderVersion: true,
        });
        expect(endpoint.status, endpoint.text).toBe(201);
        expect(endpoint.json.data.apiVersion).toBe(OLDER);
        const title = 'Principal Engineer, Search Relevance';
        const jd = await callApi('POST', '/jds', {
          key: data,
          body: { title, description: 'Owns ranking.', createdById: 'u-7' },
        });
        expect(jd.status, jd.text).toBe(201);

        const asOlder = await callApi('GET', '/events?type=jd.created', {
          key: data,
          headers: { 'hiring-version': OLDER },
          olderVersion: true,
        });
        expect(asOlder.json.data[0].data).toMatchObject({ id: jd.json.data.id, name: title });
        expect(asOlder.json.data[0].data.title).toBeUndefined();
        const single = await callApi('GET', `/events/${asOlder.json.data[0].id}`, {
          key: data,
          headers: { 'hiring-version': OLDER },
          olderVersion: true,
        });
        expect(single.json.data.data.name).toBe(title);
        const asCurrent = await callApi('GET', '/events?type=jd.created', { key: data });
        expect(asCurrent.json.data[0].data).toMatchObject({ title });

        await waitFor(() => receiver.received.length > 0, 15_000, 'the jd.created delivery');
        const delivered = JSON.parse(receiver.received[0]?.body as string);
        expect(delivered).toMatchObject({ type: 'jd.created', data: { name: title } });
        expect(delivered.data.title).toBeUndefined();
      } finally {
        await receiver.close();
      }
    });
  });
});
