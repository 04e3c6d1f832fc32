import { newId, nowIso, sortableTime, tenantPk } from '../db/ids.js';
import type { Db } from '../db/client.js';
import type { TransactItem } from '../db/dynamo.js';
import { auditRetentionDays } from '../config.js';
import type { AuditAction } from './actions.js';
import type { SpaceId } from '../db/spaces.js';

export type { AuditAction } from './actions.js';

/**
 * The security history (GET /audit-log): one entry per change made through the API or the admin CLI
 * to keys, webhooks, JDs and reviews, written in the change's own transaction, so no change exists
 * without its entry and no entry without its change. Append-only: nothing updates or deletes an entry;
 * DynamoDB's TTL removes it after the retention (AUDIT_RETENTION_DAYS, at least 183 days). An entry
 * holds ids, never a secret, a key, a candidate's data or a review's text.
 */

/** The actor of the admin CLI's changes: an operator with AWS credentials, not a key. */
export const OPERATOR = 'operator';

/** Who made a change, and through which request: what every entry of the change records. */
export interface AuditContext {
  /** the acting key's id, or OPERATOR */
  actor: string;
  /** the acting key's name when it acted (null: the operator, who acts with no key) */
  actorName: string | null;
  /** API Gateway's id of the request (the admin CLI's own id of its run) */
  requestId: string;
  /** the client's address (null from the admin CLI) */
  clientIp: string | null;
  /** the route (`PATCH /jds/{jdId}`) or the CLI command (`admin revoke-key`) */
  route: string;
  /** set when the change was made in the developer console (a session of the actor key) */
  console?: true;
}

/** Where a change was made: through the API with a key, in the console as a key, or by the admin CLI. */
export type AuditVia = 'api' | 'console' | 'cli';

/** The object a change was made to. */
export interface AuditObject {
  type: 'key' | 'webhook' | 'jd' | 'review';
  id: string;
  /** its version after the change, where it has one (a JD's), else null */
  version: number | null;
  /** what it belongs to, where it belongs to something: a review's application */
  parent?: { type: 'application'; id: string };
}

export interface AuditEntry {
  id: string;
  at: string;
  action: AuditAction;
  object: AuditObject;
  actor: string;
  actorName: string | null;
  /** a change's: the names (never the values) of the fields it changed */
  changedFields?: string[];
  requestId: string;
  clientIp: string | null;
  route: string;
  via: AuditVia;
}

export type AuditItem = Omit<AuditEntry, 'actorName' | 'via'> & {
  /** set on a change made in the console */
  console?: true;
  /** absent on an entry written before entries named their actor */
  actorName?: string | null;
  pk: string;
  sk: string;
  entity: 'AUDIT';
  /** the object's id and the actor, for the filters */
  objectId: string;
  ttl: number;
};

export const auditKeys = {
  /** Sort-key prefix of the tenant's entries, oldest first. */
  prefix: 'AUDIT#',
  /** Where an entry made at `at` sorts. */
  sortAt: (at: string) => `AUDIT#${sortableTime(at)}`,
  item: (spaceId: SpaceId, at: string, id: string) => ({
    pk: tenantPk(spaceId),
    sk: `AUDIT#${sortableTime(at)}#${id}`,
  }),
};

const DAY_S = 24 * 60 * 60;

/** The transaction item that records `action` on `object` by `context`: put with the change it records. */
export function auditEntry(
  db: Pick<Db, 'tableName'>,
  spaceId: SpaceId,
  context: AuditContext,
  action: AuditAction,
  object: AuditObject,
  options: { changedFields?: readonly string[]; now?: Date } = {},
): { Put: { TableName: string; Item: AuditItem; ConditionExpression: string } } {
  const now = options.now ?? new Date();
  const at = nowIso(now);
  const id = newId();
  const item: AuditItem = {
    ...auditKeys.item(spaceId, at, id),
    entity: 'AUDIT',
    id,
    at,
    action,
    object,
    objectId: object.id,
    actor: context.actor,
    actorName: context.actorName,
    ...(options.changedFields ? { changedFields: [...options.changedFields] } : {}),
    requestId: context.requestId,
    clientIp: context.clientIp,
    route: context.route,
    ...(context.console ? { console: true as const } : {}),
    ttl: Math.floor(now.getTime() / 1000) + auditRetentionDays() * DAY_S,
  };
  return {
    Put: { TableName: db.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

/**
 * The audit entry of a change, as items for the change's transaction: none when the caller audits
 * nothing (a test's or a seed's write; every route and CLI command passes its context).
 * `changedFields`: what a change to an existing object changed, by name.
 */
export function audited(
  db: Pick<Db, 'tableName'>,
  spaceId: SpaceId,
  context: AuditContext | undefined,
  action: AuditAction,
  object: AuditObject,
  changedFields?: readonly string[],
): TransactItem[] {
  return context
    ? [auditEntry(db, spaceId, context, action, object, changedFields ? { changedFields } : {})]
    : [];
}

export function toAuditEntry(item: AuditItem): AuditEntry {
  return {
    id: item.id,
    at: item.at,
    action: item.action,
    object: item.object,
    actor: item.actor,
    actorName: item.actorName ?? null,
    ...(item.changedFields ? { changedFields: item.changedFields } : {}),
    requestId: item.requestId,
    clientIp: item.clientIp,
    route: item.route,
    via: item.console ? 'console' : item.actor === OPERATOR ? 'cli' : 'api',
  };
}
