import { applyApplicationDeletion, applyApplicationUpsert } from '../../applications/sync.js';
import type { Db } from '../../db/client.js';
import type { IgnoredReason, ProductWrite } from '../../db/entities/tombstone.js';
import { applyJdDeletion, applyResumeErasure } from '../../applications/cascades.js';
import { applyJdUpsert } from '../../jds/sync.js';
import { applyResumeUpsert } from '../../resumes/sync.js';
import { ensureTenant } from '../../db/tenants.js';
import type { ProductEvent } from '../../product-events/data.js';
import { type SpaceId, asSpaceId } from '../../db/spaces.js';

/**
 * Applies one product event to the table. The event's `version` orders the changes of its entity: one
 * no newer than what is stored is acknowledged and ignored (a repeat, or a stale change delivered
 * late). Throws MissingParentError while an application's JD or resume has not arrived (the event is
 * tried again later) and TransientError when DynamoDB is unavailable.
 */
export type EventOutcome =
  { outcome: 'applied'; created: boolean } | { outcome: 'ignored'; reason: IgnoredReason };

/** Tenants this process knows exist (or is creating): an event for a new tenant creates it, once. */
const knownTenants = new Map<string, Promise<void>>();

function ensureTenantOnce(db: Db, spaceId: SpaceId): Promise<void> {
  const key = `${db.tableName}/${spaceId}`;
  const known = knownTenants.get(key);
  if (known) return known;
  const creating = ensureTenant(db, spaceId).then(() => undefined);
  knownTenants.set(key, creating);
  // A failed attempt is forgotten, so the event's retry tries again.
  creating.catch(() => knownTenants.delete(key));
  return creating;
}

const iso = (value: string | undefined) =>
  value === undefined ? undefined : new Date(value).toISOString();

function outcomeOf(write: ProductWrite<unknown>): EventOutcome {
  return write.outcome === 'applied' ? { outcome: 'applied', created: write.created } : write;
}

export async function applyProductEvent(
  db: Db,
  event: ProductEvent,
  now = new Date(),
): Promise<EventOutcome> {
  // The product's tenant id is its live space; a test space's simulated events carry the space's id.
  const spaceId = asSpaceId(event.tenantId);
  await ensureTenantOnce(db, spaceId);
  const options = { sourceVersion: event.version, now };
  switch (event.type) {
    case 'jd.upserted':
      return outcomeOf(
        await applyJdUpsert(
          db,
          spaceId,
          { ...event.data, createdAt: iso(event.data.createdAt) },
          { ...options, occurredAt: iso(event.occurredAt) as string },
        ),
      );
    case 'jd.deleted':
      return outcomeOf(await applyJdDeletion(db, spaceId, event.data.id, options));
    case 'resume.upserted':
      return outcomeOf(
        await applyResumeUpsert(
          db,
          spaceId,
          { ...event.data, createdAt: iso(event.data.createdAt) },
          options,
        ),
      );
    case 'resume.deleted':
      return outcomeOf(await applyResumeErasure(db, spaceId, event.data.id, options));
    case 'application.upserted':
      return outcomeOf(
        await applyApplicationUpsert(
          db,
          spaceId,
          { ...event.data, createdAt: iso(event.data.createdAt) },
          options,
        ),
      );
    case 'application.deleted':
      return outcomeOf(await applyApplicationDeletion(db, spaceId, event.data.id, options));
  }
}
