import type { Db } from '../db/client.js';
import { tenantPk } from '../db/ids.js';
import { filteredSlicePage, type Slice, type SliceRequest } from '../db/pagination.js';
import { type AuditEntry, type AuditItem, auditKeys, toAuditEntry } from './model.js';
import type { SpaceId } from '../db/spaces.js';

/** What GET /audit-log may be asked to keep: entries of one object, by one actor, in a time range. */
export interface AuditFilter {
  objectId?: string | undefined;
  actor?: string | undefined;
  /** instants (ISO), inclusive */
  since?: string | undefined;
  until?: string | undefined;
}

/**
 * A page of the tenant's audit entries, newest first. The time range is the key range read; the
 * object and the actor are tested on the entries read (one read budget per answer, as GET
 * /applications' filters: docs/api.md).
 */
export function listAuditLog(
  db: Db,
  spaceId: SpaceId,
  filter: AuditFilter,
  request: SliceRequest,
): Promise<Slice<AuditEntry>> {
  const pk = tenantPk(spaceId);
  const from = filter.since === undefined ? auditKeys.prefix : auditKeys.sortAt(filter.since);
  // Past the last entry of `until`'s millisecond.
  const to =
    filter.until === undefined ? `${auditKeys.prefix}~` : `${auditKeys.sortAt(filter.until)}~`;
  const filtered = filter.objectId !== undefined || filter.actor !== undefined;
  return filteredSlicePage<AuditItem, AuditEntry>(
    db,
    {
      tenantPk: pk,
      name: `audit-log:${JSON.stringify(filter)}`,
      query: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
        ScanIndexForward: false,
      },
      sortKey: 'sk',
      startKey: (_id, sort) => ({ pk, sk: sort }),
    },
    request,
    {
      filtered,
      items: async (items) =>
        items.map((item) =>
          (filter.objectId === undefined ||
            item.objectId === filter.objectId ||
            item.object.parent?.id === filter.objectId) &&
          (filter.actor === undefined || item.actor === filter.actor)
            ? toAuditEntry(item)
            : undefined,
        ),
    },
  );
}
