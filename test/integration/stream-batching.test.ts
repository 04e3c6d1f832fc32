import { describe, expect, it } from 'vitest';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { startReceiver, useWebhookRuntime, waitFor } from '../helpers/webhooks.js';

/**
 * The local stream poller feeds the dispatcher as Lambda's event source mapping does
 * (DISPATCHER_EVENT_SOURCE): records wait for the batching window after the first of them, then go
 * together, so a webhook's lag on the local stack is the one AWS gives. The window here is 800 ms.
 */
const WINDOW_MS = 800;
useEnv({
  STREAM_BATCHING_WINDOW_MS: String(WINDOW_MS),
  WEBHOOK_ALLOW_LOCAL_URLS: 'true',
});
const db = useTestDb({ stream: true });
useWebhookRuntime(db);

describe('the local stream poller', () => {
  it('holds records for the batching window after the first, then hands them over together', async () => {
    const admin = await tenantWithKey(db(), ['admin']);
    const { key } = await tenantWithKey(db(), ['read', 'write'], admin.tenantId);
    const receiver = await startReceiver();
    try {
      const hook = await callApi('POST', '/webhooks', {
        key: admin.key,
        body: { url: receiver.url, events: ['jd.created'] },
      });
      expect(hook.status, hook.text).toBe(201);
      const jd = (n: number) => ({
        title: `Batching probe ${n}`,
        description: 'Written to see when its event leaves.',
        createdById: 'ats',
      });
      const first = await callApi('POST', '/jds', { key, body: jd(1) });
      const firstAnswered = Date.now();
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS / 4));
      await callApi('POST', '/jds', { key, body: jd(2) });
      await waitFor(() => receiver.received.length >= 2, 10_000, 'both deliveries');

      const ids = receiver.received.map((entry) => JSON.parse(entry.body).data.id);
      expect(ids).toContain(first.json.data.id);
      const [a, b] = receiver.received.map((entry) => entry.at) as [number, number];
      // Not before the window after the first record; the second, read within it, in the same batch.
      expect(a - firstAnswered).toBeGreaterThanOrEqual(WINDOW_MS - 100);
      expect(Math.abs(b - a)).toBeLessThan(WINDOW_MS / 2);
    } finally {
      await receiver.close();
    }
  });
});
