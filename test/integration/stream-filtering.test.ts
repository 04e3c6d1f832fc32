import { describe, expect, inject, it } from 'vitest';
import { sequencePending } from '../../lib/db/log/sequencer.js';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { runningFunction } from '../../scripts/local/iam.js';
import { startWebhookRuntime } from '../../scripts/local/webhooks.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { startReceiver, waitFor } from '../helpers/webhooks.js';

/**
 * The local stream poller filters before it batches, as Lambda's event source mapping does
 * (STREAM_FILTER, then DISPATCHER_EVENT_SOURCE.batchSize): a batch holds 100 records the dispatcher
 * takes, not 100 of the table's writes of which a quarter are its. A JD's write makes 8 stream records,
 * 2 of them the dispatcher's (its pending entry, its event).
 */
useEnv({ STREAM_BATCHING_WINDOW_MS: '800', WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
const db = useTestDb({ stream: true });

/** Whether a call is a read of a space's webhook endpoints: the dispatcher's, once a batch per space. */
function readsEndpoints(input: unknown): boolean {
  const prefix = (input as { ExpressionAttributeValues?: Record<string, unknown> })
    .ExpressionAttributeValues?.[':prefix'];
  return prefix === 'WEBHOOK#' || (prefix as { S?: string } | undefined)?.S === 'WEBHOOK#';
}

describe('the local stream poller', () => {
  it('hands the dispatcher a backlog in batches of the records its filter lets through', async () => {
    const admin = await tenantWithKey(db(), ['admin']);
    const { key } = await tenantWithKey(db(), ['read', 'write'], admin.tenantId);
    const receiver = await startReceiver();
    try {
      const hook = await callApi('POST', '/webhooks', {
        key: admin.key,
        body: { url: receiver.url, events: ['jd.created'] },
      });
      expect(hook.status, hook.text).toBe(201);
      // 100 JDs, 10 a batch, each batch's events placed after it (as a dispatcher would): the stream
      // holds their 800 records, a pending entry and an event every 8, while no poller runs.
      for (let round = 0; round < 10; round++) {
        const items = Array.from({ length: 10 }, (_, n) => ({
          externalId: `REQ-${round}-${n}`,
          title: `Backlog probe ${round}.${n}`,
          description: 'Written before the poller starts.',
          createdById: 'ats',
        }));
        const batch = await callApi('POST', '/jds/batch', { key, body: { items } });
        expect(batch.status, batch.text).toBe(200);
        await sequencePending(db(), admin.tenantId);
      }
      let endpointReads = 0;
      const name = 'countEndpointReads';
      db().client.middlewareStack.add(
        (next, context) => async (args) => {
          if (
            context.commandName === 'QueryCommand' &&
            runningFunction() === BACKGROUND_FUNCTIONS.webhookDispatcher &&
            readsEndpoints(args.input)
          )
            endpointReads += 1;
          return next(args);
        },
        { step: 'initialize', name },
      );
      const runtime = await startWebhookRuntime(db(), {
        endpoint: inject('dynamodbEndpoint'),
        from: 'TRIM_HORIZON',
        worker: { timeoutMs: 1000 },
      });
      try {
        await waitFor(() => receiver.received.length >= 100, 60_000, '100 deliveries');
      } finally {
        await runtime.stop();
        db().client.middlewareStack.remove(name);
      }
      // About 200 records the filter lets through: 2 full batches and a rest, each reading the
      // endpoints once (filtering after batches of 100 of every record: 8 batches or more).
      expect(endpointReads).toBeGreaterThan(0);
      expect(endpointReads).toBeLessThanOrEqual(3);
    } finally {
      await receiver.close();
    }
  });
});
