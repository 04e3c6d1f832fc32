import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { tenantPk } from '../../lib/db/ids.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { startWebhookRuntime, type WebhookRuntime } from '../../scripts/local/webhooks.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { startReceiver, waitFor } from '../helpers/webhooks.js';

/**
 * `npm start` stopped at any moment and started again loses no webhook, as AWS loses none: the stream
 * is read on from the last record handed to the dispatcher, and queued deliveries (a retry waiting its
 * turn) are taken up again.
 */
useEnv({
  STREAM_BATCHING_WINDOW_MS: '600',
  WEBHOOK_ALLOW_LOCAL_URLS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '2,2,2',
});
const db = useTestDb({ stream: true });

const start = () =>
  startWebhookRuntime(db(), {
    endpoint: inject('dynamodbEndpoint'),
    worker: { timeoutMs: 1000 },
  });
const jd = (n: number) => ({
  title: `Senior Platform Engineer ${n}, Payments Infrastructure`,
  description: 'Runs the ledger every payment of the platform goes through.',
  createdById: 'ats-sync',
});

/** The ids of the space's jd.created events, as its log holds them. */
async function createdEvents(tenantId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().client.send(
      new QueryCommand({
        TableName: db().tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :event)',
        ExpressionAttributeValues: { ':pk': tenantPk(liveSpaceOf(tenantId)), ':event': 'EVENT#' },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) if (item.type === 'jd.created') ids.push(item.id);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

describe('the local stack across a restart', () => {
  it('delivers every event written before, during and after a stop, and the retries that were waiting', async () => {
    let runtime: WebhookRuntime | undefined = await start();
    const receiver = await startReceiver((_, previous) => (previous === 0 ? 500 : 200));
    try {
      const admin = await tenantWithKey(db(), ['admin']);
      const { key } = await tenantWithKey(db(), ['read', 'write'], admin.tenantId);
      const hook = await callApi('POST', '/webhooks', {
        key: admin.key,
        body: { url: receiver.url, events: ['jd.created'] },
      });
      expect(hook.status, hook.text).toBe(201);

      // Writes while it runs; it stops while some are read and not yet handed over, and while every
      // first attempt's retry (the receiver fails each first attempt) waits its 2 s.
      for (let n = 0; n < 12; n++) await callApi('POST', '/jds', { key, body: jd(n) });
      await waitFor(() => receiver.received.length >= 4, 15_000, 'first attempts');
      await runtime.stop();
      runtime = undefined;
      // Written while nothing runs.
      for (let n = 12; n < 18; n++) await callApi('POST', '/jds', { key, body: jd(n) });
      runtime = await start();
      for (let n = 18; n < 20; n++) await callApi('POST', '/jds', { key, body: jd(n) });

      // Each write's event takes its place in the log as the dispatcher (or a reader) sequences it.
      let written: string[] = [];
      await waitFor(
        async () => (written = await createdEvents(admin.tenantId)).length === 20,
        30_000,
        'every event in the log',
      );
      const delivered = () =>
        new Set(
          receiver.received
            .filter((entry) => entry.status === 200)
            .map((entry) => entry.headers['webhook-id']),
        );
      await waitFor(
        () => written.every((id) => delivered().has(id)),
        30_000,
        'every event delivered',
      );

      expect([...delivered()].sort()).toEqual([...written].sort());
    } finally {
      await runtime?.stop();
      await receiver.close();
    }
  });
});
