import { type AuditAction, type AuditContext, audited } from '../audit/model.js';
import type { Db } from '../db/client.js';
import { guards, isConditionFailure, transactWrite, updateItem } from '../db/dynamo.js';
import { eventIdBefore, eventId as newEventId, positionOf } from '../events/model.js';
import { getEventItem } from '../events/store.js';
import { headForReading } from '../db/log/sequencer.js';
import type { IdempotencyClaim } from '../db/idempotency.js';
import { newId, nowIso } from '../db/ids.js';
import { TTL_ATTRIBUTE } from '../db/table.js';
import { EVENT_ID_PATTERN } from '../events/types.js';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  TestDeliveriesLimitedError,
} from '../errors.js';
import {
  type ReplayProgress,
  REPLAY_STALE_MS,
  REQUEST_TTL_SECONDS,
  TEST_DELIVERIES_PER_MINUTE,
  type WebhookRequest,
  type WebhookRequestItem,
  webhookKeys,
} from './model.js';
import { existingWebhook, getWebhook, getWebhookItem, ttlAfter } from './store.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * What an integrator asks to be delivered outside the automatic schedule: one event again (retry), a
 * signed test event, or a range of the log (replay). Each request is an item the table's stream carries
 * to the dispatcher; docs/webhook-deliveries.md draws what happens next.
 */

/** Counters live a little longer than their second or minute (TTL removes them within days). */
export const COUNTER_TTL_SECONDS = 60 * 60;

/** The endpoint runs no replay, or only one gone stale. */
const REPLAY = guards('replay');

/** Counts a test delivery of an endpoint in the current minute; past TEST_DELIVERIES_PER_MINUTE, TestDeliveriesLimitedError. */
async function countTestDelivery(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  now: Date,
): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  try {
    await updateItem(db, {
      Key: webhookKeys.tests(spaceId, webhookId, minute),
      UpdateExpression: 'ADD n :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(n) OR n < :max',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':one': 1,
        ':max': TEST_DELIVERIES_PER_MINUTE,
        ':ttl': minute * 60 + COUNTER_TTL_SECONDS,
      },
    });
  } catch (error) {
    if (isConditionFailure(error))
      throw new TestDeliveriesLimitedError(
        TEST_DELIVERIES_PER_MINUTE,
        (minute + 1) * 60_000 - now.getTime(),
      );
    throw error;
  }
}

/** What the audit log calls each kind of request. */
const REQUESTED = {
  test: 'webhook.test_requested',
  retry: 'webhook.retry_requested',
  replay: 'webhook.replay_requested',
} as const satisfies Record<WebhookRequest['kind'], AuditAction>;

/**
 * Asks for a delivery outside the automatic schedule: `retry` sends one event again now, `replay` every
 * event of the log in a range. The request is an item the table's stream carries to the dispatcher.
 */
