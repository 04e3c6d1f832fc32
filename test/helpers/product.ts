import { expect } from 'vitest';
import type { Db } from '../../lib/db/client.js';
import { applyProductEvent } from '../../lib/composition/product-events/apply.js';
import type { ProductEvent } from '../../lib/product-events/data.js';
import type { PublishedEvent } from '../../scripts/local/product-bus.js';

/**
 * Applies product events as the consumer does, each with a newer version than the last (one counter
 * per test file), expecting each to be applied. `occurredAt` defaults to now.
 */
export function productEvents(db: () => Db) {
  let version = 0;
  return async (
    tenantId: string,
    type: ProductEvent['type'],
    data: object,
    occurredAt = new Date().toISOString(),
  ) => {
    version += 1;
    const outcome = await applyProductEvent(db(), {
      type,
      id: `p-${version}`,
      tenantId,
      occurredAt,
      version,
      data,
    } as ProductEvent);
    expect(outcome).toMatchObject({ outcome: 'applied' });
  };
}

let published = 0;
/** A product event as the product publishes it to the bus, at `version`, with an id of its own. */
export function publishedEvent(
  type: string,
  tenantId: string,
  version: number,
  data: object,
): PublishedEvent {
  published += 1;
  return {
    type,
    id: `e-${published}-${Date.now()}`,
    tenantId,
    occurredAt: new Date().toISOString(),
    version,
    data,
  } as PublishedEvent;
}

/**
 * A simulated `application.upserted` of the sample data's Avery Testwood for the sample's frontend JD,
 * scored with full provenance (POST /test/product-events).
 */
export function scoredSampleApplication(id: string, overallScore: number, scoredAt = new Date()) {
  return {
    type: 'application.upserted' as const,
    data: {
      id,
      jdId: 'jd-frontend',
      resumeId: 'res-7d3f',
      status: 'SCREENING' as const,
      aiScores: [
        {
          overallScore,
          scoredAt: scoredAt.toISOString(),
          model: { id: 'match-ranker', version: '2026.11.1' },
          summary: 'Strong on the required skills; less on seniority.',
        },
      ],
    },
  };
}
