import { newId } from '../db/ids.js';
import type { ImportFile, ProductEvent, ProductEventType } from '../product-events/data.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * An import file as the product's `*.upserted` events (JDs and resumes first: applications refer to
 * them), which the consumer's code applies like any product event: `npm run admin -- import`, the demo
 * seed of `npm start` and a test space's sample data. Ids missing from the file are made; every entity
 * gets this import's version, so importing the file again updates what it holds.
 */
export function eventsOfImport(
  spaceId: SpaceId,
  data: ImportFile,
  version = Date.now(),
  now = new Date(),
): ProductEvent[] {
  const occurredAt = now.toISOString();
  const event = (type: ProductEventType, item: { id?: string | undefined }) =>
    ({
      type,
      id: newId(),
      tenantId: spaceId,
      occurredAt,
      version,
      data: { ...item, id: item.id ?? newId() },
    }) as ProductEvent;
  return [
    ...(data.jds ?? []).map((jd) => event('jd.upserted', jd)),
    ...(data.resumes ?? []).map((resume) => event('resume.upserted', resume)),
    // By JD: applications applied together then share their JD's read and version check.
    ...[...(data.applications ?? [])]
      .sort((a, b) => (a.jdId < b.jdId ? -1 : a.jdId > b.jdId ? 1 : 0))
      .map((application) => event('application.upserted', application)),
  ];
}