export async function requestDelivery(
  db: Db,
  spaceId: SpaceId,
  request: WebhookRequest,
  options: {
    now?: Date;
    claim?: IdempotencyClaim<{ requestId: string }> | undefined;
    audit?: AuditContext | undefined;
  } = {},
): Promise<{ requestId: string }> {
  const now = options.now ?? new Date();
  const webhook = await existingWebhook(db, spaceId, request.webhookId);
  if (webhook.status === 'disabled') {
    throw new ConflictError(
      `Webhook ${webhook.id} is disabled (${webhook.disabledReason ?? 'by request'}): enable it first (POST /webhooks/${webhook.id}/enable)`,
      false,
      'webhook_disabled',
    );
  }
  if (request.kind === 'retry') {
    // Past its 30 days an event is gone, even before DynamoDB's TTL removes it: 404, as GET /events/:id.
    if (!(await getEventItem(db, spaceId, request.eventId))) throw new NotFoundError('Event');
  }
  if (request.kind === 'test') await countTestDelivery(db, spaceId, request.webhookId, now);
  const requestId = newId();
  const item: WebhookRequestItem = {
    ...webhookKeys.request(spaceId, requestId),
    entity: 'WEBHOOK_REQUEST',
    tenantId: spaceId,
    ...request,
    ttl: ttlAfter(now, REQUEST_TTL_SECONDS),
  };
  const result = { requestId };
  const rest = [
    { Put: { TableName: db.tableName, Item: item } },
    ...audited(db, spaceId, options.audit, REQUESTED[request.kind], {
      type: 'webhook',
      id: request.webhookId,
      version: null,
    }),
    ...(options.claim ? [options.claim.item(result)] : []),
  ];
  if (request.kind !== 'replay') {
    await transactWrite(db, rest);
    return result;
  }
  // One replay at a time per endpoint: repeated calls do not multiply deliveries.
  const at = nowIso(now);
  const replay: ReplayProgress = {
    requestId,
    after: request.after,
    until: request.until,
    position: request.after,
    queued: 0,
    startedAt: at,
    progressAt: at,
  };
  try {
    await transactWrite(db, [
      REPLAY.on('replay', {
        Update: {
          TableName: db.tableName,
          Key: webhookKeys.item(spaceId, request.webhookId),
          UpdateExpression: 'SET replay = :replay',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(replay) OR replay.progressAt < :stale)',
          ExpressionAttributeValues: {
            ':replay': replay,
            ':stale': nowIso(new Date(now.getTime() - REPLAY_STALE_MS)),
          },
        },
      }),
      ...rest,
    ]);
  } catch (error) {
    if (!REPLAY.failed(error)) throw error;
    const running = (await getWebhookItem(db, spaceId, request.webhookId))?.replay;
    throw new ConflictError(
      running
        ? `A replay is already running on webhook ${request.webhookId} (request ${running.requestId}, since ${running.after}, ${running.queued} deliveries queued so far): wait for it to finish (GET /webhooks/${request.webhookId}/deliveries shows its progress)`
        : `Webhook ${request.webhookId} changed; retry`,
      !running,
      running ? 'replay_running' : undefined,
    );
  }
  return result;
}

export async function retryDelivery(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  eventId: string,
  options: { audit?: AuditContext | undefined } = {},
): Promise<void> {
  await requestDelivery(db, spaceId, { kind: 'retry', webhookId, eventId }, options);
}

/**
 * Sends one signed `webhook.test` event to the endpoint, through the same queue and worker as every
 * delivery, but not in the event log and never retried; returns its event id (the `webhook-id` the
 * receiver sees, and the attempt's `eventId` in the deliveries log).
 */
export async function sendTestDelivery(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  options: { now?: Date; audit?: AuditContext | undefined } = {},
): Promise<{ eventId: string }> {
  const now = options.now ?? new Date();
  const id = newEventId();
  await requestDelivery(
    db,
    spaceId,
    { kind: 'test', webhookId, eventId: id, createdAt: now.toISOString() },
    { now, audit: options.audit },
  );
  return { eventId: id };
}

/**
 * Re-sends every event since `since` (an event id, exclusive, or an instant) up to now that the
 * endpoint subscribes to; returns the range as positions in the log.
 */
export async function replayEvents(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  since: string,
  options: {
    now?: Date;
    claim?: IdempotencyClaim<unknown> | undefined;
    audit?: AuditContext | undefined;
  } = {},
): Promise<{ requestId: string; after: string; until: string }> {
  const now = options.now ?? new Date();
  await getWebhook(db, spaceId, webhookId); // 404 for an unknown endpoint comes first
  if (EVENT_ID_PATTERN.test(since)) {
    // An event id must be one of this tenant's log (within its 30 days), as GET /events/:id finds it.
    if (!(await getEventItem(db, spaceId, since))) throw new NotFoundError('Event');
  } else if (Date.parse(since) > now.getTime()) {
    throw new InvalidInputError('since: must not be in the future', [
      { field: 'since', rule: 'not_future', message: 'must not be in the future' },
    ]);
  }
  const after = positionOf(since);
  // Up to the log's end: what was written before the request is given its place first (lib/db/log/sequencer.ts).
  const head = await headForReading(db, spaceId, { everything: true });
  const upToNow = eventIdBefore(now.getTime() + 1);
  const until =
    head?.lastEventId !== undefined && head.lastEventId > upToNow ? head.lastEventId : upToNow;
  // The claim records the whole answer: the range is known before the request is written.
  const claim = options.claim;
  const { requestId } = await requestDelivery(
    db,
    spaceId,
    { kind: 'replay', webhookId, after, until },
    {
      now,
      claim: claim && { item: (created) => claim.item({ ...created, after, until }) },
      audit: options.audit,
    },
  );
  return { requestId, after, until };
}
