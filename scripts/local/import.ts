import type { Db } from '../../lib/db/client.js';
import { newId } from '../../lib/db/ids.js';
import type { ImportFile, ProductEventType } from '../../lib/schemas/product-data.js';
import { deliverLocally, type OnProgress, type PublishedEvent } from './product-bus.js';

export interface ImportCounts {
  jds: { created: number; updated: number };
  resumes: { created: number; updated: number };
  applications: { created: number; updated: number };
  /** events that could not be applied, with the reason */
  rejected?: { event: unknown; reason: string }[];
}

/**
 * `npm run admin -- import` (and the demo seed of `npm start`): the file becomes the product's
 * `*.upserted` events (JDs and resumes first: applications refer to them), applied by the consumer's
 * code like any product event. Ids missing from the file are made; every entity gets this import's
 * version, so importing the file again updates what it holds.
 */
export function eventsOfImport(
  tenantId: string,
  data: ImportFile,
  version = Date.now(),
): PublishedEvent[] {
  const occurredAt = new Date().toISOString();
  const event = (type: ProductEventType, item: { id?: string | undefined }) => ({
    type,
    id: newId(),
    tenantId,
    occurredAt,
    version,
    data: { ...item, id: item.id ?? newId() },
  });
  return [
    ...(data.jds ?? []).map((jd) => event('jd.upserted', jd)),
    ...(data.resumes ?? []).map((resume) => event('resume.upserted', resume)),
    // By JD: applications applied together then share their JD's read and version check.
    ...[...(data.applications ?? [])]
      .sort((a, b) => (a.jdId < b.jdId ? -1 : a.jdId > b.jdId ? 1 : 0))
      .map((application) => event('application.upserted', application)),
  ];
}

export async function importProductData(
  db: Db,
  tenantId: string,
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
