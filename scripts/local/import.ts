import type { Db } from '../../lib/db/client.js';
import { eventsOfImport } from '../../lib/product-events/import-file.js';
import type { ImportFile } from '../../lib/product-events/data.js';
import { deliverLocally, type OnProgress } from './product-bus.js';
import type { SpaceId } from '../../lib/db/spaces.js';

export { eventsOfImport };

export interface ImportCounts {
  jds: { created: number; updated: number };
  resumes: { created: number; updated: number };
  applications: { created: number; updated: number };
  /** events that could not be applied, with the reason */
  rejected?: { event: unknown; reason: string }[];
}

export async function importProductData(
  db: Db,
  tenantId: SpaceId,
  data: ImportFile,
  options: { concurrency?: number; onProgress?: OnProgress } = {},
): Promise<ImportCounts> {
  const counts: ImportCounts = {
    jds: { created: 0, updated: 0 },
    resumes: { created: 0, updated: 0 },
    applications: { created: 0, updated: 0 },
  };
  const buckets = {
    'jd.upserted': counts.jds,
    'resume.upserted': counts.resumes,
    'application.upserted': counts.applications,
  } as const;
  for (const { event, outcome } of await deliverLocally(
    db,
    eventsOfImport(tenantId, data),
    options,
  )) {
    const bucket = buckets[event.type as keyof typeof buckets];
    if (outcome.outcome === 'applied') bucket[outcome.created ? 'created' : 'updated'] += 1;
    else if (outcome.outcome === 'rejected')
      (counts.rejected ??= []).push({ event: event.data, reason: outcome.reason });
  }
  return counts;
}
